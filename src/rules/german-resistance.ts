// Rule 55.1: determining German surrender (55.11 conditions, 55.12 collapse).
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../schema/validate.js';
import { Count, Enum, Int, Strict } from '../schema/types.js';
import { atomicAttackModifier } from './atomic-attacks.js';
import { sumLines } from './lines.js';
import type { GermanLine, GermanLineKey } from './german-lines.js';

export const BerlinStatuses = ['axis', 'allied', 'atomic'] as const;

export const GermanSurrenderInputSchema = Strict({
  /** "atomic": an atomic attack marker is in Berlin; a firestorm marker is not enough (55.11A). */
  berlin: Enum(BerlinStatuses),
  germanDpTotal: Int(),
  germanyControlsBerchtesgaden: Type.Boolean(),
  germanCitiesFirestormed: Count(),
  atomicAttacksOnGermany: Count(),
  /** 55.12: every hex in Germany is under Allied control or holds an atomic attack marker. */
  allGermanHexesAlliedOrAtomic: Type.Boolean(),
});
export type GermanSurrenderInput = Static<typeof GermanSurrenderInputSchema>;
export const germanSurrenderInput = compile(GermanSurrenderInputSchema);

export type { GermanLineKey };
export type GermanSurrenderReason = 'berlin-and-resistance' | 'collapse';

export interface GermanSurrenderResult {
  readonly resistance: number;
  readonly surrenders: boolean;
  /** When both 55.11 and 55.12 hold, the reason is 55.11's. */
  readonly reason: GermanSurrenderReason | null;
  readonly lines: readonly GermanLine[];
}

/** 55.11B: the German resistance level, line by line (the words: src/rules/german-lines.ts). */
export function germanResistanceLines(input: GermanSurrenderInput): GermanLine[] {
  return [
    { key: 'dpTotal', rule: '55.11B', value: input.germanDpTotal, params: {} },
    {
      key: 'berchtesgaden',
      rule: '55.11B',
      value: input.germanyControlsBerchtesgaden ? 1 : 0,
      params: { controlled: input.germanyControlsBerchtesgaden },
    },
    // `0 - n`: never -0
    {
      key: 'firestorms',
      rule: '55.11B',
      value: 0 - input.germanCitiesFirestormed,
      params: { cities: input.germanCitiesFirestormed },
    },
    {
      key: 'atomicAttacks',
      rule: '55.11B',
      value: atomicAttackModifier(input.atomicAttacksOnGermany),
      params: { attacks: input.atomicAttacksOnGermany },
    },
  ];
}

/** 55.11 and 55.12: does Germany surrender at the end of this Allied player turn? */
export function germanSurrender(input: GermanSurrenderInput): GermanSurrenderResult {
  const lines = germanResistanceLines(input);
  const resistance = sumLines(lines);
  const berlinFallen = input.berlin !== 'axis'; // 55.11A: Allied control or an atomic attack marker
  const reason: GermanSurrenderReason | null =
    berlinFallen && resistance <= 0 ? 'berlin-and-resistance' : input.allGermanHexesAlliedOrAtomic ? 'collapse' : null;
  return { resistance, surrenders: reason !== null, reason, lines };
}
