// Command-line dispatch: `awaw-surrender <command> [--json] <file|->`. Never prints a stack trace;
// every usage error is exit 2 with one line on standard error (CONTRACT.md).
import { parseArgs } from 'node:util';
import { calculators } from './commands.js';
import { logCommands } from './log-command-list.js';
import type { CliIo, ExitCode } from './io.js';
import { InputError } from '../schema/validate.js';
import { reportInputError } from './calculator.js';
import { engineId } from './engine-id.js';
import { parseHead } from './log-head.js';
import { schemaCommand } from './schema.js';

function usage(): string {
  const width = Math.max(...[...calculators, ...logCommands].map((c) => c.name.length));
  return [
    'usage: awaw-surrender <calculator> [--json] <file|->',
    '       awaw-surrender replay|audit|verify [--json] <log>   (verify --repair: repair a log cut off by a crash;',
    '                                                           replay|audit --full: ignore the verification mark;',
    '                                                           --expect-head SEQ:HASH: fail unless the log holds',
    '                                                           that head, as verify reports it)',
    '       awaw-surrender schema [--json] [NAME]               the JSON Schemas of commands, events, logs and calculators',
    '',
    'calculators (JSON input from a file, or - for standard input):',
    ...calculators.map((c) => `  ${c.name.padEnd(width)}  ${c.summary} [${c.rule}]`),
    '',
    'event logs:',
    ...logCommands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'exit codes: 0 computed or legal, 1 a rule is broken, 2 malformed input or usage',
  ].join('\n');
}

export interface CliSettings {
  /** The build id for verification marks; default the bundle's own (./engine-id.ts), null for none. */
  readonly engineId?: string | null;
}

export async function runCli(argv: readonly string[], io: CliIo, settings: CliSettings = {}): Promise<ExitCode> {
  if (argv[0] === 'schema') return schemaCommand(argv.slice(1), io);
  // Options end at `--` (util.parseArgs reads what follows as positionals).
  const end = argv.indexOf('--');
  const wantsJson = (end < 0 ? argv : argv.slice(0, end)).includes('--json');
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        repair: { type: 'boolean' },
        full: { type: 'boolean' },
        'expect-head': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usageError(io, error instanceof Error ? error.message : String(error), wantsJson);
  }
  const [name, ...rest] = parsed.positionals;
  const json = parsed.values.json === true;
  if (parsed.values.help === true || name === 'help') {
    io.out(usage());
    return 0;
  }
  if (name === undefined) return usageError(io, 'no command given (see awaw-surrender --help)', json);
  const calc = calculators.find((c) => c.name === name);
  const log = logCommands.find((c) => c.name === name);
  if (calc === undefined && log === undefined) return usageError(io, `unknown command '${name}' (see awaw-surrender --help)`, json);
  if (rest.length !== 1) return usageError(io, `${name} takes exactly one file argument${calc === undefined ? '' : ' (or - for standard input)'}`, json);
  const source = rest[0] as string;
  if (calc !== undefined) {
    if (parsed.values.repair === true) return usageError(io, '--repair applies to verify only', json);
    if (parsed.values.full === true) return usageError(io, '--full applies to replay and audit only', json);
    if (parsed.values['expect-head'] !== undefined) return usageError(io, '--expect-head applies to replay, audit and verify only', json);
    return calc.run(source, json, io);
  }
  const command = log as (typeof logCommands)[number];
  if (parsed.values.repair === true && command.name !== 'verify') return usageError(io, '--repair applies to verify only', json);
  const full = parsed.values.full === true;
  if (full && command.name === 'verify') return usageError(io, '--full applies to replay and audit only (verify always checks every line)', json);
  const headText = parsed.values['expect-head'];
  const expectHead = headText === undefined ? null : parseHead(headText);
  if (headText !== undefined && expectHead === null) {
    return usageError(io, `--expect-head ${JSON.stringify(headText)}: expected SEQ:HASH, a seq and its line's 64 lowercase hex digits, as verify reports the head`, json);
  }
  if (expectHead !== null && parsed.values.repair === true) return usageError(io, '--expect-head checks a log, --repair changes one: run them one after the other', json);
  // Logs are streamed, locked and repaired by path: standard input cannot be one.
  if (source === '-') return usageError(io, `${name} reads a log file, not standard input`, json);
  const id = settings.engineId === undefined ? engineId : settings.engineId;
  return command.run(source, { json, repair: parsed.values.repair === true, full, engineId: id, expectHead }, io);
}

function usageError(io: CliIo, message: string, json: boolean): ExitCode {
  return reportInputError(io, new InputError('$', `usage: ${message}`), json);
}
