// The built CLI as a real process whose peak memory is measured (./max-rss.cjs): for the limits on what one
// input or one response may cost.
import { spawnSync, type StdioOptions } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './build.js';
import { BIN } from './exec-process.js';

const PRELOAD = join(ROOT, 'test/support/max-rss.cjs');

export interface MeasuredRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The process's peak resident set size, in KiB (null when it did not exit by itself). */
  readonly maxRssKiB: number | null;
}

/**
 * Runs `awaw-surrender ARGS` with `input` on standard input (a string, or a file descriptor to read from). The
 * timeout only stops a process that would otherwise never end (reading /dev/zero without a limit); no test
 * measures time.
 */
export function runMeasured(args: readonly string[], input: string | number = ''): MeasuredRun {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-rss-'));
  const file = join(dir, 'max-rss');
  try {
    const stdio: StdioOptions = typeof input === 'number' ? [input, 'pipe', 'pipe'] : 'pipe';
    const run = spawnSync(process.execPath, ['--require', PRELOAD, BIN, ...args], {
      ...(typeof input === 'string' ? { input } : {}),
      stdio,
      encoding: 'utf8',
      env: { ...process.env, AWAW_MAX_RSS_FILE: file },
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    let maxRssKiB: number | null = null;
    try {
      maxRssKiB = Number(readFileSync(file, 'utf8'));
    } catch {
      // killed: no figure
    }
    return { code: run.status, stdout: run.stdout, stderr: run.stderr, maxRssKiB };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
