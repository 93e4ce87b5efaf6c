// POST /games: a new game, with a bearer token for each seat and its viewer, shown this once (the server keeps their
// hashes); the operator's alone (./seat-routes.ts operatorOnly). The body is `{"game"?: ID}` or none; anything else
// (another member, a game that is no string) is refused, never turned into a game's name. A game whose log is in
// the store already without seats (brought in by `import`, or a log copied into the directory) is given its seats
// so, and served from then on.
import { randomBytes } from 'node:crypto';
import { GAME_ID_PATTERN, GAME_ID_REGEXP } from '../../events/index.js';
import { memberPath } from '../schema/validate.js';
import type { Backend } from './backend.js';
import type { Credentials } from './credentials.js';
import { refusal, type HttpFailure } from './http-errors.js';
import { operatorOnly } from './seat-routes.js';
import { newSeatTokens } from './seats.js';
import type { Server } from './types.js';

const malformed = (message: string): HttpFailure => refusal('bad-request', 'schema', message);

/** The game the body names (undefined: a new id), or the refusal. */
export function gameOfBody(body: unknown): { readonly game: string | undefined } | HttpFailure {
  if (body === undefined) return { game: undefined };
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return malformed('$: expected an object {"game"?: ID}, or no body');
  for (const key of Object.keys(body))
    if (key !== 'game') return malformed(`${memberPath('$', key)}: not a member of a new game: expected only game`);
  const { game } = body as { game?: unknown };
  if (game === undefined) return { game: undefined };
  if (typeof game !== 'string' || !GAME_ID_REGEXP.test(game))
    return malformed(`game: expected a string matching ${GAME_ID_PATTERN}`);
  return { game };
}

const newGameId = (): string =>
  `g-${randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}`;

export function creationRoute(app: Server, backend: Backend, credentials: Credentials): void {
  app.post('/games', { preParsing: operatorOnly(credentials) }, async (request, reply) => {
    const named = gameOfBody(request.body);
    if ('status' in named) return reply.code(named.status).send(named.body);
    const game = named.game ?? newGameId();
    const { tokens, hashes } = newSeatTokens();
    if (!(await backend.seats.create(game, hashes)))
      return reply.code(409).send(refusal('game-exists', 'http', `game ${game} already exists on this server`).body);
    await backend.createStream(game);
    return reply.code(201).header('cache-control', 'no-store').send({ ok: true, game, tokens });
  });
}
