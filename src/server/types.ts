// The Fastify instance the routes are registered on: TypeBox schemas type each route's params, query and body.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { Type } from '@sinclair/typebox';
import { GameIdSchema } from '../../events/index.js';
import { MAX_EVENTS_PER_REQUEST } from '../host-protocol/protocol.js';

export type Server = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The largest seq a query names: beyond 2^53 - 1 a number no longer holds every integer (nor does a store). */
export const MAX_SEQ = Number.MAX_SAFE_INTEGER;

export const GameParams = Type.Object({ game: GameIdSchema });
/** `?access_token=`: a viewer's token on a GET (./credentials.ts). */
export const AccessToken = Type.Optional(Type.String({ maxLength: 256 }));

export const RangeQuery = Type.Object(
  {
    from: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEQ })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_EVENTS_PER_REQUEST })),
    access_token: AccessToken,
  },
  { additionalProperties: false },
);
