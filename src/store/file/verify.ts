// Checking a whole log file line by line, and naming the repairs of a torn end it records; the repair itself is
// ./repair-log.ts. What this module exports is the file store's boundary: a file system failure is thrown as a
// StoreError (./fs-error.ts).
import { logVersion, type EventData, type LogVersion, type StoredEvent } from '../../../events/index.js';
import { LogError } from '../line-format.js';
import { fileBoundary, fileBoundaryStream } from './fs-error.js';
import { fragmentIsWholeLine } from './repair-log.js';
import { readLog as readLogFile, scanLog as scanLogFile, type ScanOptions, type ScanSummary } from './scan.js';
import type { LogHead } from '../store.js';

export type { ScanOptions, ScanSummary, Fragment } from './scan.js';
export { repairLog, type RepairOptions, type RepairReport } from './repair-log.js';

/** A repair of a torn end the log records (a `log.repaired` line): where, when, and what it did. */
export type RecordedRepair = EventData<'log.repaired'> & { readonly line: number; readonly at: string };

/** ./scan.ts readLog: the log's events in batches, its summary returned at the end. */
export function readLog(
  path: string,
  options?: ScanOptions,
): AsyncGenerator<readonly StoredEvent[], ScanSummary, undefined> {
  return fileBoundaryStream(readLogFile(path, options));
}

/** ./scan.ts scanLog: `readLog` driven to its end with a callback per batch. */
export function scanLog(path: string, options?: Parameters<typeof scanLogFile>[1]): Promise<ScanSummary> {
  return fileBoundary(() => scanLogFile(path, options));
}

export type VerifyReport =
  | {
      readonly ok: true;
      /** Event lines (the header not counted). */
      readonly events: number;
      /** The log's version: the seq of its last event. */
      readonly version: LogVersion;
      readonly formatVersion: number;
      /** The hash of the last line: note it to detect later changes to the log. */
      readonly lastHash: string;
      /**
       * The last line, seq and hash: note it elsewhere, and `--expect-head SEQ:HASH` shows later that nothing was cut
       * off.
       */
      readonly head: LogHead;
      /** Only with the option `expectHead`: the hash of the line at that seq, or null when the log is shorter. */
      readonly hashAtExpected?: string | null;
      /** The repairs of a torn end the log records, in order. */
      readonly repairs: readonly RecordedRepair[];
    }
  | {
      readonly ok: false;
      /** The first bad line (1-based; line 1 is the header). */
      readonly line: number;
      /** The JSON path in that line (`$` for the line as a whole). */
      readonly path: string;
      readonly message: string;
      /** The bad line is a torn last line (a write cut off): `repairLog` can fix it. */
      readonly torn: boolean;
    };

/** Checks every line: header, JSON, envelope, known type and version, payload, seq 1..n, hash chain. */
export function verifyLog(
  path: string,
  options: {
    readonly chunkSize?: number;
    readonly expectHead?: number;
    readonly onProgress?: (bytesRead: number) => void;
  } = {},
): Promise<VerifyReport> {
  return fileBoundary(() => verifyFile(path, options));
}

async function verifyFile(path: string, options: Parameters<typeof verifyLog>[1] = {}): Promise<VerifyReport> {
  let summary: ScanSummary;
  const repairs: RecordedRepair[] = [];
  const onBatch = (events: readonly StoredEvent[]): void => {
    for (const event of events)
      if (event.type === 'log.repaired') repairs.push({ line: event.seq + 1, at: event.at, ...event.data });
  };
  try {
    const { chunkSize, onProgress } = options;
    summary = await scanLog(path, {
      validate: true,
      onBatch,
      ...(chunkSize === undefined ? {} : { chunkSize }),
      ...(onProgress === undefined ? {} : { onProgress }),
      hashAt: options.expectHead ?? -1,
    });
  } catch (error) {
    if (error instanceof LogError)
      return { ok: false, line: error.line, path: error.path, message: error.message, torn: false };
    throw error;
  }
  const { fragment } = summary;
  if (fragment !== null) {
    const whole = fragmentIsWholeLine(fragment, summary);
    const message = whole
      ? `line ${fragment.line}: the last line lacks its line break (a write was cut off after it); the next ` +
        'append, or --repair, adds it'
      : `line ${fragment.line}: the last line is torn (a write was cut off); the next append, or --repair, ` +
        'removes it';
    return { ok: false, line: fragment.line, path: '$', message, torn: true };
  }
  return {
    ok: true,
    events: summary.events,
    version: logVersion(summary.events),
    formatVersion: summary.formatVersion,
    lastHash: summary.lastHash,
    head: { seq: logVersion(summary.events), hash: summary.lastHash },
    ...(options.expectHead === undefined ? {} : { hashAtExpected: summary.hashAt }),
    repairs,
  };
}
