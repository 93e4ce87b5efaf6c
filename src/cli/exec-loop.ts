// `awaw-surrender exec LOG`: the host protocol over standard input and output (src/host-protocol/). One
// response line per request line, in order, one request at a time; EOF ends it cleanly, and SIGTERM (or SIGINT,
// SIGHUP) stops the reading: the requests already read are answered first. The signals are caught from the start,
// before the log is opened (a large log takes a while), so that one at any moment ends exec the same clean way.
// Loaded only when exec runs (./log-command-list.ts).
import type { Readable } from 'node:stream';
import { handleLine, type ProtocolContext } from '../host-protocol/handle.js';
import type { Response } from '../host-protocol/protocol.js';
import { oneLine } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import { LineReader } from './exec-lines.js';
import { guarded } from './log-guard.js';
import { openLogEngine } from '../host/file/open-log.js';

/** The process's side of exec: where requests come from, where responses go, and the signal to stop. */
export interface ExecStdio {
  readonly input: Readable;
  /** Writes one response line; resolves once it is handed to the system (false: the reader has gone). */
  write(line: string): Promise<boolean>;
  /** Calls `stop` on SIGTERM, SIGINT or SIGHUP; returns the function that stops listening. */
  onTerminate(stop: () => void): () => void;
}

/** The signals that end exec cleanly (SIGHUP: the terminal or the host's session went away). */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

export const processStdio: ExecStdio = {
  input: process.stdin,
  write: (line) =>
    new Promise((resolve) => {
      if (process.stdout.destroyed) return resolve(false);
      process.stdout.write(`${line}\n`, (error) => resolve(error === null || error === undefined));
    }),
  onTerminate: (stop) => {
    for (const signal of STOP_SIGNALS) process.on(signal, stop);
    // A reader that has gone away (EPIPE) is no reason to die: exec stops like at EOF.
    process.stdout.on('error', stop);
    return () => {
      for (const signal of STOP_SIGNALS) process.off(signal, stop);
      process.stdout.off('error', stop);
    };
  },
};

const unreadable = (message: string, context: ProtocolContext): Response => ({
  id: null,
  ok: false,
  op: null,
  rejection: { code: 'bad-request', rule: 'protocol', message },
  version: context.engine.version,
  othersAppended: 0,
});

/** The response as one line; one that cannot be written as JSON (a string V8 cannot make) is answered `internal`. */
function lineOf(response: Response): string {
  try {
    return JSON.stringify(response);
  } catch (error) {
    const message =
      `the response could not be written as one JSON line ` +
      `(${error instanceof Error ? error.message : String(error)})`;
    return JSON.stringify({
      id: response.id,
      ok: false,
      op: response.op,
      rejection: { code: 'internal', rule: 'engine', message },
      version: response.version,
      othersAppended: response.othersAppended,
    });
  }
}

export function runExec(
  path: string,
  options: { readonly create: boolean; readonly engineId: string | null },
  io: CliIo,
  stdio: ExecStdio,
): Promise<ExitCode> {
  let lines: LineReader | null = null;
  let stopped = false;
  const stopListening = stdio.onTerminate(() => {
    stopped = true;
    lines?.stop();
  });
  const run = guarded(
    path,
    false,
    io,
    async () => {
      const opened = await openLogEngine(path, { ...options, writer: 'exec' });
      if (opened.tornLine !== null)
        io.err(
          oneLine(
            `${path}:line ${opened.tornLine}: the last line is torn (a write was cut off); the first execute ` +
              'repairs it and records the repair',
          ),
        );
      if (opened.mismatches.length > 0)
        io.err(
          oneLine(
            `${path}: ${opened.mismatches.length} rule decisions no longer re-derive ` +
              `(see awaw-surrender replay ${path})`,
          ),
        );
      const context: ProtocolContext = { engine: opened.engine, store: opened.store };
      const reader = new LineReader(stdio.input);
      lines = reader;
      // A signal while the log was opened: nothing is read.
      if (stopped) reader.stop();
      try {
        for (let line = await reader.next(); line !== null; line = await reader.next()) {
          const response = line.ok ? await handleLine(line.text, context) : unreadable(line.message, context);
          if (!(await stdio.write(lineOf(response)))) break;
        }
      } finally {
        reader.stop();
        stdio.input.destroy();
        await opened.engine.close();
      }
      return 0;
    },
    'write',
  );
  return run.finally(stopListening);
}
