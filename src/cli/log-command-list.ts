// The event-log commands as the CLI lists them at startup: names and summaries only. A command's module
// (./log-commands.ts: the engine, the audit, the store, every event schema) is loaded when it runs, so that
// a calculator process never pays for it (docs/performance.md). test/cli/startup.test.ts keeps this list
// equal to ./log-commands.ts.
import type { CliIo, ExitCode } from './io.js';
import type { LogCommand, LogCommandOptions } from './log-commands.js';

async function runLoaded(name: string, path: string, options: LogCommandOptions, io: CliIo): Promise<ExitCode> {
  const { logCommands } = await import('./log-commands.js');
  const command = logCommands.find((c) => c.name === name);
  if (command === undefined) throw new Error(`log command ${name} is listed but not defined`);
  return command.run(path, options, io);
}

const listed = (name: string, summary: string): LogCommand => ({ name, summary, run: (path, options, io) => runLoaded(name, path, options, io) });

export const logCommands: readonly LogCommand[] = [
  listed('replay', "replay a log, re-derive every rule decision, print each game's state and pending decisions"),
  listed('audit', 'print every rule decision of a log, one line each: turn, rule, result, breakdown'),
  listed('verify', 'check every line of a log (format, schema, sequence, hash chain); --repair truncates a torn last line'),
];
