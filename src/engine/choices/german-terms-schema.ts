// The choices of the German terms (src/engine/choices/german-terms-types.ts) and of the answer to a British offer
// (src/engine/choices/offer-answer.ts), as TypeBox schemas for pending-decision.ts.
import { Type } from '@sinclair/typebox';
import { Count, Enum, Int, Strict, Turn } from '../../schema/types.js';
import { TerritoryKeys } from '../../rules/british-concession-table.js';
import { ConcessionCodes } from '../../rules/concession-checks.js';
import { CededEffectCodes } from '../../rules/concession-notes.js';
import { MinorStatuses, TerritoryControls } from '../../rules/concessions-input.js';
import { ToItalyCodes } from '../britain/to-italy.js';

export const OfferAnswerChoicesSchema = Strict({
  answers: Type.Array(
    Strict({
      rule: Enum(['59.41', '59.31'] as const),
      allowed: Type.Boolean(),
      refusedBy: Type.Union([Type.Literal('59.23'), Type.Null()]),
      command: Strict({ type: Enum(['britain.offer-accepted', 'britain.offer-rejected'] as const), data: Strict({ turn: Turn }) }),
    }),
  ),
});

const Key = Enum(TerritoryKeys);
const Reason = Strict({ rule: Type.String(), code: Enum([...ConcessionCodes, ...ToItalyCodes]) });
const MaybeReason = Type.Union([Reason, Type.Null()]);
const Indemnity = Type.Union([Type.Literal(0), Type.Literal(10), Type.Literal(20), Type.Literal(30)]);
const MinorStep = Strict({ value: Count(), allowed: Type.Boolean(), refusedBy: MaybeReason });

const TerritoryChoice = Strict({
  key: Key,
  priority: Count(),
  value: Count(),
  control: Enum(TerritoryControls),
  demanded: Type.Union([Type.Literal('take'), Type.Literal('return'), Type.Null()]),
  take: Strict({
    allowed: Type.Boolean(),
    refusedBy: MaybeReason,
    requires: Type.Array(Strict({ kind: Enum(['territory', 'minor'] as const), name: Type.String(), priority: Count() })),
  }),
  return: Strict({ allowed: Type.Boolean(), refusedBy: Type.Array(Reason) }),
  mayPassToItaly: Type.Boolean(),
  effects: Type.Array(Strict({ rule: Enum(['59.65', '59.66B', '59.66C', '59.66F', '59.66H'] as const), code: Enum(CededEffectCodes) })),
});

export const GermanTermsChoicesSchema = Strict({
  pointsAvailable: Count(),
  cap: Count(),
  pointsUsed: Count(),
  pointsLeft: Count(),
  territories: Type.Array(TerritoryChoice),
  minors: Type.Array(
    Strict({
      name: Type.String(),
      brps: Count(),
      status: Enum(MinorStatuses),
      demanded: Type.Union([Type.Literal('neutral'), Type.Literal('axis'), Type.Null()]),
      neutral: MinorStep,
      axis: MinorStep,
    }),
  ),
  indemnity: Strict({ current: Indemnity, steps: Type.Array(Strict({ brps: Indemnity, value: Count(), allowed: Type.Boolean(), refusedBy: MaybeReason })) }),
  conciliation: Strict({
    rule: Type.Literal('59.7'),
    returnable: Type.Array(Key),
    returnAllowedNow: Type.Boolean(),
    forbidsTaking: Type.Literal('59.73G'),
    pointsNotTaken: Count(),
    pointsReturned: Count(),
    resistanceModifier: Int({ maximum: 0 }),
    usatChange: Int({ maximum: 0 }),
  }),
  toItaly: Type.Array(Strict({ key: Key, chosen: Type.Boolean(), allowed: Type.Boolean(), refusedBy: MaybeReason })),
  complete: Type.Boolean(),
  violations: Type.Array(Reason),
});
