// The hash chain of a long verification checked on a second core: a worker thread recomputes each line's seal
// (./line-format.ts: h = sha256(previous h + the line without its hash field)) over the raw bytes, while the
// reading thread parses and checks the same lines. A log's SHA-256 work is about a fifth of its verification
// (docs/performance.md), so on a machine of two cores a big log verifies that much sooner. Nothing read
// is handed on before its chunk's seals are confirmed, and a broken seal is reported at the line where a
// verification on one thread would have reported it (./scan-chunk.ts).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Logs smaller than this verify on one thread: starting a worker costs more than it saves. */
export const SEAL_THREAD_MIN_BYTES = 64 * 1024 * 1024;

/**
 * `auto` (the default) checks the chain on a second thread for a log of at least SEAL_THREAD_MIN_BYTES on a machine
 * of two cores or more; true and false force the choice. On a busy machine the thread costs little: the hashing is
 * the same work either way, only the copy of each chunk (a memcpy of 1 MiB) is added.
 */
export type SealThreadOption = 'auto' | boolean;

export function wantsSealThread(option: SealThreadOption, fileBytes: number): boolean {
  if (option !== 'auto') return option;
  return fileBytes >= SEAL_THREAD_MIN_BYTES && availableParallelism() >= 2;
}

// The worker's own code, run as a CommonJS script (`eval`), so that it needs no file of its own beside the
// bundled command line. It keeps the chain's last hash and the next line's number across chunks, and answers
// each chunk with the number of its first line whose seal does not hold (0: all hold).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { hash } = require('node:crypto');
const SUFFIX = Buffer.from(',"hash":"', 'latin1');
let prev = workerData.prevHash;
let line = workerData.line;
let failed = 0;
let scratch = Buffer.allocUnsafe(1 << 16);
parentPort.on('message', (chunk) => {
  const bytes = Buffer.from(chunk.buffer, 0, chunk.length);
  for (let start = 0; failed === 0 && start < bytes.length; line += 1) {
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    const n = end - start;
    let sealed = n >= 77 && bytes[end - 2] === 0x22 && bytes[end - 1] === 0x7d &&
      bytes.compare(SUFFIX, 0, SUFFIX.length, end - 75, end - 66) === 0;
    if (sealed) {
      const size = 64 + n - 74;
      if (scratch.length < size) scratch = Buffer.allocUnsafe(2 * size);
      scratch.write(prev, 0, 64, 'latin1');
      bytes.copy(scratch, 64, start, end - 75);
      scratch[size - 1] = 0x7d;
      const digest = hash('sha256', scratch.subarray(0, size), 'hex');
      sealed = digest === bytes.toString('latin1', end - 66, end - 2);
      prev = digest;
    }
    if (!sealed) failed = line;
    start = end + 1;
  }
  parentPort.postMessage(failed);
});
`;

/** A worker checking one log's chain, chunk after chunk, in the order they are given. */
export class SealThread {
  readonly #worker: Worker;
  /** Answers awaited, oldest first: the worker answers in the order it was sent chunks. */
  readonly #waiting: { resolve: (bad: number) => void; reject: (error: Error) => void }[] = [];
  #error: Error | null = null;

  /** Starts checking at line `line` (1-based; 1 is the header), chained to `prevHash`. */
  constructor(prevHash: string, line: number) {
    this.#worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { prevHash, line } });
    this.#worker.on('message', (bad: number) => this.#waiting.shift()?.resolve(bad));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', () => this.#fail(new Error('the hash-checking thread stopped')));
  }

  /**
   * Hands over the whole lines `bytes` (without the last line's `\n`), copied, since the caller's buffer is
   * reused; resolves to the first line of them whose seal does not hold, or 0.
   */
  check(bytes: Uint8Array): Promise<number> {
    if (this.#error !== null) return Promise.reject(this.#error);
    const copy = new Uint8Array(bytes);
    const answer = new Promise<number>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    this.#worker.postMessage({ buffer: copy.buffer, length: copy.length }, [copy.buffer]);
    return answer;
  }

  async close(): Promise<void> {
    this.#error ??= new Error('the hash-checking thread was closed');
    await this.#worker.terminate();
  }

  #fail(error: Error): void {
    this.#error ??= error;
    for (const waiter of this.#waiting.splice(0)) waiter.reject(error);
  }
}

/** A chunk's whole lines handed to the thread early: the thread's answer for them. */
export interface EarlyCheck {
  readonly answer: Promise<number>;
}

/**
 * Hands the whole lines of the chunk a read-ahead brings (into `into`, after `offset` carried bytes) to the thread
 * as soon as the read ends, while the reading thread still checks the chunk before it: the answer is then ready when
 * that chunk's first events are handed on, instead of awaited. Null when the read brings no whole line (the reader
 * hands over the lines itself, later).
 */
export function checkWhenRead(
  seals: SealThread,
  read: Promise<{ readonly bytesRead: number }>,
  into: Buffer,
  offset: number,
): Promise<EarlyCheck | null> {
  const early = read.then(({ bytesRead }) => {
    const end = bytesRead === 0 ? -1 : into.subarray(0, offset + bytesRead).lastIndexOf(0x0a);
    if (end < 0) return null;
    const answer = seals.check(into.subarray(0, end));
    answer.catch(() => undefined);
    return { answer };
  });
  early.catch(() => undefined);
  return early;
}
