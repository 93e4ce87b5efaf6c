// Writing under the log's lock (./file-lock.ts): through the locked descriptor, or, for a log with a second hard
// link (or one still settling after createLog), through one opened again and checked to be of the locked file; a
// batch written whole and flushed, or the file put back to its size before it.
import { fdatasyncSync, ftruncateSync, writeSync } from 'node:fs';
import type { LockedLog } from './file-lock.js';
import { openLogFile } from './log-file.js';

/** Runs `run` with a descriptor of the locked file open for writing. */
export async function throughLock<T>(real: string, locked: LockedLog, run: (fd: number) => Promise<T>): Promise<T> {
  const slow = locked.fd === null || locked.links > 1 ? await openLogFile(real, 'r+') : null;
  try {
    if (slow !== null) locked.check(slow.fd);
    return await run(slow === null ? (locked.fd as number) : slow.fd);
  } finally {
    await slow?.close();
  }
}

/**
 * Writes `bytes` at `position` and flushes them; on any failure the file is cut back to `position` (a batch is
 * never left in part) and the failure thrown. The data and the file's new size are what a reader needs: fdatasync,
 * not fsync (the times are not).
 */
export function writeBatch(fd: number, bytes: Buffer, position: number): void {
  try {
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
    fdatasyncSync(fd);
  } catch (error) {
    truncateQuietly(fd, position);
    throw error;
  }
}

/** After a failed write: the file back to its size before the batch, if the file system lets us. */
function truncateQuietly(fd: number, size: number): void {
  try {
    ftruncateSync(fd, size);
    fdatasyncSync(fd);
  } catch {
    // the write's error is the one to report; a torn end left behind is repaired by the next append
  }
}
