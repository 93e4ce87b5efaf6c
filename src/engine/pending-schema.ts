// The pending decisions as a TypeBox schema: one member per decision, discriminated on `decision`, each with who
// makes it, the rule, the commands that answer it (as the machines' states declare them, machines/*-awaited.ts)
// and the parameters a host acts on. The PendingDecision type is its static type (pending-types.ts); the JSON
// Schema a host reads (`awaw-surrender schema pending-decision`) is built from it, and
// test/schemas/pending-decision.test.ts validates the decisions every example game raises.
import { Type, type TLiteral, type TObject, type TProperties, type TString } from '@sinclair/typebox';
import { Count, Enum, Int, Strict, Turn } from '../schema/types.js';
import type { AwaitedDecision } from '../../machines/awaited.js';
import {
  britainSelectsReductions,
  germanyAnswersOffer,
  germanyStatesTerms,
  hostReportsFarEastHexControl,
  hostReportsForcePool,
  hostReportsHexControl,
  japanDecidesAdherence,
} from '../../machines/britain-awaited.js';
import {
  alliedSelectsItalianForces,
  axisSelectsItalianForces,
  hostReportsItalianForces,
} from '../../machines/italy.js';
import { OfferAnswerChoicesSchema } from './choices/offer-answer.js';
import { GermanTermsChoicesSchema } from './choices/german-terms-schema.js';
import { BritishForceChoicesSchema } from './choices/british-forces-schema.js';
import { ItalianForcesChoicesSchema } from './choices/italian-forces-schema.js';
import { JapaneseAdherenceChoicesSchema } from './choices/japan.js';
import { reportChoicesSchema } from './choices/reports-schema.js';

/** What every member has, from the states that declare it: its name, who decides, the rule, the answering commands. */
const awaiting = <const T extends readonly [AwaitedDecision, ...AwaitedDecision[]], P extends TProperties>(
  declarations: T,
  properties: P,
) => {
  type D = T[number];
  const first: D = declarations[0];
  const deciders = declarations.map((d) => d.by) as [D['by'], ...D['by'][]];
  return Strict({
    decision: Type.Literal<D['decision']>(first.decision),
    by: deciders.length === 1 ? (Type.Literal(first.by) as TLiteral<D['by']>) : Enum(deciders),
    rule: Type.Literal<D['rule']>(first.rule),
    commands: Type.Array(Enum<D['commands']>(first.commands)),
    ...properties,
  });
};

/** 59.41: the level Britain surrenders at if Germany accepts (never below -10). */
const Level = Int({ minimum: -10, maximum: 0 });
/** 59.87, 59.872: the earlier surrender this one is measured from, or null. */
const PreviousLevel = Type.Union([Int({ minimum: -9, maximum: 0 }), Type.Null()]);
const ForceTotals = Strict({ aafFactors: Count(), groundNasBrps: Count(), navalFactors: Count() });
const ForceAmounts = Strict({
  infantryFactors: Count(),
  namedShips: Count(),
  cruisers: Count(),
  destroyerFactors: Count(),
});
/** 56.31: -2 to +2. */
const ItalianLevel = Int({ minimum: -2, maximum: 2 });
/** 56.32: the Post-Surrender Italian Forces row of the level, both halves. */
const Row = Strict({ germany: ForceAmounts, us: ForceAmounts });
const Sides = ['axis', 'allied'] as const;

export const PendingDecisionSchema = Type.Union([
  // 59.23: Germany answers the British offer; a forced one (-10 or lower) can only be accepted.
  awaiting([germanyAnswersOffer], {
    /** The turn the offer was made, and the turn of the answer. */
    turn: Turn,
    resistanceLevel: Int(),
    surrenderLevel: Level,
    previousSurrenderLevel: PreviousLevel,
    /** 59.23: the level is -10 or lower, so Germany must accept. */
    forced: Type.Boolean(),
    /** 59.23: the answers, each with its command and data; the rejection of a forced offer is refused by 59.23. */
    choices: OfferAnswerChoicesSchema,
  }),
  // 59.513: the host reports the British force pool the reductions come from.
  awaiting([hostReportsForcePool], {
    /** The turn of the surrender. */
    turn: Turn,
    surrenderLevel: Level,
    previousSurrenderLevel: PreviousLevel,
    /** 59.512 (59.872): the reductions the surrender level requires, before any cap by the pool. */
    required: ForceTotals,
    /** What the report must contain. */
    choices: reportChoicesSchema('host.british-force-pool'),
  }),
  // 59.513A: the British player selects, by id from the reported pool, the units to remove.
  awaiting([britainSelectsReductions], {
    turn: Turn,
    surrenderLevel: Level,
    previousSurrenderLevel: PreviousLevel,
    /** 59.513E: what the selection must meet, the 59.512 requirement capped by what the reported pool holds. */
    required: ForceTotals,
    /** 59.512 (59.872): the requirement before the cap. */
    uncapped: ForceTotals,
    /** 59.514E: ids of pool units whose minor country's status the terms changed, so they may be removed. */
    minorUnitsSubjectToElimination: Type.Array(Type.String()),
    /** 59.512-59.514: the pool's units, what each category still needs, and what may be added to the picks tried. */
    choices: BritishForceChoicesSchema,
  }),
  // 59.631: the host reports which British-controlled hexes can trace supply, and the control that follows.
  awaiting([hostReportsHexControl], {
    turn: Turn,
    surrenderLevel: Level,
    choices: reportChoicesSchema('host.british-hex-control'),
  }),
  // 59.66: Germany states its terms.
  awaiting([germanyStatesTerms], {
    turn: Turn,
    surrenderLevel: Level,
    /** 59.65 (59.872): the concession points of the surrender level; 59.68: the terms may not exceed them. */
    concessionPoints: Count(),
    /** 59.65, 59.71: the most Germany can take, the lower of the points and whatever Britain has left. */
    cap: Count(),
    /** 59.65-59.75, 59.66G: what may be demanded now, against the tried `britain.terms-demanded` of this turn. */
    choices: GermanTermsChoicesSchema,
  }),
  // 59.891C: Japan, at war with Britain but not the U.S., adheres to the treaty or fights on (the two answers).
  awaiting([japanDecidesAdherence], { turn: Turn, choices: JapaneseAdherenceChoicesSchema }),
  // 59.892A: Japan adhered; the host reports the Far East hex control by 59.63.
  awaiting([hostReportsFarEastHexControl], { turn: Turn, choices: reportChoicesSchema('host.far-east-hex-control') }),
  // 56.31D: the host reports Italy's navy and infantry at the moment of surrender.
  awaiting([hostReportsItalianForces], {
    turn: Turn,
    surrenderLevel: ItalianLevel,
    row: Row,
    /** 56.311: who selects, in order (empty: nobody). */
    selectionOrder: Type.Array(Enum(Sides)),
    choices: reportChoicesSchema('host.italian-forces-reported'),
  }),
  // 56.311: one side selects its post-surrender Italian forces (the Axis player before the Allied player).
  awaiting([axisSelectsItalianForces, alliedSelectsItalianForces], {
    turn: Turn,
    surrenderLevel: ItalianLevel,
    /** The side that selects now: the command's `side`. */
    side: Enum(Sides),
    /** 56.32: this side's half of the row (Germany's for the Axis, the U.S.'s for the Allied player). */
    forces: ForceAmounts,
    row: Row,
    selectionOrder: Type.Array(Enum(Sides)),
    /**
     * 56.311, 56.312, 56.32: the units this side may pick, what each category still needs, and whether the selection is
     * complete.
     */
    choices: ItalianForcesChoicesSchema,
  }),
]);

/**
 * Each member with its words (`describePending`), as exec, append, HTTP and `replay --json` deliver it: the shipped
 * schema.
 */
type Described<M extends TObject[]> = {
  -readonly [K in keyof M]: M[K] extends TObject<infer P> ? TObject<P & { description: TString }> : never;
};
const Description = Type.String({ description: 'the decision in words, rendered from its data' });
export const DescribedDecisionSchema = Type.Union(
  PendingDecisionSchema.anyOf.map((member) =>
    Strict({ ...member.properties, description: Description }),
  ) as unknown as Described<typeof PendingDecisionSchema.anyOf>,
);
