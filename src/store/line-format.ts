// The JSON Lines log format: a header line, then one event per line, each chained to the one
// before by a SHA-256 hash, so that one changed byte anywhere makes verification fail at that line.
//
//   line 1:   {"format":"awaw-surrender-log","formatVersion":1,"hash":"<h1>"}
//   line n+1: {"seq":n,"id":"...","game":"...","type":"...","v":1,"at":"...","data":{...},"hash":"<hn>"}
//
// h = sha256(previous h + the line's JSON without its hash field); the previous h of line 1 is 64 zeros.
import * as crypto from 'node:crypto';
import {
  canUpcast,
  definitionOf,
  envelope,
  EnvelopeSchema,
  LOG_FORMAT,
  LOG_FORMAT_VERSION,
  logHeader,
  type StoredEvent,
  upcastData,
} from '../../events/index.js';
import { Type } from '@sinclair/typebox';
import { compile, InputError, joinPath } from '../schema/validate.js';
import { StoreError } from './store-error.js';

export const GENESIS_HASH = '0'.repeat(64);
/** `,"hash":"` + 64 hex digits + `"}` */
const HASH_SUFFIX_LENGTH = 75;
/** `<64 hex>"}` ends every line: a line's hash is read from its last 66 bytes, without parsing it. */
export const HASH_TAIL_BYTES = 66;

/**
 * SHA-256 of the UTF-8 bytes of `text`, in hex. `crypto.hash` (Node 20.12+) is the one-shot form: half the cost
 * of a Hash object per line, which verify pays for every line (docs/performance.md).
 */
export const sha256: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** SHA-256 of bytes, in hex. */
export const sha256Bytes: (bytes: Uint8Array) => string =
  typeof crypto.hash === 'function'
    ? (bytes) => crypto.hash('sha256', bytes, 'hex')
    : (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

/** No event line may be longer than this (its `\n` not counted): refused when written, and by every reader. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
/** A first line longer than this is not a log header. */
export const MAX_HEADER_BYTES = 64 * 1024;

/** A log that cannot be read as it is: names the 1-based line and the JSON path. */
export class LogError extends StoreError {
  override readonly name = 'LogError';
  constructor(
    readonly line: number,
    readonly path: string,
    readonly detail: string,
  ) {
    super('corrupt', `line ${line}: ${path === '$' ? '' : `${path}: `}${detail}`);
  }
}

/** Seals a JSON object (its text ending in `}`) with the chained hash; returns the line and its hash. */
export function sealLine(prevHash: string, json: string): { line: string; hash: string } {
  const hash = sha256(prevHash + json);
  return { line: `${json.slice(0, -1)},"hash":"${hash}"}`, hash };
}

export function headerLine(): { line: string; hash: string } {
  return sealLine(GENESIS_HASH, JSON.stringify({ format: LOG_FORMAT, formatVersion: LOG_FORMAT_VERSION }));
}

/** The hash at the end of a line of the sealed form, as it stands (not checked); null for another form. */
function sealOf(line: string): string | null {
  const n = line.length;
  if (n < HASH_SUFFIX_LENGTH + 2 || !line.startsWith(',"hash":"', n - HASH_SUFFIX_LENGTH) || !line.endsWith('"}'))
    return null;
  return line.slice(n - HASH_TAIL_BYTES, n - 2);
}

/** Checks a line's own hash against the previous one; returns the line's hash or null if it does not match. */
export function checkSeal(prevHash: string, line: string): string | null {
  const hash = sealOf(line);
  if (hash === null) return null;
  return sha256(`${prevHash}${line.slice(0, line.length - HASH_SUFFIX_LENGTH)}}`) === hash ? hash : null;
}

function parseLine(text: string, line: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new LogError(line, '$', `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Reads line 1. A log of another or a newer format is refused, never misread. Returns its hash. */
export function decodeHeader(text: string): string {
  if (text.endsWith('\r')) {
    throw new LogError(
      1,
      'format',
      'the log has CRLF line endings (converted by an editor or ' +
        'by git?); convert it back to LF line endings, byte for byte',
    );
  }
  const value = parseLine(text, 1);
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== LOG_FORMAT) {
    throw new LogError(1, 'format', `not an awaw-surrender log (the first line must name the format "${LOG_FORMAT}")`);
  }
  const version = (value as { formatVersion?: unknown }).formatVersion;
  if (typeof version === 'number' && Number.isInteger(version) && version > LOG_FORMAT_VERSION) {
    throw new LogError(
      1,
      'formatVersion',
      `log format version ${version} is newer than this engine reads (${LOG_FORMAT_VERSION}); upgrade awaw-surrender`,
    );
  }
  const issue = logHeader.firstError(value);
  if (issue !== null) throw new LogError(1, issue.path, issue.detail);
  const hash = checkSeal(GENESIS_HASH, text);
  if (hash === null) throw new LogError(1, 'hash', 'hash does not match the line: the header was changed');
  return hash;
}

export interface DecodeOptions {
  /** The hash of the previous line; when given, the line's seal is checked against it. */
  readonly prevHash?: string;
  /** The seq this line must carry (no gaps, no repeats). */
  readonly expectedSeq?: number;
  /**
   * The chain is checked elsewhere (a second thread, ../store/file/seal-thread.ts): the line's hash is read from
   * its end as it stands, and a broken seal is the caller's to report.
   */
  readonly sealCheckedElsewhere?: boolean;
}

/** The envelope less the pattern of `hash`, for a line whose seal was found to hold. */
const sealedEnvelope = compile(
  Type.Object({ ...EnvelopeSchema.properties, hash: Type.String() }, { additionalProperties: false }),
);

/**
 * Reads one event line with full checks: JSON, envelope, known type and version, payload schema,
 * seq and hash chain. Throws a LogError naming the line and the JSON path.
 */
export function decodeEventLine(text: string, line: number, options: DecodeOptions = {}): StoredEvent {
  const value = parseLine(text, line);
  // The seal is computed first and reported last. When it holds, the `hash` field is the last member of the line
  // and equals the digest, 64 lowercase hex digits: the envelope is then checked without that field's pattern,
  // which cost more than the rest of the envelope (docs/performance.md). Any doubt takes the full check.
  const sealed =
    options.prevHash !== undefined
      ? checkSeal(options.prevHash, text)
      : options.sealCheckedElsewhere === true
        ? sealOf(text)
        : null;
  const issue =
    sealed !== null && sealedEnvelope.check(value) && value.hash === sealed ? null : envelope.firstError(value);
  if (issue !== null) throw new LogError(line, issue.path, issue.detail);
  const event = value as { seq: number; type: string; v: number; data: unknown };
  const definition = definitionOf(event.type);
  if (definition === undefined) throw new LogError(line, 'type', `unknown event type "${event.type}"`);
  if (event.v > definition.version) {
    throw new LogError(
      line,
      'v',
      `"${event.type}" version ${event.v} is newer than this ` +
        `engine reads (${definition.version}); upgrade awaw-surrender`,
    );
  }
  let data = event.data;
  if (event.v < definition.version) {
    if (!canUpcast(definition, event.v)) {
      throw new LogError(
        line,
        'v',
        `"${event.type}" version ${event.v} is older than this engine reads (${definition.version}) and has no upgrade`,
      );
    }
    // An older version is checked against its own schema, then upgraded step by step (events/registry.ts).
    const upgraded = upcastData(definition, event.v, data, true);
    if (upgraded instanceof InputError) throw new LogError(line, upgraded.path, upgraded.detail);
    data = upgraded.data;
  }
  const dataIssue = definition.data.firstError(data);
  if (dataIssue !== null)
    throw new LogError(line, joinPath('data', dataIssue.path === '$' ? '' : dataIssue.path), dataIssue.detail);
  if (options.expectedSeq !== undefined && event.seq !== options.expectedSeq) {
    throw new LogError(
      line,
      'seq',
      `expected ${options.expectedSeq}, found ${event.seq} (events missing, repeated or out of order)`,
    );
  }
  if (options.prevHash !== undefined && sealed === null) {
    throw new LogError(line, 'hash', 'hash does not match: this line (or the chain before it) was changed');
  }
  return (data === event.data ? value : { ...event, v: definition.version, data }) as StoredEvent;
}

/** The fast path for a log already verified: JSON.parse only, and the upgrade of an older event version. */
export function parseTrustedLine(text: string): StoredEvent {
  const event = JSON.parse(text) as StoredEvent | null;
  if (typeof event !== 'object' || event === null) return event as unknown as StoredEvent;
  const definition = definitionOf(event.type);
  if (definition === undefined || event.v >= definition.version) return event;
  const upgraded = upcastData(definition, event.v, event.data, false);
  return (
    upgraded instanceof InputError ? event : { ...event, v: definition.version, data: upgraded.data }
  ) as StoredEvent;
}

/** The error for a line over its limit (MAX_HEADER_BYTES for line 1, MAX_LINE_BYTES for the others). */
export const tooLong = (line: number): LogError =>
  line === 1
    ? new LogError(1, 'format', `not an awaw-surrender log (its first line is longer than ${MAX_HEADER_BYTES} bytes)`)
    : new LogError(line, '$', `line longer than ${MAX_LINE_BYTES} bytes: not an event line`);

/** The byte limit of a 1-based line. */
export const lineLimit = (line: number): number => (line === 1 ? MAX_HEADER_BYTES : MAX_LINE_BYTES);
