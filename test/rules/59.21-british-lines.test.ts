// The words of the British Resistance Table's lines (59.21, 59.22, 59.75A), rendered from key, params and value in
// one place (src/rules/british-lines.ts): the calculator's `detail` and the audit. Every branch of every row.
import { describe, expect, it } from 'vitest';
import {
  britishLineCodes,
  navalRatioDetail,
  renderBritishLine,
  type BritishLine,
} from '../../src/rules/british-lines.js';
import { lineSchemaOf } from '../../src/rules/line-spec.js';
import { navalRatio, UncountedReasons, type NavalUnit } from '../../src/rules/naval-ratio.js';
import { britishResistance, britishResistanceInput } from '../../src/rules/british-resistance.js';
import { compile } from '../../src/schema/validate.js';
import { britishResistanceExample } from '../support/calculator-examples.js';

const words = (lines: readonly BritishLine[]): string[] => lines.map(renderBritishLine);

describe('59.21 the words of each row', () => {
  it('59.22A: the DP level, signed', () => {
    expect(
      words([
        { key: 'dpLevel', rule: '59.22A', value: 3, params: {} },
        { key: 'dpLevel', rule: '59.22A', value: -2, params: {} },
        { key: 'dpLevel', rule: '59.22A', value: 0, params: {} },
      ]),
    ).toEqual([
      'British DP level, calculated as though a YSS were taking place: +3',
      'British DP level, calculated as though a YSS were taking place: -2',
      'British DP level, calculated as though a YSS were taking place: 0',
    ]);
  });

  it('59.22B: Malta and Singapore, and Singapore captured by Japan in a european scenario', () => {
    expect(
      words([
        { key: 'maltaSingapore', rule: '59.22B', value: 0, params: { malta: false, singapore: 'not-axis' } },
        { key: 'maltaSingapore', rule: '59.22B', value: -1, params: { malta: true, singapore: 'not-axis' } },
        { key: 'maltaSingapore', rule: '59.22B', value: -1, params: { malta: false, singapore: 'axis' } },
        { key: 'maltaSingapore', rule: '59.22B', value: -2, params: { malta: true, singapore: 'european-scenario' } },
      ]),
    ).toEqual([
      'Axis control neither Malta nor Singapore: 0',
      'Axis control Malta, -1 each: -1',
      'Axis control Singapore, -1 each: -1',
      'Axis control Malta and Singapore (european scenario: Singapore captured by Japan in Winter 1941), -1 each: -2',
    ]);
  });

  it('59.21: Australia and India', () => {
    expect(
      words([
        { key: 'australiaIndia', rule: '59.21', value: 0, params: { australia: false, india: false } },
        { key: 'australiaIndia', rule: '59.21', value: -2, params: { australia: false, india: true } },
        { key: 'australiaIndia', rule: '59.21', value: -4, params: { australia: true, india: true } },
      ]),
    ).toEqual([
      'neither Australia nor India has surrendered: 0',
      'India surrendered, -2 each: -2',
      'Australia and India surrendered, -2 each: -4',
    ]);
  });

  it('59.21: atomic attacks (43.321A), firestorms and 59.22C oil effects, one and many', () => {
    expect(
      words([
        { key: 'atomicAttacks', rule: '59.21', value: -3, params: { attacks: 1 } },
        { key: 'atomicAttacks', rule: '59.21', value: -5, params: { attacks: 2 } },
        { key: 'firestorms', rule: '59.21', value: -1, params: { cities: 1 } },
        { key: 'firestorms', rule: '59.21', value: 0, params: { cities: 0 } },
        { key: 'oilEffects', rule: '59.22C', value: -1, params: { effects: 1 } },
        { key: 'oilEffects', rule: '59.22C', value: -4, params: { effects: 4 } },
      ]),
    ).toEqual([
      '1 atomic attack on Britain (43.321A: -3, then -2, then -1 each): -3',
      '2 atomic attacks on Britain (43.321A: -3, then -2, then -1 each): -5',
      '1 British city firestormed, -1 each: -1',
      '0 British cities firestormed, -1 each: 0',
      '1 oil effect on Britain not offset, -1 each: -1',
      '4 oil effects on Britain not offset, -1 each: -4',
    ]);
  });

  it('59.22D: transports missing in the Atlantic SW box, or none', () => {
    expect(
      words([
        { key: 'atlanticTransports', rule: '59.22D', value: -9, params: { transports: 1 } },
        { key: 'atlanticTransports', rule: '59.22D', value: 0, params: { transports: 12 } },
      ]),
    ).toEqual([
      '1 transport in the Atlantic SW box: 9 missing, -1 each: -9',
      '12 transports in the Atlantic SW box: none missing: 0',
    ]);
  });

  it('59.21, 59.22E: Russian units in eastern Europe; unbuilt factors per full ten', () => {
    expect(
      words([
        { key: 'noRussianUnitInEasternEurope', rule: '59.21', value: -1, params: { present: false } },
        { key: 'noRussianUnitInEasternEurope', rule: '59.21', value: 0, params: { present: true } },
        { key: 'unbuiltFactors', rule: '59.22E', value: 0, params: { factors: 1 } },
        { key: 'unbuiltFactors', rule: '59.22E', value: -2, params: { factors: 23 } },
      ]),
    ).toEqual([
      'no Russian armor or infantry unit in eastern Europe: -1',
      'a Russian armor or infantry unit is in eastern Europe: 0',
      '1 unbuilt British and Commonwealth ground/air factor, -1 per full ten: 0',
      '23 unbuilt British and Commonwealth ground/air factors, -1 per full ten: -2',
    ]);
  });

  it('59.21: major powers at war with the European Axis', () => {
    expect(
      words([
        { key: 'majorPowersAtWar', rule: '59.21', value: 0, params: { us: false, russia: false, france: false } },
        { key: 'majorPowersAtWar', rule: '59.21', value: 1, params: { us: false, russia: true, france: false } },
        { key: 'majorPowersAtWar', rule: '59.21', value: 3, params: { us: true, russia: true, france: true } },
      ]),
    ).toEqual([
      'no major power other than Britain at war with the European Axis: 0',
      'Russia at war with the European Axis, +1 each: +1',
      'the U.S., Russia, France at war with the European Axis, +1 each: +3',
    ]);
  });

  it('59.21: the USAT rows, the 30-39 row ignored under the option usat30to39WhenUsAtWar (docs/rulings.md)', () => {
    expect(
      words([
        { key: 'usat30to39', rule: '59.21', value: 1, params: { usatLevel: 35, ignored: false } },
        { key: 'usat30to39', rule: '59.21', value: 0, params: { usatLevel: 35, ignored: true } },
        { key: 'usat30to39', rule: '59.21', value: 0, params: { usatLevel: 41, ignored: false } },
        { key: 'usat40Plus', rule: '59.21', value: 0, params: { usatLevel: 35, usAtWarWithGermany: true } },
        { key: 'usat40Plus', rule: '59.21', value: 2, params: { usatLevel: 41, usAtWarWithGermany: false } },
        { key: 'usat40Plus', rule: '59.21', value: 0, params: { usatLevel: 41, usAtWarWithGermany: true } },
      ]),
    ).toEqual([
      'USAT level 35 is between 30 and 39: +1',
      'USAT level 35 is between 30 and 39 but does not count while the U.S. is at war with Germany ' +
        '(ruling option of 59.21, docs/rulings.md): 0',
      'USAT level 41 is not between 30 and 39: 0',
      'USAT level 35 is under 40: 0',
      'USAT level 41 is 40 or more and the U.S. is not at war with Germany: +2',
      'USAT level 41 is 40 or more but the U.S. is at war with Germany: 0',
    ]);
  });

  it('59.21, 59.75A: the western front, the advances into Germany and Poland or Rumania, concessions forgone', () => {
    expect(
      words([
        { key: 'westernFrontFactors', rule: '59.21', value: 0, params: { factors: 1 } },
        { key: 'westernFrontFactors', rule: '59.21', value: 2, params: { factors: 12 } },
        { key: 'westernAlliedUnitInGermany', rule: '59.21', value: 1, params: { present: true } },
        { key: 'westernAlliedUnitInGermany', rule: '59.21', value: 0, params: { present: false } },
        { key: 'russianUnitInWesternPolandOrRumania', rule: '59.21', value: 1, params: { present: true } },
        { key: 'russianUnitInWesternPolandOrRumania', rule: '59.21', value: 0, params: { present: false } },
        { key: 'concessionsForgone', rule: '59.75A', value: 0, params: { points: 1 } },
        { key: 'concessionsForgone', rule: '59.75A', value: -2, params: { points: 5 } },
      ]),
    ).toEqual([
      '1 Western Allied ground/air factor on the western front, +1 per full five: 0',
      '12 Western Allied ground/air factors on the western front, +1 per full five: +2',
      'a Western Allied armor or infantry unit is in Germany: +1',
      'no Western Allied armor or infantry unit in Germany: 0',
      'a Russian armor or infantry unit is in western Poland or Rumania: +1',
      'no Russian armor or infantry unit in western Poland or Rumania: 0',
      '1 concession point returned or not taken by Germany, -1 per two full points: 0',
      '5 concession points returned or not taken by Germany, -1 per two full points: -2',
    ]);
  });
});

describe('59.22F the words of the naval force ratio', () => {
  const ship = (overrides: Partial<NavalUnit> = {}): NavalUnit => ({
    side: 'allied',
    nationality: 'british',
    type: 'battleship',
    factors: 1,
    location: 'map',
    status: 'operational',
    ...overrides,
  });
  const fleets = (allied: number, axis: number): NavalUnit[] => [
    ship({ factors: allied }),
    ship({ side: 'axis', nationality: 'german', factors: axis }),
  ];
  const war = { usAtWarWithGermany: true, russiaAtWarWithGermany: true, italyAtWarWithBritain: true };

  it('59.22F: each band in the words, for either side', () => {
    const ratios: [number, number][] = [
      [4, 3],
      [5, 3],
      [2, 1],
      [3, 1],
      [4, 1],
      [3, 4],
    ];
    expect(ratios.map(([a, b]) => navalRatioDetail(navalRatio(fleets(a, b), war)))).toEqual([
      "naval factors Allied 4 vs Axis 3: 4:3 in the Allies' favour reaches 4:3: +1",
      "naval factors Allied 5 vs Axis 3: 5:3 in the Allies' favour reaches 5:3: +2",
      "naval factors Allied 2 vs Axis 1: 2:1 in the Allies' favour reaches 2:1: +3",
      "naval factors Allied 3 vs Axis 1: 3:1 in the Allies' favour reaches 3:1: +4",
      "naval factors Allied 4 vs Axis 1: 4:1 in the Allies' favour reaches 4:1 or more: +5",
      "naval factors Allied 3 vs Axis 4: 4:3 in the Axis' favour reaches 4:3: -1",
    ]);
  });

  it('59.22F: half-strength factors on both sides, and every reason a unit is left out, in the order first met', () => {
    const units = [
      ship({ factors: 5 }),
      ship({ factors: 3, status: 'damaged' }),
      ship({ side: 'axis', nationality: 'german', factors: 2, status: 'launch' }),
      ship({ status: 'sunk' }),
      ship({ status: 'row-3-plus' }),
      ship({ type: 'transport' }),
      ship({ type: 'asw' }),
      ship({ type: 'submarine' }),
      ship({ type: 'submarine' }),
      ship({ location: 'other' }),
      ship({ location: 'pacific' }),
      ship({ side: 'axis', nationality: 'italian' }),
      ship({ nationality: 'russian' }),
      ship({ nationality: 'american' }),
    ];
    const result = navalRatio(units, {
      usAtWarWithGermany: false,
      russiaAtWarWithGermany: false,
      italyAtWarWithBritain: false,
    });
    expect(result.uncounted.map((u) => u.reason)).toEqual([...UncountedReasons].reverse());
    expect(navalRatioDetail(result)).toBe(
      'naval factors Allied 6 (5 full + 3 at half strength = 1) vs Axis 1 (0 full + 2 at half strength = 1), 11 ' +
        'units not counted (sunk: 1; uncompleted on the "3" row or higher: 1; transport: 1; asw: 1; ' +
        'submarine: 2; location other: 1; location pacific: 1; Italy not at war with Britain: 1; Russia ' +
        'not at war with Germany: 1; U.S. not at war with Germany: 1): ' +
        "6:1 in the Allies' favour reaches 4:1 or more: +5",
    );
  });

  it('59.22F: a ratio under 4:3 and an even count', () => {
    expect([
      navalRatioDetail(navalRatio(fleets(13, 10), war)),
      navalRatioDetail(navalRatio(fleets(2, 2), war)),
    ]).toEqual([
      'naval factors Allied 13 vs Axis 10: 13:10 is under 4:3: 0',
      'naval factors Allied 2 vs Axis 2: even: 0',
    ]);
  });
});

describe('59.21 the lines as data', () => {
  const exampleLines = () => britishResistance(britishResistanceInput.parse(britishResistanceExample)).lines;

  it(
    "59.21: every line the table gives is valid against its key's params schema, and the keys are the table's " +
      'rows in order',
    () => {
      const lines = exampleLines();
      const check = compile(lineSchemaOf(britishLineCodes));
      expect(lines.map((l) => check.firstError(l))).toEqual(lines.map(() => null));
      expect(lines.map((l) => l.key)).toEqual(Object.keys(britishLineCodes));
    },
  );

  it("59.22F: the naval line carries both sides' full and half factors, the band and the units left out", () => {
    const lines = exampleLines();
    expect(lines.find((l) => l.key === 'navalRatio')).toEqual({
      key: 'navalRatio',
      rule: '59.22F',
      value: 3,
      params: {
        allied: { fullFactors: 11, halfStrengthFactors: 4 },
        axis: { fullFactors: 5, halfStrengthFactors: 0 },
        band: '2:1',
        uncounted: [
          { reason: 'us-not-at-war-with-germany', units: 1 },
          { reason: 'submarine', units: 1 },
          { reason: 'row-3-plus', units: 1 },
          { reason: 'location-pacific', units: 1 },
        ],
      },
    });
  });
});
