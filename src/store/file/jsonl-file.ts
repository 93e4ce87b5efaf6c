// The event store as an append-only JSON Lines file (format: docs/log-format.md, src/store/line-format.ts).
// Open reads only the header and the tail; appends take the log's lock (`<real path>.lock`, ./file-lock.ts),
// write a batch in one write and fdatasync before they resolve; reads stream the file in large chunks. The calls
// of an append and of `head()` are synchronous: each costs microseconds on a local disk, where a trip through
// libuv's thread pool costs far more, and an append made about twenty of them (docs/performance.md).
import { SerialQueue } from '../../async/serial-queue.js';
import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { logVersion, type LogVersion, type NewEvent, type StoredEvent } from '../../../events/index.js';
import {
  decodeEventLine,
  HASH_TAIL_BYTES,
  LogError,
  MAX_HEADER_BYTES,
  MAX_LINE_BYTES,
  tooLong,
} from '../line-format.js';
import { withLogLock } from './file-lock.js';
import { createLog, DEFAULT_CHUNK_SIZE, openLogFd, openLogFile, readAtSync } from './log-file.js';
import { decodeLogHeader, isExactUtf8, readLog, scanLog } from './scan.js';
import { checkNewEvents, sealEvents, type ChainTip } from '../seal.js';
import { SharedLogStore } from '../shared-log.js';
import {
  checkExpected,
  systemEnvelopeSource,
  TornLogError,
  type AppendResult,
  type EnvelopeSource,
  type LogHead,
  type ReadOptions,
} from '../store.js';
import { StoreError } from '../store-error.js';
import { fileBoundary, fileBoundaryStream, fileError } from './fs-error.js';

export { LockTimeoutError } from './file-lock.js';
export { LinkedLogError, NotALogFileError } from './log-file.js';

export interface JsonlFileStoreOptions {
  /** Create the file (header only) when it does not exist; default false. */
  readonly create?: boolean;
  readonly source?: EnvelopeSource;
  /** Bytes per read when streaming, and per step when reading the tail backwards; default 1 MiB. */
  readonly chunkSize?: number;
  /** How long an append waits for another process's lock; default 5000 ms. */
  readonly lockTimeoutMs?: number;
}

interface Header {
  readonly hash: string;
  /** Byte offset just past line 1 (its `\n` included when present). */
  readonly end: number;
  readonly terminated: boolean;
}

/** What the end of the file said when last looked at. */
interface Tail extends ChainTip {
  readonly ino: number;
  readonly size: number;
  /** The line number of a torn last line, or null when the file ends in `\n`. */
  readonly tornLine: number | null;
}

const NEWLINE = 0x0a;

/** One shared log in a file, whole and as its games' streams (../shared-log.ts); file system failures: StoreErrors. */
export class JsonlFileStore extends SharedLogStore {
  readonly path: string;
  readonly #source: EnvelopeSource;
  readonly #chunkSize: number;
  readonly #lockTimeoutMs: number;
  #header: Header;
  #tail: Tail;
  /** Appends one at a time in this process (the lock orders them between processes). */
  readonly #queue = new SerialQueue();
  #closed = false;

  private constructor(path: string, options: JsonlFileStoreOptions, header: Header, tail: Tail) {
    super();
    this.path = path;
    this.#source = options.source ?? systemEnvelopeSource;
    this.#chunkSize = chunkSizeOf(options);
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 5000;
    this.#header = header;
    this.#tail = tail;
  }

  /**
   * Opens a log, reading only its header and its last lines. A file of another or a newer format is refused
   * with the LogError of line 1, a path that is not a regular file with NotALogFileError. A torn last line is
   * noted: reads work, appends throw TornLogError.
   */
  static open(path: string, options: JsonlFileStoreOptions = {}): Promise<JsonlFileStore> {
    return fileBoundary(() => JsonlFileStore.#open(path, options));
  }

  static async #open(path: string, options: JsonlFileStoreOptions): Promise<JsonlFileStore> {
    if (options.create === true) await createLog(path);
    const handle = await openLogFile(path, 'r');
    try {
      const info = await handle.stat();
      const header = readHeader(handle.fd, info.size);
      const tail = await readTail(path, handle.fd, info.ino, info.size, header, chunkSizeOf(options));
      return new JsonlFileStore(path, options, header, tail);
    } finally {
      await handle.close();
    }
  }

  /** Whether the file ended in a torn line when last looked at (appends look again under the lock). */
  get torn(): boolean {
    return this.#tail.tornLine !== null;
  }

  override async version(): Promise<LogVersion> {
    return (await this.head()).seq;
  }

  override head(): Promise<LogHead> {
    return fileBoundary(() => this.#head());
  }

  async #head(): Promise<LogHead> {
    this.#assertOpen();
    // A reader's open never finds "several links" in its way: always a descriptor.
    const fd = openLogFd(this.path, 'r') as number;
    try {
      const tail = await this.#refresh(fd);
      return { seq: logVersion(tail.seq), hash: tail.hash };
    } finally {
      closeSync(fd);
    }
  }

  override async append(
    events: readonly NewEvent[],
    expected: LogVersion,
    expectedHash?: string,
  ): Promise<AppendResult> {
    this.#assertOpen();
    // A caller's mistake is refused before anything is locked or written.
    checkNewEvents(events);
    // The lock is the file's, whatever name it was opened by; the file is written by the name that was locked.
    const appended = this.#serialize(() =>
      withLogLock(this.path, (real) => this.#appendLocked(real, events, expected, expectedHash), {
        timeoutMs: this.#lockTimeoutMs,
      }),
    );
    return appended.then(
      (result) => {
        this.announce(result.events);
        return result;
      },
      (error: unknown) => {
        throw fileError(error);
      },
    );
  }

  override async *read(options: ReadOptions = {}): AsyncGenerator<readonly StoredEvent[], void, undefined> {
    this.#assertOpen();
    // A fragment after the last `\n` (a torn line, or another process's write in progress) is not read.
    yield* fileBoundaryStream(readLog(this.path, { ...options, chunkSize: this.#chunkSize }));
  }

  override async close(): Promise<void> {
    this.#closed = true;
    await super.close();
    await this.#queue.settled();
  }

  async #appendLocked(
    real: string,
    events: readonly NewEvent[],
    expected: LogVersion,
    expectedHash: string | undefined,
  ): Promise<AppendResult> {
    // A second hard link (or one still settling after createLog) takes the slow path, which waits or refuses.
    const fast = openLogFd(real, 'r+');
    const slow = fast === null ? await openLogFile(real, 'r+') : null;
    const fd = fast ?? (slow as FileHandle).fd;
    try {
      const tail = await this.#refresh(fd);
      if (tail.tornLine !== null) throw new TornLogError(this.path, tail.tornLine);
      const stale = checkExpected(tail, expected, expectedHash);
      if (stale !== null) throw stale;
      const batch = sealEvents(events, tail, this.#source);
      if (batch.events.length === 0)
        return { version: logVersion(tail.seq), events: [], head: { seq: logVersion(tail.seq), hash: tail.hash } };
      const bytes = Buffer.from(batch.text, 'utf8');
      try {
        writeAll(fd, bytes, tail.size);
        // The data and the file's new size are what a reader needs: fdatasync, not fsync (the times are not).
        fdatasyncSync(fd);
      } catch (error) {
        // Leave no partial batch behind: the append did not happen.
        this.#tail = { ...tail, size: -1 };
        truncateQuietly(fd, tail.size);
        throw error;
      }
      this.#tail = {
        ino: tail.ino,
        size: tail.size + bytes.length,
        seq: batch.tip.seq,
        hash: batch.tip.hash,
        tornLine: null,
      };
      return {
        version: logVersion(batch.tip.seq),
        events: batch.events,
        head: { seq: logVersion(batch.tip.seq), hash: batch.tip.hash },
      };
    } finally {
      if (slow === null) closeSync(fd);
      else await slow.close();
    }
  }

  /**
   * Looks at the tail again if the file changed since (appended to, or repaired, cut back, rewritten: a log cut
   * back and grown again may have its old size, so the hash ending the known last line is read again).
   */
  async #refresh(fd: number): Promise<Tail> {
    const info = fstatSync(fd);
    const known = this.#tail;
    const unchanged =
      info.size === known.size && info.ino === known.ino && known.tornLine === null && endsWith(fd, known);
    if (unchanged) return known;
    if (info.ino !== known.ino || info.size <= known.size) this.#header = readHeader(fd, info.size);
    this.#tail = await readTail(this.path, fd, info.ino, info.size, this.#header, this.#chunkSize);
    return this.#tail;
  }

  #serialize<T>(task: () => Promise<T>): Promise<T> {
    return this.#queue.run(task);
  }

  #assertOpen(): void {
    if (this.#closed) throw new StoreError('closed', `${this.path}: the event store is closed`);
  }
}

function chunkSizeOf(options: JsonlFileStoreOptions): number {
  return Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_SIZE));
}

function writeAll(fd: number, bytes: Buffer, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** After a failed write: the file back to its size before the batch, if the file system lets us. */
function truncateQuietly(fd: number, size: number): void {
  try {
    ftruncateSync(fd, size);
    fdatasyncSync(fd);
  } catch {
    // the write's error is the one to report; a torn end left behind is refused until `verify --repair`
  }
}

/** Whether the file's last line still ends in the known hash (it ends at `size - 1`, in `"}\n`). */
function endsWith(fd: number, known: Tail): boolean {
  const at = known.size - 1 - HASH_TAIL_BYTES;
  return at >= 0 && readAtSync(fd, at, HASH_TAIL_BYTES - 2).toString('latin1') === known.hash;
}

function readHeader(fd: number, size: number): Header {
  if (size === 0) throw new LogError(1, '$', 'the file is empty: not an awaw-surrender log');
  const bytes = readAtSync(fd, 0, Math.min(size, MAX_HEADER_BYTES + 1));
  const newline = bytes.indexOf(NEWLINE);
  if (newline < 0 && bytes.length > MAX_HEADER_BYTES) throw tooLong(1);
  const end = newline < 0 ? bytes.length : newline;
  const { hash } = decodeLogHeader(bytes.toString('utf8', 0, end));
  return newline < 0 ? { hash, end, terminated: false } : { hash, end: newline + 1, terminated: true };
}

/** The offset of the last `\n` in [floor, before), reading backwards `step` bytes at a time; -1 if none. */
function lastNewline(fd: number, floor: number, before: number, step: number): number {
  let end = before;
  while (end > floor) {
    const start = Math.max(floor, end - step);
    const index = readAtSync(fd, start, end - start).lastIndexOf(NEWLINE);
    if (index >= 0) return start + index;
    end = start;
  }
  return -1;
}

/**
 * Reads the end of the file: the last whole line is decoded and its seal checked against the hash at the end
 * of the line before it, so the seq and hash to chain onto are learnt without reading the whole log. If that
 * line is bad, the whole file is checked to name the first bad line.
 */
async function readTail(
  path: string,
  fd: number,
  ino: number,
  size: number,
  header: Header,
  step: number,
): Promise<Tail> {
  if (!header.terminated) return { ino, size, seq: 0, hash: header.hash, tornLine: 1 };
  const floor = header.end - 1; // the header's `\n`
  // No line, whole or torn, is longer than MAX_LINE_BYTES: the search for a line break stops there.
  const last = size - 1 > floor ? lastNewline(fd, Math.max(floor, size - 1 - MAX_LINE_BYTES), size, step) : floor;
  if (last < 0) throw await firstBadLine(path, tooLong(0));
  const end = last;
  const tornLine = end === size - 1 ? null : 0; // its number is known once the last whole seq is
  if (end === floor) return { ino, size, seq: 0, hash: header.hash, tornLine: tornLine === null ? null : 2 };
  const before = lastNewline(fd, Math.max(floor, end - 1 - MAX_LINE_BYTES), end, step);
  if (before < 0) throw await firstBadLine(path, tooLong(0));
  const start = before;
  let prevHash = header.hash;
  if (start > floor) {
    prevHash =
      start - HASH_TAIL_BYTES >= header.end
        ? readAtSync(fd, start - HASH_TAIL_BYTES, HASH_TAIL_BYTES - 2).toString('latin1')
        : '';
  }
  const bytes = readAtSync(fd, start + 1, end - start - 1);
  const text = bytes.toString('utf8');
  let event: StoredEvent;
  try {
    if (!isExactUtf8(bytes, text)) throw new LogError(0, '$', 'not valid UTF-8 text');
    event = decodeEventLine(text, 0, { prevHash });
  } catch (error) {
    if (!(error instanceof LogError)) throw error;
    throw await firstBadLine(path, error);
  }
  return { ino, size, seq: event.seq, hash: event.hash, tornLine: tornLine === null ? null : event.seq + 2 };
}

/** The tail is bad: read the whole log to name the first bad line (only on this error path). */
async function firstBadLine(path: string, tailError: LogError): Promise<LogError> {
  try {
    const summary = await scanLog(path, { validate: true });
    return new LogError(summary.events + 1, tailError.path, tailError.detail);
  } catch (error) {
    if (error instanceof LogError) return error;
    throw error;
  }
}
