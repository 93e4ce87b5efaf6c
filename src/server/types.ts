// The Fastify instance the routes are registered on: TypeBox schemas type each route's params, query and body.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { Type } from '@sinclair/typebox';
import { GAME_ID_PATTERN } from '../../events/index.js';
import { MAX_EVENTS_PER_REQUEST } from '../host-protocol/protocol.js';

export type Server = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export const Game = Type.String({ pattern: GAME_ID_PATTERN });
export const GameParams = Type.Object({ game: Game });
export const RangeQuery = Type.Object(
  { from: Type.Optional(Type.Integer({ minimum: 1 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_EVENTS_PER_REQUEST })) },
  { additionalProperties: false },
);
