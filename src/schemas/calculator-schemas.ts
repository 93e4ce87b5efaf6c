// The calculators' inputs and outputs in the schema catalogue (./catalog.ts): each input is the schema the
// calculator parses with, each output the schema of ./calculator-outputs.ts.
import type { TSchema } from '@sinclair/typebox';
import {
  britishResistanceCalculator,
  concessionsCalculator,
  forceReductionCalculator,
  germanSurrenderCalculator,
  italianSurrenderCalculator,
  type CalculatorContract,
} from '../rules/calculators.js';
import {
  BritishResistanceOutputSchema,
  ConcessionsOutputSchema,
  ForceReductionOutputSchema,
  GermanSurrenderOutputSchema,
  ItalianSurrenderOutputSchema,
} from './calculator-outputs.js';
import type { CatalogEntry } from './entry.js';

/** What every calculator checks beyond its input schema (src/cli/calculator.ts `outOfRange`). */
const RANGE = 'Checked beyond this schema: every number has a magnitude of at most 9007199254740991 (2^53 - 1).';

export interface Calculator {
  readonly spec: Pick<CalculatorContract<never, unknown>, 'name' | 'rule' | 'summary' | 'refine'> & {
    readonly input: { readonly schema: TSchema };
  };
  readonly output: TSchema;
  /** What the calculator's `refine` checks beyond its input schema: given exactly when it has one. */
  readonly beyond?: string;
}

export const calculators: readonly Calculator[] = [
  { spec: germanSurrenderCalculator, output: GermanSurrenderOutputSchema },
  { spec: britishResistanceCalculator, output: BritishResistanceOutputSchema },
  { spec: italianSurrenderCalculator, output: ItalianSurrenderOutputSchema },
  {
    spec: concessionsCalculator,
    output: ConcessionsOutputSchema,
    beyond:
      '`territories` holds exactly the 18 keys of the British Concession Table (59.65); `take`, `return`, ' +
      '`originallyBritish` and `returnedInEarlierSurrender` name table keys, ' +
      '`demand.minors[].name` minors listed in `minors`, each at most once; `minors[].name` is unique; ' +
      '`previousSurrenderLevel`, where given, is above `surrenderLevel`.',
  },
  {
    spec: forceReductionCalculator,
    output: ForceReductionOutputSchema,
    beyond:
      '`units[].id` is unique; a unit has `naval` exactly when its `kind` is `naval`; `selection` names units of ' +
      '`units`, each at most once; `previousSurrenderLevel`, where given, is above `surrenderLevel`.',
  },
];

export const calculatorSchemas: readonly CatalogEntry[] = calculators.flatMap(({ spec, output, beyond }) => [
  {
    name: `calculator/${spec.name}/input`,
    schema: spec.input.schema,
    description:
      `The input of \`awaw-surrender ${spec.name}\` (rule ${spec.rule}): ${spec.summary}. ` +
      'A document that fails it exits 2. ' +
      `${RANGE}${beyond === undefined ? '' : ` ${beyond}`}`,
  },
  {
    name: `calculator/${spec.name}/output`,
    schema: output,
    description:
      `What \`awaw-surrender ${spec.name} --json\` prints for a well-formed input (exit 0, or 1 when ` +
      `the decision breaks a rule).`,
  },
]);
