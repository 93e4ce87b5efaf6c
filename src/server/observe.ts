// What the server tells its operator: each request's log line and metrics when its reply is sent, each failure
// of a store logged (with the id of the request of its game being handled) and counted, each failure of the
// notifications of its appends logged as a warning and counted, each connection dropped at the cap counted. A 500's
// reply never carries what failed: its message is replaced here by the request's id, and what it said is logged
// with the error behind it.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { StoreError } from '../store/store-error.js';
import type { Backend } from './backend.js';
import { internalMessage } from './error-replies.js';
import { commandLabel, type ServerMetrics } from './metrics.js';
import { notifyFailureWords } from './notify-failures.js';
import { codeOfRequest, defectOfRequest, gameOf, noteCode } from './request-facts.js';
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

/**
 * The requests of each game whose replies are not yet sent, so that a failure found deep in a game's store is logged
 * with the id of the request that met it. A failure has only its game to go by: with one request of that game open
 * (the usual case; a game's commands run one at a time), the line is that request's; with several or none, the
 * server's, with the open requests' ids. This costs a map entry per request, where a request-scoped async context
 * would hook every promise the server makes.
 */
class OpenRequests {
  readonly #byGame = new Map<string, Set<FastifyRequest>>();

  constructor(private readonly serverLog: FastifyBaseLogger) {}

  add(request: FastifyRequest, reply: FastifyReply): void {
    const game = gameOf(request);
    if (game === null) return;
    const open = this.#byGame.get(game) ?? new Set<FastifyRequest>();
    this.#byGame.set(game, open);
    open.add(request);
    // 'close' ends every response: sent, failed, or its client gone.
    reply.raw.once('close', () => {
      open.delete(request);
      if (open.size === 0 && this.#byGame.get(game) === open) this.#byGame.delete(game);
    });
  }

  logOf(game: string | null): FastifyBaseLogger {
    const open = game === null ? undefined : this.#byGame.get(game);
    if (open === undefined) return this.serverLog;
    if (open.size === 1) for (const request of open) return request.log;
    return this.serverLog.child({ reqIds: [...open].map((request) => request.id) });
  }
}

export function observeRequests(app: Server, backend: Backend, metrics: ServerMetrics | undefined): StreamObserver {
  const open = new OpenRequests(app.log);
  const unlisten = backend.failures.listen((error, game) => {
    const log = open.logOf(game);
    if (error instanceof StoreError) {
      metrics?.storeError(error.kind);
      log.warn({ err: error, game, kind: error.kind }, 'store failed');
    } else {
      metrics?.storeError('defect');
      log.error({ err: error, game }, 'store defect');
    }
  });
  const unlistenNotify = backend.notifyFailures?.listen((failure) => {
    metrics?.notifyFailed(failure.what);
    app.log.warn({ err: failure.error, what: failure.what, changes: failure.changes }, notifyFailureWords(failure));
  });
  app.addHook('onClose', async () => {
    unlisten();
    unlistenNotify?.();
  });
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
    open.add(request, reply);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const rejected = rejectedBody(payload);
    if (rejected === null) return payload;
    const rejection = rejected.value.rejection as { code: string; message?: unknown };
    noteCode(request, rejection.code);
    const publicMessage = internalMessage(request);
    if (reply.statusCode !== 500 || rejection.message === publicMessage) return payload;
    // The engine's words, and the error behind them with its stack (a defect the engine answered as internal).
    const defect = defectOfRequest(request);
    const err = defect === undefined ? {} : { err: defect };
    request.log.error({ message: rejection.message, ...err }, 'internal error');
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
