// The host API over a set of game streams (PostgreSQL, or one shared log through LogGameStreams): one
// SurrenderEngine per game, opened (replayed) when the game is first used, each on its game's stream alone, so
// that thousands of games cost only the ones in play. Appends by other processes are heard (subscribe) and read
// before the next use of that game.
import type { GameStreamStore, Unsubscribe } from '../store/game-streams.js';
import { gameLog } from '../store/game-log.js';
import { GAME_ID_PATTERN } from '../../events/envelope.js';
import { SurrenderEngine, type CommandResult, type EngineOptions } from './engine.js';
import type { OriginEvent } from './decide.js';
import { storeFailure } from './store-failure.js';

const gameIdPattern = new RegExp(GAME_ID_PATTERN);

export class SurrenderGames {
  readonly #engines = new Map<string, Promise<SurrenderEngine>>();
  /** Games another writer appended to since their engine last read them. */
  readonly #stale = new Set<string>();
  #unsubscribe: Unsubscribe = async () => undefined;

  private constructor(
    private readonly streams: GameStreamStore,
    private readonly options: EngineOptions | undefined,
  ) {}

  static async open(streams: GameStreamStore, options?: EngineOptions): Promise<SurrenderGames> {
    const games = new SurrenderGames(streams, options);
    games.#unsubscribe = await streams.subscribe((change) => games.#stale.add(change.game));
    return games;
  }

  /** The engine of one game, replayed from its stream on first use and caught up with any append heard since. */
  async game(game: string): Promise<SurrenderEngine> {
    let engine = this.#engines.get(game);
    if (engine === undefined) {
      this.#stale.delete(game);
      engine = SurrenderEngine.open(gameLog(this.streams, game), this.options);
      this.#engines.set(game, engine);
      engine.catch(() => this.#engines.delete(game));
    }
    const opened = await engine;
    if (this.#stale.delete(game)) await opened.catchUp();
    return opened;
  }

  /** SurrenderEngine.execute on the game's own stream; resolves with a rejection, never throws. */
  async execute(game: string, origin: OriginEvent): Promise<CommandResult> {
    if (typeof game !== 'string' || !gameIdPattern.test(game)) {
      return { ok: false, rejection: { code: 'malformed', rule: 'schema', message: `game: expected a string matching ${GAME_ID_PATTERN}` } };
    }
    let engine: SurrenderEngine;
    try {
      engine = await this.game(game);
    } catch (error) {
      return { ok: false, rejection: storeFailure(error) };
    }
    return engine.execute(game, origin);
  }

  /** The games the streams hold, in the order they began. */
  games(): Promise<string[]> {
    return this.streams.games();
  }

  async close(): Promise<void> {
    await this.#unsubscribe();
    const engines = await Promise.allSettled(this.#engines.values());
    await Promise.all(engines.map((engine) => (engine.status === 'fulfilled' ? engine.value.close() : undefined)));
    await this.streams.close();
  }
}
