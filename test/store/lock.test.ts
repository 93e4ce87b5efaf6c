// The append lock (flock on the log file itself) against what operators and the system do to it, with real
// processes: writers through a symlink and through the real path; a holder killed, also one left unreaped (a
// zombie); a live holder that keeps the lock; waits that time out; another program's flock; an old build's lock file.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { link, readdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { JsonlFileStore, LinkedLogError, LockTimeoutError } from '../../src/store/file/jsonl-file.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { assertBuilt, expectAcknowledged, holderScript, startTimedWorker } from './processes.js';
import { counterSource, logged, makeTempDir, readAll } from './support.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
let files = 0;
const started: ChildProcess[] = [];
const newLog = async (): Promise<string> => {
  const path = join(dir, `log-${++files}.jsonl`);
  await (await JsonlFileStore.open(path, { create: true })).close();
  return path;
};

beforeAll(async () => {
  assertBuilt();
  ({ dir, cleanup } = await makeTempDir());
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await cleanup();
});

const hasProc = existsSync('/proc/self/stat');

/** Resolves once a thread of this process waits in the kernel for a file lock (its wchan, /proc/self/task/). */
async function waitingInKernel(): Promise<void> {
  for (;;) {
    for (const task of await readdir('/proc/self/task')) {
      const wchan = await readFile(`/proc/self/task/${task}/wchan`, 'utf8').catch(() => '');
      if (/lock.*wait/.test(wchan)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** State (field 3) of /proc/PID/stat. */
const procState = (pid: number): string | null => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
};

/** Reads lines from a child's standard output until `wanted` returns a value. */
function firstLine<T>(child: ChildProcess, wanted: (line: string) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      for (const line of text.split('\n').slice(0, -1)) {
        const value = wanted(line);
        if (value !== undefined) resolve(value);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it said what was expected: ${text}`)));
  });
}

/** Starts lock-holder.mjs on `path` and waits until it holds the lock. */
async function holdLock(path: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [holderScript, path], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  await firstLine(child, (line) => (line === 'locked' ? true : undefined));
  return child;
}

const killed = async (child: ChildProcess): Promise<void> => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};

/** An append that must wait for the lock, and fails after `timeoutMs`. */
async function refusedAppend(path: string, timeoutMs: number): Promise<unknown> {
  const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: timeoutMs });
  return store.append([logged('g1')], logVersion(0)).catch((e: unknown) => e);
}

describe("the lock is the file's, not the name's", () => {
  it('a holder through a symlink keeps out a writer through the real path, and the reverse', async () => {
    const real = await newLog();
    const linked = join(dir, 'link-held.jsonl');
    await symlink(real, linked);
    for (const [held, written] of [
      [linked, real],
      [real, linked],
    ] as const) {
      const holder = await holdLock(held);
      expect(await refusedAppend(written, 200)).toBeInstanceOf(LockTimeoutError);
      await killed(holder);
    }
    expect(await verifyLog(real)).toMatchObject({ ok: true, events: 0 });
    // No lock file by either name: the lock is the file's own.
    expect((await readdir(dir)).filter((name) => name.endsWith('.lock'))).toEqual([]);
  });

  it('two processes appending for 2.5 s, one through the real path and one through a symlink: every acknowledged ' +
    'event once, at its seq; the log verifies', async () => {
    const real = await newLog();
    const linked = join(dir, 'link-to-real.jsonl');
    await symlink(real, linked);
    const workers = await Promise.all([startTimedWorker(real, 'real', 2500), startTimedWorker(linked, 'link', 2500)]);
    const codes = await Promise.all(workers.map((w) => w.exited));
    expect(codes, workers.map((w) => w.stderr()).join('\n')).toEqual([0, 0]);
    const events = await readAll(await JsonlFileStore.open(real));
    const acknowledged = expectAcknowledged(events, workers);
    expect(acknowledged).toBe(events.length);
    expect(workers.every((w) => w.acks.length > 0)).toBe(true);
    expect(await verifyLog(real)).toMatchObject({ ok: true, events: events.length });
  }, 30_000);

  it('a log with a second hard link is not written: LinkedLogError, through either name, nothing written', async () => {
    const real = await newLog();
    const hard = join(dir, 'hard-link.jsonl');
    await link(real, hard);
    const before = await readFile(real);
    for (const path of [real, hard]) {
      const store = await JsonlFileStore.open(path, { source: counterSource() });
      const error: unknown = await store.append([logged('g1')], logVersion(0)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LinkedLogError);
      expect(error).toMatchObject({ links: 2, message: expect.stringContaining('the log has 2 hard links') });
    }
    expect((await readFile(real)).equals(before)).toBe(true);
  });

  it('another program holding flock(1) on the log keeps writers out', async () => {
    const path = await newLog();
    // flock(1) runs its command holding the lock; the command (a process group of its own) prints "locked".
    const flock = spawn('flock', [path, '-c', 'echo locked; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    started.push(flock);
    await firstLine(flock, (line) => (line === 'locked' ? true : undefined));
    expect(await refusedAppend(path, 200)).toBeInstanceOf(LockTimeoutError);
    const exited = new Promise((resolve) => flock.once('exit', resolve));
    process.kill(-(flock.pid ?? 0), 'SIGKILL');
    await exited;
    expect(await refusedAppend(path, 5000)).toMatchObject({ version: 1 });
  });

  it('a lock file an older build left beside the log is ignored: the append goes ahead at once', async () => {
    const path = await newLog();
    const live = spawn('sleep', ['60'], { stdio: 'ignore' });
    started.push(live);
    await writeFile(`${path}.lock`, `${live.pid} 12345 7f1c0de0-dead-4bad-8bad-0123456789ab\n`);
    const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: 0 });
    expect((await store.append([logged('g1')], logVersion(0))).version).toBe(1);
    expect(await readFile(`${path}.lock`, 'utf8')).toBe(`${live.pid} 12345 7f1c0de0-dead-4bad-8bad-0123456789ab\n`);
    live.kill('SIGKILL');
  });
});

describe.skipIf(!hasProc)('a log replaced while a writer waits', () => {
  it("the writer locks the file the path names once it is granted the old one: it waits for that file's holder " +
    'and writes neither file meanwhile', async () => {
    const path = await newLog();
    const replacement = await newLog();
    const oldHolder = await holdLock(path);
    const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: 3000 });
    const waiting = store.append([logged('g1')], logVersion(0)).catch((e: unknown) => e);
    await waitingInKernel();
    // The log is moved away and another put in its place, whose lock another process holds.
    await rename(path, `${path}.old`);
    await rename(replacement, path);
    const newHolder = await holdLock(path);
    const before = await readFile(path);
    await killed(oldHolder);
    // Granted the old file's lock, the writer finds the path naming another file and waits for that one's lock.
    expect(await waiting).toBeInstanceOf(LockTimeoutError);
    expect((await readFile(path)).equals(before)).toBe(true);
    expect(await verifyLog(`${path}.old`)).toMatchObject({ ok: true, events: 0 });
    await killed(newHolder);
    expect((await store.append([logged('g1')], logVersion(0))).version).toBe(1);
  }, 30_000);
});

describe('a holder that is gone releases the lock', () => {
  it('a writer waiting for a holder goes ahead once the holder is SIGKILLed', async () => {
    const path = await newLog();
    const holder = await holdLock(path);
    const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: 30_000 });
    const waiting = store.append([logged('g1')], logVersion(0));
    await killed(holder);
    expect((await waiting).version).toBe(1);
  }, 40_000);

  it.skipIf(!hasProc)(
    'a holder killed while its parent does not reap it (a zombie) holds nothing: the next append goes ahead at once',
    async () => {
      const path = await newLog();
      // A python parent that starts the holder and never reaps it: once killed, the holder stays a zombie. The parent
      // says "exited" when it sees the holder exit (waitid with WNOWAIT, which leaves it unreaped).
      const parent = spawn(
        'python3',
        [
          '-c',
          [
            'import os,subprocess,sys,time',
            'p=subprocess.Popen(sys.argv[1:],stdout=subprocess.PIPE)',
            'p.stdout.readline()',
            'print(p.pid,flush=True)',
            'os.waitid(os.P_PID,p.pid,os.WEXITED|os.WNOWAIT)',
            'print("exited",flush=True)',
            'time.sleep(60)',
          ].join('\n'),
          process.execPath,
          holderScript,
          path,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      started.push(parent);
      const holder = await firstLine(parent, (line) => (/^\d+$/.test(line) ? Number(line) : undefined));
      try {
        expect(await refusedAppend(path, 0)).toBeInstanceOf(LockTimeoutError);
        const exited = firstLine(parent, (line) => (line === 'exited' ? true : undefined));
        process.kill(holder, 'SIGKILL');
        await exited;
        expect(procState(holder)).toBe('Z');
        // No wait at all: the kernel released the lock when the holder died.
        const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: 0 });
        expect((await store.append([logged('g1')], logVersion(0))).version).toBe(1);
      } finally {
        for (const pid of [holder, parent.pid ?? 0]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
    },
    30_000,
  );
});

describe('a live holder', () => {
  it('keeps the lock: LockTimeoutError in words, nothing written; once it is gone the append goes ahead', async () => {
    const path = await newLog();
    const holder = await holdLock(path);
    const before = await readFile(path);
    const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: 300 });
    const error: unknown = await store.append([logged('g1')], logVersion(0)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockTimeoutError);
    expect(error).toMatchObject({
      name: 'LockTimeoutError',
      kind: 'locked',
      path,
      timeoutMs: 300,
      message:
        `${path}: still locked by another writer after 300 ms (the lock does not say which process holds it); ` +
        'nothing was written: try again later',
    });
    expect((await readFile(path)).equals(before)).toBe(true);
    await killed(holder);
    expect((await store.append([logged('g1')], logVersion(0))).version).toBe(1);
  }, 30_000);

  it('waits that time out one after another keep one wait in the kernel: the thread pool still reads files, and ' +
    'the wait left gives the lock up once granted', async () => {
    const path = await newLog();
    const holder = await holdLock(path);
    // More timed-out waits than libuv's pool has threads (4): were each left blocking a thread, no read could end.
    for (let i = 0; i < 6; i += 1) expect(await refusedAppend(path, 50)).toBeInstanceOf(LockTimeoutError);
    expect((await readFile(path, 'utf8')).split('\n')).toHaveLength(2);
    await killed(holder);
    // The wait left in the kernel is granted now and releases the lock at once: another process can take it.
    const next = await holdLock(path);
    await killed(next);
  }, 30_000);
});
