// Timing for the bench: best and median of repeated runs, warm runs in this process, whole processes.
import { spawnSync } from 'node:child_process';

/**
 * The environment without NODE_EXTRA_CA_CERTS: node then skips reading that certificate file at startup (about
 * 45 ms per process on these machines, docs/performance.md). Measured as well, for comparison only.
 */
export const withoutExtraCerts = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k !== 'NODE_EXTRA_CA_CERTS'),
);
export const extraCerts = process.env['NODE_EXTRA_CA_CERTS'] !== undefined;

/** Wall time of a whole process, in ms; throws unless it exits with `expectedCode`. */
export function timeProcess(args: readonly string[], expectedCode = 0, env: NodeJS.ProcessEnv = process.env): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20, env });
  const ms = performance.now() - started;
  if (run.status !== expectedCode)
    throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 500)}`);
  return ms;
}

export const best = (xs: readonly number[]): number => Math.min(...xs);
export const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Times of `repeats` runs of `body` after five warm-up runs. */
export async function timeWarm(repeats: number, body: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await body(); // warm-up: JIT, compiled schemas, file cache
  const times: number[] = [];
  for (let i = 0; i < repeats; i += 1) {
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  return times;
}
