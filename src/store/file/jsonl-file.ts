// The event store as an append-only JSON Lines file (format: docs/log-format.md, src/store/line-format.ts).
// Open reads only the header and the tail (./log-tail.ts); appends take the log's lock (flock on the file itself,
// ./file-lock.ts), repair a torn end a dead writer left (./tail-repair.ts), write a batch in one write and fdatasync
// before they resolve; reads stream the file in large chunks. The calls of an append and of `head()` are
// synchronous: each costs microseconds on a local disk, where a trip through libuv's thread pool costs far more,
// and an append made about twenty of them (docs/performance.md).
import { SerialQueue } from '../../async/serial-queue.js';
import { closeSync, fstatSync } from 'node:fs';
import { logVersion, type LogVersion, type NewEvent, type StoredEvent } from '../../../events/index.js';
import { LogLock, type LockedLog } from './file-lock.js';
import { throughLock, writeBatch } from './locked-write.js';
import { createLog, DEFAULT_CHUNK_SIZE, openLogFd, openLogFile } from './log-file.js';
import { endsWith, readHeader, readTail, type Header, type Tail } from './log-tail.js';
import { readLog } from './scan.js';
import { repairTornEnd } from './tail-repair.js';
import { checkNewEvents, sealEvents } from '../seal.js';
import type { CutAppendFinder, RepairsTornEnd, RepairWriter, TailRepair } from '../repair.js';
import { SharedLogStore } from '../log-games.js';
import { commandOf } from '../command-events.js';
import { CommandIndex } from './command-index.js';
import {
  checkExpected,
  CommandRecordedError,
  systemEnvelopeSource,
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
  /**
   * How an append that finds a torn end tells the events of the append it cut off (../repair.ts); without one,
   * only the torn line is removed (a SurrenderEngine gives its own).
   */
  readonly findCutAppend?: CutAppendFinder;
  /** Who appends through this store, as a repair's record names it; default `library`. */
  readonly writer?: RepairWriter;
}

/** One shared log in a file, whole and as its games' streams (../log-games.ts); file system failures: StoreErrors. */
export class JsonlFileStore extends SharedLogStore implements RepairsTornEnd {
  readonly path: string;
  readonly #source: EnvelopeSource;
  readonly #chunkSize: number;
  readonly #lockTimeoutMs: number;
  readonly #writer: RepairWriter;
  #findCutAppend: CutAppendFinder | null;
  /** The repairs of a torn end this store's appends made, in order. */
  readonly #repairs: TailRepair[] = [];
  #header: Header;
  #tail: Tail;
  /** Appends one at a time in this process (the lock orders them between processes). */
  readonly #queue = new SerialQueue();
  /** The log's lock, its descriptor kept between appends (./file-lock.ts). */
  readonly #lock: LogLock;
  /** The commands the log holds by their ids, read when first asked for (./command-index.ts). */
  readonly #commands: CommandIndex;
  #closed = false;

  private constructor(path: string, options: JsonlFileStoreOptions, header: Header, tail: Tail) {
    super();
    this.path = path;
    this.#source = options.source ?? systemEnvelopeSource;
    this.#chunkSize = chunkSizeOf(options);
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 5000;
    this.#writer = options.writer ?? 'library';
    this.#findCutAppend = options.findCutAppend ?? null;
    this.#header = header;
    this.#tail = tail;
    this.#commands = new CommandIndex(path);
    this.#lock = new LogLock(path);
  }

  /**
   * Opens a log, reading only its header and its last lines. A file of another or a newer format is refused
   * with the LogError of line 1, a path that is not a regular file with NotALogFileError. A torn last line is
   * noted, never repaired by a reader (a live writer may be in the middle of its append): reads work, and the next
   * append, under the lock, repairs it and records the repair (./tail-repair.ts).
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

  /** The repairs of a torn end that this store's appends made (each also recorded in the log). */
  get repairs(): readonly TailRepair[] {
    return this.#repairs;
  }

  findCutAppendWith(finder: CutAppendFinder): void {
    this.#findCutAppend ??= finder;
  }

  /** Repairs a torn end now, under the lock, as the next append would (a writer about to decide calls it). */
  repairTornEnd(): Promise<TailRepair | null> {
    this.#assertOpen();
    const repaired = this.#serialize(() =>
      this.#lock.run((real, locked) => this.#repairLocked(real, locked), { timeoutMs: this.#lockTimeoutMs }),
    );
    return repaired.catch((error: unknown) => {
      throw fileError(error);
    });
  }

  #repairLocked(real: string, locked: LockedLog): Promise<TailRepair | null> {
    return throughLock(real, locked, async (fd) => {
      const tail = await this.#refresh(fd);
      if (tail.tornLine === null) return null;
      await this.#repair(real, fd, tail);
      return this.#repairs.at(-1) ?? null;
    });
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
    // The lock is the file's, whatever name it was opened by; the file written is checked to be the file locked.
    const appended = this.#serialize(() =>
      this.#lock.run((real, locked) => this.#appendLocked(real, locked, events, expected, expectedHash), {
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

  override findCommand(game: string, commandId: string): Promise<readonly StoredEvent[] | null> {
    return fileBoundary(() => {
      this.#assertOpen();
      // After the appends of this process; the index reads what other writers appended since.
      return this.#serialize(async () => {
        const fd = openLogFd(this.path, 'r') as number;
        try {
          await this.#commands.update(fd, await this.#refresh(fd));
          return await this.#commands.find(fd, game, commandId);
        } finally {
          closeSync(fd);
        }
      });
    });
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
    this.#lock.close();
  }

  #appendLocked(
    real: string,
    locked: LockedLog,
    events: readonly NewEvent[],
    expected: LogVersion,
    expectedHash: string | undefined,
  ): Promise<AppendResult> {
    return throughLock(real, locked, async (fd) => {
      let tail = await this.#refresh(fd);
      // Under the lock, a torn end is a dead writer's: repaired and recorded, then the append goes on (a caller who
      // read the events the repair removed, or not the record, is told so: the expected version no longer holds).
      if (tail.tornLine !== null) tail = await this.#repair(real, fd, tail);
      const stale = checkExpected(tail, expected, expectedHash);
      if (stale !== null) throw stale;
      const command = commandOf(events);
      if (command !== null) {
        await this.#commands.update(fd, tail);
        if ((await this.#commands.locate(fd, command.game, command.commandId)) !== null)
          throw new CommandRecordedError(command.game, command.commandId);
      }
      // Checked before the lock was taken (append); sealing still decodes every line back with the reader's checks.
      const batch = sealEvents(events, tail, this.#source, { checked: true });
      if (batch.events.length === 0)
        return { version: logVersion(tail.seq), events: [], head: { seq: logVersion(tail.seq), hash: tail.hash } };
      const bytes = Buffer.from(batch.text, 'utf8');
      try {
        writeBatch(fd, bytes, tail.size);
      } catch (error) {
        // The append did not happen: the tail is looked at again next time.
        this.#tail = { ...tail, size: -1 };
        throw error;
      }
      const size = tail.size + bytes.length;
      const game = batch.events.at(-1)?.game ?? tail.game;
      this.#tail = { ino: tail.ino, size, whole: size, game, seq: batch.tip.seq, hash: batch.tip.hash, tornLine: null };
      this.#commands.appended(
        { ino: tail.ino, end: tail.size, hash: tail.hash },
        { ino: tail.ino, end: size, hash: batch.tip.hash },
        command,
      );
      return {
        version: logVersion(batch.tip.seq),
        events: batch.events,
        head: { seq: logVersion(batch.tip.seq), hash: batch.tip.hash },
      };
    });
  }

  async #repair(real: string, fd: number, torn: Tail): Promise<Tail> {
    const { repair, tail } = await repairTornEnd(real, fd, this.#header, torn, {
      writer: this.#writer,
      findCutAppend: this.#findCutAppend,
      source: this.#source,
      chunkSize: this.#chunkSize,
    });
    this.#repairs.push(repair);
    this.#tail = tail;
    if (repair.record !== null) this.announce([repair.record]);
    return tail;
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
