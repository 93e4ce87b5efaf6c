// Replay of a log file already verified (`verify`, or written by this engine's store): the fast path.
// Lines of event types the rules ignore are counted but not even parsed (docs/performance.md).
import { readLog } from '../../store/file/scan.js';
import { INERT_TYPES, Replayer } from '../../engine/replay.js';
import { withHistories } from '../../engine/replay-history.js';

/**
 * Replays a verified log file into `replayer` and returns it, finished. By default into a new one that keeps the
 * timelines of only the games that are corrected (../../engine/replay-history.ts).
 */
export function replayVerifiedLog(path: string, replayer?: Replayer): Promise<Replayer> {
  return replayer !== undefined
    ? replayInto(path, replayer)
    : withHistories(
        (history) => replayInto(path, new Replayer({ checkDecisions: false, history })),
        (replayer) => replayer,
      );
}

async function replayInto(path: string, replayer: Replayer): Promise<Replayer> {
  const reader = readLog(path, { validate: false, skipTypes: INERT_TYPES });
  for (;;) {
    const next = await reader.next();
    if (next.done === true) {
      // The skipped lines still count: the log's version is its last seq.
      replayer.version = Math.max(replayer.version, next.value.events);
      replayer.finish();
      return replayer;
    }
    replayer.applyAll(next.value);
  }
}
