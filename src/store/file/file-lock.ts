// The inter-process lock of a log: flock(2), exclusive, on a descriptor of the log file itself. It belongs to the
// open file, not to a name, so it follows the inode whatever path reached it (the real path, a symlink, a bind
// mount), and the kernel releases it when its holder closes the file or dies: there is no lock file, and nothing
// stale to judge or take over. A log with several hard links is still refused for writing (./log-file.ts). The
// first try does not wait and is synchronous (a few microseconds, where a trip through libuv's thread pool costs far
// more: docs/performance.md); a writer that finds the lock held waits in the kernel (./lock-wait.ts). Local file
// systems only.
import { closeSync, constants, fstatSync, openSync, realpathSync, statSync, type BigIntStats } from 'node:fs';
import { StoreError } from '../store-error.js';
import { fileBoundary } from './fs-error.js';
import { closeQuietly, loadFlock, lockNow, release, unlock, waitInLine } from './lock-wait.js';

export interface LockOptions {
  /** Give up after this long; default 5000 ms. */
  readonly timeoutMs?: number;
}

/** Another writer kept the log locked for longer than the timeout. Nothing was written. */
export class LockTimeoutError extends StoreError {
  override readonly name = 'LockTimeoutError';
  constructor(
    readonly path: string,
    readonly timeoutMs: number,
  ) {
    super(
      'locked',
      `${path}: still locked by another writer after ${timeoutMs} ms (the lock does not say which process holds ` +
        'it); nothing was written: try again later',
    );
  }
}

/** The log as `run` is given it, locked. */
export interface LockedLog {
  /** The log's path with every symlink resolved: the file to open. */
  readonly path: string;
  /**
   * The descriptor that holds the lock, open for reading and writing (closed with the lock): null when the path
   * was no regular file, so nothing was locked.
   */
  readonly fd: number | null;
  /** Its hard links when it was locked. */
  readonly links: number;
  /**
   * Refuses a descriptor of any other file than the locked one (the path was given to another file meanwhile):
   * `run` then ends, and is run again once the file the path names now is locked.
   */
  check(fd: number): void;
}

/** The locked file's path names another file now: lock that one. */
class Replaced extends Error {}

interface Held {
  /** The log's path with every symlink resolved, when it was locked. */
  readonly real: string;
  readonly fd: number;
  readonly dev: bigint;
  readonly ino: bigint;
  readonly links: number;
}

/**
 * Runs `run` holding the lock of the log at `logPath`, given the log's real path and the locked descriptor: write
 * through that descriptor, or pass any other descriptor `run` opens to `check`, so that the file written is the file
 * locked. A lock taken once keeps no descriptor.
 */
export function withLogLock<T>(
  logPath: string,
  run: (realPath: string, locked: LockedLog) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  return new LogLock(logPath, false).run(run, options);
}

/**
 * The most descriptors the locks of one process keep between runs: the least recently used is closed past it, so a
 * server with a thousand games open holds at most these (and a store never closed, at most one of them).
 */
export const KEPT_DESCRIPTORS = 32;
/** The locks keeping a descriptor, least recently used first. */
const keeping = new Set<LogLock>();

/**
 * The lock of one log for a writer that takes it again and again (a store): between two runs the descriptor stays
 * open, unlocked, so that the next run costs one flock and one stat of the path (still the same file) instead of
 * resolving the path, opening and closing. Runs one at a time (the store's queue); `close` when done.
 */
export class LogLock {
  #kept: Held | null = null;

  /** `keep`: whether the descriptor stays open between runs. */
  constructor(
    readonly logPath: string,
    private readonly keep = true,
  ) {}

  run<T>(run: (realPath: string, locked: LockedLog) => Promise<T>, options: LockOptions = {}): Promise<T> {
    // The file store's boundary: a file system failure, of the lock's or of `run`'s, is thrown as a StoreError.
    return fileBoundary(async () => {
      let held = this.#kept === null ? null : await this.#relock(this.#kept);
      const timeoutMs = options.timeoutMs ?? 5000;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          if (held === null) {
            const real = realpathSync.native(this.logPath);
            held = await acquire(real, deadline, () => new LockTimeoutError(real, timeoutMs));
            // No regular file: nothing is locked, and `run`'s own open refuses it (or finds a log there by now).
            if (held === null)
              return await run(real, { path: real, fd: null, links: 0, check: (fd) => checkHeld(null, fd) });
          }
          return await this.#runHeld(held, run);
        } catch (error) {
          if (!(error instanceof Replaced)) throw error;
          held = null;
        }
      }
    });
  }

  /** Closes the kept descriptor. */
  close(): void {
    keeping.delete(this);
    if (this.#kept !== null) closeQuietly(this.#kept.fd);
    this.#kept = null;
  }

  async #runHeld<T>(held: Held, run: (realPath: string, locked: LockedLog) => Promise<T>): Promise<T> {
    const { real, fd, links } = held;
    try {
      return await run(real, { path: real, fd, links, check: (other) => checkHeld(held, other) });
    } finally {
      // A descriptor kept before a run that found its file replaced is of that file: this one takes its place.
      this.close();
      if (!this.keep || !release(fd)) closeQuietly(fd);
      else {
        this.#kept = held;
        keeping.add(this);
        if (keeping.size > KEPT_DESCRIPTORS) keeping.values().next().value?.close();
      }
    }
  }

  /**
   * The kept descriptor locked again, with the path's links now, if it is free at once and the path still names
   * its file; otherwise null (closed): the lock is taken the long way, waiting in line (./lock-wait.ts).
   */
  async #relock(kept: Held): Promise<Held | null> {
    this.#kept = null;
    keeping.delete(this);
    await loadFlock();
    let locked: boolean;
    try {
      locked = lockNow(`${kept.dev}:${kept.ino}`, kept.fd);
    } catch {
      // lockNow closed the descriptor; the long way reports what is wrong
      return null;
    }
    if (!locked) {
      closeQuietly(kept.fd);
      return null;
    }
    let links: number | null = null;
    try {
      links = linksIfNamed(this.logPath, kept);
    } catch {
      // the long way reports it
    }
    if (links !== null) return { ...kept, links };
    unlock(kept.fd);
    return null;
  }
}

function checkHeld(held: Held | null, fd: number): void {
  if (held === null || !sameFile(fstatSync(fd, { bigint: true }), held)) throw new Replaced();
}

const sameFile = (a: Pick<BigIntStats, 'dev' | 'ino'>, b: Pick<BigIntStats, 'dev' | 'ino'>): boolean =>
  a.dev === b.dev && a.ino === b.ino;

/** The hard links of the file `path` names now, if it is `file` (following symlinks); null if it names another. */
function linksIfNamed(path: string, file: Pick<BigIntStats, 'dev' | 'ino'>): number | null {
  const named = statSync(path, { bigint: true, throwIfNoEntry: false });
  return named !== undefined && sameFile(named, file) ? Number(named.nlink) : null;
}

/**
 * Locks the log at `real`. Null for a path that is not a regular file: it is not locked, and `run`'s own open
 * refuses it as no log (./log-file.ts).
 */
async function acquire(real: string, deadline: number, timedOut: () => Error): Promise<Held | null> {
  await loadFlock();
  for (;;) {
    const fd = openLock(real);
    if (fd === null) return null;
    let info: BigIntStats;
    try {
      info = fstatSync(fd, { bigint: true });
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    if (!info.isFile()) {
      closeSync(fd);
      return null;
    }
    const key = `${info.dev}:${info.ino}`;
    const locked = lockNow(key, fd) ? fd : await waitInLine(key, fd, deadline, timedOut);
    // null: the wait this one queued behind went to an earlier acquisition of this process; in line again.
    if (locked === null) continue;
    const links = linksIfNamed(real, info);
    if (links !== null) return { real, fd: locked, dev: info.dev, ino: info.ino, links };
    // The log was replaced (or removed) while this waited: the lock of the file the path names now is wanted.
    unlock(locked);
  }
}

/**
 * A descriptor of the log to lock, opened for writing as every lock holder writes (a read-only file system refuses
 * it here, before anything is locked); never blocking (a FIFO). Null where the path is a directory or a socket.
 */
function openLock(real: string): number | null {
  try {
    return openSync(real, constants.O_RDWR | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EISDIR' || code === 'ENXIO') return null;
    throw error;
  }
}

export const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
