// The host protocol of `awaw-surrender exec`: one JSON request per line in, one JSON response per line out
// (docs/host-protocol.md). The one source of truth for both: requests are validated with these schemas, and the
// handler's responses are typed by them.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CommandIdSchema, EnvelopeSchema, GameIdSchema, type StoredEvent } from '../../events/index.js';
import type { AuditEntry } from '../audit/entry.js';
import type { RejectionCode } from '../engine/decision.js';
import type { PreviewedEvent } from '../host/preview.js';
import type { GameSummary } from '../engine/summary.js';
import type { Permission } from '../engine/britain/permissions.js';
import { Enum, Strict, type Frozen } from '../schema/types.js';
import { Characters } from '../schema/characters.js';
import { DeclarationSchema } from '../engine/declarations-schema.js';
import { DescribedDecisionSchema } from '../engine/pending-schema.js';

/** The most events one `events` or `audit` request reads, and the default. */
export const MAX_EVENTS_PER_REQUEST = 10_000;
export const DEFAULT_EVENTS_PER_REQUEST = 1_000;
/**
 * The most bytes of JSON text (UTF-8) of the events, or audit entries, one response carries: beyond it the
 * response ends early and `next` goes on, so that a log of large events is read in pieces of bounded size. An
 * event larger than that alone (a log line holds at most 16 MiB) is answered alone.
 */
export const MAX_BYTES_PER_RESPONSE = 4 * 1024 * 1024;

/** A request's own id, echoed in its response (null in the response when the request had none or was unreadable). */
export const RequestIdSchema = Type.Union([Characters({ maxLength: 256 }), Type.Integer()]);
export type RequestId = Static<typeof RequestIdSchema>;

/** A command `{ type, data }`: checked by the engine, as `SurrenderEngine.execute` checks it (code `malformed`). */
const Command = Type.Unknown({ description: 'a host fact or player decision: { type, data }' });
const Seq = Type.Integer({ minimum: 1 });
const Limit = Type.Integer({ minimum: 1, maximum: MAX_EVENTS_PER_REQUEST });
const id = Type.Optional(RequestIdSchema);

const commandRequest = <O extends string>(op: O) =>
  Strict({ id, op: Type.Literal(op), game: GameIdSchema, command: Command });
const gameRequest = <O extends string>(op: O) => Strict({ id, op: Type.Literal(op), game: GameIdSchema });
/** Reads the log from `from` (default 1), at most `limit` events; with `game`, only that game's. */
const rangeRequest = <O extends string>(op: O) =>
  Strict({
    id,
    op: Type.Literal(op),
    from: Type.Optional(Seq),
    limit: Type.Optional(Limit),
    game: Type.Optional(GameIdSchema),
  });

/** The log version the command was decided on: at another, execute refuses it (`stale-version`) and appends nothing. */
const ExpectedVersion = Type.Integer({
  minimum: 0,
  description:
    'the log version (seq of its last event) the command was ' +
    'decided on; at another, stale-version and nothing appended',
});

export const requestSchemas = {
  execute: Strict({
    ...commandRequest('execute').properties,
    expectedVersion: Type.Optional(ExpectedVersion),
    commandId: Type.Optional(CommandIdSchema),
  }),
  preview: commandRequest('preview'),
  /** With `tried`, a command being built: its decision's choices as its picks leave them. */
  pending: Strict({ id, op: Type.Literal('pending'), game: GameIdSchema, tried: Type.Optional(Command) }),
  state: gameRequest('state'),
  wars: gameRequest('wars'),
  permissions: gameRequest('permissions'),
  declarations: gameRequest('declarations'),
  events: rangeRequest('events'),
  audit: rangeRequest('audit'),
  games: Strict({ id, op: Type.Literal('games') }),
} as const;

export type Operation = keyof typeof requestSchemas;
export const OPERATIONS = Object.keys(requestSchemas) as Operation[];
export const RequestSchema = Type.Union(Object.values(requestSchemas));
export type Request = { [O in Operation]: Static<(typeof requestSchemas)[O]> }[Operation];

/** The protocol's own refusals, beside the engine's rejection codes (src/engine/decision.ts). */
export const PROTOCOL_CODES = ['bad-request', 'unknown-op'] as const;
export type ResponseCode = RejectionCode | (typeof PROTOCOL_CODES)[number];

export const RejectionSchema = Type.Object({
  code: Type.String({
    description:
      'an engine rejection code (malformed, no-game, illegal, ' +
      'conflict, stale-version, store-failed ...), or bad-request, unknown-op',
  }),
  rule: Type.String({
    description: 'the rule cited: a rule number, sequence, schema, concurrency, command-id, store, engine, or protocol',
  }),
  message: Type.String(),
  violations: Type.Optional(Type.Array(Strict({ rule: Type.String(), message: Type.String() }))),
  // Written as draft 2020-12 says a pair (TypeBox's Tuple is the draft 7 form).
  fields: Type.Optional(
    Type.Unsafe<readonly [string, string]>({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'string' }],
      items: false,
      minItems: 2,
      maxItems: 2,
      description: 'contradictory: the JSON paths of the two facts',
    }),
  ),
});

/** Domain values the engine defines; their shapes are documented where they are defined. */
const opaque = <T>(description: string, schema: TSchema = Type.Object({}, { additionalProperties: true })) =>
  Type.Unsafe<T>({ ...schema, description });
const EventSchema = opaque<StoredEvent>('an event as stored (docs/events.md)', EnvelopeSchema);
const PreviewedEventSchema = opaque<PreviewedEvent>('an event a command would append: { seq, game, type, data }');
/** A pending decision with its words: schemas/pending-decision.json. */
const PendingSchema = DescribedDecisionSchema;
const Head = Strict({ seq: Type.Integer({ minimum: 0 }), hash: Type.String() });
const Next = Type.Union([Seq, Type.Null()], {
  description:
    'the seq to go on from: the response ended after `limit` events, or before the next one would take its events ' +
    `past ${MAX_BYTES_PER_RESPONSE} bytes of JSON text; null at the end of the log`,
});

/** What every response has: the request's id, its op (null when unreadable), and the log version it answers at. */
const common = {
  id: Type.Union([RequestIdSchema, Type.Null()]),
  /** The log's version (the seq of its last event) this answer reflects. */
  version: Type.Integer({ minimum: 0 }),
  /** Events other writers appended that were read while answering (0 when none). */
  othersAppended: Type.Integer({ minimum: 0 }),
};
const ok = <O extends Operation, P extends Record<string, TSchema>>(op: O, payload: P) =>
  Strict({ ...common, ok: Type.Literal(true), op: Type.Literal(op), ...payload });

export const responseSchemas = {
  execute: ok('execute', {
    events: Type.Array(EventSchema),
    head: Head,
    pending: Type.Array(PendingSchema),
    repeated: Type.Optional(
      Type.Literal(true, {
        description:
          'the command id is that of this command, recorded before: events and head are those of its first execute, ' +
          'nothing was appended now',
      }),
    ),
  }),
  preview: ok('preview', { events: Type.Array(PreviewedEventSchema), pending: Type.Array(PendingSchema) }),
  pending: ok('pending', { game: GameIdSchema, pending: Type.Array(PendingSchema) }),
  state: ok('state', {
    game: GameIdSchema,
    state: opaque<GameSummary>('the game summary, as `replay --json` prints it'),
  }),
  wars: ok('wars', { game: GameIdSchema, wars: Type.Array(Strict({ axis: Type.String(), allied: Type.String() })) }),
  permissions: ok('permissions', {
    game: GameIdSchema,
    permissions: Type.Array(opaque<Permission>('{ rule, permission, allowed, detail }')),
  }),
  declarations: ok('declarations', { game: GameIdSchema, declarations: Type.Array(DeclarationSchema) }),
  events: ok('events', { events: Type.Array(EventSchema), next: Next }),
  audit: ok('audit', {
    entries: Type.Array(opaque<AuditEntry>('{ seq, game, turn, rule, result, breakdown, zeroRows }')),
    next: Next,
  }),
  games: ok('games', { games: Type.Array(GameIdSchema) }),
  failed: Strict({
    ...common,
    ok: Type.Literal(false),
    op: Type.Union([Enum(OPERATIONS as [Operation, ...Operation[]]), Type.Null()]),
    rejection: RejectionSchema,
    /**
     * preview only, for a game the log holds: what is pending, the refused command's decision with its choices as the
     * command's picks leave them.
     */
    pending: Type.Optional(Type.Array(PendingSchema)),
  }),
} as const;

/** Responses are built from the engine's readonly values and never changed. */
export type ResponseOf<K extends keyof typeof responseSchemas> = Frozen<Static<(typeof responseSchemas)[K]>>;
export type FailedResponse = ResponseOf<'failed'> & { readonly rejection: { readonly code: ResponseCode } };
export type Response = { [O in Operation]: ResponseOf<O> }[Operation] | FailedResponse;
export const ResponseSchema = Type.Union(Object.values(responseSchemas));
