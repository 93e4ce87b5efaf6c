// The request lines `exec` reads from a byte stream: split on `\n` (a `\r` before it dropped), each decoded as
// strict UTF-8; blank lines are no requests; a byte order mark at the very start is ignored, as the calculators and
// `append` ignore one (docs/cli.md). Reading pauses while requests wait, so a host that writes faster than the
// engine answers does not fill memory; `stop()` reads no more (SIGTERM): the lines already read are still given.
import type { Readable } from 'node:stream';
import { InputError } from '../schema/validate.js';
import { MAX_INPUT_BYTES } from './io.js';
import { decodeUtf8 } from './utf8.js';

/** The longest request line read: one input document, as a calculator's input or append's command (./io.ts). */
export const MAX_REQUEST_BYTES = MAX_INPUT_BYTES;
/** Reading pauses while this many lines, or this many bytes of them, wait to be answered. */
const QUEUE_HIGH = 64;
const QUEUE_HIGH_BYTES = 2 * MAX_REQUEST_BYTES;
/** U+FEFF in UTF-8. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export type RequestLine =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly message: string };

export class LineReader {
  readonly #stream: Readable;
  readonly #queue: RequestLine[] = [];
  /** The bytes of the lines in the queue. */
  #queueBytes = 0;
  #parts: Buffer[] = [];
  #partBytes = 0;
  #overlong = false;
  /** No line has ended yet: the next one is the first of the stream, where a byte order mark may stand. */
  #first = true;
  #ended = false;
  #waiting: ((line: RequestLine | null) => void) | null = null;

  constructor(stream: Readable) {
    this.#stream = stream;
    stream.on('data', (chunk: Buffer) => this.#take(chunk));
    stream.on('end', () => this.#finish());
    stream.on('error', () => this.#finish());
  }

  /** The next line, or null at the end of the input (or once stopped). */
  next(): Promise<RequestLine | null> {
    const line = this.#queue.shift();
    if (line !== undefined) {
      this.#queueBytes -= line.ok ? line.text.length : 0;
      if (!this.#full() && !this.#ended) this.#stream.resume();
      return Promise.resolve(line);
    }
    if (this.#ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.#waiting = resolve));
  }

  /** Reads no more: the lines already read are still given, then null; a line not yet ended is dropped. */
  stop(): void {
    this.#ended = true;
    this.#stream.pause();
    this.#parts = [];
    this.#partBytes = 0;
    this.#overlong = false;
    if (this.#queue.length === 0) this.#deliver(null);
  }

  #take(chunk: Buffer): void {
    if (this.#ended) return;
    let start = 0;
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, start)) {
      this.#append(chunk.subarray(start, at));
      this.#endLine();
      start = at + 1;
    }
    this.#append(chunk.subarray(start));
    if (this.#full()) this.#stream.pause();
  }

  #full(): boolean {
    return this.#queue.length >= QUEUE_HIGH || this.#queueBytes >= QUEUE_HIGH_BYTES;
  }

  #append(bytes: Buffer): void {
    if (this.#overlong || bytes.length === 0) return;
    this.#partBytes += bytes.length;
    if (this.#partBytes > MAX_REQUEST_BYTES) {
      this.#overlong = true;
      this.#parts = [];
    } else {
      this.#parts.push(bytes);
    }
  }

  #endLine(): void {
    // A line that came in one chunk (the usual case) is used where it lies, not copied.
    const bytes = this.#parts.length === 1 ? (this.#parts[0] as Buffer) : Buffer.concat(this.#parts);
    const overlong = this.#overlong;
    const first = this.#first;
    this.#first = false;
    this.#parts = [];
    this.#partBytes = 0;
    this.#overlong = false;
    if (overlong) {
      this.#push({ ok: false, message: `$: the request line is longer than ${MAX_REQUEST_BYTES} bytes` });
      return;
    }
    const unmarked = first && bytes.subarray(0, BOM.length).equals(BOM) ? bytes.subarray(BOM.length) : bytes;
    const body = unmarked.at(-1) === 0x0d ? unmarked.subarray(0, -1) : unmarked;
    let text: string;
    try {
      text = decodeUtf8(body);
    } catch (error) {
      this.#push({ ok: false, message: error instanceof InputError ? error.message : String(error) });
      return;
    }
    if (text.trim() !== '') this.#push({ ok: true, text });
  }

  #push(line: RequestLine): void {
    if (this.#waiting !== null) {
      this.#deliver(line);
      return;
    }
    this.#queue.push(line);
    // Counted in characters: what the line's string holds, a byte at most for each byte read.
    this.#queueBytes += line.ok ? line.text.length : 0;
  }

  #finish(): void {
    if (this.#ended) return;
    // A last line without its `\n` is a request too.
    if (this.#partBytes > 0 || this.#overlong) this.#endLine();
    this.#ended = true;
    if (this.#queue.length === 0) this.#deliver(null);
  }

  #deliver(line: RequestLine | null): void {
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.(line);
  }
}
