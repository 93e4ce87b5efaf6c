// Several `exec` processes (the built CLI) writing to one log: through two paths of one file (a bind mount, which
// needs root: skipped with a notice elsewhere, a failure under AWAW_REQUIRE_ROOT=1 as in CI), eight at once with
// every reply timed by the driver, and an `exec` that gave up waiting for a lock another process keeps.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { ensureBuilt } from '../support/build.js';
import { SEA_LION, seaLionLog, startExec, type ExecProcess } from '../support/exec-process.js';

let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-exec-lock-'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A host note of the game's first turn: the plainest command that appends one event. */
const note = (writer: string, k: number) => ({
  type: 'host.logged',
  data: { turn: { season: 'spring', year: 1941 }, kind: 'note', data: { writer, k } },
});

interface Ack {
  readonly writer: string;
  readonly k: number;
  readonly seq: number;
  readonly id: string;
}

/**
 * Executes `count` notes one after another through `exec`, each reply awaited; a note refused as a conflict (the log
 * kept changing while it was decided) is sent again, as a host does. Every reply's wait, and what each note was
 * acknowledged as.
 */
async function writeNotes(exec: ExecProcess, writer: string, count: number): Promise<{ acks: Ack[]; waits: number[] }> {
  const acks: Ack[] = [];
  const waits: number[] = [];
  for (let k = 0; k < count; ) {
    const started = performance.now();
    const reply = await exec.ask({ id: k, op: 'execute', game: SEA_LION, command: note(writer, k) });
    waits.push(performance.now() - started);
    const rejection = reply['rejection'] as { code: string } | undefined;
    if (rejection?.code === 'conflict') continue;
    const events = reply['events'] as StoredEvent[] | undefined;
    if (reply['ok'] !== true || events?.length !== 1) throw new Error(`${writer}/${k}: ${JSON.stringify(reply)}`);
    const [event] = events;
    if (event !== undefined) acks.push({ writer, k, seq: event.seq, id: event.id });
    k += 1;
  }
  exec.child.stdin.end();
  const exit = await exec.exited();
  if (exit.code !== 0) throw new Error(`${writer} exited ${exit.code}: ${exit.stderr}`);
  return { acks, waits };
}

/** The log verifies, holds the events before plus every acknowledged note once, each at the seq it was given. */
async function expectEveryAckOnce(path: string, before: number, acks: readonly Ack[]): Promise<void> {
  expect(await verifyLog(path)).toMatchObject({ ok: true, events: before + acks.length });
  const events: StoredEvent[] = [];
  for await (const batch of (await JsonlFileStore.open(path)).read()) events.push(...batch);
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  expect(new Set(acks.map((a) => a.seq)).size).toBe(acks.length);
  for (const ack of acks) {
    const event = bySeq.get(ack.seq);
    expect([event?.id, event?.data]).toEqual([
      ack.id,
      { turn: { season: 'spring', year: 1941 }, kind: 'note', data: { writer: ack.writer, k: ack.k } },
    ]);
  }
}

const asRoot = process.getuid?.() === 0;
const requireRoot = process.env['AWAW_REQUIRE_ROOT'] === '1';
if (!asRoot && !requireRoot) console.log('the bind mount test is skipped: it needs root to mount (CI runs as root)');

describe('exec processes sharing one log', () => {
  it.runIf(asRoot || requireRoot)(
    'two paths of one file (a bind mount): 200 notes from an exec on each, every one acknowledged once at its seq; ' +
      'the log verifies',
    async () => {
      if (!asRoot) throw new Error('the bind mount test needs root (AWAW_REQUIRE_ROOT=1)');
      const a = join(dir, 'a.jsonl');
      const b = join(dir, 'b.jsonl');
      const { version } = await seaLionLog(a, 1);
      await writeFile(b, '');
      const mount = spawnSync('mount', ['--bind', a, b], { encoding: 'utf8' });
      expect(mount.status, mount.stderr).toBe(0);
      const execs = [startExec([a]), startExec([b])];
      try {
        const written = await Promise.all([
          writeNotes(execs[0] as ExecProcess, 'a', 200),
          writeNotes(execs[1] as ExecProcess, 'b', 200),
        ]);
        await expectEveryAckOnce(
          a,
          version,
          written.flatMap((w) => w.acks),
        );
      } finally {
        // The mount is busy while a process has the file open.
        for (const exec of execs) exec.child.kill('SIGKILL');
        await Promise.all(execs.map((exec) => exec.exited()));
        spawnSync('umount', [b]);
      }
    },
    120_000,
  );

  it('eight execs writing 100 notes each: every reply within a second; every note once at its seq', async () => {
    const path = join(dir, 'eight.jsonl');
    const { version } = await seaLionLog(path, 1);
    const writers = Array.from({ length: 8 }, (_, i) => `w${i}`);
    // Started and answering first: a process's start is no wait for the lock.
    const execs = writers.map(() => startExec([path]));
    let written: { acks: Ack[]; waits: number[] }[] = [];
    try {
      await Promise.all(execs.map((exec) => exec.ask({ op: 'games' })));
      written = await Promise.all(writers.map((w, i) => writeNotes(execs[i] as ExecProcess, w, 100)));
    } finally {
      for (const exec of execs) exec.child.kill('SIGKILL');
    }
    await expectEveryAckOnce(
      path,
      version,
      written.flatMap((w) => w.acks),
    );
    // Each reply as the driver waited for it, from its request written to the reply read.
    const waits = written.flatMap((w) => w.waits);
    const slowest = Math.max(...waits);
    console.log(`eight execs: ${waits.length} replies, the slowest after ${slowest.toFixed(1)} ms`);
    expect(slowest).toBeLessThan(1000);
  }, 120_000);

  it('an exec that gave up waiting for a lock another process keeps answers locked, writes nothing when the lock ' +
    'comes later, gives it back, and ends at EOF', async () => {
    const path = join(dir, 'held.jsonl');
    await seaLionLog(path, 1);
    const before = await readFile(path);
    const holder = holdWithFlock(path);
    let next: ChildProcess | null = null;
    try {
      await holder.locked;
      const exec = startExec([path]);
      // exec waits 5 s for the lock (its default), then answers.
      expect(await exec.ask({ id: 1, op: 'execute', game: SEA_LION, command: note('x', 0) })).toMatchObject({
        id: 1,
        ok: false,
        rejection: { code: 'store-failed', message: expect.stringContaining('still locked by another writer') },
      });
      process.kill(-(holder.child.pid ?? 0), 'SIGKILL');
      // exec's wait, still in the kernel's queue, is granted now and gives the lock back at once: the next holder
      // gets it.
      const second = holdWithFlock(path);
      next = second.child;
      await second.locked;
      exec.child.stdin.end();
      expect(await exec.exited()).toMatchObject({ code: 0, signal: null, stderr: '' });
      expect((await readFile(path)).equals(before)).toBe(true);
    } finally {
      for (const child of [holder.child, next])
        if (child !== null && child.exitCode === null && child.signalCode === null)
          process.kill(-(child.pid ?? 0), 'SIGKILL');
    }
  }, 60_000);
});

/** flock(1) holding the log's lock in a process group of its own; `locked` once it holds it. */
function holdWithFlock(path: string): { child: ChildProcess; locked: Promise<unknown> } {
  const child = spawn('flock', [path, '-c', 'echo locked; exec sleep 120'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return { child, locked: new Promise((resolve) => child.stdout?.once('data', resolve)) };
}
