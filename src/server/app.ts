// The HTTP API of `awaw-surrender serve` (docs/server.md): Fastify with the TypeBox type provider, the limits of
// ./limits.ts, the operator's credential and the seats' (./credentials.ts), a rate limit per verified seat (or per
// address for the unverified, ./rate-limit.ts), every refusal one typed JSON body, and, when asked for, a JSON log
// line per request and Prometheus metrics (./observe.ts).
import Fastify, { type FastifyError } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { StoreError } from '../store/store-error.js';
import type { Backend } from './backend.js';
import { clientErrors } from './client-errors.js';
import { Credentials } from './credentials.js';
import { failureOf } from './error-replies.js';
import { creationRoute } from './game-creation.js';
import { gameRoutes } from './game-routes.js';
import { refusal } from './http-errors.js';
import { jsonBodies } from './json-body.js';
import { fastifyLimits, resolveLimits, streamHeartbeat, type ServerLimits } from './limits.js';
import type { ServerMetrics } from './metrics.js';
import { observeRequests } from './observe.js';
import { Operator, type OperatorAccess } from './operator.js';
import { rateLimits } from './rate-limit.js';
import { logOptions, type LogOptions } from './request-log.js';
import { schemaRoutes } from './schema-routes.js';
import { reportRoutes } from './report-routes.js';
import { seatRoutes } from './seat-routes.js';
import { streamRoute } from './sse.js';
import { publicMessage } from './store-failures.js';
import type { Server } from './types.js';

export { DEFAULT_BODY_LIMIT, DEFAULT_RATE_PER_MINUTE, type ServerLimits } from './limits.js';
export type { OperatorAccess } from './operator.js';

export interface ServerOptions extends ServerLimits {
  /**
   * Who creates games and issues seat tokens: `{ token }`, the holder of that token (32 to 256 characters), or
   * `'open'`, anyone who reaches the server. Without it nobody may (403).
   */
  readonly operator?: OperatorAccess;
  /** JSON log lines (Fastify's logger, pino): none without it. */
  readonly log?: LogOptions;
  /** The metrics this app counts into: one ServerMetrics (one registry) per app. */
  readonly metrics?: ServerMetrics;
}

export async function buildServer(backend: Backend, options: ServerOptions = {}): Promise<Server> {
  const limits = resolveLimits(options);
  const { metrics } = options;
  const credentials = new Credentials(backend.seats, new Operator(options.operator));
  const app: Server = Fastify({
    ...fastifyLimits(limits),
    ...logOptions(options.log),
    forceCloseConnections: true,
    clientErrorHandler: clientErrors(
      limits,
      () => app.log,
      (status) => metrics?.clientError(status),
    ),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.server.maxConnections = limits.maxConnections;
  const streams = observeRequests(app, backend, metrics);
  jsonBodies(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = failureOf(error, request, backend.failures);
    if (failure.status === 429) reply.header('retry-after', String(reply.getHeader('retry-after') ?? 60));
    return reply.code(failure.status).send(failure.body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(refusal('not-found', 'http', `no route ${request.method} ${request.url.split('?')[0] ?? ''}`).body),
  );
  await rateLimits(app, credentials, limits.ratePerMinute, metrics);

  // Never limited: a load balancer's probe must not be refused for the traffic it watches.
  app.get('/health', { config: { rateLimit: false } }, async (_request, reply) => {
    try {
      await backend.check();
      return reply.send({ ok: true, store: backend.kind });
    } catch (error) {
      // Logged and counted by the backend's failures' listener (./observe.ts), a defect too.
      const told = backend.failures.seen(error, null);
      const why = told instanceof StoreError ? publicMessage(told) : "the server's log has the details";
      return reply.code(503).send(refusal('store-failed', 'store', `the store cannot be used: ${why}`).body);
    }
  });

  creationRoute(app, backend, credentials);
  seatRoutes(app, backend, credentials);
  gameRoutes(app, backend, credentials);
  reportRoutes(app, backend, credentials);
  streamRoute(app, backend, credentials, { heartbeatMs: streamHeartbeat(limits), observer: streams });
  schemaRoutes(app);
  return app;
}
