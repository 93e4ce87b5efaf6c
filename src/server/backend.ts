// What the HTTP server runs on: one engine per game with its own store, the seats, and change notification.
// Two kinds (./directory-backend.ts: one JSON Lines log per game in a directory; ./postgres-backend.ts: the
// PostgreSQL store), so that the routes are written once.
import type { LogVersion, NewEvent } from '../../events/index.js';
import type { SurrenderEngine } from '../engine/engine.js';
import type { AppendResult, EventStore } from '../store/store.js';
import type { SeatStore } from './seat-store.js';

export type Unsubscribe = () => void;

/** One game as the server holds it: its engine, the store it reads (events, audit) and its If-Match guard. */
export interface GameSlot {
  readonly engine: SurrenderEngine;
  readonly store: EventStore;
  readonly guard: IfMatchGuard;
  /** Whether the engine has read every append this process has heard of (another process's included); false when unknown. */
  heardAll(): boolean;
  /** Brings the engine up to date with the store (and, after a lost notification connection, trusts what is heard again). */
  catchUp(): Promise<void>;
  /** Runs commands of this game one at a time in this process, so that a guard belongs to one request. */
  exclusive<T>(body: () => Promise<T>): Promise<T>;
}

/** A slot held for one use: it is not closed (evicted) until released. */
export interface SlotLease {
  readonly slot: GameSlot;
  /** Gives the slot back; the second call does nothing. */
  release(): void;
}

export interface Backend {
  readonly kind: 'directory' | 'postgres';
  readonly seats: SeatStore;
  /** Creates the game's empty stream (after its seats were stored). */
  createStream(game: string): Promise<void>;
  /** The game's slot, its engine replayed on first use (or after it was evicted), held until released. */
  lease(game: string): Promise<SlotLease>;
  /** Calls `listener` whenever the game may have new events, from this process or another. */
  watch(game: string, listener: () => void): Promise<Unsubscribe>;
  /** Throws when the store cannot be used. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Runs `body` with the game's slot held, and releases it whatever happens. */
export async function withSlot<T>(backend: Backend, game: string, body: (slot: GameSlot) => Promise<T>): Promise<T> {
  const lease = await backend.lease(game);
  try {
    return await body(lease.slot);
  } finally {
    lease.release();
  }
}

/** An append the engine tried at another version than the request's If-Match: nothing is written. */
export class StaleIfMatch extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`If-Match: the game is at version ${actual}, not ${expected}`);
    this.name = 'StaleIfMatch';
  }
}

/**
 * Holds a command to the version its request named: the engine decides again after another writer's append
 * (README, the host API), but a request with If-Match must then fail (412), not be applied to a game it did not see.
 */
export class IfMatchGuard {
  expected: number | null = null;
  tripped: StaleIfMatch | null = null;

  /** Holds the next appends to `expected` (null: any version). */
  arm(expected: number | null): void {
    this.expected = expected;
    this.tripped = null;
  }

  /** Releases the guard; the refused append, if there was one. */
  disarm(): StaleIfMatch | null {
    const tripped = this.tripped;
    this.expected = null;
    this.tripped = null;
    return tripped;
  }

  wrap(store: EventStore): EventStore {
    return {
      version: () => store.version(),
      head: () => store.head(),
      read: (options) => store.read(options),
      close: () => store.close(),
      append: (events: readonly NewEvent[], expected: LogVersion, expectedHash?: string): Promise<AppendResult> => {
        if (this.expected !== null && expected !== this.expected) {
          this.tripped = new StaleIfMatch(this.expected, expected);
          return Promise.reject(this.tripped);
        }
        return store.append(events, expected, expectedHash);
      },
    };
  }
}

/** What a process hears of a game's appends: the newest version, and the epoch, bumped when appends may have gone unheard. */
export interface Heard {
  version(): number;
  epoch(): number;
}

/**
 * A slot over an engine and its (guarded) store. With `sync`: what is heard of the game, and the epoch before the
 * engine was opened; heard versions count only in the epoch the engine last read the store in.
 */
export function gameSlot(engine: SurrenderEngine, store: EventStore, guard: IfMatchGuard, sync?: { readonly heard: Heard; readonly epoch: number }): GameSlot {
  let queue: Promise<unknown> = Promise.resolve();
  let readIn = sync?.epoch ?? -1;
  return {
    engine,
    store,
    guard,
    heardAll: () => sync !== undefined && readIn === sync.heard.epoch() && sync.heard.version() <= engine.version,
    async catchUp() {
      const epoch = sync?.heard.epoch() ?? -1;
      await engine.catchUp();
      readIn = epoch;
    },
    exclusive<T>(body: () => Promise<T>): Promise<T> {
      const run = queue.then(body, body);
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

interface CachedSlot {
  readonly slot: Promise<GameSlot>;
  /** Leases not yet released: a slot in use is never evicted. */
  users: number;
}

/** The games a server process keeps open at most by default (`serve --max-open-games`). */
export const DEFAULT_MAX_OPEN_GAMES = 1000;

/**
 * Opens each game's slot once and keeps at most `capacity` of them: past that, the least recently used slot that
 * no request holds is closed, and opened again (replayed from its store) when next asked for. A process serving
 * thousands of games so keeps the ones in play in memory, not every one it ever served. A failed open is
 * forgotten, so that the next request tries again.
 */
export class SlotCache {
  /** In order of last use, the least recent first (a Map keeps insertion order: a use moves a game to the end). */
  readonly #slots = new Map<string, CachedSlot>();

  constructor(
    private readonly open: (game: string) => Promise<GameSlot>,
    private readonly capacity = DEFAULT_MAX_OPEN_GAMES,
  ) {}

  async lease(game: string): Promise<SlotLease> {
    let cached = this.#slots.get(game);
    if (cached === undefined) {
      const slot = this.open(game);
      cached = { slot, users: 0 };
      const entry = cached;
      slot.catch(() => {
        if (this.#slots.get(game) === entry) this.#slots.delete(game);
      });
    } else {
      this.#slots.delete(game);
    }
    this.#slots.set(game, cached);
    cached.users += 1;
    const held = cached;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      held.users -= 1;
      this.#evict();
    };
    try {
      return { slot: await held.slot, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** The number of games open now (in use or not). */
  get size(): number {
    return this.#slots.size;
  }

  /** Closes the least recently used slots no request holds, while more than `capacity` are open. */
  #evict(): void {
    if (this.#slots.size <= this.capacity) return;
    for (const [game, cached] of this.#slots) {
      if (this.#slots.size <= this.capacity) return;
      if (cached.users > 0) continue;
      this.#slots.delete(game);
      // Its engine is closed once it has finished what it was doing (nothing holds it: no request waits on it).
      void cached.slot.then((slot) => slot.engine.close()).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const slots = await Promise.allSettled([...this.#slots.values()].map((cached) => cached.slot));
    this.#slots.clear();
    await Promise.all(slots.map((slot) => (slot.status === 'fulfilled' ? slot.value.engine.close() : undefined)));
  }
}
