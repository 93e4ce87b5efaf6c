// The CLI's only contact with the outside world, injectable so that tests run commands in-process.
import { createReadStream } from 'node:fs';
import type { Terminal } from './progress.js';

/**
 * The most bytes of one input document the CLI reads (docs/cli.md): a calculator's input, or the one command of
 * `append` (and a request line of `exec`). A command is at most 1 MiB characters of compact JSON
 * (src/engine/json-copy.ts), so its text, indented or with `\u` escapes, fits; no calculator input of a real
 * game comes near (a whole British force pool is tens of KiB). Beyond it the input is refused, not read.
 */
export const MAX_INPUT_BYTES = 8 * 1024 * 1024;

/** An input longer than the limit it was read with: reading stopped there. */
export class InputTooLargeError extends Error {
  override readonly name = 'InputTooLargeError';
  constructor(readonly limit: number) {
    super(`the input is larger than ${limit} bytes`);
  }
}

export interface CliIo {
  /**
   * Reads a whole input document, as bytes (decoded by the caller, ./utf8.ts): a file path, or `-` for standard
   * input. Rejects with an InputTooLargeError as soon as more than `maxBytes` have come, without reading on.
   */
  readInput(source: string, maxBytes: number): Promise<Uint8Array>;
  out(text: string): void;
  err(text: string): void;
  /** Standard error when it is a terminal, for progress (./progress.ts); absent otherwise. */
  readonly terminal?: Terminal;
}

/** 3: only `exec`, a response it could not write (docs/cli.md). */
export type ExitCode = 0 | 1 | 2 | 3;

/** Bytes per read of an input file: what is held beyond the limit before reading stops. */
const CHUNK_BYTES = 64 * 1024;

/** The stream's bytes, at most `limit` of them: one chunk more and the stream is destroyed (/dev/zero never ends). */
async function readAtMost(stream: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      length += chunk.length;
      if (length > limit) throw new InputTooLargeError(limit);
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, length);
}

export const processIo: CliIo = {
  readInput: (source, maxBytes) =>
    readAtMost(source === '-' ? process.stdin : createReadStream(source, { highWaterMark: CHUNK_BYTES }), maxBytes),
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  ...(process.stderr.isTTY
    ? { terminal: { write: (text: string) => process.stderr.write(text), now: () => performance.now() } }
    : {}),
};

/** Collects output in memory: for tests and for embedding the CLI. Text inputs are given to the command as UTF-8. */
export function memoryIo(inputs: Record<string, string | Uint8Array> = {}): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    readInput: async (source: string, maxBytes: number) => {
      const text = inputs[source];
      if (text === undefined) {
        const error = new Error(`ENOENT: no such file or directory, open '${source}'`) as NodeJS.ErrnoException;
        error.code = 'ENOENT';
        throw error;
      }
      const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      if (bytes.length > maxBytes) throw new InputTooLargeError(maxBytes);
      return bytes;
    },
    out: (text: string) => {
      io.stdout += text.endsWith('\n') ? text : `${text}\n`;
    },
    err: (text: string) => {
      io.stderr += text.endsWith('\n') ? text : `${text}\n`;
    },
  };
  return io;
}
