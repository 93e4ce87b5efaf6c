// Checking a whole log file line by line, and repairing the one kind of damage a crash can cause:
// a torn last line. Any other damage is reported and left alone (restore from a backup). What this module exports
// is the file store's boundary: a file system failure is thrown as a StoreError (./fs-error.ts).
import { logVersion, type LogVersion, type StoredEvent } from '../../../events/index.js';
import { decodeEventLine, decodeHeader, LogError } from '../line-format.js';
import { withLogLock } from './file-lock.js';
import { fileBoundary, fileBoundaryStream } from './fs-error.js';
import { openLogFile } from './log-file.js';
import {
  isExactUtf8,
  readLog as readLogFile,
  scanLog as scanLogFile,
  type Fragment,
  type ScanOptions,
  type ScanSummary,
} from './scan.js';
import type { LogHead } from '../store.js';

export type { ScanOptions, ScanSummary, Fragment } from './scan.js';

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

export type RepairReport =
  | {
      readonly ok: true;
      /** none: the log was intact; truncated: a torn last line was cut off; completed: its missing `\n` was added. */
      readonly action: 'none' | 'truncated' | 'completed';
      /** The torn line, when there was one. */
      readonly line: number | null;
      readonly removedBytes: number;
      readonly events: number;
      readonly version: LogVersion;
      readonly message: string;
    }
  | { readonly ok: false; readonly line: number; readonly path: string; readonly message: string };

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
  try {
    const { chunkSize, onProgress } = options;
    summary = await scanLog(path, {
      validate: true,
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
      ? `line ${fragment.line}: the last line lacks its line break (a write was cut off after it); --repair adds it`
      : `line ${fragment.line}: the last line is torn (a write was cut off); --repair truncates it`;
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
  };
}

/**
 * Repairs a torn last line only: cuts the file back to the end of the last whole line, or, when the torn
 * fragment is itself a whole, valid, correctly chained line that lacks only its `\n`, adds the `\n` (a whole
 * event is never lost). Any other damage is refused and nothing is changed. Holds the append lock meanwhile.
 */
export async function repairLog(
  path: string,
  options: { readonly chunkSize?: number; readonly lockTimeoutMs?: number } = {},
): Promise<RepairReport> {
  return fileBoundary(() =>
    withLogLock(path, (real) => repairLocked(real, options.chunkSize), { timeoutMs: options.lockTimeoutMs ?? 5000 }),
  );
}

async function repairLocked(path: string, chunkSize: number | undefined): Promise<RepairReport> {
  let summary: ScanSummary;
  try {
    summary = await scanLog(path, { validate: true, ...(chunkSize === undefined ? {} : { chunkSize }) });
  } catch (error) {
    if (!(error instanceof LogError)) throw error;
    return {
      ok: false,
      line: error.line,
      path: error.path,
      message:
        `line ${error.line} is corrupt (${error.message}): restore it from a backup; --repair only ` +
        `truncates a torn last line`,
    };
  }
  const { fragment } = summary;
  const version = logVersion(summary.events);
  if (fragment === null) {
    return {
      ok: true,
      action: 'none',
      line: null,
      removedBytes: 0,
      events: summary.events,
      version,
      message: 'the log is intact: nothing to repair',
    };
  }
  const handle = await openLogFile(path, 'r+');
  try {
    if (fragmentIsWholeLine(fragment, summary)) {
      await handle.write(Buffer.from('\n'), 0, 1, summary.wholeBytes + fragment.bytes.length);
      await handle.sync();
      const events = fragment.line === 1 ? 0 : summary.events + 1;
      return {
        ok: true,
        action: 'completed',
        line: fragment.line,
        removedBytes: 0,
        events,
        version: logVersion(events),
        message: `line ${fragment.line} was whole but lacked its line break: added it`,
      };
    }
    await handle.truncate(summary.wholeBytes);
    await handle.sync();
    return {
      ok: true,
      action: 'truncated',
      line: fragment.line,
      removedBytes: fragment.bytes.length,
      events: summary.events,
      version,
      message:
        `line ${fragment.line} was torn: removed its ${fragment.bytes.length} bytes; the log holds ` +
        `${summary.events} whole events`,
    };
  } finally {
    await handle.close();
  }
}

/** Whether a fragment is a whole line lacking only its `\n`: valid, next in seq and chained to the line before. */
function fragmentIsWholeLine(fragment: Fragment, summary: ScanSummary): boolean {
  if (!isExactUtf8(fragment.bytes, fragment.text)) return false;
  try {
    if (fragment.line === 1) decodeHeader(fragment.text);
    else decodeEventLine(fragment.text, fragment.line, { expectedSeq: summary.events + 1, prevHash: summary.lastHash });
    return true;
  } catch (error) {
    if (error instanceof LogError) return false;
    throw error;
  }
}
