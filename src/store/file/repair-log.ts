// `verify --repair` (`repairLog`): the whole log checked first, then a torn end repaired under the append lock as
// the next writer repairs it (./tail-repair.ts), and recorded. Any other damage is reported and left alone (restore
// from a backup).
import { logVersion, type LogVersion, type StoredEvent } from '../../../events/index.js';
import { decodeEventLine, decodeHeader, LogError } from '../line-format.js';
import type { CutAppend, CutAppendFinder, TailRepair } from '../repair.js';
import { systemEnvelopeSource, type EnvelopeSource } from '../store.js';
import { withLogLock } from './file-lock.js';
import { fileBoundary } from './fs-error.js';
import { DEFAULT_CHUNK_SIZE, openLogFile } from './log-file.js';
import { readHeader, readTail } from './log-tail.js';
import { isExactUtf8, scanLog, type Fragment, type ScanSummary } from './scan.js';
import { repairTornEnd } from './tail-repair.js';

export type RepairReport =
  | {
      readonly ok: true;
      /** none: the log was intact; truncated: a torn end was cut off; completed: its missing `\n` was added. */
      readonly action: 'none' | 'truncated' | 'completed';
      /** The torn line, when there was one. */
      readonly line: number | null;
      readonly removedBytes: number;
      /** Whole events removed with the torn line: the start of an append the crash cut off. */
      readonly removedEvents: number;
      /** That append, when one was found and removed. */
      readonly cut: CutAppend | null;
      /** The `log.repaired` record written after the repair (null: none was needed, or the log holds no event). */
      readonly record: StoredEvent | null;
      /** The log's events after the repair, its record included. */
      readonly events: number;
      readonly version: LogVersion;
      readonly message: string;
    }
  | { readonly ok: false; readonly line: number; readonly path: string; readonly message: string };

export interface RepairOptions {
  readonly chunkSize?: number;
  readonly lockTimeoutMs?: number;
  /** How to tell the events of an append the crash cut off (src/host/cut-append.ts); without it, only the line. */
  readonly findCutAppend?: CutAppendFinder;
  readonly source?: EnvelopeSource;
}

/**
 * Repairs a torn last line only: removes it (with the append it cut off, given `findCutAppend`), or, when it is
 * itself a whole, valid, correctly chained event that lacks only its `\n`, adds the `\n` (a whole event is never
 * lost), and records the repair in the log. Any other damage is refused and nothing is changed. Holds the append
 * lock meanwhile.
 */
export function repairLog(path: string, options: RepairOptions = {}): Promise<RepairReport> {
  return fileBoundary(() =>
    withLogLock(path, (real) => repairLocked(real, options), { timeoutMs: options.lockTimeoutMs ?? 5000 }),
  );
}

async function repairLocked(path: string, options: RepairOptions): Promise<RepairReport> {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  let summary: ScanSummary;
  try {
    summary = await scanLog(path, { validate: true, chunkSize });
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
  if (summary.fragment === null) {
    const version = logVersion(summary.events);
    const message = 'the log is intact: nothing to repair';
    const none = { action: 'none', line: null, removedBytes: 0, removedEvents: 0, cut: null, record: null } as const;
    return { ok: true, ...none, events: summary.events, version, message };
  }
  const handle = await openLogFile(path, 'r+');
  try {
    const { size, ino } = await handle.stat();
    const header = readHeader(handle.fd, size);
    const tail = await readTail(path, handle.fd, ino, size, header, chunkSize);
    const { repair } = await repairTornEnd(path, handle.fd, header, tail, {
      writer: 'verify',
      findCutAppend: options.findCutAppend ?? null,
      source: options.source ?? systemEnvelopeSource,
      chunkSize,
    });
    const { line, removedBytes, removedEvents, cut, record, events } = repair;
    const action = repair.lineBreakAdded ? 'completed' : 'truncated';
    const version = logVersion(events);
    return {
      ok: true,
      action,
      line,
      removedBytes,
      removedEvents,
      cut,
      record,
      events,
      version,
      message: words(repair),
    };
  } finally {
    await handle.close();
  }
}

/** What a repair did, in words. */
function words(repair: TailRepair): string {
  const { line, cut, record } = repair;
  const done = repair.lineBreakAdded
    ? `line ${line} was whole but lacked its line break: added it`
    : `line ${line} was torn: removed it`;
  const append =
    cut === null
      ? ''
      : `; line ${cut.line} (${cut.type}) began an append that was cut off after ${cut.present} of its ` +
        `${cut.expected} events (missing ${cut.missing.join(', ')}): removed as never made, report that command again`;
  const removed = repair.removedBytes === 0 ? '' : ` (${repair.removedBytes} bytes in all)`;
  const recorded = record === null ? '' : `; recorded as line ${record.seq + 1} (log.repaired)`;
  return `${done}${append}${removed}${recorded}; the log holds ${repair.events} events`;
}

/** Whether a fragment is a whole line lacking only its `\n`: valid, next in seq and chained to the line before. */
export function fragmentIsWholeLine(fragment: Fragment, summary: ScanSummary): boolean {
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
