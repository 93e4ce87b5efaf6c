// The options export and import share: which database (--db URL, else AWAW_PG_URL) and which schema.
import { parseCommandArgs } from './command-args.js';
import { oneLine } from './calculator.js';
import type { CliIo, ExitCode } from './io.js';
import { PostgresEventStore } from '../store/postgres/postgres.js';
import { databaseUrlProblem } from './store-url.js';

export interface ParsedArgs {
  readonly positionals: readonly string[];
  readonly values: Readonly<Record<string, string | undefined>>;
  readonly url: string;
  readonly schema: string | undefined;
}

/** Parses `--db`, `--schema` and the command's own string options; a usage error is reported and null returned. */
export function parseDatabaseArgs(
  name: string,
  argv: readonly string[],
  options: readonly string[],
  io: CliIo,
): ParsedArgs | null {
  const args = parseCommandArgs(argv, { flags: [], values: ['db', 'schema', ...options] });
  if ('error' in args) {
    io.err(oneLine(`${name}: ${args.error} (see awaw-surrender help ${name})`));
    return null;
  }
  const values: Record<string, string | undefined> = Object.fromEntries(args.values);
  const parsed = { positionals: args.positionals };
  const url = values['db'] ?? process.env['AWAW_PG_URL'] ?? '';
  if (url === '') {
    io.err(`${name}: no database given: pass --db URL or set AWAW_PG_URL`);
    return null;
  }
  const problem = databaseUrlProblem(values['db'] === undefined ? 'AWAW_PG_URL' : '--db', url);
  if (problem !== null) {
    io.err(`${name}: ${problem} (see awaw-surrender help ${name})`);
    return null;
  }
  return { positionals: parsed.positionals, values, url, schema: values['schema'] };
}

/** Opens the store, or reports why not (exit 2: the database cannot be reached or used). */
export async function openDatabase(name: string, args: ParsedArgs, io: CliIo): Promise<PostgresEventStore | ExitCode> {
  try {
    return await PostgresEventStore.open({
      url: args.url,
      ...(args.schema === undefined ? {} : { schema: args.schema }),
      poolSize: 2,
    });
  } catch (error) {
    io.err(oneLine(`${name}: the database cannot be used: ${error instanceof Error ? error.message : String(error)}`));
    return 2;
  }
}
