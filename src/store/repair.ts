// A torn end: the last line of a log cut off by a writer that died in the middle of an append. The next writer
// repairs it under the append lock, as `verify --repair` does (docs/log-format.md): the torn line goes, and with it
// the events of that append already written whole, which only the rules can tell apart from a complete append
// before it. A store is told by its host how to find them (CutAppendFinder); the host layer's finder decides the
// append's first command again (src/host/cut-append.ts).
import type { StoredEvent } from '../../events/index.js';
import type { RepairWriter } from '../../events/log-records.js';

export type { RepairWriter };

/** The start of an append that a crash cut off: its first events are in the log, the rest are not. */
export interface CutAppend {
  /** The line of its first event, the host report or player decision (line 1 is the header). */
  readonly line: number;
  readonly seq: number;
  readonly game: string;
  readonly type: string;
  /** How many events of the append the log holds, and how many the rules make of its command. */
  readonly present: number;
  readonly expected: number;
  /** The types of the events that are missing. */
  readonly missing: readonly string[];
}

/** Reads the log's events (every whole line, in order) and finds the append a crash cut off at its end, if any. */
export type CutAppendFinder = (events: AsyncIterable<readonly StoredEvent[]>) => Promise<CutAppend | null>;

/** A store that repairs a torn end when it appends, and removes the append it cut off once given a finder. */
export interface RepairsTornEnd {
  /** Whether the log ended in a torn line when the store last looked. */
  readonly torn: boolean;
  /** Repairs a torn end now, under the append lock, as an append would; null when the log is not torn. */
  repairTornEnd(): Promise<TailRepair | null>;
  /** Sets the finder, unless the store was opened with one. */
  findCutAppendWith(finder: CutAppendFinder): void;
}

export const repairsTornEnd = (store: object): store is RepairsTornEnd =>
  typeof (store as Partial<RepairsTornEnd>).findCutAppendWith === 'function' &&
  typeof (store as Partial<RepairsTornEnd>).repairTornEnd === 'function';

/** What a repair of a torn end did. */
export interface TailRepair {
  /** The torn line (1-based; line 1 is the header). */
  readonly line: number;
  /** The torn line was a whole event lacking only its `\n`: the `\n` was added and the event kept. */
  readonly lineBreakAdded: boolean;
  /** Bytes removed from the end of the log, and the whole events among them (the append cut off). */
  readonly removedBytes: number;
  readonly removedEvents: number;
  readonly cut: CutAppend | null;
  /** The `log.repaired` record written after the repair; null when the log held no event to file it under. */
  readonly record: StoredEvent | null;
  /** The log's events after the repair, its record included. */
  readonly events: number;
}
