// One input document (a calculator's input, the command of `append`) is read up to 8 MiB (docs/cli.md): beyond
// that the process stops reading and exits 2 naming the limit, holding no more than the limit and one chunk.
// Real processes of the built CLI, their peak memory read from the kernel (test/support/max-rss.cjs).
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { ensureBuilt } from '../support/build.js';
import { seaLionLog } from '../support/exec-process.js';
import { runMeasured } from '../support/measured-cli.js';

const LIMIT = 8 * 1024 * 1024;
const MESSAGE = 'the input is larger than 8 MiB (8388608 bytes), the most one input document may be';
/** What the process prints with --json (append always does): one document, then the one line on standard error. */
const TOO_LARGE = {
  code: 2,
  stdout: `${JSON.stringify({ error: { path: '$', message: MESSAGE } })}\n`,
  stderr: `$: ${MESSAGE}\n`,
};
const EMPTY = `${JSON.stringify({ error: { path: '$', message: 'not valid JSON (the input is empty)' } })}\n`;
/** What reading a larger input may add to the peak memory of a process reading a small one: well under 64 MiB. */
const HEADROOM_KIB = 32 * 1024;

let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-input-limits-'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const printed = (run: { code: number | null; stdout: string; stderr: string }) => ({
  code: run.code,
  stdout: run.stdout,
  stderr: run.stderr,
});

/** `/dev/zero` as standard input. */
function withZeroes<T>(body: (fd: number) => T): T {
  const fd = openSync('/dev/zero', 'r');
  try {
    return body(fd);
  } finally {
    closeSync(fd);
  }
}

describe('the size of one input document', () => {
  it('a calculator reading /dev/zero stops after 8 MiB: exit 2 naming the limit, memory as for a small input', () => {
    const small = runMeasured(['german-surrender', '--json', '-'], '{}');
    expect(small.code).toBe(2);
    const zero = runMeasured(['german-surrender', '--json', '/dev/zero']);
    expect(printed(zero)).toEqual(TOO_LARGE);
    const piped = withZeroes((fd) => runMeasured(['british-resistance', '-'], fd));
    expect(printed(piped)).toEqual({ ...TOO_LARGE, stdout: '' });
    for (const run of [zero, piped]) {
      expect(run.maxRssKiB).not.toBeNull();
      expect((run.maxRssKiB ?? Infinity) - (small.maxRssKiB ?? 0)).toBeLessThan(HEADROOM_KIB);
    }
  });

  it('append reading /dev/zero, as a file or standard input, stops after 8 MiB: exit 2, log untouched', async () => {
    const { path } = await seaLionLog(join(dir, 'zero.jsonl'), 1);
    const before = await readFile(path);
    const small = runMeasured(['append', path, '-'], '   ');
    expect([small.code, small.stdout]).toEqual([2, EMPTY]);
    const file = runMeasured(['append', path, '/dev/zero']);
    const stdin = withZeroes((fd) => runMeasured(['append', path, '-'], fd));
    for (const run of [file, stdin]) {
      expect(printed(run)).toEqual(TOO_LARGE);
      expect(run.maxRssKiB).not.toBeNull();
      expect((run.maxRssKiB ?? Infinity) - (small.maxRssKiB ?? 0)).toBeLessThan(HEADROOM_KIB);
    }
    expect((await readFile(path)).equals(before)).toBe(true);
  });

  it('64 MiB of spaces are refused as too large, not read whole to find that they are empty', async () => {
    const { path } = await seaLionLog(join(dir, 'spaces.jsonl'), 1);
    const small = runMeasured(['append', path, '-'], '   ');
    const spaces = join(dir, 'spaces.json');
    await writeFile(spaces, Buffer.alloc(64 * 1024 * 1024, 0x20));
    const run = runMeasured(['append', path, spaces]);
    expect(printed(run)).toEqual(TOO_LARGE);
    expect((run.maxRssKiB ?? Infinity) - (small.maxRssKiB ?? 0)).toBeLessThan(HEADROOM_KIB);
  });

  it('the limit is exact: 8 MiB are read (here: all spaces, so empty), one byte more is too large', async () => {
    const at = join(dir, 'at-limit.json');
    const over = join(dir, 'over-limit.json');
    await writeFile(at, Buffer.alloc(LIMIT, 0x20));
    await writeFile(over, Buffer.alloc(LIMIT + 1, 0x20));
    expect(runMeasured(['german-surrender', '--json', at]).stdout).toEqual(EMPTY);
    expect(printed(runMeasured(['german-surrender', '--json', over]))).toEqual(TOO_LARGE);
  });

  it(
    'import refuses a log over 500 MiB by its size, before ' +
      'reading it or opening the database: exit 2 naming the limit',
    async () => {
      const path = join(dir, 'huge.jsonl');
      await writeFile(path, '');
      // Sparse: 600 MiB long, nothing written.
      await truncate(path, 600 * 1024 * 1024);
      const io = memoryIo();
      const code = await runCli(['import', path, '--db', 'postgresql://nobody@127.0.0.1:1/none'], io);
      expect([code, io.stdout, io.stderr]).toEqual([
        2,
        '',
        `import: ${path}: the log is larger than 500 MiB (524288000 bytes), the most import reads: nothing imported\n`,
      ]);
    },
  );
});
