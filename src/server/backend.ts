// What the HTTP server runs on: one engine per game with its own store, the seats, and change notification.
// Two kinds (./directory-backend.ts: one JSON Lines log per game in a directory; ./postgres-backend.ts: the
// PostgreSQL store), so that the routes are written once.
import type { LogVersion, NewEvent, StoredEvent } from '../../events/index.js';
import type { SurrenderEngine } from '../host/engine.js';
import type { Lease } from '../host/game-cache.js';
import { hostedGame, type Heard, type HostedGame } from '../host/hosted-game.js';
import type { AppendResult, EventStore } from '../store/store.js';
import type { NotifyFailures } from './notify-failures.js';
import type { SeatStore } from './seat-store.js';
import type { StoreFailures } from './store-failures.js';

export type Unsubscribe = () => void;

/**
 * What a watcher of a game is told: the game's version now, with the new events when this process appended them
 * (a stream writes those without reading the store); null when it may have moved, by how much unknown.
 */
export type GameNews = { readonly version: number; readonly events?: readonly StoredEvent[] } | null;

/** What a backend did for its games so far: its reads of the store, and the notifications it heard. */
export interface BackendActivity {
  /** Reads of a game's stream: its head (did it move?) and its events (replay, catch-up, a stream). */
  readonly reads: { readonly head: number; readonly events: number };
  /**
   * Appends heard from the database (LISTEN/NOTIFY; none for a directory): of a game not open here (nothing done),
   * at a version its engine had read already (this process's own appends: nothing done), or past it (its next use
   * reads it; its streams read on).
   */
  readonly notifications: { readonly notOpen: number; readonly known: number; readonly news: number };
}

/**
 * One game as the server holds it: the hosted game (engine, stream, catch-up, one request at a time) and its If-Match
 * guard.
 */
export interface GameSlot extends HostedGame {
  readonly guard: IfMatchGuard;
}

export interface Backend {
  readonly kind: 'directory' | 'postgres';
  readonly seats: SeatStore;
  /** Creates the game's empty stream (after its seats were stored). */
  createStream(game: string): Promise<void>;
  /** The game's slot, its engine replayed on first use (or after it was evicted), held until released. */
  lease(game: string): Promise<Lease<GameSlot>>;
  /** Calls `listener` whenever the game may have new events, from this process or another. */
  watch(game: string, listener: (news: GameNews) => void): Promise<Unsubscribe>;
  /** Throws when the store cannot be used. */
  check(): Promise<void>;
  /** The failures of the games' stores, as they happen (for the server's log and metrics). */
  readonly failures: StoreFailures;
  /** The failures of the notifications of its appends (PostgreSQL), as they happen, for the same. */
  readonly notifyFailures?: NotifyFailures;
  /** The games open in memory now, and how many were closed so far to make room for others. */
  openGames(): { readonly open: number; readonly evicted: number };
  /** Its reads and the notifications it heard, for the metrics. */
  activity?(): BackendActivity;
  close(): Promise<void>;
}

/** Counts the reads of a game's stream (BackendActivity.reads). */
export class ReadCounts {
  head = 0;
  events = 0;

  /** `store` with each head and each read of events counted. */
  wrap(store: EventStore): EventStore {
    const { findCommand } = store;
    return {
      version: () => {
        this.head += 1;
        return store.version();
      },
      head: () => {
        this.head += 1;
        return store.head();
      },
      read: (options) => {
        this.events += 1;
        return store.read(options);
      },
      ...(findCommand === undefined
        ? {}
        : { findCommand: (game, commandId) => findCommand.call(store, game, commandId) }),
      append: (events, expected, expectedHash) => store.append(events, expected, expectedHash),
      close: () => store.close(),
    };
  }
}

/** Runs `body` with the game's slot held, and releases it whatever happens. */
export async function withSlot<T>(backend: Backend, game: string, body: (slot: GameSlot) => Promise<T>): Promise<T> {
  const lease = await backend.lease(game);
  try {
    return await body(lease.value);
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
 * (docs/host-api.md), but a request with If-Match must then fail (412), not be applied to a game it did not see.
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
    const { findCommand } = store;
    return {
      version: () => store.version(),
      head: () => store.head(),
      read: (options) => store.read(options),
      ...(findCommand === undefined
        ? {}
        : { findCommand: (game, commandId) => findCommand.call(store, game, commandId) }),
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

/** A slot over a hosted game and its If-Match guard (see ../host/hosted-game.ts for `sync`). */
export function gameSlot(
  engine: SurrenderEngine,
  store: EventStore,
  guard: IfMatchGuard,
  sync?: { readonly heard: Heard; readonly epoch: number },
): GameSlot {
  return { ...hostedGame(engine, store, sync), guard };
}
