// Streaming a log file in large chunks: the file is split on the byte 0x0a first and only whole lines are
// decoded, so a multi-byte character across a chunk boundary is never cut. One array of events per chunk.
import { isAscii } from 'node:buffer';
import type { StoredEvent } from '../../../events/index.js';
import { IdIndex, SUSPECT } from './id-index.js';
import { DEFAULT_CHUNK_SIZE, openLogFile, roomAfter } from './log-file.js';
import { decodeEventLine, GENESIS_HASH, lineLimit, LogError, sha256Bytes, tooLong } from '../line-format.js';
import { brokenSealError, decodeLogHeader, isExactUtf8, skipped, trusted } from './scan-lines.js';
import {
  hashAtEnd,
  readVerifiedPrefix,
  repeatedId,
  settleSuspect,
  walkPrefix,
  type PrefixResult,
} from './scan-prefix.js';
import { checkWhenRead, type EarlyCheck, SealThread, type SealThreadOption, wantsSealThread } from './seal-thread.js';
import type { MarkSegment, VerifiedPrefix } from './verified-mark.js';

export { DEFAULT_CHUNK_SIZE } from './log-file.js';
export { decodeLogHeader, isExactUtf8 } from './scan-lines.js';
const NEWLINE = 0x0a;
/**
 * Events per yielded array at most. A chunk holds a thousand or more; handed on in smaller arrays, fewer parsed
 * events are alive at each young-generation collection, which copies every one alive (docs/performance.md).
 */
const BATCH_EVENTS = 256;

export interface ScanOptions {
  /** First seq to yield (1-based); default 1. With `validate`, the lines before it are still checked. */
  readonly from?: number;
  /** Full checks of every line (schema, seq, hash chain, UTF-8); default true. */
  readonly validate?: boolean;
  /**
   * With `validate`: a verified prefix of this log (a verification mark, ./verified-mark.ts). Its segments are
   * read one at a time, each checked against its digest before any of its lines is used, and only its listed
   * lines are parsed (no per-line checks); the lines after it are fully checked, chained to its last hash. A
   * segment that does not match throws StaleMarkError (the caller reads again without it). Used only when every
   * type it skipped is in `skipTypes`.
   */
  readonly trusted?: VerifiedPrefix | null;
  /** With `validate`: index the log as it is read (the summary's `index`), to write a verification mark. */
  readonly index?: boolean;
  /**
   * Trusted lines only (`validate: false`, or a verified prefix): event types whose lines are not parsed nor
   * yielded at all, for a replay that ignores them (`host.logged`). The lines are still counted: the summary's
   * `events` is the version. With `index`, the types whose lines the index does not list.
   */
  readonly skipTypes?: readonly string[];
  /** Bytes per read; default 1 MiB. */
  readonly chunkSize?: number;
  /** Report the hash of the line of this seq (0: the header) in the summary's `hashAt`. */
  readonly hashAt?: number;
  /** Called with the bytes read so far, after each read: for a progress display. */
  readonly onProgress?: (bytesRead: number) => void;
  /** With `validate`: whether the hash chain is checked on a second thread (./seal-thread.ts); default 'auto'. */
  readonly sealThread?: SealThreadOption;
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
  /** With `index`: the whole lines read, in segments, for a verification mark; null otherwise. */
  readonly index: readonly MarkSegment[] | null;
  readonly fragment: Fragment | null;
  /** With the option `hashAt`: the hash of that seq's line; null when the log holds no such whole line. */
  readonly hashAt: string | null;
}

/**
 * Reads the log at `path` from the start: the header always (a log of another or a newer format is refused),
 * then every whole line. Yields one array per chunk (never empty); returns a summary. Throws the LogError of
 * the first bad line. A fragment after the last `\n` is not yielded but returned in the summary. A path that is
 * not a regular file throws NotALogFileError (./log-file.ts), without blocking on a FIFO.
 */
export async function* readLog(
  path: string,
  options: ScanOptions = {},
): AsyncGenerator<readonly StoredEvent[], ScanSummary, undefined> {
  const from = Math.max(1, options.from ?? 1);
  const validate = options.validate ?? true;
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_SIZE));
  const skipTypes = options.skipTypes ?? [];
  const prefix = validate && options.trusted?.skipped.every((t) => skipTypes.includes(t)) ? options.trusted : null;
  const skip = validate ? [] : skipTypes.map((type) => Buffer.from(`${type}"`, 'latin1'));
  const index: MarkSegment[] | null = validate && options.index === true ? [] : null;
  const unindexed = new Set(skipTypes);
  /** Ids seen so far: a full check refuses a repeated one, naming both lines. */
  const ids = validate ? new IdIndex() : null;
  const hashAt = options.hashAt ?? -1;
  const checks = { ids: ids ?? new IdIndex(), hashAt };
  const found: PrefixResult = { hashAt: null };
  const handle = await openLogFile(path, 'r');
  /** The read of the next chunk, when started (into the spare buffer below, after its carried bytes). */
  let ahead: Promise<{ bytesRead: number }> | null = null;
  let seals: SealThread | null = null;
  /** The lines of the chunk `ahead` reads, handed to the seal thread once read (./seal-thread.ts). */
  let aheadSeals: Promise<EarlyCheck | null> | null = null;
  try {
    let buffer = Buffer.allocUnsafe(chunkSize);
    /** The other buffer: the next chunk is read into it while the lines of this one are checked. */
    let spare = Buffer.allocUnsafe(chunkSize);
    /** Bytes at the start of `buffer` carried over from the last read: the start of a line not yet complete. */
    let carried = 0;
    let position = 0;
    /** Lines completed so far; the next whole line is number `lineCount + 1`. */
    let lineCount = 0;
    let prevHash = '';
    let formatVersion = 0;
    /** Whether the ids of the prefix's lines are in `ids` (needed once lines follow it). */
    let walked = true;
    if (prefix !== null) {
      walked = (hashAt >= 0 && hashAt < prefix.events) || (await handle.stat()).size > prefix.bytes;
      yield* readVerifiedPrefix(handle, prefix, from, walked ? checks : null, found);
      if (hashAt === prefix.events) found.hashAt = prefix.lastHash;
      index?.push(...prefix.segments);
      ({ bytes: position, lastHash: prevHash, logFormatVersion: formatVersion } = prefix);
      lineCount = prefix.events + 1;
      options.onProgress?.(position);
    }
    if (validate && wantsSealThread(options.sealThread ?? 'auto', (await handle.stat()).size))
      seals = new SealThread(prefix === null ? GENESIS_HASH : prevHash, lineCount + 1);
    for (;;) {
      let bytesRead: number;
      /** This chunk's lines, when the seal thread was handed them as its read ended. */
      let early: EarlyCheck | null = null;
      if (ahead === null) {
        // One line longer than the buffer: room is made for it (its length is checked below).
        buffer = roomAfter(buffer, carried);
        // Read after the carried bytes, so that no chunk is ever concatenated with the last one's tail.
        ({ bytesRead } = await handle.read(buffer, carried, buffer.length - carried, position));
      } else {
        ({ bytesRead } = await ahead);
        early = await aheadSeals;
        ahead = null;
        aheadSeals = null;
      }
      if (bytesRead === 0) break;
      // Lines were appended while the prefix was read: their ids are checked against the prefix's too.
      if (prefix !== null && !walked) {
        await walkPrefix(handle, prefix, checks, found);
        walked = true;
      }
      position += bytesRead;
      options.onProgress?.(position);
      const length = carried + bytesRead;
      const data = buffer.subarray(0, length);
      const lastNewline = data.lastIndexOf(NEWLINE);
      if (lastNewline < 0) {
        carried = length;
        if (carried > lineLimit(lineCount + 1)) throw tooLong(lineCount + 1);
        continue;
      }
      const whole = data.subarray(0, lastNewline);
      // The incomplete last line goes to the front of the spare buffer, and the next read after it starts now: the
      // file is read while these lines are checked, not between chunks.
      const tail = length - lastNewline - 1;
      if (spare.length < buffer.length) spare = Buffer.allocUnsafe(buffer.length);
      buffer.copy(spare, 0, lastNewline + 1, length);
      const next = handle.read(spare, tail, spare.length - tail, position);
      // Awaited at the next chunk, or in `finally` when reading stops early; a failure is never left unhandled.
      next.catch(() => undefined);
      ahead = next;
      aheadSeals = seals === null ? null : checkWhenRead(seals, next, spare, tail);
      // Logs are mostly ASCII: checked at SIMD speed, then each line decoded as latin1 (the same text for ASCII
      // bytes), several times faster than UTF-8 decoding, and ASCII is valid UTF-8. Lines are decoded one by one,
      // never the chunk as one string: short strings die young, where a 1 MiB string per chunk would linger in
      // the old generation and raise the peak memory of a long replay (docs/performance.md).
      const encoding = isAscii(whole) ? 'latin1' : 'utf8';
      let batch: StoredEvent[] = [];
      const listed: number[] = [];
      let line = lineCount;
      // With a second thread: its answer for this chunk is awaited before the chunk's first events are handed on,
      // and a broken seal is reported where one thread would have reported it (line order, every check first).
      let sealsAnswer = early?.answer ?? seals?.check(whole) ?? null;
      sealsAnswer?.catch(() => undefined);
      let brokenSeal = 0;
      const chunkPrevHash = prevHash;
      const settleSeals = async (checkedUpTo: number): Promise<void> => {
        if (sealsAnswer === null) return;
        const bad = await sealsAnswer;
        sealsAnswer = null;
        if (bad !== 0 && bad <= checkedUpTo) throw brokenSealError(whole, encoding, lineCount + 1, chunkPrevHash, bad);
        brokenSeal = bad;
      };
      try {
        for (let start = 0; start <= whole.length; ) {
          let end = whole.indexOf(NEWLINE, start);
          if (end < 0) end = whole.length;
          line += 1;
          const seq = line - 1;
          // One limit for every reader, also when a line arrived whole in one read of a grown buffer.
          if (end - start > lineLimit(line)) throw tooLong(line);
          if (seq === hashAt) found.hashAt = hashAtEnd(whole, end);
          if (!validate && seq > 0) {
            // Trusted: line s+1 holds seq s, so the lines before `from` are skipped without parsing.
            if (seq >= from && !(skip.length > 0 && skipped(whole, start, end, skip)))
              batch.push(trusted(whole.toString(encoding, start, end), line));
            start = end + 1;
            if (batch.length === BATCH_EVENTS) {
              yield batch;
              batch = [];
            }
            continue;
          }
          const text = whole.toString(encoding, start, end);
          if (encoding === 'utf8' && text.includes('\uFFFD') && !isExactUtf8(whole.subarray(start, end), text)) {
            throw new LogError(line, '$', 'not valid UTF-8 text');
          }
          if (seq === 0) {
            ({ hash: prevHash, formatVersion } = decodeLogHeader(text));
          } else {
            if (line === brokenSeal) throw brokenSealError(whole, encoding, lineCount + 1, chunkPrevHash, line);
            const event = decodeEventLine(
              text,
              line,
              seals === null ? { expectedSeq: seq, prevHash } : { expectedSeq: seq, sealCheckedElsewhere: true },
            );
            if (ids !== null) {
              let earlier = ids.add(event.id, line);
              if (earlier === SUSPECT) earlier = await settleSuspect(handle, ids, event.id, line);
              if (earlier !== 0) throw repeatedId(line, event.id, earlier);
            }
            prevHash = event.hash;
            if (seq >= from) batch.push(event);
            if (index !== null && !unindexed.has(event.type)) listed.push(start);
          }
          start = end + 1;
          if (batch.length === BATCH_EVENTS) {
            await settleSeals(line);
            yield batch;
            batch = [];
          }
        }
        await settleSeals(line);
      } catch (error) {
        // A line refused here comes after a broken seal the other thread found: that one is reported.
        if (error instanceof LogError && sealsAnswer !== null) await settleSeals(error.line - 1);
        throw error;
      }
      // On the trusted path the chain's tip is read from the bytes that end the last line.
      if (!validate && line > 1) prevHash = hashAtEnd(whole, whole.length);
      index?.push({
        end: position - length + lastNewline + 1,
        digest: sha256Bytes(data.subarray(0, lastNewline + 1)),
        lines: listed,
      });
      lineCount = line;
      // The decoded lines are copies: this buffer is free for the read after the next one.
      carried = tail;
      [buffer, spare] = [spare, buffer];
      if (batch.length > 0) yield batch;
    }
    const carry = Buffer.from(buffer.subarray(0, carried));
    // Longer than any line a writer makes: not a line cut off by a crash.
    if (carry.length > lineLimit(lineCount + 1)) throw tooLong(lineCount + 1);
    if (lineCount === 0) {
      if (carry.length === 0) throw new LogError(1, '$', 'the file is empty: not an awaw-surrender log');
      // A header without its line break: refused unless it is a whole header.
      ({ hash: prevHash, formatVersion } = decodeLogHeader(carry.toString('utf8')));
    }
    return {
      formatVersion,
      events: Math.max(0, lineCount - 1),
      lastHash: prevHash,
      wholeBytes: position - carry.length,
      index,
      fragment: carry.length === 0 ? null : { line: lineCount + 1, text: carry.toString('utf8'), bytes: carry },
      hashAt: found.hashAt,
    };
  } finally {
    if (ahead !== null) await ahead.catch(() => undefined);
    await seals?.close();
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
