// `awaw-surrender serve [--store postgres://…|DIR] [--port N]`: its arguments and help. The server (src/server/)
// and Fastify are loaded only when it runs, so that the CLI's start-up stays light.
import { InputError } from '../schema/validate.js';
import { reportInputError } from './calculator.js';
import { parseCommandArgs } from './command-args.js';
import type { CommandHelp } from './help-types.js';
import type { CliIo, ExitCode } from './io.js';
import type { ServeSettings } from './serve-run.js';

export const serveHelp: CommandHelp = {
  name: 'serve',
  summary:
    'the HTTP API: games with a bearer token per seat, ' +
    'commands with If-Match, reads, Server-Sent Events (docs/server.md)',
  usage:
    'awaw-surrender serve [--store postgres://…|DIR] [--schema NAME] [--port N] [--host ADDR] [--body-limit BYTES] ' +
    '[--rate-limit N] [--max-open-games N]',
  fields: [
    '--store: a PostgreSQL URL (postgres:// or postgresql://), or ' +
      'a directory of JSON Lines logs, one per game (default ./games)',
    '--schema: the PostgreSQL schema (default awaw_surrender)',
    '--port: the TCP port (default 8080; 0: any free port); --host: the address to listen on (default 127.0.0.1)',
    '--body-limit: the largest request body in bytes (default 65536; larger: 413)',
    '--rate-limit: requests per minute per seat token, or per address without one (default 600; more: 429)',
    '--max-open-games: games kept in memory at most (default 1000); past that, the least recently used one no ' +
      'request holds is closed, and replayed when next asked for',
    'prints one line "listening on http://ADDR:PORT" when ready; SIGTERM or SIGINT closes it (exit 0); exit 2: ' +
      'usage, or the store cannot be used',
  ],
  example: 'awaw-surrender serve --store games --port 8080',
};

/** A whole number from `min` to `max`, or an InputError naming the option. */
function count(name: string, given: string | undefined, fallback: number, min: number, max: number): number {
  if (given === undefined) return fallback;
  const value = /^\d{1,10}$/.test(given) ? Number(given) : NaN;
  if (!(value >= min && value <= max))
    throw new InputError(`--${name}`, `expected a whole number from ${min} to ${max}`);
  return value;
}

export async function serveCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseCommandArgs(argv, {
    flags: ['help'],
    values: ['store', 'schema', 'port', 'host', 'body-limit', 'rate-limit', 'max-open-games'],
  });
  const usage = (message: string): ExitCode =>
    reportInputError(io, new InputError('$', `usage: ${message} (${serveHelp.usage})`), false);
  if ('error' in args) return usage(args.error);
  if (args.positionals.length > 0) return usage('serve takes no positional arguments');
  let settings: ServeSettings;
  try {
    settings = {
      store: args.values.get('store') ?? 'games',
      schema: args.values.get('schema'),
      port: count('port', args.values.get('port'), 8080, 0, 65535),
      host: args.values.get('host') ?? '127.0.0.1',
      bodyLimit: count('body-limit', args.values.get('body-limit'), 64 * 1024, 1, 64 * 1024 * 1024),
      ratePerMinute: count('rate-limit', args.values.get('rate-limit'), 600, 1, 1_000_000),
      maxOpenGames: count('max-open-games', args.values.get('max-open-games'), 1000, 1, 1_000_000),
    };
  } catch (error) {
    if (error instanceof InputError) return reportInputError(io, error, false);
    throw error;
  }
  const { runServer } = await import('./serve-run.js');
  return runServer(settings, io);
}
