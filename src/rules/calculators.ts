// The five calculators as contracts: name, rule, input schema, checks beyond it, and the result (docs/cli.md). The
// command line adds its help and readable table (src/cli/); the schema catalogue (src/schemas/) reads the input
// schemas and output types from here.
import type { InputError, Validator } from '../schema/validate.js';
import { britishLineCodes, type BritishLineKey } from './british-lines.js';
import {
  britishResistance,
  britishResistanceInput,
  type BritishResistanceInput,
  type BritishResistanceResult,
} from './british-resistance.js';
import {
  concessions,
  concessionsInput,
  refineConcessions,
  type ConcessionsInput,
  type ConcessionsResult,
} from './concessions.js';
import {
  forceReduction,
  forceReductionInput,
  refineForceReduction,
  type ForceReductionInput,
  type ForceReductionResult,
} from './force-reduction.js';
import { germanLineCodes } from './german-lines.js';
import {
  germanSurrender,
  germanSurrenderInput,
  type GermanLineKey,
  type GermanSurrenderInput,
  type GermanSurrenderResult,
} from './german-resistance.js';
import { italianLineCodes } from './italian-lines.js';
import {
  italianSurrender,
  italianSurrenderInput,
  type ItalianSurrenderInput,
  type ItalianSurrenderResult,
} from './italian-surrender.js';
import { wordedLines } from './line-spec.js';
import type { Line } from './lines.js';
import type { RulingOptionName, RulingOptions } from './options.js';

export interface CalculatorContract<I, O> {
  readonly name: string;
  /** The rule section it applies, e.g. `59.2`. */
  readonly rule: string;
  readonly summary: string;
  /** The ruling options (`--option NAME=VALUE`) that change this calculator's result (src/cli/ruling-options.ts). */
  readonly options: readonly RulingOptionName[];
  readonly input: Validator<I>;
  /** Checks beyond the schema that still make the input malformed (exit 2): repeats, unknown names, ranges. */
  readonly refine?: (input: I) => InputError | null;
  readonly compute: (input: I, options: RulingOptions) => O;
  /** 1 when the decision described breaks a rule (validators only). */
  readonly exitCode?: (output: O) => 0 | 1;
}

/** docs/cli.md: the lines with their words (`detail`), rendered from their params. */
export type GermanSurrenderOutput = Omit<GermanSurrenderResult, 'lines'> & {
  readonly lines: readonly Line<GermanLineKey>[];
};

/** docs/cli.md: the lines with their words (`detail`), rendered from their params. */
export type BritishResistanceOutput = Omit<BritishResistanceResult, 'lines'> & {
  readonly lines: readonly Line<BritishLineKey>[];
};

export const germanSurrenderCalculator: CalculatorContract<GermanSurrenderInput, GermanSurrenderOutput> = {
  name: 'german-surrender',
  rule: '55.1',
  summary: 'German resistance level and surrender (55.11, 55.12)',
  options: [],
  input: germanSurrenderInput,
  compute: (input) => {
    const result = germanSurrender(input);
    return { ...result, lines: wordedLines(germanLineCodes, result.lines) };
  },
};

export const britishResistanceCalculator: CalculatorContract<BritishResistanceInput, BritishResistanceOutput> = {
  name: 'british-resistance',
  rule: '59.2',
  summary: 'British resistance level and surrender offer (59.21, 59.22, 59.23, 59.41)',
  // The input may carry no options (the contract forbids extra fields): 59.21's reading comes as `--option`.
  options: ['usat30to39WhenUsAtWar'],
  input: britishResistanceInput,
  // britishResistance reads the one atWarWithEuropeanAxis flag per power as "at war with Germany" too (docs/cli.md).
  compute: (input, options) => {
    const result = britishResistance(input, { usat30to39WhenUsAtWar: options.usat30to39WhenUsAtWar });
    return { ...result, lines: wordedLines(britishLineCodes, result.lines) };
  },
};

/** docs/cli.md: the lines with their words (`detail`), rendered from their params. */
export type ItalianSurrenderOutput = Omit<ItalianSurrenderResult, 'lines'> & {
  readonly lines: readonly Line<ItalianSurrenderResult['lines'][number]['key']>[];
};

export const italianSurrenderCalculator: CalculatorContract<ItalianSurrenderInput, ItalianSurrenderOutput> = {
  name: 'italian-surrender',
  rule: '56.1, 56.3',
  summary: 'Italian surrender, surrender level and post-surrender forces (56.11, 56.12, 56.31, 56.32)',
  // 56.32: which ships may fill the row; the row itself, and so the JSON, is the same under either reading.
  options: ['unfinishedLightShips'],
  input: italianSurrenderInput,
  compute: (input) => {
    const result = italianSurrender(input);
    return { ...result, lines: wordedLines(italianLineCodes, result.lines) };
  },
};

export const concessionsCalculator: CalculatorContract<ConcessionsInput, ConcessionsResult> = {
  name: 'concessions',
  rule: '59.6',
  summary: 'Validates a German demand after a British surrender (59.61, 59.65-59.68, 59.71-59.75)',
  // No ruling option changes 59.6/59.7 as the input states them: whether the U.S. fights on (59.14B/59.85) is
  // decided before, and arrives as usAtWarWithGermany.
  options: [],
  input: concessionsInput,
  refine: refineConcessions,
  compute: (input) => concessions(input),
  exitCode: (result) => (result.legal ? 0 : 1),
};

export const forceReductionCalculator: CalculatorContract<ForceReductionInput, ForceReductionResult> = {
  name: 'force-reduction',
  rule: '59.51',
  summary: 'Validates the British force reduction after a surrender (59.511-59.514)',
  // No ruling option changes 59.51 (59.514E's minor units come from the negotiations, not from an option).
  options: [],
  input: forceReductionInput,
  refine: refineForceReduction,
  compute: (input) => forceReduction(input),
  exitCode: (result) => (result.legal ? 0 : 1),
};
