// The options export and import share: which database (--db URL, else AWAW_PG_URL) and which schema.
import { readArgs } from './args.js';
import { oneLine } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import { PostgresEventStore } from '../store/postgres.js';

export interface ParsedArgs {
  readonly positionals: readonly string[];
  readonly values: Readonly<Record<string, string | undefined>>;
  readonly url: string;
  readonly schema: string | undefined;
}

/** Parses `--db`, `--schema` and the command's own string options; a usage error is reported and null returned. */
export function parseDatabaseArgs(name: string, argv: readonly string[], options: readonly string[], io: CliIo): ParsedArgs | null {
  const known = new Set(['db', 'schema', ...options]);
  const read = readArgs(argv, known);
  const refuse = (message: string): null => {
    io.err(oneLine(`${name}: ${message} (see awaw-surrender help ${name})`));
    return null;
  };
  if (!read.ok) return refuse(read.message);
  const values: Record<string, string | undefined> = {};
  for (const option of read.args.options) {
    if (!known.has(option.name)) return refuse(`unknown option ${option.raw.split(' ')[0]}`);
    if (values[option.name] !== undefined) return refuse(`--${option.name} is given twice`);
    values[option.name] = option.value ?? undefined;
  }
  const parsed = { positionals: read.args.positionals };
  const url = values['db'] ?? process.env['AWAW_PG_URL'] ?? '';
  if (url === '') {
    io.err(`${name}: no database given: pass --db URL or set AWAW_PG_URL`);
    return null;
  }
  return { positionals: parsed.positionals, values, url, schema: values['schema'] };
}

/** Opens the store, or reports why not (exit 2: the database cannot be reached or used). */
export async function openDatabase(name: string, args: ParsedArgs, io: CliIo): Promise<PostgresEventStore | ExitCode> {
  try {
    return await PostgresEventStore.open({ url: args.url, ...(args.schema === undefined ? {} : { schema: args.schema }), poolSize: 2 });
  } catch (error) {
    io.err(oneLine(`${name}: the database cannot be used: ${error instanceof Error ? error.message : String(error)}`));
    return 2;
  }
}
