// The HTTP API of `awaw-surrender serve` (docs/server.md): Fastify with the TypeBox type provider, a body limit,
// a rate limit per token (or per address without one), and every refusal one typed JSON body.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { GameIdSchema } from '../../events/index.js';
import { storeFailure } from '../host/store-failure.js';
import { inexactNumber } from '../schema/json-text.js';
import { InputError } from '../schema/validate.js';
import { bearerToken } from './auth.js';
import type { Backend } from './backend.js';
import { gameRoutes } from './game-routes.js';
import { refusal, validationPath, type HttpFailure } from './http-errors.js';
import { schemaRoutes } from './schema-routes.js';
import { reportRoutes } from './report-routes.js';
import { SeatsError } from './seat-store.js';
import { hashToken, newSeatTokens } from './seats.js';
import { streamRoute } from './sse.js';
import type { Server } from './types.js';

export interface ServerLimits {
  /** The largest request body, in bytes (413 beyond it); default 64 KiB. */
  readonly bodyLimit?: number;
  /** Requests per token (or per address, without a token) per minute (429 beyond it); default 600. */
  readonly ratePerMinute?: number;
}

export const DEFAULT_BODY_LIMIT = 64 * 1024;
export const DEFAULT_RATE_PER_MINUTE = 600;

/** Fastify's own errors (a body not JSON or too large, a failed schema check, the rate limit) as typed refusals. */
function failureOf(error: FastifyError): HttpFailure {
  // A body with a number JSON.parse would change (see jsonBodies): refused at its path, as a malformed command is.
  if (error instanceof InputError) return refusal('malformed', 'schema', error.message);
  if (error.validation !== undefined) {
    const [first] = error.validation;
    return refusal(
      'bad-request',
      'schema',
      `${validationPath(error.validationContext, first?.instancePath)}: ${first?.message ?? error.message}`,
    );
  }
  switch (error.statusCode) {
    case 413:
      return refusal('too-large', 'http', `$: the request body is larger than this server takes (${error.message})`);
    case 415:
      return refusal('unsupported-media-type', 'http', `Content-Type: expected application/json (${error.message})`);
    case 429:
      return refusal('rate-limited', 'http', error.message);
    default: {
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
        return refusal('bad-request', 'http', `$: ${error.message}`);
      // A store that cannot be read (a seats file, a log, the database) is store-failed (503); anything else internal.
      if (error instanceof SeatsError)
        return refusal('store-failed', 'store', `the seats could not be read (SeatsError): ${error.message}`);
      const rejection = storeFailure(error);
      return refusal(rejection.code, rejection.rule, rejection.message);
    }
  }
}

/**
 * JSON bodies as Fastify reads them (its own parser, with its refusal of `__proto__` and `constructor` keys),
 * then refused when a number would not be read as written (src/schema/json-text.ts): the command is text here.
 */
function jsonBodies(app: Server): void {
  const standard = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    standard(request, text, (error, value) => {
      if (error !== null) return done(error, undefined);
      const issue = inexactNumber(text);
      return issue === null ? done(null, value) : done(Object.assign(issue, { statusCode: 400 }), undefined);
    });
  });
}

export async function buildServer(backend: Backend, limits: ServerLimits = {}): Promise<Server> {
  const app: Server = Fastify({
    bodyLimit: limits.bodyLimit ?? DEFAULT_BODY_LIMIT,
    forceCloseConnections: true,
    logger: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  jsonBodies(app);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const failure = failureOf(error);
    if (failure.status === 429) reply.header('retry-after', String(reply.getHeader('retry-after') ?? 60));
    return reply.code(failure.status).send(failure.body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(refusal('not-found', 'http', `no route ${request.method} ${request.url.split('?')[0] ?? ''}`).body),
  );
  await app.register(rateLimit, {
    max: limits.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
    timeWindow: 60_000,
    // Per seat token when there is one (its hash: the token itself is never kept), else per address.
    keyGenerator: (request) => {
      const token = bearerToken(request);
      return token === null ? `ip ${request.ip}` : `token ${hashToken(token)}`;
    },
    errorResponseBuilder: (_request, context) => {
      const error = new Error(
        `too many requests: at most ${context.max} a minute per ` +
          `token (or per address without one); try again in ${context.after}`,
      ) as FastifyError;
      error.statusCode = 429;
      return error;
    },
  });

  app.get('/health', async (_request, reply) => {
    try {
      await backend.check();
      return reply.send({ ok: true, store: backend.kind });
    } catch (error) {
      return reply
        .code(503)
        .send(
          refusal(
            'store-failed',
            'store',
            `the store cannot be used: ${error instanceof Error ? error.message : String(error)}`,
          ).body,
        );
    }
  });

  app.post(
    '/games',
    {
      schema: {
        body: Type.Optional(Type.Object({ game: Type.Optional(GameIdSchema) }, { additionalProperties: false })),
      },
    },
    async (request, reply) => {
      const game =
        request.body?.game ??
        `g-${randomBytes(9)
          .toString('base64url')
          .replace(/[^A-Za-z0-9]/g, 'x')}`;
      const { tokens, hashes } = newSeatTokens();
      if (!(await backend.seats.create(game, hashes)))
        return reply.code(409).send(refusal('game-exists', 'http', `game ${game} already exists on this server`).body);
      await backend.createStream(game);
      // The tokens are shown this once; the server keeps only their hashes.
      return reply.code(201).send({ ok: true, game, tokens });
    },
  );

  gameRoutes(app, backend);
  reportRoutes(app, backend);
  streamRoute(app, backend);
  schemaRoutes(app);
  return app;
}
