// The pending decisions (src/engine/pending-types.ts) as a TypeBox schema, for the JSON Schema a host reads
// (`awaw-surrender schema pending-decision`). Pending decisions are computed, never parsed: the compile-time
// check below keeps this schema equal to the PendingDecision type, and test/schemas/pending-decision.test.ts
// validates the decisions every example game raises.
import { Type, type TLiteral, type TObject, type TProperties, type TString } from '@sinclair/typebox';
import { Count, Enum, Int, Strict, Turn } from '../schema/types.js';
import type { PendingDecision } from './pending-types.js';
import type { DescribedDecision } from './pending-text.js';
import type { SameShape } from '../schema/same-shape.js';
import { GermanTermsChoicesSchema, OfferAnswerChoicesSchema } from './choices/german-terms-schema.js';
import { BritishForceChoicesSchema } from './choices/british-forces-schema.js';
import { ItalianForcesChoicesSchema } from './choices/italian-forces-schema.js';
import { JapaneseAdherenceChoicesSchema, reportChoicesSchema } from './choices/reports-schema.js';

/** What every member has (pending-types.ts `Awaiting`): its name, who decides, the rule, the answering commands. */
const awaiting = <const D extends string, const B extends readonly [string, ...string[]], const R extends string, const C extends readonly [string, ...string[]], P extends TProperties>(
  decision: D,
  by: B,
  rule: R,
  commands: C,
  properties: P,
) =>
  Strict({
    decision: Type.Literal(decision),
    by: by.length === 1 ? (Type.Literal(by[0]) as TLiteral<B[number]>) : Enum(by),
    rule: Type.Literal(rule),
    commands: Type.Array(Enum(commands)),
    ...properties,
  });

const Level = Int({ minimum: -10, maximum: 0 });
const PreviousLevel = Type.Union([Int({ minimum: -9, maximum: 0 }), Type.Null()]);
const ForceTotals = Strict({ aafFactors: Count(), groundNasBrps: Count(), navalFactors: Count() });
const ForceAmounts = Strict({ infantryFactors: Count(), namedShips: Count(), cruisers: Count(), destroyerFactors: Count() });
const ItalianLevel = Int({ minimum: -2, maximum: 2 });
const Row = Strict({ germany: ForceAmounts, us: ForceAmounts });
const Sides = ['axis', 'allied'] as const;

export const PendingDecisionSchema = Type.Union([
  awaiting('respond-to-british-offer', ['germany'], '59.23', ['britain.offer-accepted', 'britain.offer-rejected'], {
    turn: Turn,
    resistanceLevel: Int(),
    surrenderLevel: Level,
    previousSurrenderLevel: PreviousLevel,
    forced: Type.Boolean(),
    choices: OfferAnswerChoicesSchema,
  }),
  awaiting('report-british-force-pool', ['host'], '59.513', ['host.british-force-pool'], {
    turn: Turn,
    surrenderLevel: Level,
    previousSurrenderLevel: PreviousLevel,
    required: ForceTotals,
    choices: reportChoicesSchema('host.british-force-pool'),
  }),
  awaiting('select-british-force-reductions', ['britain'], '59.513A', ['britain.forces-selected'], {
    turn: Turn,
    surrenderLevel: Level,
    previousSurrenderLevel: PreviousLevel,
    required: ForceTotals,
    uncapped: ForceTotals,
    minorUnitsSubjectToElimination: Type.Array(Type.String()),
    choices: BritishForceChoicesSchema,
  }),
  awaiting('report-british-hex-control', ['host'], '59.631', ['host.british-hex-control'], { turn: Turn, surrenderLevel: Level, choices: reportChoicesSchema('host.british-hex-control') }),
  awaiting('state-german-terms', ['germany'], '59.66', ['britain.terms-demanded'], {
    turn: Turn,
    surrenderLevel: Level,
    concessionPoints: Count(),
    cap: Count(),
    choices: GermanTermsChoicesSchema,
  }),
  awaiting('decide-japanese-adherence', ['japan'], '59.891C', ['japan.treaty-decided'], { turn: Turn, choices: JapaneseAdherenceChoicesSchema }),
  awaiting('report-far-east-hex-control', ['host'], '59.892A', ['host.far-east-hex-control'], { turn: Turn, choices: reportChoicesSchema('host.far-east-hex-control') }),
  awaiting('report-italian-forces', ['host'], '56.31D', ['host.italian-forces-reported'], {
    turn: Turn,
    surrenderLevel: ItalianLevel,
    row: Row,
    selectionOrder: Type.Array(Enum(Sides)),
    choices: reportChoicesSchema('host.italian-forces-reported'),
  }),
  awaiting('select-post-surrender-italian-forces', Sides, '56.311', ['italy.forces-selected'], {
    turn: Turn,
    surrenderLevel: ItalianLevel,
    side: Enum(Sides),
    forces: ForceAmounts,
    row: Row,
    selectionOrder: Type.Array(Enum(Sides)),
    choices: ItalianForcesChoicesSchema,
  }),
]);

/** Fails to compile when this schema and the PendingDecision type part. */
export const pendingDecisionMatches = true satisfies SameShape<typeof PendingDecisionSchema, PendingDecision>;

/** Each member with its words (`describePending`), as exec, append, HTTP and `replay --json` deliver it: the shipped schema. */
type Described<M extends TObject[]> = { -readonly [K in keyof M]: M[K] extends TObject<infer P> ? TObject<P & { description: TString }> : never };
const Description = Type.String({ description: 'the decision in words, rendered from its data' });
export const DescribedDecisionSchema = Type.Union(
  PendingDecisionSchema.anyOf.map((member) => Strict({ ...member.properties, description: Description })) as unknown as Described<typeof PendingDecisionSchema.anyOf>,
);

/** Fails to compile when the delivered schema and the DescribedDecision type part. */
export const describedDecisionMatches = true satisfies SameShape<typeof DescribedDecisionSchema, DescribedDecision>;
