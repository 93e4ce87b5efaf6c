import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  britishResistance,
  britishResistanceInput,
  britishResistanceOf,
  contractFacts,
  type BritishResistanceInput,
} from '../../src/rules/british-resistance.js';
import { britishLineCodes, renderBritishLine, type BritishLineKey } from '../../src/rules/british-lines.js';
import {
  NavalLocations,
  NavalNationalities,
  NavalSides,
  NavalStatuses,
  NavalTypes,
} from '../../src/rules/naval-ratio.js';
import { Seasons } from '../../src/schema/types.js';

/** Every row of the table at 0: a level of 0. */
const base: BritishResistanceInput = {
  scenario: 'global',
  turn: { year: 1942, season: 'spring' },
  britishDpLevel: 0,
  axisControlsMalta: false,
  axisControlsSingapore: false,
  australiaSurrendered: false,
  indiaSurrendered: false,
  atomicAttacksOnBritain: 0,
  britishCitiesFirestormed: 0,
  oilEffectsOnBritain: 0,
  atlanticSwTransports: 10,
  russianGroundUnitInEasternEurope: true,
  unbuiltBritishGroundAirFactors: 0,
  atWarWithEuropeanAxis: { us: false, russia: false, france: false },
  italyAtWarWithBritain: false,
  usatLevel: 0,
  westernAlliedGroundAirFactorsOnWesternFront: 0,
  westernAlliedGroundUnitInGermany: false,
  russianGroundUnitInWesternPolandOrRumania: false,
  concessionPointsForgone: 0,
  naval: [],
};

const withInput = (overrides: Partial<BritishResistanceInput>): BritishResistanceInput => ({ ...base, ...overrides });
const line = (input: BritishResistanceInput, key: BritishLineKey) => {
  const found = britishResistance(input).lines.find((l) => l.key === key);
  if (found === undefined) throw new Error(`no line ${key}`);
  return found;
};
const value = (overrides: Partial<BritishResistanceInput>, key: BritishLineKey): number =>
  line(withInput(overrides), key).value;
/** An input whose level is exactly `level`, by the DP level alone. */
const atLevel = (level: number, overrides: Partial<BritishResistanceInput> = {}) =>
  britishResistance(withInput({ britishDpLevel: level, ...overrides }));

describe('59.21 the table', () => {
  it('59.21: the base input is valid and every row is 0', () => {
    expect(britishResistanceInput.check(base)).toBe(true);
    const result = britishResistance(base);
    expect(result.level).toBe(0);
    expect(result.lines.map((l) => l.value)).toEqual(new Array(17).fill(0));
  });
  it('59.21: one line per table row, in the table order, with its rule', () => {
    expect(britishResistance(base).lines.map((l) => [l.key, l.rule])).toEqual([
      ['dpLevel', '59.22A'],
      ['maltaSingapore', '59.22B'],
      ['australiaIndia', '59.21'],
      ['atomicAttacks', '59.21'],
      ['firestorms', '59.21'],
      ['oilEffects', '59.22C'],
      ['atlanticTransports', '59.22D'],
      ['noRussianUnitInEasternEurope', '59.21'],
      ['unbuiltFactors', '59.22E'],
      ['navalRatio', '59.22F'],
      ['majorPowersAtWar', '59.21'],
      ['usat30to39', '59.21'],
      ['usat40Plus', '59.21'],
      ['westernFrontFactors', '59.21'],
      ['westernAlliedUnitInGermany', '59.21'],
      ['russianUnitInWesternPolandOrRumania', '59.21'],
      ['concessionsForgone', '59.75A'],
    ]);
  });
});

describe('59.22A British DP level', () => {
  it('59.22A: the DP level is the first line and may be negative', () => {
    expect(value({ britishDpLevel: 7 }, 'dpLevel')).toBe(7);
    expect(value({ britishDpLevel: -4 }, 'dpLevel')).toBe(-4);
    expect(atLevel(-4).level).toBe(-4);
  });
});

describe('59.22B Malta and Singapore', () => {
  it('59.22B: Axis control of Malta gives -1', () => {
    expect(value({ axisControlsMalta: true }, 'maltaSingapore')).toBe(-1);
  });
  it('59.22B: Axis control of Malta and Singapore gives -2', () => {
    const l = line(withInput({ axisControlsMalta: true, axisControlsSingapore: true }), 'maltaSingapore');
    expect(l).toEqual({ key: 'maltaSingapore', rule: '59.22B', value: -2, params: { malta: true, singapore: 'axis' } });
    expect(renderBritishLine(l)).toBe('Axis control Malta and Singapore, -1 each: -2');
  });
  it('59.22B: global scenario, Singapore follows the flag in Winter 1941 and later', () => {
    expect(value({ turn: { year: 1941, season: 'winter' } }, 'maltaSingapore')).toBe(0);
    expect(value({ turn: { year: 1943, season: 'summer' } }, 'maltaSingapore')).toBe(0);
    expect(value({ turn: { year: 1941, season: 'winter' }, axisControlsSingapore: true }, 'maltaSingapore')).toBe(-1);
  });
  it('59.22B: european scenario, Fall 1941 uses the flag', () => {
    const fall = { scenario: 'european' as const, turn: { year: 1941, season: 'fall' as const } };
    expect(value(fall, 'maltaSingapore')).toBe(0);
    expect(value({ ...fall, axisControlsSingapore: true }, 'maltaSingapore')).toBe(-1);
    expect(value({ scenario: 'european', turn: { year: 1940, season: 'winter' } }, 'maltaSingapore')).toBe(0);
  });
  it('59.22B: european scenario, Singapore is Axis-controlled from Winter 1941 on whatever the flag', () => {
    const winter = line(withInput({ scenario: 'european', turn: { year: 1941, season: 'winter' } }), 'maltaSingapore');
    expect(winter).toEqual({
      key: 'maltaSingapore',
      rule: '59.22B',
      value: -1,
      params: { malta: false, singapore: 'european-scenario' },
    });
    expect(renderBritishLine(winter)).toBe(
      'Axis control Singapore (european scenario: Singapore captured by Japan in Winter 1941), -1 each: -1',
    );
    expect(value({ scenario: 'european', turn: { year: 1942, season: 'spring' } }, 'maltaSingapore')).toBe(-1);
    expect(
      value({ scenario: 'european', turn: { year: 1944, season: 'fall' }, axisControlsMalta: true }, 'maltaSingapore'),
    ).toBe(-2);
  });
});

describe('59.21 Australia and India', () => {
  it('59.21: Australia or India surrendered gives -2 each', () => {
    expect(value({ australiaSurrendered: true }, 'australiaIndia')).toBe(-2);
    expect(value({ indiaSurrendered: true }, 'australiaIndia')).toBe(-2);
    expect(value({ australiaSurrendered: true, indiaSurrendered: true }, 'australiaIndia')).toBe(-4);
  });
});

describe('59.21 atomic attacks and firestorms', () => {
  it('59.21: atomic attacks give -3, then -2 more, then -1 more each (43.321A)', () => {
    expect([0, 1, 2, 3, 4].map((n) => value({ atomicAttacksOnBritain: n }, 'atomicAttacks'))).toEqual([
      0, -3, -5, -6, -7,
    ]);
  });
  it('59.21: each British city firestormed gives -1, cumulative', () => {
    expect(value({ britishCitiesFirestormed: 1 }, 'firestorms')).toBe(-1);
    expect(value({ britishCitiesFirestormed: 4 }, 'firestorms')).toBe(-4);
  });
});

describe('59.22C oil effects', () => {
  it('59.22C: each oil effect on Britain gives -1', () => {
    expect(value({ oilEffectsOnBritain: 1 }, 'oilEffects')).toBe(-1);
    expect(value({ oilEffectsOnBritain: 4 }, 'oilEffects')).toBe(-4);
  });
  it('59.22C: at most four oil effects: 5 is rejected by the schema', () => {
    expect(britishResistanceInput.firstError(withInput({ oilEffectsOnBritain: 5 }))?.message).toBe(
      'oilEffectsOnBritain: expected an integer from 0 to 4',
    );
  });
});

describe('59.22D Atlantic transports', () => {
  it('59.22D: seven transports give -3', () => {
    const l = line(withInput({ atlanticSwTransports: 7 }), 'atlanticTransports');
    expect(l).toEqual({ key: 'atlanticTransports', rule: '59.22D', value: -3, params: { transports: 7 } });
    expect(renderBritishLine(l)).toBe('7 transports in the Atlantic SW box: 3 missing, -1 each: -3');
  });
  it('59.22D: nine transports give -1, ten or more give 0', () => {
    expect(value({ atlanticSwTransports: 9 }, 'atlanticTransports')).toBe(-1);
    expect(value({ atlanticSwTransports: 10 }, 'atlanticTransports')).toBe(0);
    expect(value({ atlanticSwTransports: 25 }, 'atlanticTransports')).toBe(0);
  });
  it('59.22D: no transports give the maximum of -10', () => {
    expect(value({ atlanticSwTransports: 0 }, 'atlanticTransports')).toBe(-10);
  });
});

describe('59.21 Russian unit in eastern Europe', () => {
  it('59.21: no Russian armor or infantry unit in eastern Europe gives -1', () => {
    expect(value({ russianGroundUnitInEasternEurope: false }, 'noRussianUnitInEasternEurope')).toBe(-1);
    expect(value({ russianGroundUnitInEasternEurope: true }, 'noRussianUnitInEasternEurope')).toBe(0);
  });
});

describe('59.22E unbuilt units', () => {
  it('59.22E: 9 unbuilt factors give 0, 10 give -1', () => {
    expect(value({ unbuiltBritishGroundAirFactors: 9 }, 'unbuiltFactors')).toBe(0);
    expect(value({ unbuiltBritishGroundAirFactors: 10 }, 'unbuiltFactors')).toBe(-1);
  });
  it('59.22E: -1 per full ten, rounded down (19 give -1, 20 give -2, 47 give -4)', () => {
    expect(value({ unbuiltBritishGroundAirFactors: 19 }, 'unbuiltFactors')).toBe(-1);
    expect(value({ unbuiltBritishGroundAirFactors: 20 }, 'unbuiltFactors')).toBe(-2);
    expect(value({ unbuiltBritishGroundAirFactors: 47 }, 'unbuiltFactors')).toBe(-4);
  });
});

describe('59.22F naval force ratio in the table', () => {
  it('59.22F: the naval line and the naval summary agree, with the war flags of the input', () => {
    const naval = [
      {
        side: 'allied',
        nationality: 'british',
        type: 'battleship',
        factors: 12,
        location: 'map',
        status: 'operational',
      },
      { side: 'allied', nationality: 'american', type: 'carrier', factors: 20, location: 'map', status: 'operational' },
      { side: 'axis', nationality: 'german', type: 'battleship', factors: 4, location: 'map', status: 'operational' },
      { side: 'axis', nationality: 'italian', type: 'cruiser', factors: 2, location: 'map', status: 'operational' },
    ] as const;
    const neutral = britishResistance(withInput({ naval: [...naval] }));
    expect(neutral.naval).toEqual({ alliedFactors: 12, axisFactors: 4, modifier: 4 });
    expect(neutral.lines.find((l) => l.key === 'navalRatio')?.value).toBe(4);
    const atWar = britishResistance(
      withInput({
        naval: [...naval],
        atWarWithEuropeanAxis: { us: true, russia: false, france: false },
        italyAtWarWithBritain: true,
      }),
    );
    expect(atWar.naval).toEqual({ alliedFactors: 32, axisFactors: 6, modifier: 5 });
  });
});

describe('59.21 major powers at war', () => {
  it('59.21: +1 for each of the U.S., Russia and France at war with the European Axis', () => {
    expect(value({ atWarWithEuropeanAxis: { us: true, russia: false, france: false } }, 'majorPowersAtWar')).toBe(1);
    expect(value({ atWarWithEuropeanAxis: { us: false, russia: true, france: false } }, 'majorPowersAtWar')).toBe(1);
    expect(value({ atWarWithEuropeanAxis: { us: false, russia: false, france: true } }, 'majorPowersAtWar')).toBe(1);
    expect(value({ atWarWithEuropeanAxis: { us: true, russia: true, france: true } }, 'majorPowersAtWar')).toBe(3);
  });
});

describe('59.21 USAT', () => {
  const usat = (usatLevel: number, us = false) => {
    const overrides = { usatLevel, atWarWithEuropeanAxis: { us, russia: false, france: false } };
    return [value(overrides, 'usat30to39'), value(overrides, 'usat40Plus')];
  };
  it('59.21: USAT 29 gives nothing, 30 gives +1', () => {
    expect(usat(29)).toEqual([0, 0]);
    expect(usat(30)).toEqual([1, 0]);
  });
  it('59.21: USAT 39 gives +1, 40 gives +2 while the U.S. is not at war with Germany', () => {
    expect(usat(39)).toEqual([1, 0]);
    expect(usat(40)).toEqual([0, 2]);
    expect(usat(55)).toEqual([0, 2]);
  });
  it('59.21: USAT 40 or more gives nothing once the U.S. is at war with Germany', () => {
    expect(usat(40, true)).toEqual([0, 0]);
  });
  it('59.21: USAT 30..39 still gives +1 while the U.S. is at war (default), and 0 under the option "ignored"', () => {
    expect(usat(35, true)).toEqual([1, 0]);
    const input = withInput({ usatLevel: 35, atWarWithEuropeanAxis: { us: true, russia: false, france: false } });
    const ignored = britishResistance(input, { usat30to39WhenUsAtWar: 'ignored' });
    expect(ignored.lines.find((l) => l.key === 'usat30to39')?.value).toBe(0);
    expect(ignored.level).toBe(1); // the major-powers row only
    const notAtWar = britishResistance(withInput({ usatLevel: 35 }), { usat30to39WhenUsAtWar: 'ignored' });
    expect(notAtWar.level).toBe(1);
  });
});

describe('59.22F and 59.21: at war with Germany, or with the European Axis', () => {
  const italyOnly = {
    ...contractFacts(withInput({ usatLevel: 45, atWarWithEuropeanAxis: { us: true, russia: true, france: false } })),
    atWarWithGermany: { us: false, russia: false },
  };
  const naval = [
    {
      side: 'allied',
      nationality: 'american',
      type: 'battleship',
      factors: 20,
      location: 'us-atlantic',
      status: 'operational',
    },
    { side: 'allied', nationality: 'russian', type: 'cruiser', factors: 10, location: 'map', status: 'operational' },
    { side: 'axis', nationality: 'german', type: 'battleship', factors: 10, location: 'map', status: 'operational' },
  ] as const;

  it(
    '59.22F: the U.S. and Russia at war with Italy alone: their ships are not counted, 0:10 = -5; each still ' +
      'counts +1 in the major-powers row',
    () => {
      const result = britishResistanceOf({ ...italyOnly, naval: [...naval] });
      expect(result.naval).toEqual({ alliedFactors: 0, axisFactors: 10, modifier: -5 });
      expect(['majorPowersAtWar', 'usat40Plus'].map((key) => result.lines.find((l) => l.key === key)?.value)).toEqual([
        2, 2,
      ]);
      // 2 (major powers) + 2 (USAT 45, the U.S. not at war with Germany) - 5 (naval) = -1.
      expect(result.level).toBe(-1);
    },
  );

  it(
    '59.21: the option usat30to39WhenUsAtWar "ignored" keeps ' +
      'the USAT 30-39 row while the U.S. is at war with Italy alone',
    () => {
      const result = britishResistanceOf({ ...italyOnly, usatLevel: 35 }, { usat30to39WhenUsAtWar: 'ignored' });
      expect(result.lines.find((l) => l.key === 'usat30to39')?.value).toBe(1);
    },
  );

  it("59.22F: on the command line the contract's flag per power counts as at war with Germany (docs/cli.md)", () => {
    const input = withInput({ naval: [...naval], atWarWithEuropeanAxis: { us: true, russia: true, france: false } });
    expect(contractFacts(input).atWarWithGermany).toEqual({ us: true, russia: true });
    expect(britishResistance(input).naval).toEqual({ alliedFactors: 30, axisFactors: 10, modifier: 4 });
  });
});

describe('59.21 western front and advances', () => {
  it('59.21: 4 western front factors give 0, 5 give +1', () => {
    expect(value({ westernAlliedGroundAirFactorsOnWesternFront: 4 }, 'westernFrontFactors')).toBe(0);
    expect(value({ westernAlliedGroundAirFactorsOnWesternFront: 5 }, 'westernFrontFactors')).toBe(1);
  });
  it('59.21: +1 per full five western front factors (9 give +1, 10 give +2, 23 give +4)', () => {
    expect(value({ westernAlliedGroundAirFactorsOnWesternFront: 9 }, 'westernFrontFactors')).toBe(1);
    expect(value({ westernAlliedGroundAirFactorsOnWesternFront: 10 }, 'westernFrontFactors')).toBe(2);
    expect(value({ westernAlliedGroundAirFactorsOnWesternFront: 23 }, 'westernFrontFactors')).toBe(4);
  });
  it('59.21: a Western Allied armor or infantry unit in Germany gives +1', () => {
    expect(value({ westernAlliedGroundUnitInGermany: true }, 'westernAlliedUnitInGermany')).toBe(1);
  });
  it('59.21: a Russian armor or infantry unit in western Poland or Rumania gives +1', () => {
    expect(value({ russianGroundUnitInWesternPolandOrRumania: true }, 'russianUnitInWesternPolandOrRumania')).toBe(1);
  });
});

describe('59.75A concessions forgone', () => {
  it('59.75A: -1 per two full concession points (1 gives 0, 2 give -1, 3 give -1, 5 give -2)', () => {
    expect([1, 2, 3, 5].map((n) => value({ concessionPointsForgone: n }, 'concessionsForgone'))).toEqual([
      0, -1, -1, -2,
    ]);
  });
});

describe('59.12, 59.23, 59.41, 59.87 the offer', () => {
  it('59.12: a level of zero is an offer to surrender, +1 is not', () => {
    expect(atLevel(0).offersSurrender).toBe(true);
    expect(atLevel(1).offersSurrender).toBe(false);
  });
  it('59.23: at -9 Germany may decline; at -10 and -11 it must accept', () => {
    expect([atLevel(-9).offersSurrender, atLevel(-9).germanyMustAccept]).toEqual([true, false]);
    expect([atLevel(-10).offersSurrender, atLevel(-10).germanyMustAccept]).toEqual([true, true]);
    expect([atLevel(-11).offersSurrender, atLevel(-11).germanyMustAccept]).toEqual([true, true]);
  });
  it('59.41: the surrender level is the resistance level, but never below -10', () => {
    expect(atLevel(-3).surrenderLevelIfAccepted).toBe(-3);
    expect(atLevel(-10).surrenderLevelIfAccepted).toBe(-10);
    expect(atLevel(-11).surrenderLevelIfAccepted).toBe(-10);
    expect(atLevel(-25).surrenderLevelIfAccepted).toBe(-10);
  });
  it('59.87: after a surrender at -2, Britain offers again only below -2', () => {
    expect(atLevel(-1, { previousSurrenderLevel: -2 }).offersSurrender).toBe(false);
    expect(atLevel(-2, { previousSurrenderLevel: -2 }).offersSurrender).toBe(false);
    expect(atLevel(-3, { previousSurrenderLevel: -2 }).offersSurrender).toBe(true);
  });
  it('59.87: after a "0" surrender, a level of 0 is no new offer, -1 is', () => {
    expect(atLevel(0, { previousSurrenderLevel: 0 }).offersSurrender).toBe(false);
    expect(atLevel(-1, { previousSurrenderLevel: 0 }).offersSurrender).toBe(true);
  });
  it('59.87: after a surrender at -9, a level of -12 is an offer Germany must accept, at -10 (59.23, 59.41)', () => {
    const result = atLevel(-12, { previousSurrenderLevel: -9 });
    expect([result.offersSurrender, result.germanyMustAccept, result.surrenderLevelIfAccepted]).toEqual([
      true,
      true,
      -10,
    ]);
  });
  it('59.87: previousSurrenderLevel must be -9..0', () => {
    expect(britishResistanceInput.firstError(withInput({ previousSurrenderLevel: 1 }))?.message).toBe(
      'previousSurrenderLevel: expected an integer from -9 to 0',
    );
    expect(britishResistanceInput.firstError(withInput({ previousSurrenderLevel: -10 }))?.path).toBe(
      'previousSurrenderLevel',
    );
    expect(britishResistanceInput.check(withInput({ previousSurrenderLevel: -9 }))).toBe(true);
  });
});

describe('59.2 a full turn', () => {
  it('59.21: a bad turn in 1941 sums every row', () => {
    const result = britishResistance({
      ...base,
      scenario: 'european',
      turn: { year: 1941, season: 'winter' },
      britishDpLevel: 5,
      axisControlsMalta: true, // -1, Singapore forced: -1
      indiaSurrendered: true, // -2
      atomicAttacksOnBritain: 2, // -5
      britishCitiesFirestormed: 2, // -2
      oilEffectsOnBritain: 3, // -3
      atlanticSwTransports: 4, // -6
      russianGroundUnitInEasternEurope: false, // -1
      unbuiltBritishGroundAirFactors: 31, // -3
      atWarWithEuropeanAxis: { us: false, russia: true, france: false }, // +1
      usatLevel: 44, // +2
      westernAlliedGroundAirFactorsOnWesternFront: 12, // +2
      concessionPointsForgone: 4, // -2
      naval: [
        {
          side: 'allied',
          nationality: 'british',
          type: 'battleship',
          factors: 6,
          location: 'atlantic-sw',
          status: 'operational',
        },
        {
          side: 'axis',
          nationality: 'german',
          type: 'battleship',
          factors: 12,
          location: 'map',
          status: 'operational',
        },
      ], // 6:12 = 1:2: -3
    });
    expect(result.lines.map((l) => l.value)).toEqual([5, -2, -2, -5, -2, -3, -6, -1, -3, -3, 1, 0, 2, 2, 0, 0, -2]);
    expect(result.level).toBe(-19);
    expect(result.offersSurrender).toBe(true);
    expect(result.germanyMustAccept).toBe(true);
    expect(result.surrenderLevelIfAccepted).toBe(-10);
  });
});

const arbNaval = fc.record({
  side: fc.constantFrom(...NavalSides),
  nationality: fc.constantFrom(...NavalNationalities),
  type: fc.constantFrom(...NavalTypes),
  factors: fc.integer({ min: 0, max: 15 }),
  location: fc.constantFrom(...NavalLocations),
  status: fc.constantFrom(...NavalStatuses),
});

const arbInput: fc.Arbitrary<BritishResistanceInput> = fc
  .tuple(
    fc.record({
      scenario: fc.constantFrom('european' as const, 'global' as const),
      turn: fc.record({ year: fc.integer({ min: 1939, max: 1946 }), season: fc.constantFrom(...Seasons) }),
      britishDpLevel: fc.integer({ min: -30, max: 30 }),
      axisControlsMalta: fc.boolean(),
      axisControlsSingapore: fc.boolean(),
      australiaSurrendered: fc.boolean(),
      indiaSurrendered: fc.boolean(),
      atomicAttacksOnBritain: fc.integer({ min: 0, max: 6 }),
      britishCitiesFirestormed: fc.integer({ min: 0, max: 8 }),
      oilEffectsOnBritain: fc.integer({ min: 0, max: 4 }),
      atlanticSwTransports: fc.integer({ min: 0, max: 20 }),
      russianGroundUnitInEasternEurope: fc.boolean(),
      unbuiltBritishGroundAirFactors: fc.integer({ min: 0, max: 80 }),
      atWarWithEuropeanAxis: fc.record({ us: fc.boolean(), russia: fc.boolean(), france: fc.boolean() }),
      italyAtWarWithBritain: fc.boolean(),
      usatLevel: fc.integer({ min: 0, max: 60 }),
      westernAlliedGroundAirFactorsOnWesternFront: fc.integer({ min: 0, max: 60 }),
      westernAlliedGroundUnitInGermany: fc.boolean(),
      russianGroundUnitInWesternPolandOrRumania: fc.boolean(),
      concessionPointsForgone: fc.integer({ min: 0, max: 20 }),
      naval: fc.array(arbNaval, { maxLength: 12 }),
    }),
    fc.option(fc.integer({ min: -9, max: 0 }), { nil: undefined }),
  )
  .map(([input, previous]) => (previous === undefined ? input : { ...input, previousSurrenderLevel: previous }));

describe('59.2 properties', () => {
  it('59.21: the level always equals the sum of its 17 lines, in the table order', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        expect(britishResistanceInput.check(input)).toBe(true);
        const result = britishResistance(input);
        expect(result.lines.map((l) => l.key)).toEqual(Object.keys(britishLineCodes));
        expect(result.level).toBe(result.lines.reduce((sum, l) => sum + l.value, 0));
        expect(result.lines.find((l) => l.key === 'navalRatio')?.value).toBe(result.naval.modifier);
      }),
    );
  });
  it('59.23: germanyMustAccept implies offersSurrender', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const result = britishResistance(input);
        return !result.germanyMustAccept || result.offersSurrender;
      }),
    );
  });
  it('59.41: the surrender level is never below -10, and differs from the level only where that is below -10', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const result = britishResistance(input);
        expect(result.surrenderLevelIfAccepted).toBeGreaterThanOrEqual(-10);
        if (result.surrenderLevelIfAccepted !== result.level) expect(result.level).toBeLessThan(-10);
      }),
    );
  });
  it('59.12: a lower British DP level never withdraws a surrender offer', () => {
    fc.assert(
      fc.property(arbInput, fc.integer({ min: 1, max: 10 }), (input, drop) => {
        const before = britishResistance(input);
        const after = britishResistance({ ...input, britishDpLevel: input.britishDpLevel - drop });
        expect(after.level).toBe(before.level - drop);
        if (before.offersSurrender) expect(after.offersSurrender).toBe(true);
      }),
    );
  });
});
