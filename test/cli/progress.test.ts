// Long `replay`, `audit` and `verify` runs show progress on standard error when it is a terminal, and never
// otherwise (src/cli/progress.ts): in-process with a scripted terminal and clock, then the built command with
// standard error on a pseudo-terminal (python3's pty) and on a pipe.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateGame } from '../../bench/generate.js';
import { memoryIo } from '../../src/cli/io.js';
import { progressLine, startProgress, type Terminal } from '../../src/cli/progress.js';
import { runCli } from '../../src/cli/run.js';
import { ensureBuilt, ROOT } from '../support/build.js';

const seaLion = join(ROOT, 'examples', 'sea-lion-1941.jsonl');
const ERASE = '\r\u001b[K';

/** A terminal whose clock advances `step` ms at each reading; `writes` collects what was written. */
function scriptedTerminal(step: number): Terminal & { writes: string[] } {
  let clock = 0;
  const writes: string[] = [];
  return { writes, write: (text) => writes.push(text), now: () => (clock += step) };
}

describe('the progress line', () => {
  it('says how much of the log was read, in percent and MiB', () => {
    expect(progressLine('verify g.jsonl', 2_202_010, 5_242_880)).toBe('verify g.jsonl: 42% (2.1 of 5.0 MiB)');
    expect(progressLine('verify g.jsonl', 6_000_000, 5_242_880)).toBe('verify g.jsonl: 100% (5.0 of 5.0 MiB)');
    expect(progressLine('verify g.jsonl', 0, 0)).toBe('verify g.jsonl: 100% (0.0 of 0.0 MiB)');
  });

  it('is first shown after 250 ms, then at most every 100 ms, and erased at the end', () => {
    // Started at 60 ms; reads at 120, 180, 240, 300, 360 (shown: past 310), 420, 480 (shown: past 460), 540.
    const terminal = scriptedTerminal(60);
    const progress = startProgress(terminal, 'replay g', 1_048_576);
    for (const bytes of [1, 2, 3, 4, 5, 6, 7, 8]) progress.onProgress?.(bytes * 100_000);
    progress.done();
    expect(terminal.writes).toEqual([
      `\r${progressLine('replay g', 500_000, 1_048_576)}\u001b[K`,
      `\r${progressLine('replay g', 700_000, 1_048_576)}\u001b[K`,
      ERASE,
    ]);
  });

  it('a short run shows nothing, and there is nothing to erase', () => {
    const terminal = scriptedTerminal(1);
    const progress = startProgress(terminal, 'replay g', 10);
    progress.onProgress?.(10);
    progress.done();
    expect(terminal.writes).toEqual([]);
  });

  it('without a terminal nothing is reported', () => {
    expect(startProgress(undefined, 'replay g', 10).onProgress).toBeUndefined();
  });
});

describe('replay, audit and verify report their reads to the terminal', () => {
  for (const command of ['replay', 'audit', 'verify']) {
    it(
      `${command}: progress goes to the terminal only, ` +
        `erased before the result; stdout and stderr are as without it`,
      async () => {
        const terminal = scriptedTerminal(300);
        const withTerminal = Object.assign(memoryIo(), { terminal });
        const plain = memoryIo();
        const args = [command, ...(command === 'verify' ? [] : ['--full']), seaLion];
        expect(await runCli(args, withTerminal, { engineId: null })).toBe(0);
        expect(await runCli(args, plain, { engineId: null })).toBe(0);
        expect([withTerminal.stdout, withTerminal.stderr]).toEqual([plain.stdout, plain.stderr]);
        expect(terminal.writes.at(-1)).toBe(ERASE);
        expect(terminal.writes.slice(0, -1).length).toBeGreaterThan(0);
        for (const w of terminal.writes.slice(0, -1))
          expect(w).toMatch(
            new RegExp(
              `^\\r${command} ${seaLion.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+% \\(\\d+\\.\\d of \\d+\\.\\d ` +
                `MiB\\)\\u001b\\[K$`,
            ),
          );
      },
    );
  }
});

// Runs the bin with standard error on a pseudo-terminal (stdout a pipe): prints {status, stdout, stderr}.
const PTY = `
import json, os, pty, subprocess, sys
master, slave = pty.openpty()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=slave)
os.close(slave)
err = b''
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    err += chunk
out = p.stdout.read()
p.wait()
print(json.dumps({'status': p.returncode, 'stdout': out.decode(), 'stderr': err.decode('latin-1')}))
`;
const python = spawnSync('python3', ['--version']).status === 0;
if (!python && process.env['AWAW_REQUIRE_PYTHON'] === '1')
  throw new Error('the pseudo-terminal tests need python3 (AWAW_REQUIRE_PYTHON=1)');

describe.runIf(python)('the built command, standard error a terminal or a pipe', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-progress-'));
  const log = join(dir, 'long.jsonl');
  const bin = join(ROOT, 'dist/awaw-surrender.cjs');
  const FAST_CLOCK = join(ROOT, 'test/support/fast-clock.cjs');
  beforeAll(() => {
    ensureBuilt();
    // About 7 MiB: several reads, and long enough to pass the quarter second before progress shows.
    generateGame(log, 20_000);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('verify: progress on the terminal, erased at the end; none on a pipe; the same stdout', () => {
    // The clock the progress line is paced by runs fast (fast-clock.cjs): the line always shows, however fast
    // the machine verifies, and its format is always checked.
    const fast = ['--require', FAST_CLOCK, bin];
    const piped = spawnSync(process.execPath, [...fast, 'verify', log], { encoding: 'utf8', timeout: 60_000 });
    expect([piped.status, piped.stderr]).toEqual([0, '']);
    const tty = spawnSync('python3', ['-c', PTY, process.execPath, ...fast, 'verify', log], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const onTty = JSON.parse(tty.stdout) as { status: number; stdout: string; stderr: string };
    expect([onTty.status, onTty.stdout]).toEqual([0, piped.stdout]);
    expect(onTty.stderr).toMatch(
      new RegExp(
        `^(\\r\\n?verify ${log.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+% \\(\\d+\\.\\d of \\d+\\.\\d ` +
          `MiB\\)\\u001b\\[K)+\\r\\n?\\u001b\\[K$`,
      ),
    );
  });

  it('replay --full: the same; and with --json the document is unchanged', () => {
    const tty = spawnSync(
      'python3',
      ['-c', PTY, process.execPath, '--require', FAST_CLOCK, bin, 'replay', '--full', '--json', log],
      { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    const onTty = JSON.parse(tty.stdout) as { status: number; stdout: string; stderr: string };
    const piped = spawnSync(process.execPath, [bin, 'replay', '--full', '--json', log], {
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect([piped.status, piped.stderr]).toEqual([0, '']);
    expect([onTty.status, onTty.stdout]).toEqual([0, piped.stdout]);
    expect(onTty.stderr).toContain(`replay ${log}: `);
  });
});
