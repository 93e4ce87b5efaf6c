// The header and the tail of a JSON Lines log, read without reading the lines between: the seq and hash to chain
// an append onto, and whether the last line is torn (docs/log-format.md).
import type { StoredEvent } from '../../../events/index.js';
import {
  decodeEventLine,
  HASH_TAIL_BYTES,
  LogError,
  MAX_HEADER_BYTES,
  MAX_LINE_BYTES,
  tooLong,
} from '../line-format.js';
import type { ChainTip } from '../seal.js';
import { readAtSync } from './log-file.js';
import { decodeLogHeader, isExactUtf8, scanLog } from './scan.js';

export interface Header {
  readonly hash: string;
  /** Byte offset just past line 1 (its `\n` included when present). */
  readonly end: number;
  readonly terminated: boolean;
}

/** What the end of the file said when last looked at. */
export interface Tail extends ChainTip {
  readonly ino: number;
  readonly size: number;
  /** Bytes of the whole lines, header included: where a torn last line starts (`size` when there is none). */
  readonly whole: number;
  /** The game of the last whole event; null when the log holds none. */
  readonly game: string | null;
  /** The line number of a torn last line, or null when the file ends in `\n`. */
  readonly tornLine: number | null;
}

const NEWLINE = 0x0a;

/** Whether the file's last line still ends in the known hash (it ends at `size - 1`, in `"}\n`). */
export function endsWith(fd: number, known: Tail): boolean {
  const at = known.size - 1 - HASH_TAIL_BYTES;
  return at >= 0 && readAtSync(fd, at, HASH_TAIL_BYTES - 2).toString('latin1') === known.hash;
}

/** Line 1, the header: its hash and where it ends; a file of another or a newer format is refused. */
export function readHeader(fd: number, size: number): Header {
  if (size === 0) throw new LogError(1, '$', 'the file is empty: not an awaw-surrender log');
  const bytes = readAtSync(fd, 0, Math.min(size, MAX_HEADER_BYTES + 1));
  const newline = bytes.indexOf(NEWLINE);
  if (newline < 0 && bytes.length > MAX_HEADER_BYTES) throw tooLong(1);
  const end = newline < 0 ? bytes.length : newline;
  const { hash } = decodeLogHeader(bytes.toString('utf8', 0, end));
  return newline < 0 ? { hash, end, terminated: false } : { hash, end: newline + 1, terminated: true };
}

/** The offset of the last `\n` in [floor, before), reading backwards `step` bytes at a time; -1 if none. */
export function lastNewline(fd: number, floor: number, before: number, step: number): number {
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
export async function readTail(
  path: string,
  fd: number,
  ino: number,
  size: number,
  header: Header,
  step: number,
): Promise<Tail> {
  if (!header.terminated) return { ino, size, whole: 0, game: null, seq: 0, hash: header.hash, tornLine: 1 };
  const floor = header.end - 1; // the header's `\n`
  // No line, whole or torn, is longer than MAX_LINE_BYTES: the search for a line break stops there.
  const last = size - 1 > floor ? lastNewline(fd, Math.max(floor, size - 1 - MAX_LINE_BYTES), size, step) : floor;
  if (last < 0) throw await firstBadLine(path, tooLong(0));
  const end = last;
  const tornLine = end === size - 1 ? null : 0; // its number is known once the last whole seq is
  const whole = end + 1;
  if (end === floor)
    return { ino, size, whole, game: null, seq: 0, hash: header.hash, tornLine: tornLine === null ? null : 2 };
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
  const { seq, hash, game } = event;
  return { ino, size, whole, game, seq, hash, tornLine: tornLine === null ? null : seq + 2 };
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
