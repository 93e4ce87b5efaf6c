// `awaw-surrender report LOG [--game G] [--out FILE.html]`: its arguments and help. The report and its charting
// library are loaded only when it runs (./report-run.ts), so that the CLI's start-up stays light.
import { InputError } from '../schema/validate.js';
import { reportInputError } from './calculator.js';
import { engineIdOf, parseCommandArgs, type CommandSettings } from './command-args.js';
import type { CommandHelp } from './help-types.js';
import type { CliIo, ExitCode } from './io.js';

export const reportHelp: CommandHelp = {
  name: 'report',
  summary:
    'write one self-contained HTML page of a log: per game a ' +
    'chart of the levels per turn, the current state and every decision',
  usage: 'awaw-surrender report LOG [--game G] [--out FILE.html]',
  fields: [
    'LOG: an event log file (JSON Lines, docs/log-format.md); ' +
      'not standard input; read and re-derived as replay reads it',
    '--game G: only that game of the log (default: every ' +
      'game, one section each); a game the log does not hold is exit 2',
    '--out FILE.html: write the page there (its directory made if ' +
      'missing) and print its file:// URL; default: the page on standard output',
    "the page: the British (59.21) and German (55.11B) resistance levels and Italy's DP total (56.11) per turn, " +
      'the zero line, offers and surrenders marked; the state, wars, pending decisions and permissions; a ' +
      'timeline by turn, each decision opening to its breakdown',
    'it needs no network: styles and the chart (SVG) are inline, there is no script to run',
    'exit 0 written; 1 written, but a line is bad, the last line torn, or a rule decision no longer re-derives (each ' +
      'named on standard error and in the page); 2 usage, a log that cannot be read, a file that cannot be written',
  ],
  example: 'awaw-surrender report examples/sea-lion-1941.jsonl --out report/sea-lion-1941.html',
};

export async function reportCommand(
  argv: readonly string[],
  io: CliIo,
  settings: CommandSettings = {},
): Promise<ExitCode> {
  const args = parseCommandArgs(argv, { flags: [], values: ['game', 'out'] });
  const usage = (message: string): ExitCode =>
    reportInputError(io, new InputError('$', `usage: ${message} (${reportHelp.usage})`), false);
  if ('error' in args) return usage(args.error);
  if (args.positionals.length !== 1) return usage('report takes exactly one log file');
  const [path] = args.positionals as [string];
  if (path === '-') return usage('report reads a log file, not standard input');
  const { runReport } = await import('./report-run.js');
  return runReport(
    path,
    { game: args.values.get('game') ?? null, out: args.values.get('out') ?? null, engineId: engineIdOf(settings) },
    io,
  );
}
