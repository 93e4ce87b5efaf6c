// Reading the start of a log that a verification mark vouches for (./verified-mark.ts): each segment's bytes are
// checked against its digest before any of its lines is used; only the listed lines are parsed. The checks a full
// read makes across lines are kept, so that a mark never changes a verdict: the line length limit, and, when lines
// follow the prefix, the ids of all its lines (an event appended later must not repeat one), read at their fixed
// place in the envelope. A log that has not grown since its mark costs no walk over its lines.
import { isAscii } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';
import type { StoredEvent } from '../../../events/index.js';
import { SUSPECT, type IdIndex } from './id-index.js';
import { idsBefore } from './id-rescan.js';
import { DEFAULT_CHUNK_SIZE, readAt } from './log-file.js';
import {
  decodeHeader,
  HASH_TAIL_BYTES,
  lineLimit,
  LogError,
  MAX_LINE_BYTES,
  parseTrustedLine,
  sha256Bytes,
  tooLong,
} from '../line-format.js';
import { StaleMarkError, type VerifiedPrefix } from './verified-mark.js';

const NEWLINE = 0x0a;
/** `,"id":"` follows the seq at the start of every event line: `{"seq":<digits>,"id":"<21 characters>"`. */
const ID_KEY = Buffer.from(',"id":"', 'latin1');
const SEQ_KEY_LENGTH = '{"seq":'.length;
/** Ids are 21 characters of `A-Za-z0-9_-` (events/envelope.ts). */
const ID_LENGTH = 21;

export interface PrefixChecks {
  /** Every line's id is added here; a repeat throws the full read's LogError. */
  readonly ids: IdIndex;
  /** The seq whose hash to report in `hashAt` (-1: none). */
  readonly hashAt: number;
}

export interface PrefixResult {
  /** The hash of the line of seq `hashAt`, when the prefix holds it. */
  hashAt: string | null;
}

/** The hash that ends the line ending at `end` (`"hash":"<64 hex>"}`), or '' if the line is too short to hold one. */
export const hashAtEnd = (bytes: Buffer, end: number): string =>
  end >= HASH_TAIL_BYTES ? bytes.toString('latin1', end - HASH_TAIL_BYTES, end - 2) : '';

/** The prefix's segments in order, each read and checked against its digest before it is used. */
async function* checkedSegments(
  handle: FileHandle,
  prefix: VerifiedPrefix,
): AsyncGenerator<{ readonly i: number; readonly start: number; readonly data: Buffer }, void, undefined> {
  let buffer = Buffer.allocUnsafe(0);
  let start = 0;
  for (const [i, segment] of prefix.segments.entries()) {
    const length = segment.end - start;
    if (buffer.length < length) buffer = Buffer.allocUnsafe(Math.max(length, DEFAULT_CHUNK_SIZE));
    const data = await readAt(handle, start, length, buffer);
    if (data.length < length) throw stale(`the log is shorter than the ${prefix.bytes} bytes it vouches for`);
    if (sha256Bytes(data) !== segment.digest) throw stale(`bytes ${start}-${segment.end} are not those it vouches for`);
    yield { i, start, data };
    start = segment.end;
  }
}

const stale = (why: string): StaleMarkError =>
  new StaleMarkError(`the verification mark does not match the log: ${why}`);

/**
 * The verified prefix of a log, segment by segment: each segment's bytes are checked against its digest before
 * any of its lines is used, then only its listed lines are parsed. The mark's other claims are checked where that
 * costs one line: the header and its format version, the listed lines' positions and order, and the seq and hash of
 * the last line. With `checks` (lines follow the prefix, or the hash of one of its lines is asked for) every line is
 * walked as well (`checkLines`); without, only a segment long enough to hold a line over the limit
 * is. Throws StaleMarkError when the file no longer holds those bytes or the mark contradicts them.
 */
export async function* readVerifiedPrefix(
  handle: FileHandle,
  prefix: VerifiedPrefix,
  from: number,
  checks: PrefixChecks | null,
  result: PrefixResult,
): AsyncGenerator<StoredEvent[], void, undefined> {
  let lastSeq = 0;
  let lines = 0;
  for await (const { i, start, data } of checkedSegments(handle, prefix)) {
    const length = data.length;
    const encoding = isAscii(data) ? 'latin1' : 'utf8';
    if (
      i === 0 &&
      trustedHeaderVersion(data.toString(encoding, 0, Math.max(0, data.indexOf(NEWLINE)))) !== prefix.logFormatVersion
    ) {
      throw stale('another log format version');
    }
    if (checks !== null) lines = await checkLines(handle, data, lines, checks, result);
    // A mark is only written for lines within the limit: one over it means a forged mark (the full read names it).
    else if (length > MAX_LINE_BYTES + 1 && holdsLongLine(data))
      throw stale('it vouches for a line longer than any event line');
    const batch: StoredEvent[] = [];
    for (const offset of prefix.segments[i]?.lines ?? []) {
      const lineStart = offset === 0 ? i > 0 : data[offset - 1] === NEWLINE;
      const event = lineStart ? trustedEvent(data, offset, encoding) : null;
      if (event === null || event.seq <= lastSeq || event.seq > prefix.events || prefix.skipped.includes(event.type)) {
        throw stale(`byte ${start + offset} does not begin an event line it may list`);
      }
      lastSeq = event.seq;
      if (event.seq >= from) batch.push(event);
    }
    if (i === prefix.segments.length - 1) {
      const last = trustedEvent(data, data.lastIndexOf(NEWLINE, length - 2) + 1, encoding);
      if (
        last === null ||
        last.seq !== prefix.events ||
        last.hash !== prefix.lastHash ||
        (checks !== null && lines !== prefix.events + 1)
      ) {
        throw stale("its last event is not the log's");
      }
    }
    if (batch.length > 0) yield batch;
  }
}

/** Walks every line of the prefix again (read and checked anew): for a log that grew while its prefix was read. */
export async function walkPrefix(
  handle: FileHandle,
  prefix: VerifiedPrefix,
  checks: PrefixChecks,
  result: PrefixResult,
): Promise<void> {
  let lines = 0;
  for await (const { data } of checkedSegments(handle, prefix))
    lines = await checkLines(handle, data, lines, checks, result);
  if (lines !== prefix.events + 1) throw stale("its last event is not the log's");
}

/** Whether a segment holds a line longer than MAX_LINE_BYTES. */
function holdsLongLine(data: Buffer): boolean {
  for (let start = 0; start < data.length; ) {
    const end = data.indexOf(NEWLINE, start);
    if (end - start > MAX_LINE_BYTES) return true;
    start = end + 1;
  }
  return false;
}

/**
 * Walks the whole lines of a segment (it ends in `\n`), which follow `before` lines: each line within its limit,
 * each event's id recorded, the hash of seq `hashAt` noted. Returns the number of lines so far.
 */
async function checkLines(
  handle: FileHandle,
  data: Buffer,
  before: number,
  checks: PrefixChecks,
  result: PrefixResult,
): Promise<number> {
  let line = before;
  // The digits of the line's seq, without formatting it: the id starts after `{"seq":<digits>,"id":"`.
  let digits = String(Math.max(1, line)).length;
  let nextPower = 10 ** digits;
  for (let start = 0; start < data.length; ) {
    const end = data.indexOf(NEWLINE, start);
    line += 1;
    if (end - start > lineLimit(line)) throw tooLong(line);
    const seq = line - 1;
    if (seq >= nextPower) {
      digits += 1;
      nextPower *= 10;
    }
    if (seq > 0) {
      const at = start + SEQ_KEY_LENGTH + digits;
      if (data.compare(ID_KEY, 0, ID_KEY.length, at, at + ID_KEY.length) !== 0)
        throw stale(`line ${line} is not an event line`);
      const id = data.toString('latin1', at + ID_KEY.length, at + ID_KEY.length + ID_LENGTH);
      let earlier = checks.ids.add(id, line);
      if (earlier === SUSPECT) earlier = await settleSuspect(handle, checks.ids, id, line);
      if (earlier !== 0) throw repeatedId(line, id, earlier);
    }
    if (seq === checks.hashAt) result.hashAt = hashAtEnd(data, end);
    start = end + 1;
  }
  return line;
}

/**
 * Settles the index's suspicion about the id of `line` (SUSPECT from `add`): the ids before `line` listed exactly
 * from the file, then the id added again. 0 when it is new, else the earlier line that holds it.
 */
export async function settleSuspect(handle: FileHandle, ids: IdIndex, id: string, line: number): Promise<number> {
  ids.becomeExact(await idsBefore(handle, line));
  return ids.add(id, line);
}

/** The LogError of an event line whose id an earlier line holds. */
export const repeatedId = (line: number, id: string, earlier: number): LogError =>
  new LogError(line, 'id', `the id "${id}" is already that of line ${earlier}: event ids are unique`);

/** The event on the line starting at `offset`, parsed without checks; null if it is not one. */
function trustedEvent(data: Buffer, offset: number, encoding: BufferEncoding): StoredEvent | null {
  const end = data.indexOf(NEWLINE, offset);
  try {
    const value = parseTrustedLine(data.toString(encoding, offset, end < 0 ? data.length : end));
    return typeof value === 'object' && value !== null && typeof value.seq === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** The format version of a header line that checks out, or -1. */
function trustedHeaderVersion(text: string): number {
  try {
    decodeHeader(text);
    return (JSON.parse(text) as { formatVersion: number }).formatVersion;
  } catch {
    return -1;
  }
}
