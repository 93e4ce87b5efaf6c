// Creating and opening a log file. A log is a regular file: a FIFO would block a reader forever (open waits for a
// writer, reads wait for data), a device such as /dev/zero never ends, a directory or a socket holds no lines. Every
// reader and writer opens a log here: without blocking, then the open file itself is checked (fstat), so that what was
// checked is what is read. A writer also refuses a file with several hard links: a second name of a log is most
// often taken for a backup, which it is not (it changes with the log).
import { randomUUID } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { link, open, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorCode } from './file-lock.js';
import { fileBoundary } from './fs-error.js';
import { headerLine } from '../line-format.js';
import { StoreError } from '../store-error.js';

/** The path is not a regular file (a FIFO, a device, a directory, a socket): it cannot be a log. */
export class NotALogFileError extends StoreError {
  override readonly name = 'NotALogFileError';
  constructor(
    readonly path: string,
    readonly fileKind: string,
  ) {
    super('not-a-log', `${path}: not a regular file (${fileKind}): a log is a regular file`);
  }
}

/** The log has more than one hard link: it is written through one name only. */
export class LinkedLogError extends StoreError {
  override readonly name = 'LinkedLogError';
  constructor(
    readonly path: string,
    readonly links: number,
  ) {
    super(
      'not-a-log',
      `${path}: the log has ${links} hard links, and a log is written through one name only: remove the other ` +
        'links (a copy, not a hard link, makes a backup)',
    );
  }
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isDirectory()) return 'a directory';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'not a file';
}

/**
 * How long a writer waits for a second link to go: `createLog` links a new log into place, then unlinks its temporary
 * name.
 */
const LINK_SETTLE_TRIES = 25;
const LINK_SETTLE_MS = 20;

/**
 * Opens the log at `path` for reading (`r`) or for writing in place (`r+`). Throws NotALogFileError for anything but
 * a regular file (never blocking on a FIFO), and for `r+` LinkedLogError for a file with several hard links.
 */
export async function openLogFile(path: string, mode: 'r' | 'r+'): Promise<FileHandle> {
  for (let attempt = 1; ; attempt += 1) {
    const handle = await openChecked(path, mode);
    const { nlink } = await handle.stat();
    if (mode === 'r' || nlink <= 1) return handle;
    await handle.close();
    if (attempt >= LINK_SETTLE_TRIES) throw new LinkedLogError(path, nlink);
    await new Promise((resolve) => setTimeout(resolve, LINK_SETTLE_MS));
  }
}

async function openChecked(path: string, mode: 'r' | 'r+'): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, openFlags(mode));
  } catch (error) {
    throw notALogFile(path, error);
  }
  const info = await handle.stat();
  if (info.isFile()) return handle;
  await handle.close();
  throw new NotALogFileError(path, kindOf(info));
}

/** O_NONBLOCK: opening a FIFO does not wait for a writer; it changes nothing for a regular file. */
const openFlags = (mode: 'r' | 'r+'): number =>
  (mode === 'r' ? constants.O_RDONLY : constants.O_RDWR) | (constants.O_NONBLOCK ?? 0);

/** The error of an open that failed: a socket or a directory is no log. */
function notALogFile(path: string, error: unknown): unknown {
  const code = errorCode(error);
  if (code === 'ENXIO') return new NotALogFileError(path, 'a socket');
  if (code === 'EISDIR') return new NotALogFileError(path, 'a directory');
  return error;
}

/**
 * `openLogFile` as one synchronous open and fstat (the hot path of an append: a few microseconds, where each trip
 * through libuv's thread pool costs tens to hundreds): a file descriptor, or null for `r+` when the file has several
 * hard links (then `openLogFile` waits for them to settle, or refuses it).
 */
export function openLogFd(path: string, mode: 'r' | 'r+'): number | null {
  let fd: number;
  try {
    fd = openSync(path, openFlags(mode));
  } catch (error) {
    throw notALogFile(path, error);
  }
  const info = fstatSync(fd);
  if (info.isFile() && (mode === 'r' || info.nlink <= 1)) return fd;
  closeSync(fd);
  if (!info.isFile()) throw new NotALogFileError(path, kindOf(info));
  return null;
}

/** Bytes per read when streaming a log. */
export const DEFAULT_CHUNK_SIZE = 1024 * 1024;

/** Reads `length` bytes at `position` into `into` (a new buffer by default); fewer at the end of the file. */
export async function readAt(
  handle: FileHandle,
  position: number,
  length: number,
  into: Buffer = Buffer.alloc(length),
): Promise<Buffer> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(into, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return into.subarray(0, done);
}

/** The buffer, or one twice as large holding its first `carried` bytes when they fill it (a line longer than it). */
export function roomAfter(buffer: Buffer<ArrayBuffer>, carried: number): Buffer<ArrayBuffer> {
  if (carried < buffer.length) return buffer;
  const grown = Buffer.allocUnsafe(buffer.length * 2);
  buffer.copy(grown, 0, 0, carried);
  return grown;
}

/** `readAt` on a file descriptor, synchronously. */
export function readAtSync(fd: number, position: number, length: number, into: Buffer = Buffer.alloc(length)): Buffer {
  let done = 0;
  while (done < length) {
    const bytesRead = readSync(fd, into, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return into.subarray(0, done);
}

/**
 * Creates a log holding only its header, atomically: written to a temporary file, fsynced, then linked into
 * place (which fails if the log appeared meanwhile), and the directory fsynced. An existing file is kept. A file
 * system failure is thrown as a StoreError (./fs-error.ts).
 */
export function createLog(path: string): Promise<void> {
  return fileBoundary(() => createLogFile(path));
}

async function createLogFile(path: string): Promise<void> {
  if (await exists(path)) return;
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(`${headerLine().line}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await link(temporary, path);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    // Also when the disk is full or the header could not be written: no temporary file is left behind.
    await unlink(temporary).catch(() => undefined);
  }
  await syncDirectory(dirname(path));
}

/** fsync a directory so that a new entry in it survives a crash (not possible on every platform). */
export async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw error;
  } finally {
    await handle?.close();
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}
