// The host API over a set of game streams (PostgreSQL, or one shared log through LogGameStreams): one
// SurrenderEngine per game, opened (replayed) when the game is first used, each on its game's stream alone, so
// that thousands of games cost only the ones in play. Before each use of a game its head in the store is compared
// with what its engine read, and other processes' appends are read then: a notification may come late or never
// (a lost LISTEN connection), so it cannot be what keeps a game current.
import type { GameStreamStore } from '../store/game-streams.js';
import { gameLog } from '../store/game-log.js';
import { GAME_ID_PATTERN, GAME_ID_REGEXP } from '../../events/envelope.js';
import { SurrenderEngine, type CommandResult, type EngineOptions, type ExecuteOptions } from './engine.js';
import type { OriginEvent } from './decide.js';
import { storeFailure } from './store-failure.js';

export class SurrenderGames {
  readonly #engines = new Map<string, Promise<SurrenderEngine>>();

  private constructor(
    private readonly streams: GameStreamStore,
    private readonly options: EngineOptions | undefined,
  ) {}

  static async open(streams: GameStreamStore, options?: EngineOptions): Promise<SurrenderGames> {
    return new SurrenderGames(streams, options);
  }

  /** The engine of one game, replayed from its stream on first use, else caught up with what others appended since. */
  async game(game: string): Promise<SurrenderEngine> {
    const known = this.#engines.get(game);
    if (known !== undefined) {
      const engine = await known;
      // One indexed query; the tail is read only when the game moved on.
      await engine.catchUp();
      return engine;
    }
    const engine = SurrenderEngine.open(gameLog(this.streams, game), this.options);
    this.#engines.set(game, engine);
    engine.catch(() => this.#engines.delete(game));
    return engine;
  }

  /** SurrenderEngine.execute on the game's own stream (an expected version is that stream's); resolves with a rejection, never throws. */
  async execute(game: string, origin: OriginEvent, options?: ExecuteOptions): Promise<CommandResult> {
    if (typeof game !== 'string' || !GAME_ID_REGEXP.test(game)) {
      return { ok: false, rejection: { code: 'malformed', rule: 'schema', message: `game: expected a string matching ${GAME_ID_PATTERN}` } };
    }
    let engine: SurrenderEngine;
    try {
      engine = await this.game(game);
    } catch (error) {
      return { ok: false, rejection: storeFailure(error) };
    }
    return engine.execute(game, origin, options);
  }

  /** The games the streams hold, in the order they began. */
  games(): Promise<string[]> {
    return this.streams.games();
  }

  async close(): Promise<void> {
    const engines = await Promise.allSettled(this.#engines.values());
    await Promise.all(engines.map((engine) => (engine.status === 'fulfilled' ? engine.value.close() : undefined)));
    await this.streams.close();
  }
}
