// What the server tells its operator: each request's log line and metrics when its reply is sent, each failure
// of a store logged (with the request's id, where one was being handled) and counted, each connection dropped at
// the cap counted. A 500's reply never carries what failed: its message is replaced here by the request's id, and
// what it said is logged.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { StoreError } from '../store/store-error.js';
import type { Backend } from './backend.js';
import { internalMessage } from './error-replies.js';
import { commandLabel, type ServerMetrics } from './metrics.js';
import { codeOfRequest, noteCode } from './request-facts.js';
import { requestLine } from './request-log.js';
import type { Server } from './types.js';

/** What the event stream reports of itself: it is hijacked, so Fastify's onResponse never runs for it. */
export interface StreamObserver {
  opened(request: FastifyRequest): void;
  closed(request: FastifyRequest, reply: FastifyReply): void;
}

interface Rejected {
  readonly value: { rejection?: { code?: unknown; message?: unknown } };
}

/** The parsed body of a refusal in the server's shape, or null. */
function rejectedBody(payload: string): Rejected | null {
  if (!payload.startsWith('{')) return null;
  try {
    const value = JSON.parse(payload) as Rejected['value'];
    return typeof value.rejection?.code === 'string' ? { value } : null;
  } catch {
    return null;
  }
}

export function observeRequests(app: Server, backend: Backend, metrics: ServerMetrics | undefined): StreamObserver {
  // The logger of the request being handled, for failures found deep in a store: its line has the request's id.
  const scope = new AsyncLocalStorage<FastifyBaseLogger>();
  const log = (): FastifyBaseLogger => scope.getStore() ?? app.log;
  const unlisten = backend.failures.listen((error, game) => {
    if (error instanceof StoreError) {
      metrics?.storeError(error.kind);
      log().warn({ err: error, game, kind: error.kind }, 'store failed');
    } else {
      metrics?.storeError('defect');
      log().error({ err: error, game }, 'store defect');
    }
  });
  app.addHook('onClose', async () => unlisten());
  if (metrics !== undefined) {
    metrics.countGames(() => backend.openGames());
    const { activity } = backend;
    if (activity !== undefined) metrics.countActivity(() => activity.call(backend));
    metrics.countConnections(app.server);
  }
  app.server.on('drop', () => {
    metrics?.dropped();
    app.log.debug('connection dropped: the server holds its most connections already');
  });

  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response, so that the hijacked event stream sends it too.
    reply.raw.setHeader('x-request-id', request.id);
    scope.run(request.log, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const rejected = rejectedBody(payload);
    if (rejected === null) return payload;
    const rejection = rejected.value.rejection as { code: string; message?: unknown };
    noteCode(request, rejection.code);
    const publicMessage = internalMessage(request);
    if (reply.statusCode !== 500 || rejection.message === publicMessage) return payload;
    request.log.error({ message: rejection.message }, 'internal error');
    rejection.message = publicMessage;
    return JSON.stringify(rejected.value);
  });
  const ended = (request: FastifyRequest, reply: FastifyReply): void => {
    const seconds = reply.elapsedTime / 1000;
    const code = codeOfRequest(request);
    requestLine(request, reply, { status: reply.statusCode, code, seconds });
    if (metrics === undefined) return;
    const route = request.routeOptions.url ?? null;
    metrics.request(request.method, route, reply.statusCode, seconds);
    if (request.method === 'POST' && route === '/games/:game/commands')
      metrics.command(commandLabel(request.body), reply.statusCode === 200 ? 'applied' : (code ?? 'failed'), seconds);
  };
  app.addHook('onResponse', async (request, reply) => ended(request, reply));
  return {
    opened: () => metrics?.streamOpened(),
    closed: (request, reply) => {
      metrics?.streamClosed();
      ended(request, reply);
    },
  };
}
