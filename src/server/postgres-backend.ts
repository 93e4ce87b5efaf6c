// `serve --store postgres://…`: every game a stream of the PostgreSQL store, the seat token hashes in its seats
// table. Other processes' appends are heard through LISTEN/NOTIFY (docs/postgres.md), each notification naming its
// game and version: a process acts only on those of the games it holds open, and on those only when they are past
// what it has read (its own appends are not), so that several processes on one database do not each read every
// game's appends. What a notification does not say (it came late, or never) the next use of the game finds out:
// its head is read before the command unless nothing was missed, and an append is tied to the version and hash it
// was decided on (../host/hosted-game.ts).
import { SurrenderEngine } from '../host/engine.js';
import { gameLog } from '../store/game-log.js';
import type { StreamChange } from '../store/game-streams.js';
import { PostgresEventStore } from '../store/postgres/postgres.js';
import type { EventStore } from '../store/store.js';
import { DEFAULT_MAX_OPEN_GAMES, GameCache } from '../host/game-cache.js';
import {
  gameSlot,
  IfMatchGuard,
  ReadCounts,
  type Backend,
  type BackendActivity,
  type GameNews,
  type GameSlot,
  type Unsubscribe,
} from './backend.js';
import { NotifyFailures } from './notify-failures.js';
import { PostgresSeatStore } from './pg-seat-store.js';
import { observedStore, StoreFailures } from './store-failures.js';

/** What this process knows of one game open here. */
interface Known {
  /** The newest version heard of (LISTEN/NOTIFY: another process's appends, and this one's). */
  heard: number;
  /** The version its engine has read (0 while it opens). */
  read: () => number;
}

export class PostgresBackend implements Backend {
  readonly kind = 'postgres';
  readonly failures = new StoreFailures();
  readonly #reads = new ReadCounts();
  readonly #notifications = { notOpen: 0, known: 0, news: 0 };
  readonly #slots: GameCache<GameSlot>;
  readonly #listeners = new Map<string, Set<(news: GameNews) => void>>();
  /** The games open here (opening included), and what is known of each. */
  readonly #known = new Map<string, Known>();
  /** Bumped whenever appends may have gone unheard (the listening connection was lost). */
  #epoch = 0;
  #unsubscribe: () => Promise<void> = async () => undefined;

  private constructor(
    private readonly store: PostgresEventStore,
    readonly seats: PostgresSeatStore,
    readonly notifyFailures: NotifyFailures,
    maxOpenGames: number,
  ) {
    this.#slots = new GameCache((game) => this.#open(game), maxOpenGames);
  }

  /** `maxOpenGames`: the games kept open at most (../host/game-cache.ts). */
  static async open(
    url: string,
    schema?: string,
    options: { readonly maxOpenGames?: number } = {},
  ): Promise<PostgresBackend> {
    const notifyFailures = new NotifyFailures();
    const store = await PostgresEventStore.open({
      url,
      ...(schema === undefined ? {} : { schema }),
      onNotifyFailure: notifyFailures.report,
    });
    const backend = new PostgresBackend(
      store,
      new PostgresSeatStore(url, store.schema),
      notifyFailures,
      options.maxOpenGames ?? DEFAULT_MAX_OPEN_GAMES,
    );
    backend.#unsubscribe = await store.subscribe(
      (change) => backend.#heard(change),
      // Appends may have been missed while the listening connection was down: every stream reads on from where it
      // is, and every game's next command reads its head first (a new epoch of what was heard).
      () => {
        backend.#epoch += 1;
        for (const set of backend.#listeners.values()) for (const listener of set) listener(null);
      },
    );
    return backend;
  }

  /** Opens a game: known from now on (a notification heard while it replays counts), forgotten once closed. */
  async #open(game: string): Promise<GameSlot> {
    let engine: SurrenderEngine | null = null;
    const known: Known = { heard: 0, read: () => engine?.version ?? 0 };
    this.#known.set(game, known);
    const forget = (): void => {
      if (this.#known.get(game) === known) this.#known.delete(game);
    };
    try {
      const guard = new IfMatchGuard();
      const observed = observedStore(gameLog(this.store, game), game, this.failures);
      const log = guard.wrap(this.#reads.wrap(this.#telling(game, observed)));
      const heard = { version: () => known.heard, epoch: () => this.#epoch };
      const epoch = heard.epoch();
      engine = await SurrenderEngine.open(log);
      const slot = gameSlot(engine, log, guard, { heard, epoch });
      return {
        ...slot,
        close: async () => {
          forget();
          await slot.close();
        },
      };
    } catch (error) {
      forget();
      throw error;
    }
  }

  /** `store` with this process's appends told to the game's watchers, their events with them (no read needed). */
  #telling(game: string, store: EventStore): EventStore {
    return {
      ...store,
      append: async (...args) => {
        const result = await store.append(...args);
        for (const listener of this.#listeners.get(game) ?? []) listener(result);
        return result;
      },
    };
  }

  /** A notification: nothing done for a game not open here, nor for a version its engine has read already. */
  #heard(change: StreamChange): void {
    const known = this.#known.get(change.game);
    if (known === undefined) {
      this.#notifications.notOpen += 1;
      return;
    }
    known.heard = Math.max(known.heard, change.version);
    if (change.version <= known.read()) {
      this.#notifications.known += 1;
      return;
    }
    this.#notifications.news += 1;
    for (const listener of this.#listeners.get(change.game) ?? []) listener({ version: change.version });
  }

  // A stream exists with its first event: nothing to create.
  async createStream(): Promise<void> {}

  lease(game: string): ReturnType<Backend['lease']> {
    return this.#slots.lease(game);
  }

  async watch(game: string, listener: (news: GameNews) => void): Promise<Unsubscribe> {
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

  activity(): BackendActivity {
    return {
      reads: { head: this.#reads.head, events: this.#reads.events },
      notifications: { ...this.#notifications },
    };
  }

  async close(): Promise<void> {
    await this.#unsubscribe();
    await this.#slots.close();
    await this.seats.close();
    await this.store.close();
  }
}
