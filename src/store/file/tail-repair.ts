// Repairing a torn end under the append lock: by the next writer (./jsonl-file.ts) and by `verify --repair`
// (./verify.ts), one way for both. A torn last line found under the lock can only come from a writer that died in
// the middle of an append (a live one holds the lock), so it goes, and with it the events of that append already
// written whole (a host's finder tells them, ../repair.ts); a torn line that is a whole event lacking only its `\n`
// is completed instead. The repair is then recorded in the log itself: a `log.repaired` event, chained like any
// other (docs/log-format.md). A reader never repairs: a live writer may be in the middle of its append.
import { fdatasyncSync, ftruncateSync, writeSync } from 'node:fs';
import type { StoredEvent } from '../../../events/index.js';
import { decodeEventLine, LogError, sha256Bytes } from '../line-format.js';
import type { CutAppend, CutAppendFinder, RepairWriter, TailRepair } from '../repair.js';
import { sealEvents } from '../seal.js';
import type { EnvelopeSource } from '../store.js';
import { readAtSync } from './log-file.js';
import { lastNewline, readTail, type Header, type Tail } from './log-tail.js';
import { isExactUtf8, readLog } from './scan.js';

export interface TailRepairOptions {
  readonly writer: RepairWriter;
  readonly findCutAppend: CutAppendFinder | null;
  readonly source: EnvelopeSource;
  readonly chunkSize: number;
}

const NEWLINE = Buffer.from('\n');

/**
 * Repairs the torn end of the log at `path`, open as `fd` for reading and writing, its append lock held; `tail` is
 * its end as read under that lock. Returns what was done and the log's end after it (the record included).
 */
export async function repairTornEnd(
  path: string,
  fd: number,
  header: Header,
  tail: Tail,
  options: TailRepairOptions,
): Promise<{ readonly repair: TailRepair; readonly tail: Tail }> {
  const line = tail.tornLine ?? 0;
  if (line === 1) {
    // The header lacks its `\n` (it was read whole, or the log would have been refused): no event, no record.
    writeAll(fd, NEWLINE, tail.size);
    fdatasyncSync(fd);
    const size = tail.size + 1;
    const repair = {
      line,
      lineBreakAdded: true,
      removedBytes: 0,
      removedEvents: 0,
      cut: null,
      record: null,
      events: 0,
    };
    return { repair, tail: { ...tail, size, whole: size, tornLine: null } };
  }
  const completed = wholeEvent(readAtSync(fd, tail.whole, tail.size - tail.whole), line, tail);
  const cut = options.findCutAppend === null ? null : await options.findCutAppend(eventsOf(path, options, completed));
  const lastSeq = completed?.seq ?? tail.seq;
  // Where the bytes to remove start: the cut append's first line, else the torn line (none: it was completed).
  const from = cut !== null ? lineStart(fd, tail, cut.seq, options.chunkSize) : completed === null ? tail.whole : null;
  let removed: Buffer = Buffer.alloc(0);
  let size = tail.size;
  if (from === null) {
    writeAll(fd, NEWLINE, tail.size);
    size += 1;
  } else {
    removed = readAtSync(fd, from, tail.size - from);
    ftruncateSync(fd, from);
    size = from;
  }
  fdatasyncSync(fd);
  const kept = await readTail(path, fd, tail.ino, size, header, options.chunkSize);
  const removedEvents = cut === null ? 0 : lastSeq - cut.seq + 1;
  const game = cut?.game ?? kept.game;
  const base = { line, lineBreakAdded: from === null, removedBytes: removed.length, removedEvents, cut };
  if (game === null) return { repair: { ...base, record: null, events: kept.seq }, tail: kept };
  const data = {
    writer: options.writer,
    bytes: removed.length,
    sha256: sha256Bytes(removed),
    seq: removed.length === 0 ? null : (cut?.seq ?? tail.seq + 1),
    events: removedEvents,
    lineBreakAdded: from === null,
  };
  const batch = sealEvents([{ game, type: 'log.repaired', data }], kept, options.source);
  const bytes = Buffer.from(batch.text, 'utf8');
  writeAll(fd, bytes, kept.size);
  fdatasyncSync(fd);
  const record = batch.events[0] ?? null;
  const end = kept.size + bytes.length;
  return {
    repair: { ...base, record, events: batch.tip.seq },
    tail: { ino: kept.ino, size: end, whole: end, game, seq: batch.tip.seq, hash: batch.tip.hash, tornLine: null },
  };
}

/** The torn line as the event it is, when it is a whole one lacking only its `\n`: valid, next in seq, chained. */
function wholeEvent(bytes: Buffer, line: number, tail: Tail): StoredEvent | null {
  const text = bytes.toString('utf8');
  if (!isExactUtf8(bytes, text)) return null;
  try {
    return decodeEventLine(text, line, { expectedSeq: tail.seq + 1, prevHash: tail.hash });
  } catch (error) {
    if (error instanceof LogError) return null;
    throw error;
  }
}

/** Every whole line's event, every line checked, then the completed torn line's. */
async function* eventsOf(
  path: string,
  options: TailRepairOptions,
  completed: StoredEvent | null,
): AsyncGenerator<readonly StoredEvent[], void, undefined> {
  yield* readLog(path, { validate: true, chunkSize: options.chunkSize });
  if (completed !== null) yield [completed];
}

/** Where the line of event `seq` starts: counted back from the end of the whole lines (the torn line's start). */
function lineStart(fd: number, tail: Tail, seq: CutAppend['seq'], step: number): number {
  let at = tail.whole - 1; // the `\n` ending the last whole line
  for (let lines = tail.seq - seq + 1; lines > 0; lines -= 1) at = lastNewline(fd, 0, at, step);
  return seq > tail.seq ? tail.whole : at + 1;
}

function writeAll(fd: number, bytes: Buffer, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}
