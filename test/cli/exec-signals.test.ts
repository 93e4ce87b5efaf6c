// `awaw-surrender exec` and the signals that end it (SIGTERM, SIGINT, SIGHUP), as real processes of the built CLI
// and real signals: at any moment, from the start (while it opens its log) to a request waiting for the log's lock,
// exec ends the same clean way: the requests it has read are answered, then exit 0, nothing on standard error.
// Each signal is sent at a moment the test sees: the log held open (/proc/PID/fd), or the answer to a request.
import { readdir, readlink, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { withLogLock } from '../../src/store/file/file-lock.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { ensureBuilt } from '../support/build.js';
import { ACCEPT, acceptOffer, SEA_LION, seaLionLog, startExec } from '../support/exec-process.js';

let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-exec-signals-'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

let logs = 0;
const logAt = (count: number) => seaLionLog(join(dir, `log-${++logs}.jsonl`), count);

/** A log of 32 notes of a million characters: reading and checking it on open takes a while. */
async function largeLog(): Promise<string> {
  const { path } = await logAt(1);
  const engine = await SurrenderEngine.open(await JsonlFileStore.open(path, { source: deterministicSource(SEA_LION) }));
  const note = {
    type: 'host.logged',
    data: { turn: { season: 'spring', year: 1941 }, kind: 'note', data: { blob: 'x'.repeat(1_000_000 - 100) } },
  } as const;
  for (let i = 0; i < 32; i += 1) if (!(await engine.execute(SEA_LION, note)).ok) throw new Error('note refused');
  await engine.close();
  return path;
}

/** Resolves once process `pid` holds `path` open, as the kernel lists its descriptors: it is reading its log. */
async function holdsOpen(pid: number, path: string): Promise<void> {
  for (;;) {
    for (const fd of await readdir(`/proc/${pid}/fd`)) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (target === path) return;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const clean = { code: 0, signal: null, stderr: '', rest: '' };

describe('exec ends cleanly on a signal', () => {
  it('SIGTERM while exec opens its log, before any request: exit 0, nothing written', async () => {
    const path = await largeLog();
    const before = await readFile(path);
    const exec = startExec([path]);
    await holdsOpen(exec.child.pid as number, path);
    exec.child.kill('SIGTERM');
    expect(await exec.exited()).toEqual(clean);
    expect((await readFile(path)).equals(before)).toBe(true);
  }, 120_000);

  it.each(['SIGTERM', 'SIGHUP', 'SIGINT'] as const)('%s while idle ends exec at once, exit 0', async (signal) => {
    const { path } = await logAt(1);
    const idle = startExec([path]);
    expect(await idle.ask({ op: 'games' })).toMatchObject({ ok: true, games: [SEA_LION] });
    idle.child.kill(signal);
    expect(await idle.exited()).toEqual(clean);
  });

  it('EOF ends exec at once too', async () => {
    const { path } = await logAt(1);
    const eof = startExec([path]);
    eof.child.stdin.end();
    expect(await eof.exited()).toEqual(clean);
  });

  it.each(['SIGTERM', 'SIGHUP'] as const)(
    '%s while a request waits for the log lock: the requests already read are answered, then exit 0',
    async (signal) => {
      const { path } = await logAt(ACCEPT);
      const exec = startExec([path]);
      let held: Promise<Record<string, unknown>> | null = null;
      await withLogLock(path, async () => {
        // Both requests in one write, read together: once the first is answered, exec has read the second, which
        // then waits for the lock this test holds.
        exec.child.stdin.write(
          `${JSON.stringify({ id: 'first', op: 'games' })}\n` +
            `${JSON.stringify({ id: 'held', op: 'execute', game: SEA_LION, command: acceptOffer })}\n`,
        );
        expect(await exec.next()).toMatchObject({ id: 'first', ok: true });
        held = exec.next();
        exec.child.kill(signal);
      });
      // The lock is released only now: an exec that had exited on the signal could not answer or append.
      expect(await held).toMatchObject({
        id: 'held',
        ok: true,
        events: [{ type: 'britain.offer-accepted' }, { type: 'britain.surrendered' }],
      });
      expect(await exec.exited()).toEqual(clean);
      const text = await readFile(path, 'utf8');
      expect(text.trimEnd().split('\n').at(-1)).toContain('"type":"britain.surrendered"');
    },
  );
});
