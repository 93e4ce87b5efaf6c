// `awaw-surrender exec LOG [--create]`: its arguments and help. The protocol loop (./exec-loop.ts) and the
// engine it drives are loaded only when it runs, so that the CLI's start-up stays light.
import { InputError } from '../schema/validate.js';
import { reportInputError } from './calculator.js';
import { engineIdOf, parseCommandArgs, type CommandSettings } from './command-args.js';
import type { CommandHelp } from './help-types.js';
import { renderHelp } from './help-render.js';
import type { CliIo, ExitCode } from './io.js';
import type { ExecStdio } from './exec-loop.js';

export const execHelp: CommandHelp = {
  name: 'exec',
  summary:
    'drive a game log from any language: JSON requests on ' +
    'standard input, one JSON response line each (docs/host-protocol.md)',
  usage: 'awaw-surrender exec LOG [--create]',
  fields: [
    'LOG: the event log to read and append to (other processes may append to it too)',
    '--create: create LOG (a header only) if it does not exist',
    'a request, one JSON object per line: {"id"?: string|integer, "op": OP, ...}; blank lines are skipped',
    'op execute {game, command, expectedVersion?, commandId?}: decide and append a command; answers events, head, ' +
      'pending; with expectedVersion, a log at another version is refused (stale-version), nothing appended; with ' +
      'commandId, the same command sent again answers its first events (repeated: true), nothing appended',
    'op preview {game, command}: what execute would append and what would then be pending; appends nothing',
    'op pending|state|wars|permissions {game}: the pending ' +
      'decisions, the game summary, the wars, the 59.5/59.8 permissions',
    'op declarations {game}: for each pair of powers on opposite sides, whether one may declare war on the other ' +
      'alone now (allowed, refusedBy {rule, code}, usatLevelAtLeast)',
    'op events|audit {from?, limit?, game?}: the events, or the audit entries, of at most limit (default 1000) ' +
      'events from seq from; next: where to go on',
    'op games {}: the games of the log',
    'a response: {id, ok, op, version, othersAppended, ...}; ok ' +
      'false carries rejection {code, rule, message, violations?, fields?}',
    'EOF ends exec (exit 0); SIGTERM, SIGINT or SIGHUP stops the reading: the requests already read are answered, ' +
      'then exit 0; exit 2: LOG cannot be used',
    'a torn last line (a writer killed mid-append) is repaired by the first execute, and recorded in the log',
    'exit 3: a response could not be written (standard output closed, or not taking it): said on standard error',
  ],
  example:
    `printf '%s\\n' '{"id":1,"op":"games"}' '{"id":2,"op":"pending","game":"sea-lion-1941"}' |\n` +
    `  awaw-surrender exec examples/sea-lion-1941.jsonl`,
};

export async function execCommand(
  argv: readonly string[],
  io: CliIo,
  settings: CommandSettings = {},
  stdio?: ExecStdio,
): Promise<ExitCode> {
  const args = parseCommandArgs(argv, { flags: ['create', 'help'], values: [] });
  const usage = (message: string): ExitCode =>
    reportInputError(io, new InputError('$', `usage: ${message} (${execHelp.usage})`), false);
  if ('error' in args) return usage(args.error);
  if (args.flags.has('help')) {
    io.out(renderHelp(execHelp));
    return 0;
  }
  const [path, ...extra] = args.positionals;
  if (path === undefined || extra.length > 0) return usage('exec takes exactly one log file');
  if (path === '-') return usage('exec reads requests from standard input: its log is a file');
  const { runExec, processStdio } = await import('./exec-loop.js');
  return runExec(path, { create: args.flags.has('create'), engineId: engineIdOf(settings) }, io, stdio ?? processStdio);
}
