// The lines of the British Resistance Table (59.21, 59.22, 59.75A): params and words (src/rules/line-spec.ts).
// The rows' values are decided in src/rules/british-resistance.ts and src/rules/naval-ratio.ts; here only their words.
import { Type, type Static } from '@sinclair/typebox';
import { Count, Enum, Int, Strict } from '../schema/types.js';
import { plural, signed } from './lines.js';
import { lineSpec, renderLineOf, type LineOf } from './line-spec.js';
import {
  halfStrength,
  NavalBands,
  UncountedReasons,
  type NavalBand,
  type NavalRatioResult,
  type UncountedReason,
} from './naval-ratio.js';

const named = (names: readonly (string | false)[]): string[] => names.filter((n): n is string => n !== false);

/** 59.22B: Singapore as the row counts it; `european-scenario`: captured by Japan in Winter 1941, whatever the flag. */
export const SingaporeStatuses = ['not-axis', 'axis', 'european-scenario'] as const;

/** 59.22F: one side's factors, full strength and at half strength before halving. */
const NavalSideSchema = Strict({ fullFactors: Count(), halfStrengthFactors: Count() });
type NavalSideParams = Static<typeof NavalSideSchema>;

const UNCOUNTED_WORDS: Readonly<Record<UncountedReason, string>> = {
  'us-not-at-war-with-germany': 'U.S. not at war with Germany',
  'russia-not-at-war-with-germany': 'Russia not at war with Germany',
  'italy-not-at-war-with-britain': 'Italy not at war with Britain',
  'location-pacific': 'location pacific',
  'location-other': 'location other',
  submarine: 'submarine',
  asw: 'asw',
  transport: 'transport',
  'row-3-plus': 'uncompleted on the "3" row or higher',
  sunk: 'sunk',
};

const BAND_WORDS: Readonly<Record<NavalBand, string>> = {
  even: 'even',
  'under-4:3': 'under 4:3',
  '4:3': '4:3',
  '5:3': '5:3',
  '2:1': '2:1',
  '3:1': '3:1',
  '4:1': '4:1 or more',
};

/** 59.22F: the factors a side counts: full strength plus half strength halved, rounded down. */
const counted = (side: NavalSideParams): number => side.fullFactors + halfStrength(side.halfStrengthFactors);

const describeSide = (name: string, side: NavalSideParams): string =>
  side.halfStrengthFactors === 0
    ? `${name} ${counted(side)}`
    : `${name} ${counted(side)} (${side.fullFactors} full + ${side.halfStrengthFactors} at half strength = ` +
      `${halfStrength(side.halfStrengthFactors)})`;

const navalRatioSpec = lineSpec(
  Strict({
    allied: NavalSideSchema,
    axis: NavalSideSchema,
    band: Enum(NavalBands),
    uncounted: Type.Array(Strict({ reason: Enum(UncountedReasons), units: Int({ minimum: 1 }) }), {
      maxItems: UncountedReasons.length,
    }),
  }),
  (p, value) => {
    const [allied, axis] = [counted(p.allied), counted(p.axis)];
    const ratio = `${Math.max(allied, axis)}:${Math.min(allied, axis)}`;
    const favour = allied > axis ? "in the Allies' favour" : "in the Axis' favour";
    const verdict =
      p.band === 'even'
        ? 'even'
        : p.band === 'under-4:3'
          ? `${ratio} is under 4:3`
          : `${ratio} ${favour} reaches ${BAND_WORDS[p.band]}`;
    const left = p.uncounted.reduce((sum, u) => sum + u.units, 0);
    const leftOut =
      left === 0
        ? ''
        : `, ${plural(left, 'unit', 'units')} not counted ` +
          `(${p.uncounted.map((u) => `${UNCOUNTED_WORDS[u.reason]}: ${u.units}`).join('; ')})`;
    return (
      `naval factors ${describeSide('Allied', p.allied)} vs ${describeSide('Axis', p.axis)}${leftOut}: ` +
      `${verdict}: ${signed(value)}`
    );
  },
);

/** The rows in the table's order (59.21), each with the facts its words need; the value is the row's modifier. */
export const britishLineCodes = {
  dpLevel: lineSpec(
    Strict({}),
    (_, value) => `British DP level, calculated as though a YSS were taking place: ${signed(value)}`,
  ),
  maltaSingapore: lineSpec(Strict({ malta: Type.Boolean(), singapore: Enum(SingaporeStatuses) }), (p, value) => {
    const held = named([p.malta && 'Malta', p.singapore !== 'not-axis' && 'Singapore']);
    const note =
      p.singapore === 'european-scenario' ? ' (european scenario: Singapore captured by Japan in Winter 1941)' : '';
    return held.length === 0
      ? 'Axis control neither Malta nor Singapore: 0'
      : `Axis control ${held.join(' and ')}${note}, -1 each: ${signed(value)}`;
  }),
  australiaIndia: lineSpec(Strict({ australia: Type.Boolean(), india: Type.Boolean() }), (p, value) => {
    const surrendered = named([p.australia && 'Australia', p.india && 'India']);
    return surrendered.length === 0
      ? 'neither Australia nor India has surrendered: 0'
      : `${surrendered.join(' and ')} surrendered, -2 each: ${signed(value)}`;
  }),
  atomicAttacks: lineSpec(
    Strict({ attacks: Count() }),
    (p, value) =>
      `${plural(p.attacks, 'atomic attack', 'atomic attacks')} on Britain (43.321A: -3, then -2, then -1 each): ` +
      `${signed(value)}`,
  ),
  firestorms: lineSpec(
    Strict({ cities: Count() }),
    (p, value) => `${plural(p.cities, 'British city', 'British cities')} firestormed, -1 each: ${signed(value)}`,
  ),
  oilEffects: lineSpec(
    Strict({ effects: Count() }),
    (p, value) => `${plural(p.effects, 'oil effect', 'oil effects')} on Britain not offset, -1 each: ${signed(value)}`,
  ),
  // The value is -1 per missing transport (59.22D).
  atlanticTransports: lineSpec(Strict({ transports: Count() }), (p, value) =>
    value === 0
      ? `${plural(p.transports, 'transport', 'transports')} in the Atlantic SW box: none missing: 0`
      : `${plural(p.transports, 'transport', 'transports')} in the ` +
        `Atlantic SW box: ${-value} missing, -1 each: ${signed(value)}`,
  ),
  noRussianUnitInEasternEurope: lineSpec(Strict({ present: Type.Boolean() }), (p) =>
    p.present
      ? 'a Russian armor or infantry unit is in eastern Europe: 0'
      : 'no Russian armor or infantry unit in eastern Europe: -1',
  ),
  unbuiltFactors: lineSpec(Strict({ factors: Count() }), (p, value) => {
    const factors = plural(
      p.factors,
      'unbuilt British and Commonwealth ground/air factor',
      'unbuilt British and Commonwealth ground/air factors',
    );
    return `${factors}, -1 per full ten: ${signed(value)}`;
  }),
  navalRatio: navalRatioSpec,
  majorPowersAtWar: lineSpec(
    Strict({ us: Type.Boolean(), russia: Type.Boolean(), france: Type.Boolean() }),
    (p, value) => {
      const atWar = named([p.us && 'the U.S.', p.russia && 'Russia', p.france && 'France']);
      return atWar.length === 0
        ? 'no major power other than Britain at war with the European Axis: 0'
        : `${atWar.join(', ')} at war with the European Axis, +1 each: ${signed(value)}`;
    },
  ),
  // `ignored`: the ruling option of 59.21 (usat30to39WhenUsAtWar = 'ignored') dropped the row, the U.S. being at
  // war with Germany (docs/rulings.md); in words, as the audit reads it.
  usat30to39: lineSpec(Strict({ usatLevel: Count(), ignored: Type.Boolean() }), (p, value) =>
    p.ignored
      ? `USAT level ${p.usatLevel} is between 30 and 39 but does not count while the U.S. is at war with Germany ` +
        `(ruling option of 59.21, docs/rulings.md): 0`
      : value > 0
        ? `USAT level ${p.usatLevel} is between 30 and 39: +1`
        : `USAT level ${p.usatLevel} is not between 30 and 39: 0`,
  ),
  usat40Plus: lineSpec(Strict({ usatLevel: Count(), usAtWarWithGermany: Type.Boolean() }), (p, value) =>
    value > 0
      ? `USAT level ${p.usatLevel} is 40 or more and the U.S. is not at war with Germany: +2`
      : p.usatLevel < 40
        ? `USAT level ${p.usatLevel} is under 40: 0`
        : `USAT level ${p.usatLevel} is 40 or more but the U.S. is at war with Germany: 0`,
  ),
  westernFrontFactors: lineSpec(
    Strict({ factors: Count() }),
    (p, value) =>
      `${plural(p.factors, 'Western Allied ground/air factor', 'Western Allied ground/air factors')} on the ` +
      `western front, +1 per full five: ${signed(value)}`,
  ),
  westernAlliedUnitInGermany: lineSpec(Strict({ present: Type.Boolean() }), (p) =>
    p.present
      ? 'a Western Allied armor or infantry unit is in Germany: +1'
      : 'no Western Allied armor or infantry unit in Germany: 0',
  ),
  russianUnitInWesternPolandOrRumania: lineSpec(Strict({ present: Type.Boolean() }), (p) =>
    p.present
      ? 'a Russian armor or infantry unit is in western Poland or Rumania: +1'
      : 'no Russian armor or infantry unit in western Poland or Rumania: 0',
  ),
  concessionsForgone: lineSpec(
    Strict({ points: Count() }),
    (p, value) =>
      `${plural(p.points, 'concession point', 'concession points')} returned or not taken by Germany, -1 per two ` +
      `full points: ${signed(value)}`,
  ),
} as const;

export type BritishLine = LineOf<typeof britishLineCodes>;
export type BritishLineKey = BritishLine['key'];
export const renderBritishLine = (line: BritishLine): string => renderLineOf(britishLineCodes, line);

/** 59.22F's line of the table, from the naval count. */
export const navalRatioLine = (naval: NavalRatioResult): BritishLine => ({
  key: 'navalRatio',
  rule: '59.22F',
  value: naval.modifier,
  params: {
    allied: { fullFactors: naval.allied.fullFactors, halfStrengthFactors: naval.allied.halfStrengthFactors },
    axis: { fullFactors: naval.axis.fullFactors, halfStrengthFactors: naval.axis.halfStrengthFactors },
    band: naval.band,
    uncounted: naval.uncounted.map((u) => ({ reason: u.reason, units: u.units })),
  },
});

/** The words of the naval force ratio (59.22F), as its line renders them. */
export const navalRatioDetail = (naval: NavalRatioResult): string => renderBritishLine(navalRatioLine(naval));
