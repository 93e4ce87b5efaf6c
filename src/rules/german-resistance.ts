// Rule 55.1: determining German surrender (55.11 conditions, 55.12 collapse).
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../schema/validate.js';
import { Count, Enum, Int, Strict } from '../schema/types.js';
import { atomicAttackModifier } from './atomic-attacks.js';
import { signed, sumLines, type Line } from './lines.js';

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

export type GermanLineKey = 'dpTotal' | 'berchtesgaden' | 'firestorms' | 'atomicAttacks';
export type GermanSurrenderReason = 'berlin-and-resistance' | 'collapse';

export interface GermanSurrenderResult {
  readonly resistance: number;
  readonly surrenders: boolean;
  /** When both 55.11 and 55.12 hold, the reason is 55.11's. */
  readonly reason: GermanSurrenderReason | null;
  readonly lines: readonly Line<GermanLineKey>[];
}

/** 55.11B: the German resistance level, line by line. */
export function germanResistanceLines(input: GermanSurrenderInput): Line<GermanLineKey>[] {
  const atomic = atomicAttackModifier(input.atomicAttacksOnGermany);
  return [
    { key: 'dpTotal', rule: '55.11B', value: input.germanDpTotal, detail: `German DP total at the end of the Allied player turn: ${signed(input.germanDpTotal)}` },
    {
      key: 'berchtesgaden',
      rule: '55.11B',
      value: input.germanyControlsBerchtesgaden ? 1 : 0,
      detail: input.germanyControlsBerchtesgaden ? 'Germany controls Berchtesgaden: +1' : 'Germany does not control Berchtesgaden: 0',
    },
    {
      key: 'firestorms',
      rule: '55.11B',
      value: 0 - input.germanCitiesFirestormed, // never -0
      detail: `${input.germanCitiesFirestormed} German ${input.germanCitiesFirestormed === 1 ? 'city' : 'cities'} firestormed (26.93A), -1 each: ${signed(0 - input.germanCitiesFirestormed)}`,
    },
    {
      key: 'atomicAttacks',
      rule: '55.11B',
      value: atomic,
      detail: `${input.atomicAttacksOnGermany} atomic ${input.atomicAttacksOnGermany === 1 ? 'attack' : 'attacks'} on Germany (43.321A: -3, -2, then -1 each): ${signed(atomic)}`,
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
