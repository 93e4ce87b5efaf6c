// The append lock against what operators and the system do to it with real processes:
// writers through a symlink and through the real path; a lock holder killed but not reaped (a zombie); a lock
// naming a live process that is not its writer (pid reuse); a live writer that keeps the lock.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { link, readFile, symlink, writeFile } from 'node:fs/promises';
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

describe("the lock is the file's, not the name's", () => {
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
    // One lock, beside the real file; none was ever made by the name of the link.
    expect(existsSync(`${linked}.lock`)).toBe(false);
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
});

describe.skipIf(!hasProc)('a lock whose holder is not a live writer', () => {
  it('a holder killed while its parent does not reap it (a ' +
    'zombie) does not hold the lock: the next append goes ahead at once', async () => {
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
      expect(readFileSync(`${path}.lock`, 'utf8')).toMatch(new RegExp(`^${holder} `));
      const exited = firstLine(parent, (line) => (line === 'exited' ? true : undefined));
      process.kill(holder, 'SIGKILL');
      await exited;
      expect(procState(holder)).toBe('Z');
      // kill(pid, 0) still succeeds for a zombie: that alone would wait out the whole timeout.
      expect(() => process.kill(holder, 0)).not.toThrow();
      // A lock judged held is waited on until the timeout and then refused (LockTimeoutError): the append succeeding
      // is the sign that it was judged stale.
      const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: 3000 });
      expect((await store.append([logged('g1')], logVersion(0))).version).toBe(1);
      expect(existsSync(`${path}.lock`)).toBe(false);
    } finally {
      for (const pid of [holder, parent.pid ?? 0]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  }, 30_000);

  it('a lock naming a live process that is not its writer (the pid reused) does not hold it', async () => {
    const path = await newLog();
    const holder = await holdLock(path);
    const left = await readFile(`${path}.lock`, 'utf8');
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    // What pid reuse leaves: the lock as its writer wrote it, but its pid now another, live process's.
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    started.push(other);
    try {
      await writeFile(`${path}.lock`, left.replace(/^\d+/, String(other.pid)));
      expect(() => process.kill(other.pid ?? 0, 0)).not.toThrow();
      // Judged held, it would be refused with LockTimeoutError once the timeout ran out.
      const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: 3000 });
      expect((await store.append([logged('g1')], logVersion(0))).version).toBe(1);
    } finally {
      other.kill('SIGKILL');
    }
  }, 30_000);

  it('a live writer holds the lock: LockTimeoutError names ' +
    'it, nothing written; once it is gone the append goes ahead', async () => {
    const path = await newLog();
    const holder = await holdLock(path);
    const before = await readFile(path);
    const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: 300 });
    const error: unknown = await store.append([logged('g1')], logVersion(0)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockTimeoutError);
    expect(error).toMatchObject({
      holder: holder.pid,
      message: expect.stringContaining(`held by process ${holder.pid}`),
    });
    expect((await readFile(path)).equals(before)).toBe(true);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect((await store.append([logged('g1')], logVersion(0))).version).toBe(1);
  }, 30_000);

  it('a lock still being written (empty) names no holder when it times out', async () => {
    const path = await newLog();
    await writeFile(`${path}.lock`, '');
    const store = await JsonlFileStore.open(path, { source: counterSource(), lockTimeoutMs: 200 });
    await expect(store.append([logged('g1')], logVersion(0))).rejects.toMatchObject({
      name: 'LockTimeoutError',
      holder: null,
    });
  });

  it("the lock line records the holder's pid and start time (field 22 of /proc/PID/stat)", async () => {
    const path = await newLog();
    const holder = await holdLock(path);
    try {
      const stat = readFileSync(`/proc/${holder.pid}/stat`, 'latin1');
      const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      expect(await readFile(`${path}.lock`, 'utf8')).toMatch(
        new RegExp(`^${holder.pid} ${startTime} [0-9a-f-]{36}\\n$`),
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
