// `awaw-surrender append LOG [--game G] [--command-id ID] FILE|-`: its arguments and help. The engine is loaded
// only when it runs (./append-run.ts), so that the CLI's start-up stays light.
import { InputError } from '../schema/validate.js';
import { reportInputError } from './calculator.js';
import { engineIdOf, parseCommandArgs, type CommandSettings } from './command-args.js';
import type { CommandHelp } from './help-types.js';
import { renderHelp } from './help-render.js';
import type { CliIo, ExitCode } from './io.js';

export const appendHelp: CommandHelp = {
  name: 'append',
  summary:
    'decide one command against a log and append what it produces: ' +
    'one JSON result, exit 0 appended, 1 refused by a rule, 2 malformed',
  usage: 'awaw-surrender append LOG [--game G] [--command-id ID] FILE|-',
  fields: [
    'LOG: the event log (it must exist: start a game with exec ' +
      '--create, or append host.game-started to a log made by it)',
    'FILE|-: one command as JSON, {"type", "data"} and optionally "game", from a file or standard input',
    '--game G: the game the command is for, when the command ' +
      'carries no "game"; when both are given they must agree (else exit 2)',
    'neither --game nor "game": the log\'s only game; a log with no game or several is exit 2, naming them',
    "--command-id ID: the host's id of the command (1 to 128 characters of A-Z a-z 0-9 _ . : -): sent again with " +
      'the same id, the command is not applied again; the result is its first one, with repeated: true',
    'result, exit 0: {ok: true, game, events (as appended), version, head {seq, hash}, pending (with ' +
      'description), repeated?: true}',
    'result, exit 1: {ok: false, game, rejection {code, rule, message, violations?, fields?}}: a rule refused it ' +
      '(also no-game, conflict, command-id-reused); nothing appended',
    'result, exit 2: {error: {path, message}} (the error format): usage, input that is not JSON, a command refused ' +
      'as malformed (path: its JSON path), a log that cannot be used or a store-failed, outcome-unknown or internal ' +
      'refusal (path $)',
  ],
  // On a copy: the bundled example stays as it is shipped.
  example: `cp examples/sea-lion-1941.jsonl sea-lion-copy.jsonl
awaw-surrender append sea-lion-copy.jsonl --game sea-lion-1941 - <<'EOF'
{"type":"host.logged","data":{"turn":{"season":"spring","year":1942},"kind":"note","data":{}}}
EOF`,
};

export async function appendCommand(
  argv: readonly string[],
  io: CliIo,
  settings: CommandSettings = {},
): Promise<ExitCode> {
  const args = parseCommandArgs(argv, { flags: ['help'], values: ['game', 'command-id'] });
  const usage = (message: string): ExitCode =>
    reportInputError(io, new InputError('$', `usage: ${message} (${appendHelp.usage})`), true);
  if ('error' in args) return usage(args.error);
  if (args.flags.has('help')) {
    io.out(renderHelp(appendHelp));
    return 0;
  }
  if (args.positionals.length !== 2)
    return usage('append takes a log file and a command file (or - for standard input)');
  const [path, source] = args.positionals as [string, string];
  if (path === '-') return usage('append reads a log file, not standard input');
  const { runAppend } = await import('./append-run.js');
  const game = args.values.get('game') ?? null;
  const commandId = args.values.get('command-id') ?? null;
  return runAppend(path, source, { game, commandId, engineId: engineIdOf(settings) }, io);
}
