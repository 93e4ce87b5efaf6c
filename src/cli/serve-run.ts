// Runs the server until SIGTERM or SIGINT: opens the store (src/server/run.ts), listens, prints where, and closes
// everything on the signal. Loaded by ./serve.ts only when `serve` runs, with Fastify behind it.
import { buildServer } from '../server/app.js';
import type { Backend } from '../server/backend.js';
import { ServerMetrics } from '../server/metrics.js';
import { serveMetrics, type MetricsEndpoint } from '../server/metrics-server.js';
import type { OperatorAccess } from '../server/operator.js';
import type { LogLevel } from '../server/request-log.js';
import { openBackend } from '../server/run.js';
import type { CliIo, ExitCode } from './io.js';

export interface ServeSettings {
  readonly store: string;
  readonly schema: string | undefined;
  readonly port: number;
  readonly host: string;
  /** Who creates games and issues seat tokens (./serve-operator.ts). */
  readonly operator: OperatorAccess;
  readonly bodyLimit: number;
  readonly ratePerMinute: number;
  /** The games kept open at most (src/host/game-cache.ts). */
  readonly maxOpenGames: number;
  /** Milliseconds (src/server/limits.ts); 0: none. */
  readonly headersTimeout: number;
  readonly requestTimeout: number;
  readonly idleTimeout: number;
  readonly keepAliveTimeout: number;
  readonly maxRequestsPerConnection: number;
  readonly maxConnections: number;
  readonly logLevel: LogLevel;
  /** Where `/metrics` is served, or null for nowhere. */
  readonly metrics: { readonly port: number; readonly host: string } | null;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export async function runServer(settings: ServeSettings, io: CliIo): Promise<ExitCode> {
  let backend: Backend;
  try {
    backend = await openBackend(settings.store, settings.schema, { maxOpenGames: settings.maxOpenGames });
  } catch (error) {
    io.err(`serve: the store cannot be used: ${reason(error)}`);
    return 2;
  }
  const metrics = settings.metrics === null ? undefined : new ServerMetrics({ process: true });
  const app = await buildServer(backend, {
    operator: settings.operator,
    bodyLimit: settings.bodyLimit,
    ratePerMinute: settings.ratePerMinute,
    headersTimeout: settings.headersTimeout,
    requestTimeout: settings.requestTimeout,
    idleTimeout: settings.idleTimeout,
    keepAliveTimeout: settings.keepAliveTimeout,
    maxRequestsPerConnection: settings.maxRequestsPerConnection,
    maxConnections: settings.maxConnections,
    log: { level: settings.logLevel, stream: process.stderr },
    ...(metrics === undefined ? {} : { metrics }),
  });
  let address: string;
  let endpoint: MetricsEndpoint | null = null;
  let at = `${settings.host}:${settings.port}`;
  try {
    address = await app.listen({ port: settings.port, host: settings.host });
    if (metrics !== undefined && settings.metrics !== null) {
      at = `${settings.metrics.host}:${settings.metrics.port}`;
      endpoint = await serveMetrics(metrics, settings.metrics.port, settings.metrics.host);
    }
  } catch (error) {
    await app.close();
    await backend.close();
    io.err(`serve: cannot listen on ${at}: ${reason(error)}`);
    return 2;
  }
  io.out(`listening on ${address} (${backend.kind} store)`);
  if (settings.operator === 'open')
    io.err('serve: --open: anyone who reaches this port may create games and issue any seat a token');
  if (endpoint !== null) io.out(`metrics on ${endpoint.url}`);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await endpoint?.close();
  await app.close();
  await backend.close();
  return 0;
}
