// Taking a log's flock (./file-lock.ts) and waiting for it. A wait is flock(LOCK_EX) in libuv's thread pool: the
// kernel wakes its waiters at each release in about the order they came, so no writer is kept waiting behind a
// stream of later ones. One such wait per file and process: an acquisition of this process that finds one queues
// behind it, and takes the lock from it once granted. A wait cannot be taken back from the kernel: one whose
// acquisitions all gave up (their timeout) stays there, keeping one thread of the pool, until the lock is granted,
// and then releases it at once. Until then the process cannot end: at exit, libuv joins the threads of its pool.
import { closeSync } from 'node:fs';
import { StoreError } from '../store-error.js';

type FsExt = typeof import('./flock.js');

let native: FsExt | undefined;

export async function loadFlock(): Promise<void> {
  if (native !== undefined) return;
  try {
    native = await import('./flock.js');
  } catch (error) {
    throw new StoreError(
      'failed',
      'the file lock cannot be taken: its native module (fs-ext) is not built; `npm rebuild fs-ext` builds it',
      { cause: error },
    );
  }
}

const flockOf = (): FsExt => {
  if (native === undefined) throw new Error('loadFlock() first');
  return native;
};

interface Claim {
  /** The descriptor holding the lock, or null: queue again (the grant went to an earlier claim). */
  readonly resolve: (fd: number | null) => void;
  readonly reject: (error: unknown) => void;
  readonly timer: NodeJS.Timeout;
}

interface Wait {
  /** The descriptor waiting in the kernel. */
  readonly fd: number;
  /** The acquisitions of this process queued on it, first first. */
  readonly claims: Claim[];
}

/** The waits of this process in the kernel, by `dev:ino` of the file. */
const waits = new Map<string, Wait>();

/** Takes the lock on `fd` if it is free and nobody of this process waits for it: true; false when it is held. */
export function lockNow(key: string, fd: number): boolean {
  if (waits.has(key)) return false;
  try {
    flockOf().flockSync(fd, 'exnb');
    return true;
  } catch (error) {
    if (isBusy(error)) return false;
    closeQuietly(fd);
    throw error;
  }
}

/**
 * Waits until `deadline` for the lock of the file `key`, through `fd` or the wait of this process already queued for
 * it (then `fd` is closed). The descriptor that holds the lock once granted, or null: queue again.
 */
export function waitInLine(key: string, fd: number, deadline: number, timedOut: () => Error): Promise<number | null> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) {
    closeQuietly(fd);
    return Promise.reject(timedOut());
  }
  let wait = waits.get(key);
  if (wait === undefined) {
    const started: Wait = { fd, claims: [] };
    waits.set(key, started);
    flockOf().flock(fd, 'ex', (error) => settle(key, started, error));
    wait = started;
  } else closeQuietly(fd);
  const queue = wait.claims;
  return new Promise((resolve, reject) => {
    const claim: Claim = {
      resolve,
      reject,
      timer: setTimeout(() => {
        const at = queue.indexOf(claim);
        if (at >= 0) queue.splice(at, 1);
        reject(timedOut());
      }, remaining),
    };
    queue.push(claim);
  });
}

/** The kernel answered a wait: the first claim gets the lock, the others queue again; unclaimed, it is released. */
function settle(key: string, wait: Wait, error: NodeJS.ErrnoException | null): void {
  if (waits.get(key) === wait) waits.delete(key);
  const claims = wait.claims.splice(0);
  for (const claim of claims) clearTimeout(claim.timer);
  if (error !== null) {
    closeQuietly(wait.fd);
    for (const claim of claims) claim.reject(error);
    return;
  }
  const [first, ...rest] = claims;
  if (first === undefined) unlock(wait.fd);
  else first.resolve(wait.fd);
  for (const claim of rest) claim.resolve(null);
}

/** Releases the lock held on `fd` and closes it; closing alone releases it, whatever either call says. */
export function unlock(fd: number): void {
  release(fd);
  closeQuietly(fd);
}

/** Releases the lock held on `fd`, keeping it open for the next lock; false when the release failed (close it). */
export function release(fd: number): boolean {
  try {
    flockOf().flockSync(fd, 'un');
    return true;
  } catch {
    return false;
  }
}

export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // the descriptor is gone whatever close said
  }
}

/** The lock is held: EAGAIN, or EWOULDBLOCK where that is another code (Windows). */
function isBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'EAGAIN' || code === 'EWOULDBLOCK';
}
