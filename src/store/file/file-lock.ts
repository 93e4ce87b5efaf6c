// An inter-process lock for one log file: `<real path>.lock`, created with O_EXCL, holding
// `<pid> <start time> <token>`. It is keyed on what the file is (its path with every symlink resolved), not on the
// name it was opened by, so that writers through a symlink and through the real path share one lock (a log with
// several hard links is refused for writing: ./log-file.ts). A lock whose holder is gone, a zombie, or another
// process that was given its pid (./process-info.ts) is stale and is taken over under a second O_EXCL file
// (`.lock.takeover`), so that two processes never both remove a lock and both go ahead. Local file systems only.
// The lock file's own calls are synchronous: each is a few microseconds on a local disk, where a trip through
// libuv's thread pool costs far more (docs/performance.md); only waiting for another holder sleeps. Its content is a
// hint for judging a stale lock, never needed after a crash, so it is not fsynced.
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFileSync,
  realpathSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { StoreError } from '../store-error.js';
import { fileBoundary } from './fs-error.js';
import { isSameLiveProcess, selfStartTime } from './process-info.js';

export interface LockOptions {
  /** Give up after this long; default 5000 ms. */
  readonly timeoutMs?: number;
}

/**
 * The lock stayed held for longer than the timeout; `holder` is set only when a live writer holds it. Nothing was
 * written.
 */
export class LockTimeoutError extends StoreError {
  override readonly name = 'LockTimeoutError';
  constructor(
    readonly lockPath: string,
    readonly holder: number | null,
    readonly timeoutMs: number,
  ) {
    super(
      'locked',
      `${lockPath}: still held${holder === null ? '' : ` by process ${holder}`} after ${timeoutMs} ms; ` +
        'if no awaw-surrender process is running, delete the lock file',
    );
  }
}

/** A lock file whose content is still being written is only presumed dead after this long. */
const UNWRITTEN_LOCK_GRACE_MS = 2000;
/** Tokens of the locks this process holds: a lock carrying our own pid but not one of these is stale (pid reuse). */
const heldTokens = new Set<string>();

interface Holder {
  readonly raw: string;
  readonly pid: number | null;
  /** The holder's start time as recorded (null: not recorded, a lock of an older build or where /proc is missing). */
  readonly startTime: string | null;
  readonly token: string | null;
  readonly ino: number;
  readonly ageMs: number;
}

/**
 * Runs `run` holding the lock of the log at `logPath`. The lock is named after the log's real path (symlinks
 * resolved), and `run` is given that path: open the file by it, so that the locked file is the written one.
 */
export async function withLogLock<T>(
  logPath: string,
  run: (realPath: string) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  // The file store's boundary: a file system failure, of the lock's or of `run`'s, is thrown as a StoreError.
  return fileBoundary(() => {
    const real = realpathSync.native(logPath);
    return withFileLock(`${real}.lock`, () => run(real), options);
  });
}

export async function withFileLock<T>(lockPath: string, run: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const token = await acquire(lockPath, options.timeoutMs ?? 5000);
  try {
    return await run();
  } finally {
    await release(lockPath, token);
  }
}

const lockLine = (token: string): string => `${process.pid} ${selfStartTime ?? '-'} ${token}\n`;

async function acquire(lockPath: string, timeoutMs: number): Promise<string> {
  const token = randomUUID();
  const deadline = Date.now() + timeoutMs;
  let delay = 1;
  for (;;) {
    if (tryCreate(lockPath, lockLine(token))) {
      heldTokens.add(token);
      return token;
    }
    const holder = readHolder(lockPath);
    if (holder === null) continue; // released between our attempt and our look: try again at once
    const stale = await isStale(holder);
    if (stale && (await takeOver(lockPath, holder))) continue;
    if (Date.now() >= deadline) throw new LockTimeoutError(lockPath, stale ? null : holder.pid, timeoutMs);
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
}

async function release(lockPath: string, token: string): Promise<void> {
  heldTokens.delete(token);
  const holder = readHolder(lockPath);
  // Remove only our own lock: never one that somebody else holds.
  if (holder !== null && holder.token === token) unlinkIfPresent(lockPath);
}

/** Creates the file with O_EXCL; false when it exists. A file it cannot fill (a full disk) is removed again. */
function tryCreate(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(fd, content, 'utf8');
  } catch (error) {
    // An empty lock would make every writer wait out its grace period: it is ours, so it goes.
    closeQuietly(fd);
    try {
      unlinkIfPresent(path);
    } catch {
      // the write's error is the one to report
    }
    throw error;
  }
  closeSync(fd);
  return true;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already failing: the first error is reported
  }
}

const LOCK_LINE = /^(\d+) (\d+|-) (\S+)\n$/;
/** The lock line of builds before the start time was recorded. */
const OLD_LOCK_LINE = /^(\d+) (\S+)\n$/;

function readHolder(path: string): Holder | null {
  let fd: number;
  try {
    // Never blocking: something other than a lock file in its place (a FIFO) reads as an unwritten lock.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    const info = fstatSync(fd);
    const raw = readRaw(fd);
    const match = LOCK_LINE.exec(raw);
    const old = match === null ? OLD_LOCK_LINE.exec(raw) : null;
    const pid = match?.[1] ?? old?.[1];
    const startTime = match?.[2];
    return {
      raw,
      pid: pid === undefined ? null : Number(pid),
      startTime: startTime === undefined || startTime === '-' ? null : startTime,
      token: match?.[3] ?? old?.[2] ?? null,
      ino: info.ino,
      ageMs: Date.now() - info.mtimeMs,
    };
  } finally {
    closeSync(fd);
  }
}

/** A lock's text; a FIFO or the like in its place (EAGAIN: nothing to read yet) reads as empty, an unwritten lock. */
function readRaw(fd: number): string {
  try {
    return readFileSync(fd, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'EAGAIN') return '';
    throw error;
  }
}

async function isStale(holder: Holder): Promise<boolean> {
  // Created but not yet written (or unreadable): only stale once it is clearly abandoned.
  if (holder.pid === null) return holder.ageMs > UNWRITTEN_LOCK_GRACE_MS;
  if (holder.pid === process.pid) return holder.token === null || !heldTokens.has(holder.token);
  return !(await isSameLiveProcess(holder.pid, holder.startTime));
}

/**
 * Removes a stale lock, holding `.takeover` meanwhile: within it, the lock is read again and removed only if it
 * is still the very file judged stale (same inode and content), so a fresh lock taken in between survives.
 * True: try to lock again at once; false: somebody else is taking over, wait first.
 */
async function takeOver(lockPath: string, stale: Holder): Promise<boolean> {
  const guard = `${lockPath}.takeover`;
  const guardToken = randomUUID();
  if (!tryCreate(guard, lockLine(guardToken))) {
    // Somebody else is taking over. Their guard is removed only if they died in the middle of it.
    const other = readHolder(guard);
    if (other === null) return true;
    if (other.ageMs > UNWRITTEN_LOCK_GRACE_MS && (await isStale(other))) unlinkIfPresent(guard);
    return false;
  }
  heldTokens.add(guardToken);
  try {
    const again = readHolder(lockPath);
    if (again !== null && again.ino === stale.ino && again.raw === stale.raw && (await isStale(again)))
      unlinkIfPresent(lockPath);
    return true;
  } finally {
    heldTokens.delete(guardToken);
    unlinkIfPresent(guard);
  }
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

export const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
