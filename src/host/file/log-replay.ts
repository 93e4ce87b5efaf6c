// Reading a JSON Lines log as `replay`, `exec` and `append` read it: every line checked, except the start of the
// log that a verification mark of this build vouches for, read on the trusted path (each segment checked against its
// digest, only the listed lines parsed), its decisions not re-derived again. A mark that no longer matches the log is
// dropped and the log read again in full; a clean pass marks the log (src/store/verified-mark.ts).
import type { AuditEntry } from '../../audit/entry.js';
import { AuditTrail } from '../../audit/trail.js';
import type { StoredEvent } from '../../../events/index.js';
import { INERT_TYPES, Replayer } from '../../engine/replay.js';
import type { HistoryPolicy } from '../../engine/corrections/timelines.js';
import { withHistories } from '../../engine/replay-history.js';
import { readLog, type ScanSummary } from '../../store/file/verify.js';
import {
  readVerifiedMark,
  StaleMarkError,
  writeVerifiedMark,
  type VerifiedMark,
} from '../../store/file/verified-mark.js';

export interface LogReadOptions {
  /** Ignore any verification mark and check every line (`--full`). */
  readonly full: boolean;
  /** The running build's id; null: verification marks are neither read nor written. */
  readonly engineId: string | null;
  /** The seq whose hash to note (`--expect-head`); -1 for none. */
  readonly hashAt?: number;
  /**
   * Keep every game's timeline, for an engine that goes on deciding (corrections, docs/corrections.md); by default
   * only the corrected games' are kept.
   */
  readonly allTimelines?: boolean;
}

export interface ReadResult {
  readonly replayer: Replayer;
  readonly entries: AuditEntry[];
  readonly scan: ScanSummary;
  /** The events `keep` chose, in log order (none without it). */
  readonly kept: StoredEvent[];
}

/**
 * Streams and checks the log, replays it and re-derives every rule decision. The start of the log that a
 * verification mark of this build vouches for is read on the trusted path (each segment checked against its
 * digest, only the listed lines parsed) and its decisions are not re-derived again; every line after it is fully
 * checked. A mark that no longer matches the log is dropped and the log read again in full. A clean pass marks
 * the log (src/store/verified-mark.ts).
 */
export async function replayLog(
  path: string,
  collectAudit: boolean,
  { full, engineId, hashAt = -1, allTimelines = false }: LogReadOptions,
  onProgress: OnProgress = undefined,
  keep: Keep = undefined,
): Promise<ReadResult> {
  const mark = engineId === null || full ? null : await readVerifiedMark(path, engineId);
  const pass: Pass = { path, collectAudit, engineId, hashAt, onProgress, keep };
  // The timelines of only the games that are corrected are kept: a pass that meets another is made again.
  if (allTimelines) return replayMarked(pass, mark, 'all');
  return withHistories(
    (history) => replayMarked(pass, mark, history),
    (result) => result.replayer,
  );
}

/** What every pass over the log is given. */
interface Pass {
  readonly path: string;
  readonly collectAudit: boolean;
  readonly engineId: string | null;
  readonly hashAt: number;
  readonly onProgress: OnProgress;
  readonly keep: Keep;
}

/** A pass trusting `mark`, made again in full when the mark no longer matches the log. */
async function replayMarked(pass: Pass, mark: VerifiedMark | null, history: HistoryPolicy): Promise<ReadResult> {
  try {
    return await replayFrom(pass, mark, history);
  } catch (error) {
    if (mark !== null && error instanceof StaleMarkError) return replayFrom(pass, null, history);
    throw error;
  }
}

export type OnProgress = ((bytesRead: number) => void) | undefined;
/** Which events replayed to keep in `kept` (`report` keeps a game's rule decisions). */
export type Keep = ((event: StoredEvent) => boolean) | undefined;

async function replayFrom(
  { path, collectAudit, engineId, hashAt, onProgress, keep }: Pass,
  mark: VerifiedMark | null,
  history: HistoryPolicy,
): Promise<ReadResult> {
  const through = mark?.events ?? 0;
  const replayer = new Replayer({ checkDecisions: true, checkFrom: through + 1, history });
  const trail = new AuditTrail();
  const kept: StoredEvent[] = [];
  const reader = readLog(path, {
    validate: true,
    trusted: mark,
    skipTypes: INERT_TYPES,
    index: engineId !== null,
    hashAt,
    onProgress,
  });
  for (;;) {
    const next = await reader.next();
    if (next.done === true) {
      const scan = next.value;
      // Lines of inert types in the vouched-for part were counted, not yielded: the version is the last seq.
      replayer.version = Math.max(replayer.version, scan.events);
      replayer.finish();
      if (
        engineId !== null &&
        scan.index !== null &&
        scan.events > through &&
        scan.fragment === null &&
        replayer.mismatches.length === 0 &&
        // A correction read without its game's timeline was not checked: the pass is made again.
        replayer.historyNeeded.size === 0
      ) {
        await writeVerifiedMark(path, {
          engine: engineId,
          logFormatVersion: scan.formatVersion,
          events: scan.events,
          bytes: scan.wholeBytes,
          lastHash: scan.lastHash,
          skipped: INERT_TYPES,
          segments: scan.index,
        });
      }
      return { replayer, entries: trail.entries(), scan, kept };
    }
    replayer.applyAll(next.value);
    if (collectAudit) for (const event of next.value) trail.add(event);
    if (keep !== undefined) for (const event of next.value) if (keep(event)) kept.push(event);
  }
}
