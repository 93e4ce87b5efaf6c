// An inter-process lock for one log file: `${path}.lock`, created with O_EXCL, holding `<pid> <token>`.
// A lock whose process is gone is stale and is taken over under a second O_EXCL file (`.lock.takeover`),
// so that two processes never both remove a lock and both go ahead. Local file systems only (not NFS).
import { randomUUID } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';

export interface LockOptions {
  /** Give up after this long; default 5000 ms. */
  readonly timeoutMs?: number;
}

/** The lock stayed held by a live process for longer than the timeout. Nothing was written. */
export class LockTimeoutError extends Error {
  override readonly name = 'LockTimeoutError';
  constructor(
    readonly lockPath: string,
    readonly holder: number | null,
    readonly timeoutMs: number,
  ) {
    super(
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
  readonly token: string | null;
  readonly ino: number;
  readonly ageMs: number;
}

export async function withFileLock<T>(lockPath: string, run: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const token = await acquire(lockPath, options.timeoutMs ?? 5000);
  try {
    return await run();
  } finally {
    await release(lockPath, token);
  }
}

async function acquire(lockPath: string, timeoutMs: number): Promise<string> {
  const token = randomUUID();
  const deadline = Date.now() + timeoutMs;
  let delay = 1;
  for (;;) {
    if (await tryCreate(lockPath, `${process.pid} ${token}\n`)) {
      heldTokens.add(token);
      return token;
    }
    const holder = await readHolder(lockPath);
    if (holder === null) continue; // released between our attempt and our look: try again at once
    if (isStale(holder) && (await takeOver(lockPath, holder))) continue;
    if (Date.now() >= deadline) throw new LockTimeoutError(lockPath, holder.pid, timeoutMs);
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
}

async function release(lockPath: string, token: string): Promise<void> {
  heldTokens.delete(token);
  const holder = await readHolder(lockPath);
  // Remove only our own lock: never one that somebody else holds.
  if (holder !== null && holder.token === token) await unlinkIfPresent(lockPath);
}

/** Creates the file with O_EXCL; false when it exists. */
async function tryCreate(path: string, content: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx');
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(content, 'utf8');
  } finally {
    await handle.close();
  }
  return true;
}

async function readHolder(path: string): Promise<Holder | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    const info = await handle.stat();
    const raw = await handle.readFile('utf8');
    const match = /^(\d+) (\S+)\n$/.exec(raw);
    return {
      raw,
      pid: match === null ? null : Number(match[1]),
      token: match === null ? null : (match[2] ?? null),
      ino: info.ino,
      ageMs: Date.now() - info.mtimeMs,
    };
  } finally {
    await handle.close();
  }
}

function isStale(holder: Holder): boolean {
  // Created but not yet written (or unreadable): only stale once it is clearly abandoned.
  if (holder.pid === null) return holder.ageMs > UNWRITTEN_LOCK_GRACE_MS;
  if (holder.pid === process.pid) return holder.token === null || !heldTokens.has(holder.token);
  return !isAlive(holder.pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM'; // alive, owned by another user
  }
}

/**
 * Removes a stale lock, holding `.takeover` meanwhile: within it, the lock is read again and removed only if it
 * is still the very file judged stale (same inode and content), so a fresh lock taken in between survives.
 * True: try to lock again at once; false: somebody else is taking over, wait first.
 */
async function takeOver(lockPath: string, stale: Holder): Promise<boolean> {
  const guard = `${lockPath}.takeover`;
  const guardToken = randomUUID();
  if (!(await tryCreate(guard, `${process.pid} ${guardToken}\n`))) {
    // Somebody else is taking over. Their guard is removed only if they died in the middle of it.
    const other = await readHolder(guard);
    if (other === null) return true;
    if (isStale(other) && other.ageMs > UNWRITTEN_LOCK_GRACE_MS) await unlinkIfPresent(guard);
    return false;
  }
  heldTokens.add(guardToken);
  try {
    const again = await readHolder(lockPath);
    if (again !== null && again.ino === stale.ino && again.raw === stale.raw && isStale(again)) await unlinkIfPresent(lockPath);
    return true;
  } finally {
    heldTokens.delete(guardToken);
    await unlinkIfPresent(guard);
  }
}

async function unlinkIfPresent(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

export const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
