// Rules 56.1 (determining Italian surrender) and 56.31 (the Italian surrender level), with the 56.32 row it selects.
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../schema/validate.js';
import { Count, Int, Strict } from '../schema/types.js';
import { sumLines } from './lines.js';
import type { ItalianLine, ItalianLineKey } from './italian-lines.js';
import {
  clampSurrenderLevel,
  forcesForLevel,
  type ForceAmounts,
  type ItalianSurrenderLevel,
} from './italian-forces-table.js';
import { bothSidesSelectAt } from './italian-selection-order.js';

/** Game years, as in `Turn` (src/schema/types.ts): a year outside them is a typo, not a rule case. */
const Year = Int({ minimum: 1900, maximum: 2100 });

export const ItalianSurrenderInputSchema = Strict({
  /** 56.12: calculated as during a YSS; may be negative. */
  italianDpTotal: Int(),
  /** 56.11A */
  romeAlliedControlled: Type.Boolean(),
  /** 56.11B: Wafdist partisans excluded; Africa includes Ethiopia and Egypt east of the Suez canal. */
  axisUnitsInAfrica: Type.Boolean(),
  /** 56.12A */
  westernAlliesDeclaredWarOnItaly: Type.Boolean(),
  /** 56.12B: null when Italy never declared war on the Western Allies. */
  italyDeclaredWarOnWesternAlliesYear: Type.Union([Year, Type.Null()]),
  /** 56.31 */
  dpsInItaly: Strict({ axis: Count(), allied: Count() }),
  /** 56.31: the net covert operations modifier, as a signed number. */
  covertOperationsModifier: Int(),
});
export type ItalianSurrenderInput = Static<typeof ItalianSurrenderInputSchema>;
export const italianSurrenderInput = compile(ItalianSurrenderInputSchema);

export type { ItalianLineKey };

export interface ItalianSurrenderResult {
  /** italianDpTotal with the 56.12 modifiers: the sum of the first three lines. */
  readonly dpTotal: number;
  readonly surrenders: boolean;
  /** 56.31: the sum of all lines, clamped to -2..+2; computed whether or not Italy surrenders. */
  readonly surrenderLevel: ItalianSurrenderLevel;
  /**
   * 56.311: at this surrender level both sides select, the Axis first (level 0; Germany taken to be in play, as
   * the calculator knows nothing of it). The name is the JSON field of docs/cli.md.
   */
  readonly axisSelectsFirst: boolean;
  /** The 56.32 row for surrenderLevel. */
  readonly forces: { readonly germany: ForceAmounts; readonly us: ForceAmounts };
  readonly lines: readonly ItalianLine[];
}

/** The lines whose sum is the 56.12 DP total; the remaining lines are the 56.31 modifiers. */
export const DP_TOTAL_LINE_KEYS: readonly ItalianLineKey[] = [
  'dpTotal',
  'westernAlliesDeclaredWar',
  'italianDeclarationYear',
];

/** 56.12B: -1 for a declaration in 1941, -2 in 1942, and so on; none for 1940 or earlier (or no declaration). */
export function declarationYearModifier(year: number | null): number {
  if (year === null || year < 1941) return 0;
  return -(year - 1940);
}

/** 56.12 and 56.31, line by line: the first three lines sum to the DP total, all five to the unclamped level. */
export function italianSurrenderLines(input: ItalianSurrenderInput): ItalianLine[] {
  const year = input.italyDeclaredWarOnWesternAlliesYear;
  const { axis, allied } = input.dpsInItaly;
  return [
    { key: 'dpTotal', rule: '56.12', value: input.italianDpTotal, params: {} },
    {
      key: 'westernAlliesDeclaredWar',
      rule: '56.12A',
      value: input.westernAlliesDeclaredWarOnItaly ? 2 : 0,
      params: { declared: input.westernAlliesDeclaredWarOnItaly },
    },
    { key: 'italianDeclarationYear', rule: '56.12B', value: declarationYearModifier(year), params: { year } },
    { key: 'dpsInItaly', rule: '56.31', value: axis - allied, params: { axis, allied } },
    { key: 'covertOperations', rule: '56.31', value: input.covertOperationsModifier, params: {} },
  ];
}

/** 56.11, 56.12, 56.31, 56.311, 56.32: does Italy surrender, and at which level? */
export function italianSurrender(input: ItalianSurrenderInput): ItalianSurrenderResult {
  const lines = italianSurrenderLines(input);
  const dpTotal = sumLines(lines.filter((l) => DP_TOTAL_LINE_KEYS.includes(l.key)));
  // 56.11: DP total zero or less, and Rome Allied (A) or no Axis units in Africa (B).
  const surrenders = dpTotal <= 0 && (input.romeAlliedControlled || !input.axisUnitsInAfrica);
  const surrenderLevel = clampSurrenderLevel(sumLines(lines)); // 56.31: never beyond +/-2
  const row = forcesForLevel(surrenderLevel);
  return {
    dpTotal,
    surrenders,
    surrenderLevel,
    axisSelectsFirst: bothSidesSelectAt(surrenderLevel),
    forces: { germany: { ...row.germany }, us: { ...row.us } },
    lines,
  };
}
