// The host API over a set of game streams (any store: PostgreSQL, the memory store, a JSON Lines log): one
// SurrenderEngine per game, opened (replayed) when the game is first used, each on its game's stream alone, and
// kept in the host's cache (./game-cache.ts), so that thousands of games cost only the ones in play. Before each
// use of a game its head in the store is compared with what its engine read, and other processes' appends are
// read then: a notification may come late or never (a lost LISTEN connection), so it cannot keep a game current.
import type { GameStreamStore } from '../store/game-streams.js';
import { gameLog } from '../store/game-log.js';
import { GAME_ID_PATTERN, GAME_ID_REGEXP } from '../../events/envelope.js';
import { InputError } from '../schema/validate.js';
import type { OriginEvent } from '../engine/decide.js';
import { SurrenderEngine, type CommandResult, type EngineOptions, type ExecuteOptions } from './engine.js';
import { settingsOf } from './engine-options.js';
import { DEFAULT_MAX_OPEN_GAMES, GameCache } from './game-cache.js';
import { hostedGame, type HostedGame } from './hosted-game.js';
import { storeFailure } from './store-failure.js';

export interface GamesOptions extends EngineOptions {
  /** The games kept open at most (default 1000): past it the least recently used is closed, replayed when next used. */
  readonly maxOpenGames?: number;
}

/** `maxOpenGames`, checked: a whole number of at least 1, else an InputError naming it. */
function capacityOf(options: GamesOptions | undefined): number {
  const given: unknown =
    options === undefined || typeof options !== 'object' || options === null
      ? undefined
      : Reflect.get(options, 'maxOpenGames');
  if (given === undefined) return DEFAULT_MAX_OPEN_GAMES;
  if (typeof given !== 'number' || !Number.isSafeInteger(given) || given < 1)
    throw new InputError('options.maxOpenGames', 'expected a whole number of at least 1');
  return given;
}

export class SurrenderGames {
  readonly #games: GameCache<HostedGame>;

  private constructor(
    private readonly streams: GameStreamStore,
    options: Required<EngineOptions>,
    capacity: number,
  ) {
    this.#games = new GameCache(async (game) => {
      const log = gameLog(this.streams, game);
      return hostedGame(await SurrenderEngine.open(log, options), log);
    }, capacity);
  }

  /** Options that are not what they should be throw an InputError naming the option. */
  static async open(streams: GameStreamStore, options?: GamesOptions): Promise<SurrenderGames> {
    const engine = settingsOf(options);
    return new SurrenderGames(streams, engine, capacityOf(options));
  }

  /**
   * The engine of one game, replayed from its stream on first use, else caught up with what others appended since.
   * An engine evicted from the cache later stays usable (its stream is the store's), but is no longer kept current
   * until asked for again.
   */
  game(game: string): Promise<SurrenderEngine> {
    // One indexed query; the tail is read only when the game moved on.
    return this.#games.use(game, async (hosted) => {
      await hosted.catchUp();
      return hosted.engine;
    });
  }

  /**
   * SurrenderEngine.execute on the game's own stream (an expected version is that stream's); resolves with a rejection,
   * never throws.
   */
  async execute(game: string, origin: OriginEvent, options?: ExecuteOptions): Promise<CommandResult> {
    if (typeof game !== 'string' || !GAME_ID_REGEXP.test(game)) {
      return {
        ok: false,
        rejection: {
          code: 'malformed',
          rule: 'schema',
          message: `game: expected a string matching ${GAME_ID_PATTERN}`,
        },
      };
    }
    try {
      return await this.#games.use(game, async (hosted) => {
        await hosted.catchUp();
        return hosted.engine.execute(game, origin, options);
      });
    } catch (error) {
      return { ok: false, rejection: storeFailure(error) };
    }
  }

  /** The games the streams hold, in the order they began. */
  games(): Promise<string[]> {
    return this.streams.games();
  }

  async close(): Promise<void> {
    await this.#games.close();
    await this.streams.close();
  }
}
