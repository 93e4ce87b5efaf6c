// Replay of a log file already verified (`verify`, or written by this engine's store): the fast path.
// Lines of event types the rules ignore are counted but not even parsed (docs/performance.md).
import { readLog } from '../../store/file/scan.js';
import { INERT_TYPES, Replayer } from '../../engine/replay.js';

/** Replays a verified log file into `replayer` (a new one by default) and returns it, finished. */
export async function replayVerifiedLog(
  path: string,
  replayer: Replayer = new Replayer({ checkDecisions: false }),
): Promise<Replayer> {
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
