// The per-line pieces of reading a log (./scan.ts): the header, the UTF-8 check, the trusted parse, the skip of
// ignored types, and the one-thread check of a line whose seal a second thread found broken (./seal-thread.ts).
import type { StoredEvent } from '../../../events/index.js';
import { decodeEventLine, decodeHeader, HASH_TAIL_BYTES, LogError, parseTrustedLine } from '../line-format.js';

const NEWLINE = 0x0a;

/** True when `bytes` is exactly the UTF-8 encoding of `text` (no invalid sequence was replaced by U+FFFD). */
export const isExactUtf8 = (bytes: Buffer, text: string): boolean => Buffer.from(text, 'utf8').equals(bytes);

const TYPE_KEY = Buffer.from('","type":"', 'latin1');

/**
 * Whether the line's envelope type is one of `types` (each with its closing quote), read from the bytes without
 * decoding the line: the envelope's fields come first and in a fixed order (`seq`, `id`, `game`, `type`), and
 * neither an id nor a game id can hold a quote, so the first `","type":"` is the envelope's.
 */
export function skipped(bytes: Buffer, start: number, end: number, types: readonly Buffer[]): boolean {
  const at = bytes.indexOf(TYPE_KEY, start);
  if (at < 0 || at >= end) return false;
  const from = at + TYPE_KEY.length;
  return types.some((t) => from + t.length <= end && bytes.compare(t, 0, t.length, from, from + t.length) === 0);
}

export function trusted(text: string, line: number): StoredEvent {
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
      throw new LogError(
        1,
        'format',
        `not an awaw-surrender log (the first line is not its JSON header: ${error.detail})`,
      );
    }
    throw error;
  }
  return { hash, formatVersion: (JSON.parse(text) as { formatVersion: number }).formatVersion };
}

/**
 * The error a one-thread verification reports at line `bad` of a chunk whose seal a second thread found broken:
 * `whole` holds the chunk's lines from line `firstLine` on, `prevHash` is the hash of the line before it. The line
 * is decoded again with every check, its seal included, so the error is the same, word for word.
 */
export function brokenSealError(
  whole: Buffer,
  encoding: 'latin1' | 'utf8',
  firstLine: number,
  prevHash: string,
  bad: number,
): LogError {
  let start = 0;
  let prev = prevHash;
  for (let line = firstLine; start <= whole.length; line += 1) {
    let end = whole.indexOf(NEWLINE, start);
    if (end < 0) end = whole.length;
    if (line === bad) {
      const text = whole.toString(encoding, start, end);
      try {
        if (encoding === 'utf8' && !isExactUtf8(whole.subarray(start, end), text))
          return new LogError(line, '$', 'not valid UTF-8 text');
        decodeEventLine(text, line, { expectedSeq: line - 1, prevHash: prev });
      } catch (error) {
        if (error instanceof LogError) return error;
        throw error;
      }
      break;
    }
    prev = whole.toString('latin1', end - HASH_TAIL_BYTES, end - 2);
    start = end + 1;
  }
  return new LogError(bad, 'hash', 'hash does not match: this line (or the chain before it) was changed');
}
