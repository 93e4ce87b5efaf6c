// Where a bench run writes its figures. The committed bench/results.json holds the figures the README and
// docs/performance.md quote: a run rewrites it only when asked (`--write-results`, or BENCH_WRITE_RESULTS=1); any
// other run writes bench/results.local.json, which git ignores.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The flag that makes a run write the committed figures. */
export const WRITE_RESULTS_FLAG = '--write-results';
export const WRITE_RESULTS_ENV = 'BENCH_WRITE_RESULTS';

export interface ResultsFile {
  /** The file the run writes. */
  readonly path: string;
  /** It as the run names it: `bench/results.local.json`. */
  readonly name: string;
  /** The committed figures, which a run of some lines alone (BENCH_ONLY) merges into when it has none of its own. */
  readonly committed: string;
}

/** The arguments the bench takes, or the message that refuses the others. */
export function readBenchArgs(
  argv: readonly string[],
): { readonly writeResults: boolean } | { readonly error: string } {
  const unknown = argv.find((arg) => arg !== WRITE_RESULTS_FLAG);
  if (unknown !== undefined)
    return { error: `bench: unknown argument ${JSON.stringify(unknown)} (bench takes ${WRITE_RESULTS_FLAG})` };
  return { writeResults: argv.includes(WRITE_RESULTS_FLAG) };
}

/** The file a run writes: the committed one with the flag or BENCH_WRITE_RESULTS=1, else the local one. */
export function resultsFile(root: string, writeResults: boolean, env: NodeJS.ProcessEnv = process.env): ResultsFile {
  const committed = join(root, 'bench', 'results.json');
  const name = writeResults || env[WRITE_RESULTS_ENV] === '1' ? 'bench/results.json' : 'bench/results.local.json';
  return { path: join(root, name), name, committed };
}

/** The figures a run of some lines alone keeps: the file's own, else the committed ones, else none. */
export function previousResults(file: ResultsFile): Record<string, unknown> {
  const from = existsSync(file.path) ? file.path : existsSync(file.committed) ? file.committed : null;
  return from === null ? {} : (JSON.parse(readFileSync(from, 'utf8')) as Record<string, unknown>);
}

export function writeResults(file: ResultsFile, report: unknown): void {
  writeFileSync(file.path, `${JSON.stringify(report, null, 2)}\n`);
}

/** A target as the file holds it: enough to tell whose it is. */
interface StoredTarget {
  readonly name: string;
  readonly unit: string;
}

/**
 * A run of some lines alone (BENCH_ONLY) written into the file: its own fields (figures, date, load) over the
 * file's, its judged targets in place of the file's that `own` picks, everything else as it was.
 */
export function mergeResults(
  file: ResultsFile,
  fields: Record<string, unknown>,
  targets: readonly StoredTarget[],
  own: (target: StoredTarget) => boolean,
): void {
  const previous = previousResults(file);
  const kept = Array.isArray(previous['targets']) ? (previous['targets'] as StoredTarget[]).filter((t) => !own(t)) : [];
  writeResults(file, { ...previous, ...fields, targets: [...kept, ...targets] });
}
