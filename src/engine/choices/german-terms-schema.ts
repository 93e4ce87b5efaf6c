// The shape of Germany's choices at the terms (59.6, 59.7, 59.66G; german-terms.ts) as a TypeBox schema, part of
// the pending-decision schema; their types are its static types. Data only, rules and codes, no words.
import { Type, type Static } from '@sinclair/typebox';
import { Count, Enum, Int, Strict, type Frozen } from '../../schema/types.js';
import { TerritoryKeys } from '../../rules/british-concession-table.js';
import { ConcessionCodes } from '../../rules/concession-checks.js';
import { CededEffectCodes } from '../../rules/concession-notes.js';
import { MinorStatuses, TerritoryControls } from '../../rules/concessions-input.js';
import { ToItalyCodes } from '../britain/to-italy.js';

const Key = Enum(TerritoryKeys);
/** Why a choice may not be added now (59.61, 59.66, 59.66E, 59.66G, 59.68, 59.72, 59.73B-G). */
const Reason = Strict({ rule: Type.String(), code: Enum([...ConcessionCodes, ...ToItalyCodes]) });
const MaybeReason = Type.Union([Reason, Type.Null()]);
const Indemnity = Type.Union([Type.Literal(0), Type.Literal(10), Type.Literal(20), Type.Literal(30)]);
/** 59.65 priority 2, 59.66E: one status change of a minor country. */
const MinorStep = Strict({
  /** Concession points: neutrality one, Axis control two, per full five BRPs. */
  value: Count(),
  allowed: Type.Boolean(),
  refusedBy: MaybeReason,
});
/** 59.66: an eligible lower-priority concession not yet demanded. */
const RequiredConcession = Strict({
  kind: Enum(['territory', 'minor'] as const),
  name: Type.String(),
  priority: Count(),
});

const TerritoryChoice = Strict({
  key: Key,
  /** 59.65. */
  priority: Count(),
  /** 59.65: concession points, taken or returned (59.75). */
  value: Count(),
  /** When Britain surrendered (59.631-59.634; a disputed area of Britain is `british`, 59.66D). */
  control: Enum(TerritoryControls),
  /** What the tried demand does with it. */
  demanded: Type.Union([Type.Literal('take'), Type.Literal('return'), Type.Null()]),
  /** Taking it now keeps the demand legal (59.66, 59.68, 59.73G); `requires`: what 59.66 wants taken first. */
  take: Strict({
    allowed: Type.Boolean(),
    refusedBy: MaybeReason,
    requires: Type.Array(RequiredConcession),
  }),
  /** Returning it now keeps the demand legal (59.72, 59.73A-G); every reason it may not. */
  return: Strict({ allowed: Type.Boolean(), refusedBy: Type.Array(Reason) }),
  /**
   * 59.66G: a Mediterranean-front territory, once ceded, may come under Italian control (never after Italy surrendered,
   * 56.52).
   */
  mayPassToItaly: Type.Boolean(),
  /** What ceding it does (59.65, 59.66B, 59.66C, 59.66F, 59.66H). */
  effects: Type.Array(
    Strict({ rule: Enum(['59.65', '59.66B', '59.66C', '59.66F', '59.66H'] as const), code: Enum(CededEffectCodes) }),
  ),
});

const MinorChoice = Strict({
  name: Type.String(),
  brps: Count(),
  status: Enum(MinorStatuses),
  demanded: Type.Union([Type.Literal('neutral'), Type.Literal('axis'), Type.Null()]),
  neutral: MinorStep,
  /** 59.73G: never while territory is returned. */
  axis: MinorStep,
});

/** 59.67: one indemnity step, replacing the tried one. */
const IndemnityStep = Strict({ brps: Indemnity, value: Count(), allowed: Type.Boolean(), refusedBy: MaybeReason });

/** 59.7: the conciliatory policy and, for the tried demand, its 59.75 effects. */
const Conciliation = Strict({
  rule: Type.Literal('59.7'),
  /** 59.72, 59.73: the territories a demand could return (each alone). */
  returnable: Type.Array(Key),
  /** Some territory may be returned now, added to the tried demand. */
  returnAllowedNow: Type.Boolean(),
  /** 59.73G: a demand that returns territory takes none and moves no minor to Axis control. */
  forbidsTaking: Type.Literal('59.73G'),
  /** 59.71. */
  pointsNotTaken: Count(),
  /** 59.75. */
  pointsReturned: Count(),
  /** 59.75A. */
  resistanceModifier: Int({ maximum: 0 }),
  /** 59.75B. */
  usatChange: Int({ maximum: 0 }),
});

/** 59.66G: a ceded territory of the tried demand, passed (chosen) or passable to Italy. */
const ToItalyChoice = Strict({ key: Key, chosen: Type.Boolean(), allowed: Type.Boolean(), refusedBy: MaybeReason });

export const GermanTermsChoicesSchema = Strict({
  /** 59.65 (59.872). */
  pointsAvailable: Count(),
  /** 59.65, 59.71: the lower of the points and whatever Britain has left. */
  cap: Count(),
  /** 59.68: of the tried demand. */
  pointsUsed: Count(),
  pointsLeft: Count(),
  territories: Type.Array(TerritoryChoice),
  minors: Type.Array(MinorChoice),
  indemnity: Strict({ current: Indemnity, steps: Type.Array(IndemnityStep) }),
  conciliation: Conciliation,
  toItaly: Type.Array(ToItalyChoice),
  /** The tried command would be accepted (an empty demand is, 59.71). */
  complete: Type.Boolean(),
  /** Why the tried demand is refused now (empty when it is legal). */
  violations: Type.Array(Reason),
});

export type TermsReason = Frozen<Static<typeof Reason>>;
export type RequiredConcession = Frozen<Static<typeof RequiredConcession>>;
export type TerritoryChoice = Frozen<Static<typeof TerritoryChoice>>;
export type MinorStep = Frozen<Static<typeof MinorStep>>;
export type MinorChoice = Frozen<Static<typeof MinorChoice>>;
export type IndemnityStep = Frozen<Static<typeof IndemnityStep>>;
export type ToItalyChoice = Frozen<Static<typeof ToItalyChoice>>;
export type Conciliation = Frozen<Static<typeof Conciliation>>;
export type GermanTermsChoices = Frozen<Static<typeof GermanTermsChoicesSchema>>;
