// The versioned envelope around every event in a log, and the log file header.
import { Type } from '@sinclair/typebox';
import { compile } from '../src/schema/validate.js';
import { Strict } from '../src/schema/types.js';

/** The first line of every log file names the format and its version. */
export const LOG_FORMAT = 'awaw-surrender-log';
export const LOG_FORMAT_VERSION = 1;

export const HASH_PATTERN = '^[0-9a-f]{64}$';
export const ID_PATTERN = '^[A-Za-z0-9_-]{21}$';
export const GAME_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';
/** GAME_ID_PATTERN compiled once, for every check of a game id outside a schema. */
export const GAME_ID_REGEXP = new RegExp(GAME_ID_PATTERN);
/** A game id, in every schema that holds one. */
export const GameIdSchema = Type.String({ pattern: GAME_ID_PATTERN });

/**
 * A command's id, chosen by the host so that a command sent again after a lost reply is applied once: 1 to 128
 * characters, each a letter, a digit or one of `_ . : -` (a UUID, a ULID, a nanoid), so that characters and bytes
 * are one.
 */
export const COMMAND_ID_PATTERN = '^[A-Za-z0-9_.:-]{1,128}$';
export const COMMAND_ID_REGEXP = new RegExp(COMMAND_ID_PATTERN);
export const MAX_COMMAND_ID_LENGTH = 128;
/** What a refusal of a command id that is none says it expected. */
export const COMMAND_ID_EXPECTED =
  `expected 1 to ${MAX_COMMAND_ID_LENGTH} characters, each a letter, a digit or ` +
  `one of _ . : - (${COMMAND_ID_PATTERN})`;
export const CommandIdSchema = Type.String({
  pattern: COMMAND_ID_PATTERN,
  description:
    'the id the host gave the command (1 to 128 characters of A-Z a-z 0-9 _ . : -): the same id sent again ' +
    'answers the first outcome, appending nothing',
});

export const LogHeaderSchema = Strict({
  format: Type.Literal(LOG_FORMAT),
  formatVersion: Type.Integer({ minimum: 1 }),
  hash: Type.String({ pattern: HASH_PATTERN }),
});

/**
 * One event as stored. `seq` counts from 1 without gaps; `id` comes from nanoid and `at` from the
 * clock, both made at the edge (the store), never by decide/evolve; replay ignores `at`.
 * `commandId`, on the origin event of a command the host gave an id, only there: replay ignores it.
 * `hash` chains the line to the previous one (see src/store/line-format.ts).
 */
export const EnvelopeSchema = Strict({
  seq: Type.Integer({ minimum: 1 }),
  id: Type.String({ pattern: ID_PATTERN }),
  game: GameIdSchema,
  type: Type.String({ minLength: 1 }),
  v: Type.Integer({ minimum: 1 }),
  at: Type.String({ minLength: 1 }),
  commandId: Type.Optional(CommandIdSchema),
  data: Type.Unknown(),
  hash: Type.String({ pattern: HASH_PATTERN }),
});
export const envelope = compile(EnvelopeSchema);
export const logHeader = compile(LogHeaderSchema);

export interface EnvelopeFields {
  readonly seq: number;
  readonly id: string;
  readonly game: string;
  readonly v: number;
  readonly at: string;
  /** The host's id of the command this event is the origin of (absent when it gave none). */
  readonly commandId?: string;
  readonly hash: string;
}

/** Version of a log: the `seq` of its last event, 0 when it holds none. */
export type LogVersion = number & { readonly __brand: 'LogVersion' };
export const logVersion = (n: number): LogVersion => n as LogVersion;
