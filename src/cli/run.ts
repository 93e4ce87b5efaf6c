// Command-line dispatch: `awaw-surrender <command> [--json] <file|->`. Never prints a stack trace; every usage
// error is exit 2 with one line on standard error naming the option and the command (docs/cli.md).
import { readArgs, type GivenOption } from './args.js';
import { calculators } from './commands.js';
import { commandHelps, findHelp, renderHelp, usage } from './help.js';
import { logCommands } from './log-command-list.js';
import type { CliIo, ExitCode } from './io.js';
import { InputError } from '../schema/validate.js';
import { reportInputError } from './calculator.js';
import { engineId } from './engine-id.js';
import { parseHead } from './log-head.js';
import { readRulingOptions } from './ruling-options.js';
import { packageVersion } from './version.js';
import { execCommand } from './exec.js';
import { appendCommand } from './append.js';
import { schemaCommand } from './schema.js';
import { reportCommand } from './report.js';
import { didYouMean } from '../schema/nearest-name.js';

type SelfParsing = (argv: readonly string[], io: CliIo, settings: CliSettings) => Promise<ExitCode>;

/** The commands that read their own arguments; the PostgreSQL ones load the database client only when used. */
const SELF_PARSING: ReadonlyMap<string, SelfParsing> = new Map<string, SelfParsing>([
  ['exec', execCommand],
  ['schema', schemaCommand],
  ['append', appendCommand],
  ['export', async (argv, io) => (await import('./export.js')).exportCommand(argv, io)],
  ['import', async (argv, io) => (await import('./import.js')).importCommand(argv, io)],
  ['serve', async (argv, io) => (await import('./serve.js')).serveCommand(argv, io)],
  ['report', reportCommand],
]);

export interface CliSettings {
  /** The build id for verification marks; default the bundle's own (./engine-id.ts), null for none. */
  readonly engineId?: string | null;
}

/** The options that take a value, as usage messages show them; every other option is a flag. */
const WITH_VALUE: ReadonlyMap<string, string> = new Map([
  ['expect-head', '--expect-head SEQ:HASH'],
  ['option', '--option NAME=VALUE'],
]);
const HELP = ['help', 'h'];
const CALCULATOR_OPTIONS: ReadonlySet<string> = new Set(['json', 'option', ...HELP]);
const LOG_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  replay: new Set(['json', 'full', 'expect-head', ...HELP]),
  audit: new Set(['json', 'full', 'expect-head', ...HELP]),
  verify: new Set(['json', 'repair', 'expect-head', ...HELP]),
};
const VERSION = ['version', 'v'];
/** Without a command (or with `help`): `--help`, `--version` (`-h`, `-v`). */
const TOP_OPTIONS: ReadonlySet<string> = new Set(['json', ...VERSION, ...HELP]);
/** Options that exist but belong to other commands: the message says where they apply. */
const APPLIES_TO: Readonly<Record<string, string>> = {
  repair: '--repair applies to verify only',
  full: '--full applies to replay and audit only',
  'expect-head': '--expect-head applies to replay, audit and verify only',
  option: "--option applies to the calculators only (a log's games fix their options in host.game-started)",
};

/** `german-surrender takes --json, --option NAME=VALUE, --help`. */
const takes = (name: string, allowed: ReadonlySet<string>): string =>
  `${name} takes ${[...allowed]
    .filter((o) => o !== 'h')
    .map((o) => WITH_VALUE.get(o) ?? `--${o}`)
    .join(', ')}`;

const dashed = (o: GivenOption): string => (o.raw.startsWith('--') ? `--${o.name}` : `-${o.name}`);

export async function runCli(argv: readonly string[], io: CliIo, settings: CliSettings = {}): Promise<ExitCode> {
  // Commands that read their own arguments: their help is printed here, alike for every command.
  const own = argv[0] === undefined ? undefined : SELF_PARSING.get(argv[0]);
  if (own !== undefined) {
    const head = argv.indexOf('--') < 0 ? argv : argv.slice(0, argv.indexOf('--'));
    const help = findHelp(argv[0] as string);
    if (help !== undefined && (head.includes('--help') || head.includes('-h'))) {
      io.out(renderHelp(help));
      return 0;
    }
    return own(argv.slice(1), io, settings);
  }
  const end = argv.indexOf('--');
  const wantsJson = (end < 0 ? argv : argv.slice(0, end)).includes('--json');
  const read = readArgs(argv, new Set(WITH_VALUE.keys()));
  if (!read.ok) return usageError(io, read.message, wantsJson);
  const { options, positionals } = read.args;
  const has = (name: string): boolean => options.some((o) => o.name === name);
  const json = has('json');
  const [name, ...rest] = positionals;
  const calc = calculators.find((c) => c.name === name);
  const log = logCommands.find((c) => c.name === name);
  const known = name === undefined || name === 'help' || calc !== undefined || log !== undefined;
  if (!known) return usageError(io, unknownCommand('unknown command', name, commandNames()), json);

  // Every option must be one that command takes; one meant for another command says which.
  const command = name === 'help' ? undefined : name;
  const allowed =
    calc !== undefined ? CALCULATOR_OPTIONS : log !== undefined ? (LOG_OPTIONS[log.name] ?? TOP_OPTIONS) : TOP_OPTIONS;
  for (const option of options) {
    if (allowed.has(option.name)) continue;
    const elsewhere = APPLIES_TO[option.name];
    if (command === undefined)
      return usageError(io, `unknown option ${dashed(option)} (see awaw-surrender --help)`, json);
    if (elsewhere !== undefined)
      return usageError(
        io,
        option.name === 'full' && command === 'verify' ? `${elsewhere} (verify always checks every line)` : elsewhere,
        json,
      );
    const listed = calc?.options.length === 0 ? new Set([...allowed].filter((o) => o !== 'option')) : allowed;
    return usageError(io, `${command}: unknown option ${dashed(option)} (${takes(command, listed)})`, json);
  }
  if (options.filter((o) => o.name === 'expect-head').length > 1)
    return usageError(io, `${name}: --expect-head is given twice`, json);

  if (has('help') || has('h') || name === 'help') {
    const topic = name === 'help' ? rest : [name].filter((n) => n !== undefined);
    if (topic.length > 1) return usageError(io, 'help takes one command name (see awaw-surrender --help)', json);
    const [about] = topic;
    if (about === undefined) {
      io.out(usage());
      return 0;
    }
    const help = findHelp(about);
    if (help === undefined)
      return usageError(
        io,
        unknownCommand(
          'help: unknown command',
          about,
          commandHelps.map((h) => h.name),
        ),
        json,
      );
    io.out(renderHelp(help));
    return 0;
  }
  if (VERSION.some(has)) {
    if (name !== undefined) return usageError(io, `--version takes no command (given ${name})`, json);
    io.out(packageVersion());
    return 0;
  }
  if (name === undefined) return usageError(io, 'no command given (see awaw-surrender --help)', json);
  if (rest.length !== 1)
    return usageError(
      io,
      `${name} takes exactly one file argument${calc === undefined ? '' : ' (or - for standard input)'}`,
      json,
    );
  const source = rest[0] as string;

  if (calc !== undefined) {
    const chosen = readRulingOptions(
      calc.name,
      calc.options,
      options.filter((o) => o.name === 'option').map((o) => o.value ?? ''),
    );
    if (!chosen.ok) return usageError(io, `${calc.name}: ${chosen.message}`, json);
    return calc.run(source, json, chosen.options, io);
  }
  const logCommand = log as (typeof logCommands)[number];
  const repair = has('repair');
  const headText = options.find((o) => o.name === 'expect-head')?.value ?? undefined;
  const expectHead = headText === undefined ? null : parseHead(headText);
  if (headText !== undefined && expectHead === null) {
    return usageError(
      io,
      `--expect-head ${JSON.stringify(headText)}: expected SEQ:HASH, a seq and its line's 64 lowercase hex digits, ` +
        `as verify reports the head`,
      json,
    );
  }
  if (expectHead !== null && repair)
    return usageError(io, '--expect-head checks a log, --repair changes one: run them one after the other', json);
  // Logs are streamed, locked and repaired by path: standard input cannot be one.
  if (source === '-') return usageError(io, `${name} reads a log file, not standard input`, json);
  const id = settings.engineId === undefined ? engineId : settings.engineId;
  return logCommand.run(source, { json, repair, full: has('full'), engineId: id, expectHead }, io);
}

/** `help` and every command's name: what a mistyped command may have been meant to be. */
const commandNames = (): string[] => [
  'help',
  ...calculators.map((c) => c.name),
  ...logCommands.map((c) => c.name),
  ...SELF_PARSING.keys(),
];

/** `unknown command "replya": did you mean "replay"?`, or a pointer to the list when no command is near. */
function unknownCommand(what: string, name: string, known: readonly string[]): string {
  const suggestion = didYouMean(name, known);
  return `${what} ${JSON.stringify(name)}${suggestion === '' ? ' (see awaw-surrender --help)' : suggestion}`;
}

function usageError(io: CliIo, message: string, json: boolean): ExitCode {
  return reportInputError(io, new InputError('$', `usage: ${message}`), json);
}
