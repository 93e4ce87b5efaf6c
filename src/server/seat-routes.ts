// The operator's routes beside POST /games (./game-creation.ts): a fresh token for one seat of a game, the old one
// refused from then on (a player who lost theirs, or whose token was seen by another; the viewer's, for spectators,
// in a game created before viewers had one). Only the operator's token opens them (./credentials.ts), checked
// before the body is read.
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { GameIdSchema } from '../../events/index.js';
import type { Backend } from './backend.js';
import type { Credentials } from './credentials.js';
import { RefusedRequest, refusal } from './http-errors.js';
import { ALL_SEATS, isSeatName, newToken } from './seats.js';
import type { Server } from './types.js';

/** A route hook (preParsing: after the rate limit, before the body is read) that lets only the operator through. */
export const operatorOnly =
  (credentials: Credentials) =>
  async (request: FastifyRequest): Promise<void> => {
    const refused = await credentials.operatorRefusal(request);
    if (refused !== null) throw new RefusedRequest(refused);
  };

const SeatParams = Type.Object({ game: GameIdSchema, seat: Type.String() });

export function seatRoutes(app: Server, backend: Backend, credentials: Credentials): void {
  app.post(
    '/games/:game/seats/:seat/token',
    { schema: { params: SeatParams }, preParsing: operatorOnly(credentials) },
    async (request, reply) => {
      const { game, seat } = request.params;
      if (!isSeatName(seat)) {
        const failure = refusal('bad-request', 'schema', `params.seat: expected one of ${ALL_SEATS.join(', ')}`);
        return reply.code(failure.status).send(failure.body);
      }
      if (request.body !== undefined && !isEmptyObject(request.body)) {
        const failure = refusal('bad-request', 'schema', '$: expected no body, or {}');
        return reply.code(failure.status).send(failure.body);
      }
      const { token, hash } = newToken();
      if (!(await backend.seats.replace(game, seat, hash))) {
        const failure = refusal('not-found', 'http', `no game ${JSON.stringify(game)} on this server`);
        return reply.code(failure.status).send(failure.body);
      }
      return reply.code(200).header('cache-control', 'no-store').send({ ok: true, game, seat, token });
    },
  );
}

const isEmptyObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
