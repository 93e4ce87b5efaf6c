// `awaw-surrender --help`, `help COMMAND` and `COMMAND --help`: built from the CommandHelp beside each command.
import { calculators } from './commands.js';
import type { CommandHelp } from './help-types.js';
import { renderHelp, wrapped } from './help-render.js';
import { execHelp } from './exec.js';
import { appendHelp } from './append.js';
import { schemaHelp } from './schema.js';
import { logCommands, replayHelp, auditHelp, verifyHelp } from './log-command-list.js';
import { exportHelp, importHelp } from './pg-help.js';
import { serveHelp } from './serve.js';
import { reportHelp } from './report.js';

/** Every command's help, in the order `--help` lists the commands. */
export const commandHelps: readonly CommandHelp[] = [
  ...calculators.map((c) => c.help),
  replayHelp,
  auditHelp,
  verifyHelp,
  exportHelp,
  importHelp,
  execHelp,
  appendHelp,
  schemaHelp,
  serveHelp,
  reportHelp,
  // commands with their own argument parsing: add their help objects above this line
];

export { renderHelp };

export const findHelp = (name: string): CommandHelp | undefined => commandHelps.find((h) => h.name === name);

/** The overview: every command with its summary, each line at most 100 columns (./help-render.ts). */
export function usage(): string {
  const width = Math.max(...commandHelps.map((h) => h.name.length));
  // A summary too long for its line goes on under itself.
  const line = (name: string, summary: string): string[] =>
    wrapped(`${name.padEnd(width)}  ${summary}`, '  ', width + 2);
  // `report` reads a log as the log commands do, though it parses its own arguments.
  const logReaders = [...logCommands, reportHelp];
  const listed = new Set([...calculators, ...logReaders].map((c) => c.name));
  return [
    'usage: awaw-surrender <calculator> [--json] [--option NAME=VALUE] <file|->',
    '       awaw-surrender replay|audit|verify [--json] <log>',
    ...wrapped(
      '(verify --repair: repair a log cut off by a crash; replay|audit --full: ignore the verification mark; ' +
        '--expect-head SEQ:HASH: fail unless the log holds that head, as verify reports it)',
      ' '.repeat(11),
      1,
    ),
    '       awaw-surrender help COMMAND   (or COMMAND --help: its input fields, options and an example)',
    '       awaw-surrender --version   (or -v)',
    '',
    'calculators (JSON input from a file, or - for standard input):',
    ...calculators.flatMap((c) => line(c.name, `${c.summary} [${c.rule}]`)),
    '',
    'event logs:',
    ...logReaders.flatMap((c) => line(c.name, c.summary)),
    ...(commandHelps.some((h) => !listed.has(h.name))
      ? ['', 'hosts:', ...commandHelps.filter((h) => !listed.has(h.name)).flatMap((h) => line(h.name, h.summary))]
      : []),
    '',
    'exit codes: 0 computed or legal, 1 a rule is broken, 2 malformed input or usage (docs/cli.md)',
  ].join('\n');
}
