// A replay that keeps the timelines of only the games it must (./replay.ts ReplayOptions.history): none on the first
// pass, so that a log without corrections costs no more memory than its views; when a pass meets a correction of a
// game it did not keep, the log is replayed again keeping that game's (docs/corrections.md, docs/performance.md).
import type { Replayer } from './replay.js';

/**
 * Runs `pass` with the games to keep, again with more while a pass names a game it lacked. `replayerOf`: the pass's
 * replayer, when a pass gives more than it.
 */
export async function withHistories<R>(
  pass: (keep: ReadonlySet<string>) => Promise<R>,
  replayerOf: (result: R) => Replayer,
): Promise<R> {
  let keep = new Set<string>();
  for (;;) {
    const result = await pass(keep);
    const missing = [...replayerOf(result).historyNeeded].filter((game) => !keep.has(game));
    if (missing.length === 0) return result;
    keep = new Set([...keep, ...missing]);
  }
}
