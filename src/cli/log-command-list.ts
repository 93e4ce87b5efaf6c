// The event-log commands as the CLI lists them at startup: names and summaries only. A command's module
// (./log-commands.ts: the engine, the audit, the store, every event schema) is loaded when it runs, so that
// a calculator process never pays for it (docs/performance.md). test/cli/startup.test.ts keeps this list
// equal to ./log-commands.ts.
import type { CommandHelp } from './help-types.js';
import type { CliIo, ExitCode } from './io.js';
import type { LogCommand, LogCommandOptions } from './log-commands.js';

async function runLoaded(name: string, path: string, options: LogCommandOptions, io: CliIo): Promise<ExitCode> {
  const { logCommands } = await import('./log-commands.js');
  const command = logCommands.find((c) => c.name === name);
  if (command === undefined) throw new Error(`log command ${name} is listed but not defined`);
  return command.run(path, options, io);
}

const listed = (help: CommandHelp): LogCommand => ({
  name: help.name,
  summary: help.summary,
  run: (path, options, io) => runLoaded(help.name, path, options, io),
});

const expectHead =
  '--expect-head SEQ:HASH: fail (exit 1) unless the log still holds ' +
  'that line at that seq, the head as verify and every append report it';
const progress =
  'progress: a long run shows how far it has read on standard error when that is a terminal, and never otherwise';

export const replayHelp: CommandHelp = {
  name: 'replay',
  summary: "replay a log, re-derive every rule decision, print each game's state and pending decisions",
  usage: 'awaw-surrender replay [--json] [--full] [--expect-head SEQ:HASH] LOG',
  fields: [
    'LOG: an event log file (JSON Lines, docs/log-format.md); not standard input',
    '--full: check every line, ignoring the verification mark (LOG.verified.json) a clean run leaves',
    expectHead,
    '--json: print {ok, version, head, games, mismatches, torn, headMismatch}',
    progress,
  ],
  example: 'awaw-surrender replay examples/conciliation-and-second-surrender.jsonl --json',
};

export const auditHelp: CommandHelp = {
  name: 'audit',
  summary: 'print every rule decision of a log: a headline (turn, rule, result), its breakdown indented below',
  usage: 'awaw-surrender audit [--json] [--full] [--expect-head SEQ:HASH] LOG',
  fields: [
    'LOG: an event log file (JSON Lines, docs/log-format.md); not standard input',
    '--full: check every line, ignoring the verification mark (LOG.verified.json) a clean run leaves',
    expectHead,
    '--json: print {ok, entries, mismatches, headMismatch}',
    progress,
  ],
  example: 'awaw-surrender audit examples/sea-lion-1941.jsonl',
};

export const verifyHelp: CommandHelp = {
  name: 'verify',
  summary: 'check every line of a log (format, schema, sequence, hash chain); --repair truncates a torn last line',
  usage: 'awaw-surrender verify [--json] [--repair | --expect-head SEQ:HASH] LOG',
  fields: [
    'LOG: an event log file (JSON Lines, docs/log-format.md); ' +
      'not standard input; every line is checked, no mark is read',
    '--repair: truncate a torn last line, and with it an append a crash cut in two, and record the repair in the log ' +
      '(as the next writer does; docs/log-format.md)',
    expectHead,
    'an intact log lists the repairs of a torn end it records (log.repaired lines), in words',
    '--json: print the report: {ok, events, version, formatVersion, lastHash, head, repairs} or {ok, line, path, ' +
      'message, torn}',
    progress,
  ],
  example: 'awaw-surrender verify examples/sea-lion-1941.jsonl',
};

export const logCommands: readonly LogCommand[] = [listed(replayHelp), listed(auditHelp), listed(verifyHelp)];
