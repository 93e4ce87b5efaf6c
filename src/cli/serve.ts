// `awaw-surrender serve [--store postgres://…|DIR] [--port N] …`: its arguments and help. The server (src/server/)
// and Fastify are loaded only when it runs, so that the CLI's start-up stays light.
import { InputError } from '../schema/validate.js';
import { reportInputError } from './calculator.js';
import { parseCommandArgs } from './command-args.js';
import type { CommandHelp } from './help-types.js';
import type { CliIo, ExitCode } from './io.js';
import {
  DEFAULT_BODY_LIMIT,
  DEFAULT_HEADERS_TIMEOUT,
  DEFAULT_IDLE_TIMEOUT,
  DEFAULT_KEEP_ALIVE_TIMEOUT,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_REQUESTS_PER_CONNECTION,
  DEFAULT_RATE_PER_MINUTE,
  DEFAULT_REQUEST_TIMEOUT,
} from '../server/limits.js';
import type { LogLevel } from '../server/request-log.js';
import type { ServeSettings } from './serve-run.js';
import { OPERATOR_TOKEN_ENV, operatorAccessOf } from './serve-operator.js';
import { storeOf } from './store-url.js';

/** The levels of `--log-level` (pino's), as src/server/request-log.ts takes them (not imported: it loads Fastify). */
const LOG_LEVELS = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
] as const satisfies readonly LogLevel[];

export const serveHelp: CommandHelp = {
  name: 'serve',
  summary:
    'the HTTP API: games with a bearer token per seat, ' +
    'commands with If-Match, reads, Server-Sent Events (docs/server.md)',
  usage:
    'awaw-surrender serve [--store postgres://…|DIR] [--schema NAME] [--port N] [--host ADDR] ' +
    '[--operator-token-file FILE | --open] [--body-limit BYTES] [--rate-limit N] [--max-open-games N] ' +
    '[--headers-timeout MS] [--request-timeout MS] [--idle-timeout MS] [--keep-alive-timeout MS] ' +
    '[--max-requests-per-connection N] [--max-connections N] [--log-level LEVEL] [--metrics-port N] ' +
    '[--metrics-host ADDR]',
  fields: [
    '--store: a PostgreSQL URL (postgres:// or postgresql://), or ' +
      'a directory of JSON Lines logs, one per game (default ./games); any other URL is a usage error',
    '--schema: the PostgreSQL schema (default awaw_surrender)',
    '--port: the TCP port (default 8080; 0: any free port); --host: the address to listen on (default 127.0.0.1)',
    '--operator-token-file: a file holding the operator token (one line, 32 to 256 characters; - : standard ' +
      `input), or set ${OPERATOR_TOKEN_ENV}: the bearer token that creates games (POST /games) and issues seat ` +
      'tokens (POST /games/GAME/seats/SEAT/token); one of the two, or --open, is required',
    '--open: no operator token: anyone who reaches the server may create games and issue any seat a token; only ' +
      'with a loopback --host (127.0.0.1, ::1, localhost), for play on one machine',
    '--body-limit: the largest request body in bytes (default 65536; larger: 413)',
    '--rate-limit: requests per minute for each verified seat of a game, the operator, each address holding a ' +
      "game's viewer token, and each address without a verified token (default 600; more: 429; /health never)",
    '--max-open-games: games kept in memory at most (default 1000); past that, the least recently used one no ' +
      'request holds is closed, and replayed when next asked for',
    '--headers-timeout: milliseconds from the first byte of a request to the end of its headers (default 10000; ' +
      'later: 408, the connection closed); 0: none',
    '--request-timeout: milliseconds from the first byte of a request to the end of its body (default 30000; ' +
      'later: 408); 0: none',
    '--idle-timeout: milliseconds a connection may stay silent both ways before it is closed (default 60000; an ' +
      'event stream writes a comment at least three times within it); 0: none',
    '--keep-alive-timeout: milliseconds an idle connection is kept for the next request (default 5000); 0: none',
    '--max-requests-per-connection: requests one connection carries before it is closed (default 0: any number)',
    '--max-connections: connections open at once (default 512; one more is closed as soon as it is accepted)',
    '--log-level: one JSON line per request on standard error at info (the default), fatal, error, warn, debug, ' +
      'trace, or silent for none',
    '--metrics-port: serve Prometheus metrics at http://ADDR:PORT/metrics (default: none; 0: any free port, printed ' +
      'as "metrics on URL"); --metrics-host: its address (default 127.0.0.1)',
    'prints one line "listening on http://ADDR:PORT" when ready; SIGTERM or SIGINT closes it (exit 0); exit 2: ' +
      'usage, or the store cannot be used',
  ],
  example: 'awaw-surrender serve --store games --port 8080 --operator-token-file /etc/awaw/operator-token',
};

/** A whole number from `min` to `max`, or an InputError naming the option. */
function count(name: string, given: string | undefined, fallback: number, min: number, max: number): number {
  if (given === undefined) return fallback;
  const value = /^\d{1,10}$/.test(given) ? Number(given) : NaN;
  if (!(value >= min && value <= max))
    throw new InputError(`--${name}`, `expected a whole number from ${min} to ${max}`);
  return value;
}

function logLevel(given: string | undefined): LogLevel {
  if (given === undefined) return 'info';
  const level = LOG_LEVELS.find((l) => l === given);
  if (level === undefined) throw new InputError('--log-level', `expected one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

/** A day, in milliseconds: the longest timeout taken. */
const DAY_MS = 86_400_000;

function settingsOf(values: ReadonlyMap<string, string>): Omit<ServeSettings, 'operator'> {
  const store = storeOf('--store', values.get('store') ?? 'games');
  const milliseconds = (name: string, fallback: number): number => count(name, values.get(name), fallback, 0, DAY_MS);
  const requestTimeout = milliseconds('request-timeout', DEFAULT_REQUEST_TIMEOUT);
  const headersTimeout = milliseconds(
    'headers-timeout',
    requestTimeout > 0 ? Math.min(DEFAULT_HEADERS_TIMEOUT, requestTimeout) : DEFAULT_HEADERS_TIMEOUT,
  );
  if (requestTimeout > 0 && headersTimeout > requestTimeout)
    throw new InputError('--headers-timeout', `expected at most --request-timeout (${requestTimeout})`);
  const metricsPort = values.get('metrics-port');
  return {
    store,
    schema: values.get('schema'),
    port: count('port', values.get('port'), 8080, 0, 65535),
    host: values.get('host') ?? '127.0.0.1',
    bodyLimit: count('body-limit', values.get('body-limit'), DEFAULT_BODY_LIMIT, 1, 64 * 1024 * 1024),
    ratePerMinute: count('rate-limit', values.get('rate-limit'), DEFAULT_RATE_PER_MINUTE, 1, 1_000_000),
    maxOpenGames: count('max-open-games', values.get('max-open-games'), 1000, 1, 1_000_000),
    headersTimeout,
    requestTimeout,
    idleTimeout: milliseconds('idle-timeout', DEFAULT_IDLE_TIMEOUT),
    keepAliveTimeout: milliseconds('keep-alive-timeout', DEFAULT_KEEP_ALIVE_TIMEOUT),
    maxRequestsPerConnection: count(
      'max-requests-per-connection',
      values.get('max-requests-per-connection'),
      DEFAULT_MAX_REQUESTS_PER_CONNECTION,
      0,
      1e9,
    ),
    maxConnections: count('max-connections', values.get('max-connections'), DEFAULT_MAX_CONNECTIONS, 1, 1_000_000),
    logLevel: logLevel(values.get('log-level')),
    metrics:
      metricsPort === undefined
        ? null
        : { port: count('metrics-port', metricsPort, 0, 0, 65535), host: values.get('metrics-host') ?? '127.0.0.1' },
  };
}

export async function serveCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseCommandArgs(argv, {
    flags: ['help', 'open'],
    values: [
      'store',
      'schema',
      'port',
      'host',
      'operator-token-file',
      'body-limit',
      'rate-limit',
      'max-open-games',
      'headers-timeout',
      'request-timeout',
      'idle-timeout',
      'keep-alive-timeout',
      'max-requests-per-connection',
      'max-connections',
      'log-level',
      'metrics-port',
      'metrics-host',
    ],
  });
  const usage = (message: string): ExitCode =>
    reportInputError(io, new InputError('$', `usage: ${message} (${serveHelp.usage})`), false);
  if ('error' in args) return usage(args.error);
  if (args.positionals.length > 0) return usage('serve takes no positional arguments');
  if (args.values.has('metrics-host') && !args.values.has('metrics-port'))
    return usage('--metrics-host needs --metrics-port');
  let settings: ServeSettings;
  try {
    const rest = settingsOf(args.values);
    const operator = await operatorAccessOf(
      {
        file: args.values.get('operator-token-file'),
        open: args.flags.has('open'),
        env: process.env[OPERATOR_TOKEN_ENV],
        host: rest.host,
      },
      io,
    );
    settings = { ...rest, operator };
  } catch (error) {
    if (error instanceof InputError) return reportInputError(io, error, false);
    throw error;
  }
  // Read once: the token is no longer in the environment a diagnostic report or a child process would see.
  delete process.env[OPERATOR_TOKEN_ENV];
  const { runServer } = await import('./serve-load.js');
  return runServer(settings, io);
}
