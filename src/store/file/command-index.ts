// The commands a JSON Lines log holds by their host-given ids (docs/log-format.md), for findCommand and for the
// refusal of an append whose command its game already holds. Built when first needed, by one pass over the bytes
// that parses only the lines holding `"commandId":"`, then kept up with what the log gains (this process's appends
// and every other writer's); a log changed other than by appends (cut back, rewritten) is read again from the start.
// A million commands must not cost a million strings: each is kept as a 30-bit fingerprint of its game and id (a
// small integer) with the offset of its line, and a line found by its fingerprint is read back to confirm it.
import { read } from 'node:fs';
import type { StoredEvent } from '../../../events/index.js';
import { commandKey, takeCommand } from '../command-events.js';
import { decodeEventLine, HASH_TAIL_BYTES, MAX_LINE_BYTES } from '../line-format.js';
import { StoreError } from '../store-error.js';
import { idHash } from './id-index.js';
import { DEFAULT_CHUNK_SIZE, readAtSync, roomAfter } from './log-file.js';

const NEWLINE = 0x0a;
/** Every line that records a command holds this; a line that holds it in its data is parsed and passed over. */
const NEEDLE = Buffer.from('"commandId":"', 'latin1');
/** Bytes per read when reading a command's lines back. */
const LINE_CHUNK = 64 * 1024;

/** Where the index has read the log to: its inode, the end of its last whole line read, and that line's hash. */
export interface Covered {
  readonly ino: number;
  readonly end: number;
  readonly hash: string;
}

/** The 30-bit fingerprint a command is kept by: a small integer (a Map key that costs no heap number). */
export const commandFingerprint = (game: string, commandId: string): number =>
  idHash(commandKey(game, commandId)).lo >>> 2;

function readFd(fd: number, into: Buffer, offset: number, length: number, position: number): Promise<number> {
  return new Promise((resolve, reject) => {
    read(fd, into, offset, length, position, (error, bytesRead) =>
      error === null ? resolve(bytesRead) : reject(error),
    );
  });
}

/** The hash that ends the line ending at `end` (just past its `\n`). */
const hashBefore = (fd: number, end: number): string =>
  readAtSync(fd, end - 1 - HASH_TAIL_BYTES, HASH_TAIL_BYTES - 2).toString('latin1');

export class CommandIndex {
  /** Each fingerprint's line offset, or offsets when several commands share one. */
  #lines = new Map<number, number | number[]>();
  #covered: Covered | null = null;

  constructor(private readonly path: string) {}

  /**
   * Reads what the log open as `fd` holds beyond what was read (its whole lines up to `tail.size`), or all of it
   * again when it is another file or was changed other than by appends. `tail`: the file as the store last saw it.
   */
  async update(
    fd: number,
    tail: { readonly ino: number; readonly size: number; readonly hash: string },
  ): Promise<void> {
    const covered = this.#covered;
    if (covered !== null && covered.ino === tail.ino && covered.end === tail.size && covered.hash === tail.hash) return;
    const goesOn =
      covered !== null &&
      covered.ino === tail.ino &&
      covered.end <= tail.size &&
      hashBefore(fd, covered.end) === covered.hash;
    if (!goesOn) {
      this.#lines = new Map();
      this.#covered = null;
    }
    await this.#scan(fd, tail.ino, goesOn && covered !== null ? covered.end : 0, tail.size);
  }

  /** The events of the command, read back from the log and checked as a reader checks them; null when it holds none. */
  async find(fd: number, game: string, commandId: string): Promise<StoredEvent[] | null> {
    const offset = await this.locate(fd, game, commandId);
    if (offset === null) return null;
    const taken: StoredEvent[] = [];
    let prevHash = hashBefore(fd, offset);
    let seq = -1;
    for await (const text of this.#linesFrom(fd, offset)) {
      if (seq < 0) seq = (JSON.parse(text) as { seq: number }).seq;
      const event = decodeEventLine(text, seq + 1, { expectedSeq: seq, prevHash });
      if (takeCommand(taken, [event])) break;
      prevHash = event.hash;
      seq += 1;
    }
    return taken;
  }

  /** The offset of the line of the command's origin event, or null. */
  async locate(fd: number, game: string, commandId: string): Promise<number | null> {
    const found = this.#lines.get(commandFingerprint(game, commandId));
    for (const offset of found === undefined ? [] : typeof found === 'number' ? [found] : found) {
      for await (const text of this.#linesFrom(fd, offset)) {
        const event = JSON.parse(text) as { game?: unknown; commandId?: unknown };
        if (event.game === game && event.commandId === commandId) return offset;
        break;
      }
    }
    return null;
  }

  /**
   * An append of this process was written at `before.end`, up to `after.end`: recorded without reading it back when
   * the index had read the log up to it; else the next update reads it.
   */
  appended(
    before: Covered,
    after: Covered,
    command: { readonly game: string; readonly commandId: string } | null,
  ): void {
    const covered = this.#covered;
    if (covered === null || covered.ino !== before.ino || covered.end !== before.end || covered.hash !== before.hash)
      return;
    if (command !== null) this.#add(commandFingerprint(command.game, command.commandId), before.end);
    this.#covered = after;
  }

  #add(key: number, offset: number): void {
    const known = this.#lines.get(key);
    if (known === undefined) this.#lines.set(key, offset);
    else if (typeof known === 'number') this.#lines.set(key, [known, offset]);
    else known.push(offset);
  }

  /** The whole lines of [start, size): each that holds the needle is parsed, its command (if any) recorded. */
  async #scan(fd: number, ino: number, start: number, size: number): Promise<void> {
    let buffer = Buffer.allocUnsafe(DEFAULT_CHUNK_SIZE);
    let carried = 0;
    let position = start;
    while (position < size) {
      buffer = roomAfter(buffer, carried);
      const bytesRead = await readFd(fd, buffer, carried, Math.min(buffer.length - carried, size - position), position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const length = carried + bytesRead;
      const base = position - length;
      const last = buffer.lastIndexOf(NEWLINE, length - 1);
      if (last < 0) {
        if (length > MAX_LINE_BYTES) throw this.#tooLong();
        carried = length;
        continue;
      }
      for (let hit = buffer.indexOf(NEEDLE, 0); hit >= 0 && hit < last; ) {
        const lineStart = buffer.lastIndexOf(NEWLINE, hit) + 1;
        const lineEnd = buffer.indexOf(NEWLINE, hit);
        this.#record(buffer.toString('utf8', lineStart, lineEnd), base + lineStart);
        hit = buffer.indexOf(NEEDLE, lineEnd + 1);
      }
      this.#covered = {
        ino,
        end: base + last + 1,
        hash: buffer.toString('latin1', last - HASH_TAIL_BYTES, last - 2),
      };
      carried = length - (last + 1);
      buffer.copy(buffer, 0, last + 1, length);
    }
  }

  /** A line that names a command in its envelope; any other line (its data holding the needle, a bad line) is not. */
  #record(text: string, offset: number): void {
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof event !== 'object' || event === null) return;
    const { game, commandId } = event as { game?: unknown; commandId?: unknown };
    if (typeof game === 'string' && typeof commandId === 'string')
      this.#add(commandFingerprint(game, commandId), offset);
  }

  /** The whole lines from `offset` on, one at a time. */
  async *#linesFrom(fd: number, offset: number): AsyncGenerator<string, void, undefined> {
    let buffer = Buffer.allocUnsafe(LINE_CHUNK);
    let carried = 0;
    let position = offset;
    for (;;) {
      buffer = roomAfter(buffer, carried);
      const bytesRead = await readFd(fd, buffer, carried, buffer.length - carried, position);
      if (bytesRead === 0) return;
      position += bytesRead;
      const length = carried + bytesRead;
      let start = 0;
      for (let end = buffer.indexOf(NEWLINE, 0); end >= 0 && end < length; end = buffer.indexOf(NEWLINE, start)) {
        yield buffer.toString('utf8', start, end);
        start = end + 1;
      }
      if (start === 0 && length > MAX_LINE_BYTES) throw this.#tooLong();
      carried = length - start;
      buffer.copy(buffer, 0, start, length);
    }
  }

  #tooLong(): StoreError {
    return new StoreError(
      'corrupt',
      `${this.path}: a line is longer than ${MAX_LINE_BYTES} bytes: not an event line (awaw-surrender verify names it)`,
    );
  }
}
