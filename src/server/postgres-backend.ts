// `serve --store postgres://…`: every game a stream of the PostgreSQL store, the seat token hashes in its seats
// table. Other processes' appends are heard through LISTEN/NOTIFY (docs/postgres.md).
import { SurrenderEngine } from '../host/engine.js';
import { gameLog } from '../store/game-log.js';
import { PostgresEventStore } from '../store/postgres/postgres.js';
import { DEFAULT_MAX_OPEN_GAMES, GameCache } from '../host/game-cache.js';
import { gameSlot, IfMatchGuard, type Backend, type GameSlot, type Unsubscribe } from './backend.js';
import { PostgresSeatStore } from './pg-seat-store.js';
import { observedStore, StoreFailures } from './store-failures.js';

export class PostgresBackend implements Backend {
  readonly kind = 'postgres';
  readonly failures = new StoreFailures();
  readonly #slots: GameCache<GameSlot>;
  readonly #listeners = new Map<string, Set<() => void>>();
  /** The newest version heard of each game (LISTEN/NOTIFY: this process's appends and every other's). */
  readonly #heard = new Map<string, number>();
  /** Bumped whenever appends may have gone unheard (the listening connection was lost). */
  #epoch = 0;
  #unsubscribe: () => Promise<void> = async () => undefined;

  private constructor(
    private readonly store: PostgresEventStore,
    readonly seats: PostgresSeatStore,
    maxOpenGames: number,
  ) {
    this.#slots = new GameCache(async (game) => {
      const guard = new IfMatchGuard();
      const log = guard.wrap(observedStore(gameLog(store, game), game, this.failures));
      const heard = { version: () => this.#heard.get(game) ?? 0, epoch: () => this.#epoch };
      const epoch = heard.epoch();
      return gameSlot(await SurrenderEngine.open(log), log, guard, { heard, epoch });
    }, maxOpenGames);
  }

  /** `maxOpenGames`: the games kept open at most (../host/game-cache.ts). */
  static async open(
    url: string,
    schema?: string,
    options: { readonly maxOpenGames?: number } = {},
  ): Promise<PostgresBackend> {
    const store = await PostgresEventStore.open({ url, ...(schema === undefined ? {} : { schema }) });
    const backend = new PostgresBackend(
      store,
      new PostgresSeatStore(url, store.schema),
      options.maxOpenGames ?? DEFAULT_MAX_OPEN_GAMES,
    );
    const listeners = backend.#listeners;
    backend.#unsubscribe = await store.subscribe(
      (change) => {
        backend.#heard.set(change.game, Math.max(change.version, backend.#heard.get(change.game) ?? 0));
        for (const listener of listeners.get(change.game) ?? []) listener();
      },
      // Appends may have been missed while the listening connection was down: every stream reads on from where it
      // is, and every game's next command reads its head first (a new epoch of what was heard).
      () => {
        backend.#epoch += 1;
        for (const set of listeners.values()) for (const listener of set) listener();
      },
    );
    return backend;
  }

  // A stream exists with its first event: nothing to create.
  async createStream(): Promise<void> {}

  lease(game: string): ReturnType<Backend['lease']> {
    return this.#slots.lease(game);
  }

  async watch(game: string, listener: () => void): Promise<Unsubscribe> {
    let listeners = this.#listeners.get(game);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(game, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(game);
    };
  }

  async check(): Promise<void> {
    await this.store.gameHead('health-check');
  }

  openGames(): { readonly open: number; readonly evicted: number } {
    return { open: this.#slots.size, evicted: this.#slots.evicted };
  }

  async close(): Promise<void> {
    await this.#unsubscribe();
    await this.#slots.close();
    await this.seats.close();
    await this.store.close();
  }
}
