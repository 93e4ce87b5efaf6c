// The calculators' JSON outputs (docs/cli.md) as TypeBox schemas, for the JSON Schemas a host reads
// (`awaw-surrender schema calculator/NAME/output`). The outputs are computed, never parsed, so nothing checks
// them at run time; the compile-time checks below keep each schema equal to its calculator's output type, and
// test/schemas/calculator-outputs.test.ts validates real outputs against them.
import { Type, type TSchema } from '@sinclair/typebox';
import { eventDefinitions } from '../../events/index.js';
import { Count, Enum, Int, Strict } from '../schema/types.js';
import { britishLineCodes } from '../rules/british-lines.js';
import { germanLineCodes } from '../rules/german-lines.js';
import { italianLineCodes } from '../rules/italian-lines.js';
import { ItalianSurrenderLevels } from '../rules/italian-forces-table.js';
import type {
  britishResistanceCalculator,
  CalculatorContract,
  concessionsCalculator,
  forceReductionCalculator,
  germanSurrenderCalculator,
  italianSurrenderCalculator,
} from '../rules/calculators.js';
import type { SameShape } from '../schema/same-shape.js';

/** A breakdown line with its words, as the calculators print it (docs/cli.md `lines[]`). */
const WordedLine = <const K extends readonly [string, ...string[]]>(keys: K) =>
  Strict({ key: Enum(keys), rule: Type.String({ minLength: 1 }), value: Int(), detail: Type.String() });

const keysOf = <R extends object>(registry: R) =>
  Object.keys(registry) as [Extract<keyof R, string>, ...Extract<keyof R, string>[]];

const Violations = Type.Array(Strict({ rule: Type.String({ minLength: 1 }), message: Type.String() }));

export const GermanSurrenderOutputSchema = Strict({
  resistance: Int(),
  surrenders: Type.Boolean(),
  reason: Type.Union([Type.Literal('berlin-and-resistance'), Type.Literal('collapse'), Type.Null()]),
  lines: Type.Array(WordedLine(keysOf(germanLineCodes))),
});

export const BritishResistanceOutputSchema = Strict({
  level: Int(),
  offersSurrender: Type.Boolean(),
  germanyMustAccept: Type.Boolean(),
  surrenderLevelIfAccepted: Int({ minimum: -10 }),
  naval: Strict({ alliedFactors: Count(), axisFactors: Count(), modifier: Int({ minimum: -5, maximum: 5 }) }),
  lines: Type.Array(WordedLine(keysOf(britishLineCodes))),
});

const ForceAmounts = Strict({
  infantryFactors: Count(),
  namedShips: Count(),
  cruisers: Count(),
  destroyerFactors: Count(),
});

export const ItalianSurrenderOutputSchema = Strict({
  dpTotal: Int(),
  surrenders: Type.Boolean(),
  surrenderLevel: Type.Union(ItalianSurrenderLevels.map((level) => Type.Literal(level))),
  axisSelectsFirst: Type.Boolean(),
  forces: Strict({ germany: ForceAmounts, us: ForceAmounts }),
  lines: Type.Array(WordedLine(keysOf(italianLineCodes))),
});

// 59.65-59.75: the points as the engine records them when terms are imposed.
const { pointsAvailable, pointsUsed, pointsNotTaken, pointsReturned, resistanceModifier, usatChange } =
  eventDefinitions['britain.terms-imposed'].schema.properties;

export const ConcessionsOutputSchema = Strict({
  legal: Type.Boolean(),
  violations: Violations,
  pointsAvailable,
  pointsUsed,
  pointsNotTaken,
  pointsReturned,
  resistanceModifier,
  usatChange,
});

const ForceTotals = Strict({ aafFactors: Count(), groundNasBrps: Count(), navalFactors: Count() });

export const ForceReductionOutputSchema = Strict({
  legal: Type.Boolean(),
  violations: Violations,
  required: ForceTotals,
  selected: ForceTotals,
});

type OutputOf<C> = C extends Pick<CalculatorContract<never, infer O>, 'compute'> ? O : never;
type Checked<S extends TSchema, C> = SameShape<S, OutputOf<C>>;

// Each `true` fails to compile when a schema and its calculator's output type part.
export const outputsMatch: readonly true[] = [
  true satisfies Checked<typeof GermanSurrenderOutputSchema, typeof germanSurrenderCalculator>,
  true satisfies Checked<typeof BritishResistanceOutputSchema, typeof britishResistanceCalculator>,
  true satisfies Checked<typeof ItalianSurrenderOutputSchema, typeof italianSurrenderCalculator>,
  true satisfies Checked<typeof ConcessionsOutputSchema, typeof concessionsCalculator>,
  true satisfies Checked<typeof ForceReductionOutputSchema, typeof forceReductionCalculator>,
];
