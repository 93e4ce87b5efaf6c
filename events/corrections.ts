// Corrections (docs/corrections.md): the host, as referee, takes back or replaces an earlier host report; a player
// takes back its own last decision. The log stays append-only: a correction is a command like any other, and the
// engine's answer to it (which decisions no longer hold, which commands are set aside, the new decisions) follows it.
import { Type } from '@sinclair/typebox';
import { Strict } from '../src/schema/types.js';
import { TaggedUnion } from '../src/schema/tagged-union.js';
import {
  alliedPlayerTurnEnded,
  atomicAttack,
  cityFirestormed,
  dominionSurrendered,
  gameStarted,
  powerSurrendered,
} from './host-facts.js';
import { gameTurnEnded } from './british-resistance.js';
import { hexControlReported } from './british.js';
import { farEastHexControlReported, forcePoolReported } from './british-reports.js';
import { italianForcesReported } from './italian.js';
import { defineEvent, type EventOf } from './registry.js';
import { CommandIdSchema } from './envelope.js';

/** Every host report a correction may give in place of another: each host fact a rule reads (not host.logged). */
export const correctableReports = [
  gameStarted,
  powerSurrendered,
  dominionSurrendered,
  cityFirestormed,
  atomicAttack,
  alliedPlayerTurnEnded,
  gameTurnEnded,
  forcePoolReported,
  farEastHexControlReported,
  hexControlReported,
  italianForcesReported,
] as const;
export type CorrectableReport = EventOf<(typeof correctableReports)[number]>;
export const CORRECTABLE_TYPES: ReadonlySet<string> = new Set(correctableReports.map((d) => d.type));

const CorrectedReport = TaggedUnion<CorrectableReport>(
  'type',
  correctableReports.map((d) => Strict({ type: Type.Literal(d.type), data: d.schema })),
);

/** The seq of the command a correction names: an event of this game's log (or it names the command's id instead). */
const TargetSeq = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const reportCorrected = defineEvent('host.report-corrected', {
  version: 1,
  source: 'host',
  rules: ['correction'],
  summary:
    'The host, as referee, corrects an earlier host report of this game: the report it should have been, or none ' +
    '(it should not have been made); every command after it is decided again.',
  schema: Strict({
    seq: Type.Optional(TargetSeq),
    commandId: Type.Optional(CommandIdSchema),
    report: Type.Union([CorrectedReport, Type.Null()]),
  }),
});

export const decisionWithdrawn = defineEvent('game.decision-withdrawn', {
  version: 1,
  source: 'player',
  rules: ['correction'],
  summary: 'A player takes back its own last decision, while nothing has been decided after it.',
  schema: Strict({ seq: Type.Optional(TargetSeq), commandId: Type.Optional(CommandIdSchema) }),
});

/** A command a correction set aside: the rules now refuse it where it stands. */
const SetAside = Strict({
  seq: TargetSeq,
  type: Type.String({ minLength: 1, maxLength: 64 }),
  rule: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ minLength: 1, maxLength: 64 }),
});

/** The new decisions of one command, in the order they follow this event (`count` events). */
const Redecided = Strict({ after: TargetSeq, count: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

export const gameRedecided = defineEvent('game.redecided', {
  version: 1,
  source: 'engine',
  rules: ['correction'],
  summary:
    'The game decided again after a correction: the earlier decisions that no longer hold (their seqs), the commands ' +
    'set aside with the rule that now refuses each, and the new decisions, which follow this event in the log.',
  schema: Strict({
    /** The seq of the command corrected or taken back. */
    of: TargetSeq,
    superseded: Type.Array(TargetSeq),
    setAside: Type.Array(SetAside),
    decisions: Type.Array(Redecided),
  }),
});

export const correctionEvents = [reportCorrected, decisionWithdrawn, gameRedecided] as const;
