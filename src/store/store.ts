// One event stream: an append-only log with optimistic concurrency, what one engine drives. A shared log whole
// (the memory store, ./memory.ts, and the JSON Lines file store, ./file/jsonl-file.ts: version = log seq) or one
// game's stream of any store (./game-log.ts). Every store implements the game streams of ./game-streams.ts.
import { nanoid } from 'nanoid';
import type { LogVersion, NewEvent, StoredEvent } from '../../events/index.js';
import { StoreError } from './store-error.js';

export type { LogVersion };

/** Ids and clocks are made here, at the edge, never in decide or evolve (replay ignores them). */
export interface EnvelopeSource {
  /** A unique id for the event of this `seq` (nanoid ignores the seq; a deterministic source may use it). */
  id(seq: number): string;
  now(): string;
}

export const systemEnvelopeSource: EnvelopeSource = {
  id: () => nanoid(),
  now: () => new Date().toISOString(),
};

export interface AppendResult {
  /** The log's version after the append: the seq of its last event. */
  readonly version: LogVersion;
  readonly events: readonly StoredEvent[];
  /** The log's head after the append: noted elsewhere, `--expect-head SEQ:HASH` shows later that none was cut off. */
  readonly head: LogHead;
}

/** Where a log ends: the seq of its last event (0 when empty) and that line's hash (the header's at 0). */
export interface LogHead {
  readonly seq: LogVersion;
  readonly hash: string;
}

export interface ReadOptions {
  /** First seq to read (1-based); default 1. */
  readonly from?: number;
  /** Check every line (schema, seq, hash chain); default true. False is the fast path for a verified log. */
  readonly validate?: boolean;
}

export interface EventStream {
  /** The seq of the last event (0 when empty), as of now: another writer's appends count. */
  version(): Promise<LogVersion>;
  /** The seq and hash of the last event, as of now: a log changed other than by appends has another hash. */
  head(): Promise<LogHead>;
  /**
   * Appends events after exactly `expected` events; with any other version it throws a ConcurrencyError (a
   * StoreError of kind `conflict`) and writes nothing. With `expectedHash` (the hash of event `expected` as the
   * caller read it), also when the log's event `expected` is another one: the log was changed other than by
   * appends (repaired, truncated, rewritten), and the caller's view of it is not the log. Resolves only
   * once the events are durable.
   */
  append(events: readonly NewEvent[], expected: LogVersion, expectedHash?: string): Promise<AppendResult>;
  /** Streams events in seq order, in batches (one per chunk read) so that replay stays cheap per event. */
  read(options?: ReadOptions): AsyncIterable<readonly StoredEvent[]>;
  /**
   * The events of the command of `game` that the host gave the id `commandId`, as the log holds them now: its origin
   * event (the one that carries the id) and the rule decisions after it (./command-events.ts); null when the log holds
   * none. A stream without it is searched by reading it (../host/command-lookup.ts). Every store of this package
   * has it, and refuses an append whose command id its game already holds (CommandRecordedError).
   */
  findCommand?(game: string, commandId: string): Promise<readonly StoredEvent[] | null>;
  close(): Promise<void>;
}

/** The name of EventStream before the stores kept game streams too: the same interface. */
export type EventStore = EventStream;

/**
 * A stale expected version: somebody appended first, or (`changed`) the log no longer holds the events the
 * caller read, so that it must be read again from the start. Nothing was written.
 */
export class ConcurrencyError extends StoreError {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly expected: number,
    readonly actual: number,
    readonly changed = false,
  ) {
    super(
      'conflict',
      changed
        ? `expected the log at version ${expected}, but it no longer holds the events read (now at version ` +
            `${actual}; it was changed other than by appends): read it again from the start`
        : `expected the log at version ${expected}, but it is at version ${actual}: re-read and decide again`,
    );
  }
}

/** Whether a log whose last event is `actual` still holds, as its event `expected`, the event the caller read. */
export function checkExpected(
  actual: { readonly seq: number; readonly hash: string },
  expected: LogVersion,
  expectedHash: string | undefined,
): ConcurrencyError | null {
  if (
    expectedHash !== undefined &&
    expected > 0 &&
    (actual.seq < expected || (actual.seq === expected && actual.hash !== expectedHash))
  ) {
    return new ConcurrencyError(expected, actual.seq, true);
  }
  return expected === actual.seq ? null : new ConcurrencyError(expected, actual.seq);
}

/**
 * An append whose first event carries a command id that its game already holds: a command is recorded once. Nothing
 * was written; `findCommand` reads what the command appended the first time.
 */
export class CommandRecordedError extends StoreError {
  override readonly name = 'CommandRecordedError';
  constructor(
    readonly game: string,
    readonly commandId: string,
  ) {
    super(
      'conflict',
      `game ${game} already holds the command with id ${JSON.stringify(commandId)}: a command is recorded once`,
    );
  }
}

/**
 * The last line of the log file was cut mid-write. Raised by no store (the file store's next append repairs a torn
 * end, ./file/tail-repair.ts); a host may still test for it.
 */
export class TornLogError extends StoreError {
  override readonly name = 'TornLogError';
  constructor(
    readonly path: string,
    readonly line: number,
  ) {
    super(
      'torn',
      `${path}: line ${line} is torn (a write was cut off); ` +
        `run \`awaw-surrender verify ${path} --repair\` before appending`,
    );
  }
}
