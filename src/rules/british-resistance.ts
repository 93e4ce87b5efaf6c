// Rule 59.2: the British Resistance Table (59.21) with its modifiers (59.22), the offer (59.12, 59.87),
// Germany's obligation to accept (59.23) and the surrender level (59.41).
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../schema/validate.js';
import { Count, Enum, Int, Scenarios, Strict, Turn } from '../schema/types.js';
import { atomicAttackModifier } from './atomic-attacks.js';
import { signed, sumLines, type Line } from './lines.js';
import { NavalLocations, NavalNationalities, NavalSides, NavalStatuses, NavalTypes, navalRatio, type NavalRatioResult } from './naval-ratio.js';

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

/** CONTRACT.md: the one `atWarWithEuropeanAxis` flag per power also counts as "at war with Germany". */
export function contractFacts(input: BritishResistanceInput): BritishResistanceFacts {
  return { ...input, atWarWithGermany: { us: input.atWarWithEuropeanAxis.us, russia: input.atWarWithEuropeanAxis.russia } };
}

/** The rows of the British Resistance Table (59.21), in the table's order. */
export const BritishLineKeys = [
  'dpLevel',
  'maltaSingapore',
  'australiaIndia',
  'atomicAttacks',
  'firestorms',
  'oilEffects',
  'atlanticTransports',
  'noRussianUnitInEasternEurope',
  'unbuiltFactors',
  'navalRatio',
  'majorPowersAtWar',
  'usat30to39',
  'usat40Plus',
  'westernFrontFactors',
  'westernAlliedUnitInGermany',
  'russianUnitInWesternPolandOrRumania',
  'concessionsForgone',
] as const;
export type BritishLineKey = (typeof BritishLineKeys)[number];

export interface BritishResistanceResult {
  readonly level: number;
  readonly offersSurrender: boolean;
  readonly germanyMustAccept: boolean;
  readonly surrenderLevelIfAccepted: number;
  readonly naval: { readonly alliedFactors: number; readonly axisFactors: number; readonly modifier: number };
  readonly lines: readonly Line<BritishLineKey>[];
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
const fromWinter1941 = (turn: BritishResistanceInput['turn']): boolean => turn.year > 1941 || (turn.year === 1941 && turn.season === 'winter');

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** 59.22F for these facts: American and Russian factors only while at war with Germany itself. */
export function britishNavalRatio(input: BritishResistanceFacts): NavalRatioResult {
  return navalRatio(input.naval, {
    usAtWarWithGermany: input.atWarWithGermany.us,
    russiaAtWarWithGermany: input.atWarWithGermany.russia,
    italyAtWarWithBritain: input.italyAtWarWithBritain,
  });
}

/** 59.21/59.22: the British resistance level, line by line, in the table's order. */
export function britishResistanceLines(
  input: BritishResistanceFacts,
  options: BritishResistanceOptions = {},
  naval: NavalRatioResult = britishNavalRatio(input),
): Line<BritishLineKey>[] {
  const lines: Line<BritishLineKey>[] = [];
  // `value === 0 ? 0 : value`: never a -0 from negating an empty count.
  const add = (key: BritishLineKey, rule: string, value: number, detail: string) => lines.push({ key, rule, value: value === 0 ? 0 : value, detail });

  add('dpLevel', '59.22A', input.britishDpLevel, `British DP level, calculated as though a YSS were taking place: ${signed(input.britishDpLevel)}`);

  // 59.22B: in a european scenario Singapore counts as captured by Japan in Winter 1941.
  const singaporeForced = input.scenario === 'european' && fromWinter1941(input.turn);
  const singapore = singaporeForced || input.axisControlsSingapore;
  const axisHeld = [...(input.axisControlsMalta ? ['Malta'] : []), ...(singapore ? ['Singapore'] : [])];
  const singaporeNote = singaporeForced ? ' (european scenario: Singapore captured by Japan in Winter 1941)' : '';
  add(
    'maltaSingapore',
    '59.22B',
    -axisHeld.length,
    axisHeld.length === 0
      ? 'Axis control neither Malta nor Singapore: 0'
      : `Axis control ${axisHeld.join(' and ')}${singaporeNote}, -1 each: ${signed(-axisHeld.length)}`,
  );

  const surrendered = [...(input.australiaSurrendered ? ['Australia'] : []), ...(input.indiaSurrendered ? ['India'] : [])];
  add(
    'australiaIndia',
    '59.21',
    -2 * surrendered.length,
    surrendered.length === 0 ? 'neither Australia nor India has surrendered: 0' : `${surrendered.join(' and ')} surrendered, -2 each: ${signed(-2 * surrendered.length)}`,
  );

  const atomic = atomicAttackModifier(input.atomicAttacksOnBritain);
  add(
    'atomicAttacks',
    '59.21',
    atomic,
    `${plural(input.atomicAttacksOnBritain, 'atomic attack', 'atomic attacks')} on Britain (43.321A: -3, then -2, then -1 each): ${signed(atomic)}`,
  );

  add(
    'firestorms',
    '59.21',
    -input.britishCitiesFirestormed,
    `${plural(input.britishCitiesFirestormed, 'British city', 'British cities')} firestormed, -1 each: ${signed(-input.britishCitiesFirestormed)}`,
  );

  add(
    'oilEffects',
    '59.22C',
    -input.oilEffectsOnBritain,
    `${plural(input.oilEffectsOnBritain, 'oil effect', 'oil effects')} on Britain not offset, -1 each: ${signed(-input.oilEffectsOnBritain)}`,
  );

  // 59.22D: -1 per transport under ten, at most -10.
  const missing = Math.min(10, Math.max(0, 10 - input.atlanticSwTransports));
  add(
    'atlanticTransports',
    '59.22D',
    -missing,
    missing === 0
      ? `${plural(input.atlanticSwTransports, 'transport', 'transports')} in the Atlantic SW box: none missing: 0`
      : `${plural(input.atlanticSwTransports, 'transport', 'transports')} in the Atlantic SW box: ${missing} missing, -1 each: ${signed(-missing)}`,
  );

  add(
    'noRussianUnitInEasternEurope',
    '59.21',
    input.russianGroundUnitInEasternEurope ? 0 : -1,
    input.russianGroundUnitInEasternEurope ? 'a Russian armor or infantry unit is in eastern Europe: 0' : 'no Russian armor or infantry unit in eastern Europe: -1',
  );

  // 59.22E: -1 per full ten unbuilt factors (round down).
  const unbuiltTens = Math.floor(input.unbuiltBritishGroundAirFactors / 10);
  add(
    'unbuiltFactors',
    '59.22E',
    -unbuiltTens,
    `${plural(input.unbuiltBritishGroundAirFactors, 'unbuilt British and Commonwealth ground/air factor', 'unbuilt British and Commonwealth ground/air factors')}, -1 per full ten: ${signed(-unbuiltTens)}`,
  );

  add('navalRatio', '59.22F', naval.modifier, naval.detail);

  const atWar = [
    ...(input.atWarWithEuropeanAxis.us ? ['the U.S.'] : []),
    ...(input.atWarWithEuropeanAxis.russia ? ['Russia'] : []),
    ...(input.atWarWithEuropeanAxis.france ? ['France'] : []),
  ];
  add(
    'majorPowersAtWar',
    '59.21',
    atWar.length,
    atWar.length === 0 ? 'no major power other than Britain at war with the European Axis: 0' : `${atWar.join(', ')} at war with the European Axis, +1 each: ${signed(atWar.length)}`,
  );

  const usat = input.usatLevel;
  const inThirties = usat >= 30 && usat <= 39;
  // The option drops the row once the U.S. is at war with Germany, not with Italy alone (docs/rulings.md).
  const thirtiesIgnored = inThirties && input.atWarWithGermany.us && options.usat30to39WhenUsAtWar === 'ignored';
  add(
    'usat30to39',
    '59.21',
    inThirties && !thirtiesIgnored ? 1 : 0,
    thirtiesIgnored
      ? `USAT level ${usat} is between 30 and 39, but the U.S. is at war with Germany (option usat30to39WhenUsAtWar: ignored): 0`
      : inThirties
        ? `USAT level ${usat} is between 30 and 39: +1`
        : `USAT level ${usat} is not between 30 and 39: 0`,
  );

  // 59.21: "and the U.S. is not at war with Germany": a war with Italy alone does not cancel the +2.
  const forties = usat >= 40 && !input.atWarWithGermany.us;
  add(
    'usat40Plus',
    '59.21',
    forties ? 2 : 0,
    usat < 40 ? `USAT level ${usat} is under 40: 0` : forties ? `USAT level ${usat} is 40 or more and the U.S. is not at war with Germany: +2` : `USAT level ${usat} is 40 or more but the U.S. is at war with Germany: 0`,
  );

  // 59.21: +1 per full five factors on the western front (U.S. box excluded).
  const fives = Math.floor(input.westernAlliedGroundAirFactorsOnWesternFront / 5);
  add(
    'westernFrontFactors',
    '59.21',
    fives,
    `${plural(input.westernAlliedGroundAirFactorsOnWesternFront, 'Western Allied ground/air factor', 'Western Allied ground/air factors')} on the western front, +1 per full five: ${signed(fives)}`,
  );

  add(
    'westernAlliedUnitInGermany',
    '59.21',
    input.westernAlliedGroundUnitInGermany ? 1 : 0,
    input.westernAlliedGroundUnitInGermany ? 'a Western Allied armor or infantry unit is in Germany: +1' : 'no Western Allied armor or infantry unit in Germany: 0',
  );

  add(
    'russianUnitInWesternPolandOrRumania',
    '59.21',
    input.russianGroundUnitInWesternPolandOrRumania ? 1 : 0,
    input.russianGroundUnitInWesternPolandOrRumania
      ? 'a Russian armor or infantry unit is in western Poland or Rumania: +1'
      : 'no Russian armor or infantry unit in western Poland or Rumania: 0',
  );

  // 59.75A: -1 per two full concession points returned or not taken at the most recent surrender.
  const pairs = Math.floor(input.concessionPointsForgone / 2);
  add(
    'concessionsForgone',
    '59.75A',
    -pairs,
    `${plural(input.concessionPointsForgone, 'concession point', 'concession points')} returned or not taken by Germany, -1 per two full points: ${signed(-pairs)}`,
  );

  return lines;
}

/** 59.2 for the contract's input (CONTRACT.md): the British resistance level and whether Britain offers to surrender. */
export function britishResistance(input: BritishResistanceInput, options: BritishResistanceOptions = {}): BritishResistanceResult {
  return britishResistanceOf(contractFacts(input), options);
}

/** 59.2: the British resistance level and whether Britain offers to surrender. */
export function britishResistanceOf(input: BritishResistanceFacts, options: BritishResistanceOptions = {}): BritishResistanceResult {
  const naval = britishNavalRatio(input);
  const lines = britishResistanceLines(input, options, naval);
  const level = sumLines(lines);
  // 59.12/59.21: zero or less; 59.87: after a surrender, only below the level of that surrender.
  const offersSurrender = level <= 0 && (input.previousSurrenderLevel === undefined || level < input.previousSurrenderLevel);
  return {
    level,
    offersSurrender,
    germanyMustAccept: offersSurrender && level <= -10, // 59.23
    surrenderLevelIfAccepted: Math.max(level, -10), // 59.41
    naval: { alliedFactors: naval.alliedFactors, axisFactors: naval.axisFactors, modifier: naval.modifier },
    lines,
  };
}
