// A verification mark: `LOG.verified.json`, written beside a log by a `replay` or `audit` that checked every
// line (schema, seq, hash chain) and re-derived every rule decision without a mismatch. It names the bytes it
// vouches for by their SHA-256, segment by segment, and lists where the lines the rules read are, so a later run
// by the same build of the engine checks those bytes with one hash per segment instead of decoding and checking
// every line, parses only the listed lines, and fully checks only what was appended since. It is a cache: a
// missing, damaged, foreign or stale mark only means a full check, never a misread, and `verify` never reads it
// (docs/log-format.md, docs/performance.md).
import { rename, rm, writeFile } from 'node:fs/promises';
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../../schema/validate.js';
import { openLogFile } from './log-file.js';

export const MARK_FORMAT = 'awaw-surrender-verified';
export const MARK_FORMAT_VERSION = 1;

const Hex64 = Type.String({ pattern: '^[0-9a-f]{64}$' });
const Count = Type.Integer({ minimum: 0 });

const segmentSchema = Type.Object(
  {
    /** Byte offset just past the segment's last line (the segment starts where the one before ends). */
    end: Count,
    /** SHA-256 of the segment's bytes. */
    digest: Hex64,
    /** Offsets, in the segment, of the lines whose type is not `skipped`: the only lines a trusted read parses. */
    lines: Type.Array(Count),
  },
  { additionalProperties: false },
);

const markSchema = Type.Object(
  {
    format: Type.Literal(MARK_FORMAT),
    formatVersion: Type.Literal(MARK_FORMAT_VERSION),
    /** The build of the engine that checked the log (src/cli/engine-id.ts): its schemas and its rules. */
    engine: Type.String({ minLength: 1 }),
    /** The log's own format version (its header). */
    logFormatVersion: Count,
    /** Events vouched for: lines 2 .. events + 1. */
    events: Count,
    /** The log's first `bytes` bytes: its header and those events, each line with its `\n`. */
    bytes: Count,
    /** The hash of the last line vouched for (the log's own hash chain continues from it). */
    lastHash: Hex64,
    /** Event types whose lines a trusted read neither parses nor yields (they are not listed in `lines`). */
    skipped: Type.Array(Type.String()),
    /** The vouched-for bytes in consecutive segments, each with its own digest: checked one at a time, then read. */
    segments: Type.Array(segmentSchema),
  },
  { additionalProperties: false },
);
const markValidator = compile(markSchema);

export type MarkSegment = Static<typeof segmentSchema>;

/** The verified start of a log: what a trusted read (src/store/file/scan.ts) needs to skip its checks. */
export interface VerifiedPrefix {
  readonly logFormatVersion: number;
  readonly events: number;
  readonly bytes: number;
  readonly lastHash: string;
  readonly skipped: readonly string[];
  readonly segments: readonly MarkSegment[];
}

export interface VerifiedMark extends VerifiedPrefix {
  readonly engine: string;
}

/** The log does not begin with the bytes its mark vouches for (it was changed, or the mark is another log's). */
export class StaleMarkError extends Error {
  override readonly name = 'StaleMarkError';
}

export const markPathOf = (logPath: string): string => `${logPath}.verified.json`;

/**
 * Where a mark is written before it is renamed into place: one name per log, so that a writer killed before its
 * rename leaves nothing the next writer does not remove.
 */
export const markTemporaryOf = (logPath: string): string => `${markPathOf(logPath)}.tmp`;

/**
 * The mark beside `logPath` if it is well formed and was written by `engine`; null otherwise (no mark, an
 * unreadable, malformed or inconsistent one, another build's). Whether the log still holds the bytes it vouches
 * for is checked as the log is read, segment by segment (`readLog`'s `trusted`).
 */
export async function readVerifiedMark(logPath: string, engine: string): Promise<VerifiedMark | null> {
  let value: unknown;
  try {
    // Opened as a log is: a FIFO or a device in its place is no mark, and never blocks the read.
    const handle = await openLogFile(markPathOf(logPath), 'r');
    try {
      value = JSON.parse(await handle.readFile('utf8')) as unknown;
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
  if (!markValidator.check(value) || value.engine !== engine || !consistent(value)) return null;
  return value;
}

/** Segments in order, ending at `bytes`; line offsets inside their segment, in order; a header and events. */
function consistent(mark: VerifiedMark): boolean {
  let start = 0;
  for (const segment of mark.segments) {
    if (segment.end <= start) return false;
    let previous = -1;
    for (const offset of segment.lines) {
      if (offset <= previous || offset >= segment.end - start) return false;
      previous = offset;
    }
    start = segment.end;
  }
  return start === mark.bytes && mark.bytes > 0 && mark.events > 0;
}

/**
 * Writes the mark beside `logPath`, atomically (a temporary file renamed over it). The temporary file of a writer
 * killed before its rename is removed first (nothing blocks on what stands there: a FIFO is removed, not opened).
 * Two writers at once may remove each other's temporary file or rename the other's: the mark is then one of theirs,
 * or none, or one that fails its own checks, never a misread. Best effort: a directory that cannot be written to
 * only means no mark (returns false); the log itself is never touched.
 */
export async function writeVerifiedMark(logPath: string, mark: VerifiedMark): Promise<boolean> {
  const temporary = markTemporaryOf(logPath);
  const text = `${JSON.stringify({ format: MARK_FORMAT, formatVersion: MARK_FORMAT_VERSION, ...mark })}\n`;
  try {
    await rm(temporary, { force: true });
    await writeFile(temporary, text, { flag: 'wx' });
    await rename(temporary, markPathOf(logPath));
    return true;
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
    return false;
  }
}
