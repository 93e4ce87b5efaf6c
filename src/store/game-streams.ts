// The store contract: one stream per game, each with its own version, and a feed of every game. Every store
// implements it: PostgreSQL with a stream of its own per game (./postgres/postgres.ts), the memory and the JSON
// Lines store over their one shared log (./log-games.ts). A game's version is the seq of its last event, 0 when it
// has none: 1..n in a stream of its own, the log's seq in a shared log. What a store cannot do it throws as a
// StoreError of a kind (./store-error.ts); a caller's mistake (an invalid event) is an InputError.
import type { LogVersion, NewEvent, StoredEvent } from '../../events/index.js';
import type { AppendResult, LogHead, ReadOptions } from './store.js';

export interface GameAppendResult extends AppendResult {
  /** The feed position of the last event written (0 when the batch was empty). */
  readonly position: number;
}

/** An event in the feed of every game, in the order the appends were committed. */
export interface FeedEvent {
  readonly position: number;
  readonly event: StoredEvent;
}

/** What a subscriber hears after an append, from this process or (PostgreSQL) any other. */
export interface StreamChange {
  readonly game: string;
  /** The game's version after the append. */
  readonly version: number;
  /** The feed position of the append's last event. */
  readonly position: number;
}

export type Unsubscribe = () => Promise<void>;

export interface GameStreamStore {
  /**
   * Appends events of `game` after its event `expected` (its version): at any other version, or (with
   * `expectedHash`) when its event `expected` is another one, a ConcurrencyError (kind `conflict`) and nothing is
   * written. Appends to other games never conflict with it. Every event must belong to `game` (else an InputError).
   * An append whose first event carries a command id the game already holds is refused (CommandRecordedError, kind
   * `conflict`), writing nothing.
   */
  appendToGame(
    game: string,
    events: readonly NewEvent[],
    expected: LogVersion,
    expectedHash?: string,
  ): Promise<GameAppendResult>;
  /** The seq and hash of the game's last event; `{ seq: 0, hash: <the header's> }` for a game without events. */
  gameHead(game: string): Promise<LogHead>;
  /** The game's events from seq `from` on, in batches, checked (validate, the default) or fast. */
  readGame(game: string, options?: ReadOptions): AsyncIterable<readonly StoredEvent[]>;
  /**
   * The events of the command of `game` that the host gave the id `commandId`: its origin event and the rule decisions
   * after it; null when the game's stream holds none (EventStream.findCommand; a store without it is read instead).
   */
  findCommand?(game: string, commandId: string): Promise<readonly StoredEvent[] | null>;
  /** Every game's events from feed position `from` (default 1) on, in commit order. */
  readAll(from?: number): AsyncIterable<readonly FeedEvent[]>;
  /** The games with at least one event, in the order they began. */
  games(): Promise<string[]>;
  /**
   * Calls `listener` after every append; resolves once listening. `onGap`: changes may have been missed (the
   * database ended the listening connection, made again since): whoever follows a game should read it again.
   */
  subscribe(listener: (change: StreamChange) => void, onGap?: () => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}
