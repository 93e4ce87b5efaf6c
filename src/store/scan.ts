// Streaming a log file in large chunks: the file is split on the byte 0x0a first and only whole lines are
// decoded, so a multi-byte character across a chunk boundary is never cut. One array of events per chunk.
import { open } from 'node:fs/promises';
import type { StoredEvent } from '../../events/index.js';
import { decodeEventLine, decodeHeader, LogError, parseTrustedLine } from './line-format.js';
import { MAX_LINE_BYTES } from './seal.js';

export const DEFAULT_CHUNK_SIZE = 1024 * 1024;
/** A first line longer than this is not a log header. */
export const MAX_HEADER_BYTES = 64 * 1024;
const NEWLINE = 0x0a;
const EMPTY = Buffer.alloc(0);

export interface ScanOptions {
  /** First seq to yield (1-based); default 1. With `validate`, the lines before it are still checked. */
  readonly from?: number;
  /** Full checks of every line (schema, seq, hash chain, UTF-8); default true. */
  readonly validate?: boolean;
  /** Bytes per read; default 1 MiB. */
  readonly chunkSize?: number;
}

/** The bytes after the last `\n`: a line cut off mid-write (or still being written by another process). */
export interface Fragment {
  /** Its 1-based line number. */
  readonly line: number;
  readonly text: string;
  readonly bytes: Buffer;
}

export interface ScanSummary {
  readonly formatVersion: number;
  /** Whole event lines read (the header not counted). */
  readonly events: number;
  /** The hash of the last whole line (the header's when there are no events). */
  readonly lastHash: string;
  /** Byte offset just past the last `\n`. */
  readonly wholeBytes: number;
  readonly fragment: Fragment | null;
}

/**
 * Reads the log at `path` from the start: the header always (a log of another or a newer format is refused),
 * then every whole line. Yields one array per chunk (never empty); returns a summary. Throws the LogError of
 * the first bad line. A fragment after the last `\n` is not yielded but returned in the summary.
 */
export async function* readLog(path: string, options: ScanOptions = {}): AsyncGenerator<readonly StoredEvent[], ScanSummary, undefined> {
  const from = Math.max(1, options.from ?? 1);
  const validate = options.validate ?? true;
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_SIZE));
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(chunkSize);
    let carry: Buffer = EMPTY;
    let position = 0;
    /** Lines completed so far; the next whole line is number `lineCount + 1`. */
    let lineCount = 0;
    let prevHash = '';
    let formatVersion = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, chunkSize, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const data = carry.length === 0 ? buffer.subarray(0, bytesRead) : Buffer.concat([carry, buffer.subarray(0, bytesRead)]);
      const lastNewline = data.lastIndexOf(NEWLINE);
      if (lastNewline < 0) {
        carry = Buffer.from(data); // the read buffer is reused: copy
        const limit = lineCount === 0 ? MAX_HEADER_BYTES : MAX_LINE_BYTES;
        if (carry.length > limit) throw tooLong(lineCount + 1, limit);
        continue;
      }
      const text = data.toString('utf8', 0, lastNewline);
      carry = Buffer.from(data.subarray(lastNewline + 1));
      if (validate && text.includes('\uFFFD')) checkUtf8(data.subarray(0, lastNewline), lineCount + 1);
      const lines = text.split('\n');
      let start = 0;
      if (lineCount === 0) {
        const header = lines[0] as string;
        if (Buffer.byteLength(header, 'utf8') > MAX_HEADER_BYTES) throw tooLong(1, MAX_HEADER_BYTES);
        ({ hash: prevHash, formatVersion } = decodeLogHeader(header));
        start = 1;
      }
      const batch: StoredEvent[] = [];
      if (validate) {
        for (let i = start; i < lines.length; i += 1) {
          const line = lineCount + i + 1;
          const event = decodeEventLine(lines[i] as string, line, { expectedSeq: line - 1, prevHash });
          prevHash = event.hash;
          if (event.seq >= from) batch.push(event);
        }
      } else {
        // Trusted: line s+1 holds seq s, so the lines before `from` are skipped without parsing.
        for (let i = Math.max(start, from - lineCount); i < lines.length; i += 1) {
          batch.push(trusted(lines[i] as string, lineCount + i + 1));
        }
        prevHash = (lines[lines.length - 1] as string).slice(-66, -2);
      }
      lineCount += lines.length;
      if (batch.length > 0) yield batch;
    }
    if (lineCount === 0) {
      if (carry.length === 0) throw new LogError(1, '$', 'the file is empty: not an awaw-surrender log');
      // A header without its line break: refused unless it is a whole header.
      if (carry.length > MAX_HEADER_BYTES) throw tooLong(1, MAX_HEADER_BYTES);
      ({ hash: prevHash, formatVersion } = decodeLogHeader(carry.toString('utf8')));
    }
    return {
      formatVersion,
      events: Math.max(0, lineCount - 1),
      lastHash: prevHash,
      wholeBytes: position - carry.length,
      fragment: carry.length === 0 ? null : { line: lineCount + 1, text: carry.toString('utf8'), bytes: carry },
    };
  } finally {
    await handle.close();
  }
}

/** `readLog` driven to its end with a callback per batch (no promise per event); returns the summary. */
export async function scanLog(
  path: string,
  options: ScanOptions & { readonly onBatch?: (events: readonly StoredEvent[]) => void } = {},
): Promise<ScanSummary> {
  const reader = readLog(path, options);
  for (;;) {
    const next = await reader.next();
    if (next.done === true) return next.value;
    options.onBatch?.(next.value);
  }
}

/** True when `bytes` is exactly the UTF-8 encoding of `text` (no invalid sequence was replaced by U+FFFD). */
export const isExactUtf8 = (bytes: Buffer, text: string): boolean => Buffer.from(text, 'utf8').equals(bytes);

/** An invalid UTF-8 sequence decodes to U+FFFD and could hide a changed byte from the hash: refuse it. */
function checkUtf8(bytes: Buffer, firstLine: number): void {
  let start = 0;
  for (let line = firstLine; start <= bytes.length; line += 1) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    const raw = bytes.subarray(start, end);
    if (!isExactUtf8(raw, raw.toString('utf8'))) throw new LogError(line, '$', 'not valid UTF-8 text');
    start = end + 1;
  }
}

function trusted(text: string, line: number): StoredEvent {
  try {
    return parseTrustedLine(text);
  } catch (error) {
    throw new LogError(line, '$', `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * Line 1 by `decodeHeader`, with a clearer word for a file that is not JSON at all (another format).
 * Returns the header's hash and format version.
 */
export function decodeLogHeader(text: string): { readonly hash: string; readonly formatVersion: number } {
  let hash: string;
  try {
    hash = decodeHeader(text);
  } catch (error) {
    if (error instanceof LogError && error.path === '$') {
      throw new LogError(1, 'format', `not an awaw-surrender log (the first line is not its JSON header: ${error.detail})`);
    }
    throw error;
  }
  return { hash, formatVersion: (JSON.parse(text) as { formatVersion: number }).formatVersion };
}

export const tooLong = (line: number, limit: number): LogError =>
  line === 1
    ? new LogError(1, 'format', `not an awaw-surrender log (its first line is longer than ${limit} bytes)`)
    : new LogError(line, '$', `line longer than ${limit} bytes: not an event line`);
