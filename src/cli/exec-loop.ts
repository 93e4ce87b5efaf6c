// `awaw-surrender exec LOG`: the host protocol over standard input and output (src/host-protocol/). One
// response line per request line, in order, one request at a time; EOF ends it cleanly, and SIGTERM (or SIGINT,
// SIGHUP) stops the reading: the requests already read are answered first. The signals are caught from the start,
// before the log is opened (a large log takes a while), so that one at any moment ends exec the same clean way. A
// response that cannot be written (standard output closed, or not read for REPLY_WAIT_MS) ends exec with exit 3,
// said on standard error: the host may have lost the answer to a command that was applied. Loaded only when exec
// runs (./log-command-list.ts).
import type { Readable } from 'node:stream';
import { handleLine, type ProtocolContext } from '../host-protocol/handle.js';
import type { Response } from '../host-protocol/protocol.js';
import { oneLine } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import { LineReader } from './exec-lines.js';
import { guarded } from './log-guard.js';
import { openLogEngine } from '../host/file/open-log.js';

/** How long a response may wait for standard output to take it: a host that reads nothing for that long has gone. */
export const REPLY_WAIT_MS = 60_000;

/** A response line handed to the system, or why it was not. */
export type Written = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** The process's side of exec: where requests come from, where responses go, and the signal to stop. */
export interface ExecStdio {
  readonly input: Readable;
  /** Writes one response line; resolves once it is handed to the system, or with why it cannot be. */
  write(line: string): Promise<Written>;
  /**
   * Ends exec with `code` once it has cleaned up after a response it could not write: what still waits to be written
   * to standard output is dropped (a pipe nobody reads would keep the process forever).
   */
  abandon(code: ExitCode): void;
  /** Calls `stop` on SIGTERM, SIGINT or SIGHUP; returns the function that stops listening. */
  onTerminate(stop: () => void): () => void;
}

/** The signals that end exec cleanly (SIGHUP: the terminal or the host hung up). */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

const systemWords = (error: Error): string => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EPIPE' ? 'standard output is closed (EPIPE)' : `standard output failed (${code ?? error.message})`;
};

export const processStdio: ExecStdio = {
  input: process.stdin,
  write: (line) =>
    new Promise((resolve) => {
      if (process.stdout.destroyed) return resolve({ ok: false, reason: 'standard output is closed' });
      const timer = setTimeout(
        () => resolve({ ok: false, reason: `standard output took nothing for ${REPLY_WAIT_MS / 1000} s` }),
        REPLY_WAIT_MS,
      );
      process.stdout.write(`${line}\n`, (error) => {
        clearTimeout(timer);
        resolve(error === null || error === undefined ? { ok: true } : { ok: false, reason: systemWords(error) });
      });
    }),
  abandon: (code) => {
    process.exit(code);
  },
  onTerminate: (stop) => {
    // A write's error reaches its callback (Written); without a listener the stream's 'error' would end the process.
    const ignore = (): void => undefined;
    for (const signal of STOP_SIGNALS) process.on(signal, stop);
    process.stdout.on('error', ignore);
    return () => {
      for (const signal of STOP_SIGNALS) process.off(signal, stop);
      process.stdout.off('error', ignore);
    };
  },
};

/** What standard error says of a response that was not written: for an execute, what it did and how to learn it. */
function unwritten(response: Response, reason: string, commandId: string | undefined): string {
  const which = `the response to request ${JSON.stringify(response.id)} (${response.op ?? 'unreadable'})`;
  let what = '';
  if (response.ok && response.op === 'execute' && response.repeated !== true) {
    const first = response.events[0]?.seq;
    what =
      response.events.length === 0
        ? '; its command appended nothing'
        : `; its command was applied (events ${first} to ${response.head.seq}): ` +
          (commandId === undefined
            ? 'read the log before sending it again'
            : `sent again with commandId ${JSON.stringify(commandId)}, it answers these events`);
  }
  return `exec: ${which} could not be written: ${reason}${what}`;
}

/** The command id of an execute request line, if it has one. */
function commandIdOf(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    const id = typeof value === 'object' && value !== null ? (value as { commandId?: unknown }).commandId : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

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
  let stopping = false;
  let stopWaiting: (() => void) | null = null;
  const stopListening = stdio.onTerminate(() => {
    stopping = true;
    lines?.stop();
    stopWaiting?.();
  });
  /**
   * A write that waits on a host that reads nothing ends when exec is told to stop. A line that fits is taken by the
   * system at once (its callback runs before any signal is handled), so a write still waiting then never would be.
   */
  const write = async (line: string): Promise<Written> => {
    const given: Written = { ok: false, reason: 'exec was told to stop while standard output took nothing' };
    const giveUp = new Promise<Written>((resolve) => {
      if (stopping) setImmediate(() => resolve(given));
      else stopWaiting = () => resolve(given);
    });
    try {
      return await Promise.race([stdio.write(line), giveUp]);
    } finally {
      stopWaiting = null;
    }
  };
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
      if (stopping) reader.stop();
      let unwritable = false;
      try {
        for (let line = await reader.next(); line !== null; line = await reader.next()) {
          const response = line.ok ? await handleLine(line.text, context) : unreadable(line.message, context);
          const written = await write(lineOf(response));
          if (!written.ok) {
            io.err(oneLine(unwritten(response, written.reason, line.ok ? commandIdOf(line.text) : undefined)));
            unwritable = true;
            break;
          }
        }
      } finally {
        reader.stop();
        stdio.input.destroy();
        await opened.engine.close();
      }
      if (!unwritable) return 0;
      stdio.abandon(3);
      return 3;
    },
    'write',
    options.create ? undefined : 'give --create to start a new log there',
  );
  return run.finally(stopListening);
}
