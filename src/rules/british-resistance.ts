// Rule 59.2: the British Resistance Table (59.21) with its modifiers (59.22), the offer (59.12, 59.87),
// Germany's obligation to accept (59.23) and the surrender level (59.41).
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../schema/validate.js';
import { Count, Enum, Int, Scenarios, Strict, Turn } from '../schema/types.js';
import { atomicAttackModifier } from './atomic-attacks.js';
import { sumLines } from './lines.js';
import { navalRatioLine, type BritishLine, type BritishLineKey } from './british-lines.js';
import {
  NavalLocations,
  NavalNationalities,
  NavalSides,
  NavalStatuses,
  NavalTypes,
  navalRatio,
  type NavalRatioResult,
} from './naval-ratio.js';

export { Scenarios };

export const NavalUnitSchema = Strict({
  side: Enum(NavalSides),
  nationality: Enum(NavalNationalities),
  type: Enum(NavalTypes),
  factors: Count(),
  location: Enum(NavalLocations),
  status: Enum(NavalStatuses),
});

export const BritishResistanceInputSchema = Strict({
  scenario: Enum(Scenarios),
  turn: Turn,
  /** 59.22A: as though a YSS were taking place; may be negative. */
  britishDpLevel: Int(),
  /** 59.22B: atomic attack markers count as Axis control. */
  axisControlsMalta: Type.Boolean(),
  /** 59.22B: in a european scenario treated as true from Winter 1941 on. */
  axisControlsSingapore: Type.Boolean(),
  australiaSurrendered: Type.Boolean(),
  indiaSurrendered: Type.Boolean(),
  atomicAttacksOnBritain: Count(),
  britishCitiesFirestormed: Count(),
  /** 59.22C: oil effects on Britain not offset. */
  oilEffectsOnBritain: Count({ maximum: 4 }),
  /** 59.22D: Western Allied transports in the Atlantic SW box. */
  atlanticSwTransports: Count(),
  russianGroundUnitInEasternEurope: Type.Boolean(),
  /** 59.22E, 59.871. */
  unbuiltBritishGroundAirFactors: Count(),
  atWarWithEuropeanAxis: Strict({ us: Type.Boolean(), russia: Type.Boolean(), france: Type.Boolean() }),
  italyAtWarWithBritain: Type.Boolean(),
  usatLevel: Count(),
  /** Units in the U.S. box excluded. */
  westernAlliedGroundAirFactorsOnWesternFront: Count(),
  westernAlliedGroundUnitInGermany: Type.Boolean(),
  russianGroundUnitInWesternPolandOrRumania: Type.Boolean(),
  /** 59.75A: returned or not taken at the most recent surrender. */
  concessionPointsForgone: Count(),
  /** 59.87: the level of Britain's most recent surrender, while 59.87 restricts a further one. */
  previousSurrenderLevel: Type.Optional(Int({ minimum: -9, maximum: 0 })),
  naval: Type.Array(NavalUnitSchema),
});
export type BritishResistanceInput = Static<typeof BritishResistanceInputSchema>;
export const britishResistanceInput = compile(BritishResistanceInputSchema);

/**
 * The engine's input: the contract's, with the powers at war with Germany itself. 59.22F and the USAT 40+ row say
 * "at war with Germany"; the major-powers row says "at war with the European Axis" (Germany or Italy).
 */
export const BritishResistanceFactsSchema = Strict({
  ...BritishResistanceInputSchema.properties,
  atWarWithGermany: Strict({ us: Type.Boolean(), russia: Type.Boolean() }),
});
export type BritishResistanceFacts = Static<typeof BritishResistanceFactsSchema>;

/** docs/cli.md: the one `atWarWithEuropeanAxis` flag per power also counts as "at war with Germany". */
export function contractFacts(input: BritishResistanceInput): BritishResistanceFacts {
  return {
    ...input,
    atWarWithGermany: { us: input.atWarWithEuropeanAxis.us, russia: input.atWarWithEuropeanAxis.russia },
  };
}

export type { BritishLine, BritishLineKey };

export interface BritishResistanceResult {
  readonly level: number;
  readonly offersSurrender: boolean;
  readonly germanyMustAccept: boolean;
  readonly surrenderLevelIfAccepted: number;
  readonly naval: { readonly alliedFactors: number; readonly axisFactors: number; readonly modifier: number };
  readonly lines: readonly BritishLine[];
}

export interface BritishResistanceOptions {
  /**
   * The +1 row "USAT level between 30 and 39" when the U.S. is already at war with Germany. The table attaches
   * "not at war" only to the 40-or-more row. `'counts'` (default): the row applies as written; `'ignored'`: the
   * USAT rows stop once the U.S. is at war (its +1 then comes from the major-powers row only).
   */
  readonly usat30to39WhenUsAtWar?: 'counts' | 'ignored';
}

/** Winter 1941 or any later turn: Winter is the last turn of a year. */
const fromWinter1941 = (turn: BritishResistanceInput['turn']): boolean =>
  turn.year > 1941 || (turn.year === 1941 && turn.season === 'winter');

/** 59.22F for these facts: American and Russian factors only while at war with Germany itself. */
export function britishNavalRatio(input: BritishResistanceFacts): NavalRatioResult {
  return navalRatio(input.naval, {
    usAtWarWithGermany: input.atWarWithGermany.us,
    russiaAtWarWithGermany: input.atWarWithGermany.russia,
    italyAtWarWithBritain: input.italyAtWarWithBritain,
  });
}

/**
 * 59.21/59.22: the British resistance level, line by line, in the table's order (the words:
 * src/rules/british-lines.ts).
 */
export function britishResistanceLines(
  input: BritishResistanceFacts,
  options: BritishResistanceOptions = {},
  naval: NavalRatioResult = britishNavalRatio(input),
): BritishLine[] {
  // 59.22B: in a european scenario Singapore counts as captured by Japan in Winter 1941.
  const singapore =
    input.scenario === 'european' && fromWinter1941(input.turn)
      ? 'european-scenario'
      : input.axisControlsSingapore
        ? 'axis'
        : 'not-axis';
  const axisHeld = (input.axisControlsMalta ? 1 : 0) + (singapore === 'not-axis' ? 0 : 1);
  const surrendered = (input.australiaSurrendered ? 1 : 0) + (input.indiaSurrendered ? 1 : 0);
  const { us, russia, france } = input.atWarWithEuropeanAxis;
  const usat = input.usatLevel;
  const inThirties = usat >= 30 && usat <= 39;
  // The option drops the row once the U.S. is at war with Germany, not with Italy alone (docs/rulings.md).
  const thirtiesIgnored = inThirties && input.atWarWithGermany.us && options.usat30to39WhenUsAtWar === 'ignored';
  const lines: BritishLine[] = [
    { key: 'dpLevel', rule: '59.22A', value: input.britishDpLevel, params: {} },
    { key: 'maltaSingapore', rule: '59.22B', value: -axisHeld, params: { malta: input.axisControlsMalta, singapore } },
    {
      key: 'australiaIndia',
      rule: '59.21',
      value: -2 * surrendered,
      params: { australia: input.australiaSurrendered, india: input.indiaSurrendered },
    },
    {
      key: 'atomicAttacks',
      rule: '59.21',
      value: atomicAttackModifier(input.atomicAttacksOnBritain),
      params: { attacks: input.atomicAttacksOnBritain },
    },
    {
      key: 'firestorms',
      rule: '59.21',
      value: -input.britishCitiesFirestormed,
      params: { cities: input.britishCitiesFirestormed },
    },
    {
      key: 'oilEffects',
      rule: '59.22C',
      value: -input.oilEffectsOnBritain,
      params: { effects: input.oilEffectsOnBritain },
    },
    // 59.22D: -1 per transport under ten, at most -10.
    {
      key: 'atlanticTransports',
      rule: '59.22D',
      value: -Math.min(10, Math.max(0, 10 - input.atlanticSwTransports)),
      params: { transports: input.atlanticSwTransports },
    },
    {
      key: 'noRussianUnitInEasternEurope',
      rule: '59.21',
      value: input.russianGroundUnitInEasternEurope ? 0 : -1,
      params: { present: input.russianGroundUnitInEasternEurope },
    },
    // 59.22E: -1 per full ten unbuilt factors (round down).
    {
      key: 'unbuiltFactors',
      rule: '59.22E',
      value: -Math.floor(input.unbuiltBritishGroundAirFactors / 10),
      params: { factors: input.unbuiltBritishGroundAirFactors },
    },
    navalRatioLine(naval),
    {
      key: 'majorPowersAtWar',
      rule: '59.21',
      value: [us, russia, france].filter(Boolean).length,
      params: { us, russia, france },
    },
    {
      key: 'usat30to39',
      rule: '59.21',
      value: inThirties && !thirtiesIgnored ? 1 : 0,
      params: { usatLevel: usat, ignored: thirtiesIgnored },
    },
    // 59.21: "and the U.S. is not at war with Germany": a war with Italy alone does not cancel the +2.
    {
      key: 'usat40Plus',
      rule: '59.21',
      value: usat >= 40 && !input.atWarWithGermany.us ? 2 : 0,
      params: { usatLevel: usat, usAtWarWithGermany: input.atWarWithGermany.us },
    },
    // 59.21: +1 per full five factors on the western front (U.S. box excluded).
    {
      key: 'westernFrontFactors',
      rule: '59.21',
      value: Math.floor(input.westernAlliedGroundAirFactorsOnWesternFront / 5),
      params: { factors: input.westernAlliedGroundAirFactorsOnWesternFront },
    },
    {
      key: 'westernAlliedUnitInGermany',
      rule: '59.21',
      value: input.westernAlliedGroundUnitInGermany ? 1 : 0,
      params: { present: input.westernAlliedGroundUnitInGermany },
    },
    {
      key: 'russianUnitInWesternPolandOrRumania',
      rule: '59.21',
      value: input.russianGroundUnitInWesternPolandOrRumania ? 1 : 0,
      params: { present: input.russianGroundUnitInWesternPolandOrRumania },
    },
    // 59.75A: -1 per two full concession points returned or not taken at the most recent surrender.
    {
      key: 'concessionsForgone',
      rule: '59.75A',
      value: -Math.floor(input.concessionPointsForgone / 2),
      params: { points: input.concessionPointsForgone },
    },
  ];
  // Never a -0 (from negating an empty count, or a -0 in the JSON input).
  for (const [i, line] of lines.entries()) if (Object.is(line.value, -0)) lines[i] = { ...line, value: 0 };
  return lines;
}

/** 59.2 for the contract's input (docs/cli.md): the British resistance level and whether Britain offers surrender. */
export function britishResistance(
  input: BritishResistanceInput,
  options: BritishResistanceOptions = {},
): BritishResistanceResult {
  return britishResistanceOf(contractFacts(input), options);
}

/** 59.2: the British resistance level and whether Britain offers to surrender. */
export function britishResistanceOf(
  input: BritishResistanceFacts,
  options: BritishResistanceOptions = {},
): BritishResistanceResult {
  const naval = britishNavalRatio(input);
  const lines = britishResistanceLines(input, options, naval);
  const level = sumLines(lines);
  // 59.12/59.21: zero or less; 59.87: after a surrender, only below the level of that surrender.
  const offersSurrender =
    level <= 0 && (input.previousSurrenderLevel === undefined || level < input.previousSurrenderLevel);
  return {
    level,
    offersSurrender,
    germanyMustAccept: offersSurrender && level <= -10, // 59.23
    surrenderLevelIfAccepted: Math.max(level, -10), // 59.41
    naval: { alliedFactors: naval.alliedFactors, axisFactors: naval.axisFactors, modifier: naval.modifier },
    lines,
  };
}
