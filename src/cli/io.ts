// The CLI's only contact with the outside world, injectable so that tests run commands in-process.
import { readFile } from 'node:fs/promises';
import type { Terminal } from './progress.js';

export interface CliIo {
  /** Reads a whole input document, as bytes (decoded by the caller, ./utf8.ts): a file path, or `-` for standard input. */
  readInput(source: string): Promise<Uint8Array>;
  out(text: string): void;
  err(text: string): void;
  /** Standard error when it is a terminal, for progress (./progress.ts); absent otherwise. */
  readonly terminal?: Terminal;
}

export type ExitCode = 0 | 1 | 2;

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const processIo: CliIo = {
  readInput: (source) => (source === '-' ? readStdin() : readFile(source)),
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  ...(process.stderr.isTTY ? { terminal: { write: (text: string) => process.stderr.write(text), now: () => performance.now() } } : {}),
};

/** Collects output in memory: for tests and for embedding the CLI. Text inputs are given to the command as UTF-8. */
export function memoryIo(inputs: Record<string, string | Uint8Array> = {}): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    readInput: async (source: string) => {
      const text = inputs[source];
      if (text === undefined) {
        const error = new Error(`ENOENT: no such file or directory, open '${source}'`) as NodeJS.ErrnoException;
        error.code = 'ENOENT';
        throw error;
      }
      return typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
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
