// The one 20,000-event game (docs/performance.md (iv), (v)): warm in this process, and as fresh processes of the
// package's bin, with a calculator call and node itself for scale.
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { memoryIo } from '../src/cli/io.js';
import { runCli } from '../src/cli/run.js';
import { replayVerifiedLog } from '../src/host/file/replay-file.js';
import { readLog } from '../src/store/file/scan.js';
import { extraCerts, timeProcess, timeWarm, withoutExtraCerts } from './timing.js';

/** Every time measured, in ms, one per repeat. */
export interface SingleGameTimes {
  readonly warmParse: number[];
  readonly warmReplay: number[];
  readonly warmCommand: number[];
  readonly freshFirst: number[];
  readonly freshReplay: number[];
  readonly calculator: number[];
  /** The same call of the bundle without its V8 code cache (dist/cli.cjs run directly), interleaved with it. */
  readonly uncached: number[];
  readonly nodeAlone: number[];
  /** The same processes without NODE_EXTRA_CA_CERTS, when it is set (for comparison only). */
  readonly bare: {
    readonly node: number[];
    readonly calculator: number[];
    readonly replay: number[];
    readonly first: number[];
  } | null;
}

/** The game at `gamePath` and the calculator input at `calcPath`, each timing `repeats` times with `cli`. */
export async function timeSingleGame(
  cli: string,
  gamePath: string,
  calcPath: string,
  repeats: number,
): Promise<SingleGameTimes> {
  const warmParse = await timeWarm(repeats, async () => {
    for await (const batch of readLog(gamePath, { validate: false }))
      if (batch.length === 0) throw new Error('empty batch');
  });
  const warmReplay = await timeWarm(repeats, async () => {
    await replayVerifiedLog(gamePath);
  });
  const warmCommand = await timeWarm(repeats, async () => {
    const code = await runCli(['replay', gamePath], memoryIo());
    if (code !== 0) throw new Error(`replay exited ${code}`);
  });
  // A fresh process on a log it has never seen: every line checked, every decision re-derived, the log marked.
  const mark = `${gamePath}.verified.json`;
  const freshFirst = Array.from({ length: repeats }, () => {
    rmSync(mark, { force: true });
    return timeProcess([cli, 'replay', gamePath]);
  });
  // And on a log already verified: the mark beside it vouches for its bytes (src/store/file/verified-mark.ts).
  if (!existsSync(mark)) throw new Error('replay wrote no verification mark');
  const freshReplay = Array.from({ length: repeats }, () => timeProcess([cli, 'replay', gamePath]));
  // (v) a calculator call as a whole process, and node itself for scale.
  const calculator: number[] = [];
  const uncached: number[] = [];
  const bundle = join(dirname(cli), 'cli.cjs');
  for (let i = 0; i < repeats; i += 1) {
    calculator.push(timeProcess([cli, 'british-resistance', calcPath]));
    uncached.push(timeProcess([bundle, 'british-resistance', calcPath]));
  }
  const nodeAlone = Array.from({ length: repeats }, () => timeProcess(['-e', '0']));
  const bare = extraCerts
    ? {
        node: Array.from({ length: repeats }, () => timeProcess(['-e', '0'], 0, withoutExtraCerts)),
        calculator: Array.from({ length: repeats }, () =>
          timeProcess([cli, 'british-resistance', calcPath], 0, withoutExtraCerts),
        ),
        replay: Array.from({ length: repeats }, () => timeProcess([cli, 'replay', gamePath], 0, withoutExtraCerts)),
        first: Array.from({ length: repeats }, () =>
          timeProcess([cli, 'replay', '--full', gamePath], 0, withoutExtraCerts),
        ),
      }
    : null;
  return { warmParse, warmReplay, warmCommand, freshFirst, freshReplay, calculator, uncached, nodeAlone, bare };
}
