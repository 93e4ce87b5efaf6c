import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  NavalLocations,
  NavalNationalities,
  NavalSides,
  NavalStatuses,
  NavalTypes,
  countNavalSide,
  navalRatio,
  navalRatioBand,
  type NavalUnit,
  type NavalWarState,
} from '../../src/rules/naval-ratio.js';
import { navalRatioDetail } from '../../src/rules/british-lines.js';

const allAtWar: NavalWarState = { usAtWarWithGermany: true, russiaAtWarWithGermany: true, italyAtWarWithBritain: true };
const noneAtWar: NavalWarState = {
  usAtWarWithGermany: false,
  russiaAtWarWithGermany: false,
  italyAtWarWithBritain: false,
};

const ship = (overrides: Partial<NavalUnit> = {}): NavalUnit => ({
  side: 'allied',
  nationality: 'british',
  type: 'battleship',
  factors: 4,
  location: 'map',
  status: 'operational',
  ...overrides,
});

/** Operational British (Allied) and German (Axis) ships with the given factors, always counted. */
const fleets = (allied: number, axis: number): NavalUnit[] => [
  ship({ factors: allied }),
  ship({ side: 'axis', nationality: 'german', factors: axis }),
];

describe('59.22F ratio bands', () => {
  it('59.22F: a 4:3 ratio exactly yields +1', () => {
    expect(navalRatioBand(4, 3).modifier).toBe(1);
    expect(navalRatioBand(12, 9).modifier).toBe(1);
  });
  it('59.22F: just under 4:3 rounds toward 1:1 and yields 0', () => {
    expect(navalRatioBand(13, 10).modifier).toBe(0); // 1.3 < 1.333
    expect(navalRatioBand(7, 6).modifier).toBe(0);
  });
  it('59.22F: equal fleets yield 0', () => {
    expect(navalRatioBand(10, 10)).toEqual({ modifier: 0, band: 'even' });
  });
  it('59.22F: a 5:3 ratio yields +2, just under it +1', () => {
    expect(navalRatioBand(5, 3).modifier).toBe(2);
    expect(navalRatioBand(10, 6).modifier).toBe(2);
    expect(navalRatioBand(16, 10).modifier).toBe(1); // 1.6 < 1.667
  });
  it('59.22F: a 2:1 ratio yields +3, just under it +2', () => {
    expect(navalRatioBand(20, 10).modifier).toBe(3);
    expect(navalRatioBand(19, 10).modifier).toBe(2);
  });
  it('59.22F: a 3:1 ratio yields +4, just under it +3', () => {
    expect(navalRatioBand(30, 10).modifier).toBe(4);
    expect(navalRatioBand(29, 10).modifier).toBe(3);
  });
  it('59.22F: a 4:1 ratio yields +5, just under it +4', () => {
    expect(navalRatioBand(40, 10).modifier).toBe(5);
    expect(navalRatioBand(39, 10).modifier).toBe(4);
  });
  it('59.22F: the modifier may not exceed +/-5 (100:1)', () => {
    expect(navalRatioBand(100, 1).modifier).toBe(5);
    expect(navalRatioBand(1, 100).modifier).toBe(-5);
  });
  it('59.22F: any factors against none is 4:1 or greater (100:0 is +5, 0:7 is -5)', () => {
    expect(navalRatioBand(100, 0).modifier).toBe(5);
    expect(navalRatioBand(1, 0).modifier).toBe(5);
    expect(navalRatioBand(0, 7).modifier).toBe(-5);
  });
  it('59.22F: no factors on either side (0:0) yields 0', () => {
    expect(navalRatioBand(0, 0)).toEqual({ modifier: 0, band: 'even' });
  });
  it('59.22F: Axis superiority gives negative modifiers', () => {
    expect(navalRatioBand(6, 8).modifier).toBe(-1);
    expect(navalRatioBand(6, 10).modifier).toBe(-2);
    expect(navalRatioBand(10, 20).modifier).toBe(-3);
    expect(navalRatioBand(10, 30).modifier).toBe(-4);
    expect(navalRatioBand(10, 40).modifier).toBe(-5);
    expect(navalRatioBand(10, 13).modifier).toBe(0);
  });
  it('59.22F: the result carries both counts and a readable detail', () => {
    const result = navalRatio(
      [
        ship({ factors: 20 }),
        ship({ factors: 3, status: 'damaged' }),
        ship({ side: 'axis', nationality: 'german', factors: 10 }),
      ],
      allAtWar,
    );
    expect(result.alliedFactors).toBe(21);
    expect(result.axisFactors).toBe(10);
    expect(result.modifier).toBe(3);
    expect(result.band).toBe('2:1');
    expect(navalRatioDetail(result)).toBe(
      "naval factors Allied 21 (20 full + 3 at half strength = 1) vs Axis 10: 21:10 in the Allies' favour reaches " +
        '2:1: +3',
    );
  });
  it('59.22F: detail for a ratio under 4:3 and for an Axis lead', () => {
    expect(navalRatioDetail(navalRatio(fleets(7, 6), allAtWar))).toBe(
      'naval factors Allied 7 vs Axis 6: 7:6 is under 4:3: 0',
    );
    expect(navalRatioDetail(navalRatio(fleets(3, 12), allAtWar))).toBe(
      "naval factors Allied 3 vs Axis 12: 12:3 in the Axis' favour reaches 4:1 or more: -5",
    );
    expect(navalRatioDetail(navalRatio([], allAtWar))).toBe('naval factors Allied 0 vs Axis 0: even: 0');
  });
  it('59.22F: the detail says how many units were left out and why', () => {
    const units = [
      ...fleets(6, 6),
      ship({ type: 'submarine' }),
      ship({ type: 'transport' }),
      ship({ nationality: 'american' }),
      ship({ side: 'axis', nationality: 'italian', location: 'pacific' }),
    ];
    const result = navalRatio(units, { ...allAtWar, usAtWarWithGermany: false });
    expect(result.uncounted).toEqual([
      { reason: 'submarine', units: 1 },
      { reason: 'transport', units: 1 },
      { reason: 'us-not-at-war-with-germany', units: 1 },
      { reason: 'location-pacific', units: 1 },
    ]);
    expect(navalRatioDetail(result)).toBe(
      'naval factors Allied 6 vs Axis 6, 4 units not counted (submarine: 1; transport: 1; U.S. not at war with ' +
        'Germany: 1; location pacific: 1): even: 0',
    );
  });
});

describe('59.22F half strength', () => {
  it('59.22F: two damaged 1-factor ships count as 1 together', () => {
    const units = [ship({ factors: 1, status: 'damaged' }), ship({ factors: 1, status: 'damaged', type: 'cruiser' })];
    expect(countNavalSide(units, 'allied', allAtWar)).toEqual({ fullFactors: 0, halfStrengthFactors: 2, factors: 1 });
  });
  it('59.22F: 3 damaged factors count as 1 (the remnant factor is ignored)', () => {
    expect(countNavalSide([ship({ factors: 3, status: 'damaged' })], 'allied', allAtWar).factors).toBe(1);
  });
  it('59.22F: a single damaged 1-factor ship counts as 0', () => {
    expect(countNavalSide([ship({ factors: 1, status: 'damaged' })], 'allied', allAtWar).factors).toBe(0);
  });
  it('59.22F: damaged, "Launch" row and "2" row factors are pooled before halving', () => {
    const units = [
      ship({ factors: 1, status: 'damaged' }),
      ship({ factors: 1, status: 'launch' }),
      ship({ factors: 1, status: 'row-2' }),
      ship({ factors: 5, status: 'operational' }),
    ];
    expect(countNavalSide(units, 'allied', allAtWar)).toEqual({ fullFactors: 5, halfStrengthFactors: 3, factors: 6 });
  });
  it('59.22F: half-strength factors are pooled per side, not across sides', () => {
    const units = [
      ship({ factors: 1, status: 'damaged' }),
      ship({ side: 'axis', nationality: 'german', factors: 1, status: 'damaged' }),
    ];
    const result = navalRatio(units, allAtWar);
    expect([result.alliedFactors, result.axisFactors]).toEqual([0, 0]);
  });
  it('59.22F: uncompleted ships on the "3" row or higher are not counted', () => {
    expect(countNavalSide([ship({ factors: 6, status: 'row-3-plus' })], 'allied', allAtWar).factors).toBe(0);
  });
  it('59.22F: sunk ships are not counted', () => {
    expect(countNavalSide([ship({ factors: 6, status: 'sunk' })], 'allied', allAtWar).factors).toBe(0);
  });
});

describe('59.22F filters', () => {
  it('59.22F: American factors count only while the U.S. is at war with Germany', () => {
    const units = [ship({ nationality: 'american', factors: 8 })];
    expect(countNavalSide(units, 'allied', allAtWar).factors).toBe(8);
    expect(countNavalSide(units, 'allied', { ...allAtWar, usAtWarWithGermany: false }).factors).toBe(0);
  });
  it('59.22F: Russian factors count only while Russia is at war with Germany', () => {
    const units = [ship({ nationality: 'russian', factors: 5 })];
    expect(countNavalSide(units, 'allied', allAtWar).factors).toBe(5);
    expect(countNavalSide(units, 'allied', { ...allAtWar, russiaAtWarWithGermany: false }).factors).toBe(0);
  });
  it('59.22F: Italian factors count only while Italy is at war with Britain, whatever the side', () => {
    const axisItalian = [ship({ side: 'axis', nationality: 'italian', factors: 7 })];
    const alliedItalian = [ship({ side: 'allied', nationality: 'italian', factors: 7 })];
    expect(countNavalSide(axisItalian, 'axis', allAtWar).factors).toBe(7);
    expect(countNavalSide(axisItalian, 'axis', { ...allAtWar, italyAtWarWithBritain: false }).factors).toBe(0);
    expect(countNavalSide(alliedItalian, 'allied', { ...allAtWar, italyAtWarWithBritain: false }).factors).toBe(0);
  });
  it('59.22F: the U.S. and Russian flags do not filter each other or the Italians', () => {
    const units = [ship({ nationality: 'american', factors: 8 }), ship({ nationality: 'russian', factors: 5 })];
    expect(countNavalSide(units, 'allied', { ...noneAtWar, usAtWarWithGermany: true }).factors).toBe(8);
    expect(countNavalSide(units, 'allied', { ...noneAtWar, russiaAtWarWithGermany: true }).factors).toBe(5);
  });
  it('59.22F: British, Commonwealth, French, German and other ships count as given, whatever the war flags', () => {
    for (const nationality of ['british', 'commonwealth', 'french', 'german', 'other'] as const) {
      expect(countNavalSide([ship({ nationality, factors: 3 })], 'allied', noneAtWar).factors).toBe(3);
      expect(countNavalSide([ship({ side: 'axis', nationality, factors: 3 })], 'axis', noneAtWar).factors).toBe(3);
    }
  });
  it('59.22F: the map and the Atlantic SW, Indian Ocean SW, U.S. Atlantic and South Africa boxes are counted', () => {
    for (const location of ['map', 'atlantic-sw', 'indian-ocean-sw', 'us-atlantic', 'south-africa'] as const) {
      expect(countNavalSide([ship({ location, factors: 2 })], 'allied', allAtWar).factors).toBe(2);
    }
  });
  it('59.22F: naval units in the Pacific or in other boxes are not counted', () => {
    expect(countNavalSide([ship({ location: 'pacific', factors: 9 })], 'allied', allAtWar).factors).toBe(0);
    expect(countNavalSide([ship({ location: 'other', factors: 9 })], 'allied', allAtWar).factors).toBe(0);
  });
  it('59.22F: submarines, ASW and transports are not counted', () => {
    for (const type of ['submarine', 'asw', 'transport'] as const) {
      expect(countNavalSide([ship({ type, factors: 4 })], 'allied', allAtWar).factors).toBe(0);
    }
  });
  it('59.22F: battleships, battlecruisers, carriers, cruisers and destroyers are counted', () => {
    for (const type of ['battleship', 'battlecruiser', 'carrier', 'cruiser', 'destroyer'] as const) {
      expect(countNavalSide([ship({ type, factors: 4 })], 'allied', allAtWar).factors).toBe(4);
    }
  });
  it('59.22F: a ship counts only for its own side', () => {
    const result = navalRatio([ship({ side: 'axis', nationality: 'british', factors: 4 })], allAtWar);
    expect([result.alliedFactors, result.axisFactors, result.modifier]).toEqual([0, 4, -5]);
  });
});

const arbShip: fc.Arbitrary<NavalUnit> = fc.record({
  side: fc.constantFrom(...NavalSides),
  nationality: fc.constantFrom(...NavalNationalities),
  type: fc.constantFrom(...NavalTypes),
  factors: fc.integer({ min: 0, max: 20 }),
  location: fc.constantFrom(...NavalLocations),
  status: fc.constantFrom(...NavalStatuses),
});
const arbWar: fc.Arbitrary<NavalWarState> = fc.record({
  usAtWarWithGermany: fc.boolean(),
  russiaAtWarWithGermany: fc.boolean(),
  italyAtWarWithBritain: fc.boolean(),
});
const arbFleet = fc.array(arbShip, { maxLength: 30 });

describe('59.22F properties', () => {
  it('59.22F: the naval modifier is always within -5..+5', () => {
    fc.assert(
      fc.property(arbFleet, arbWar, (units, war) => {
        const { modifier } = navalRatio(units, war);
        return modifier >= -5 && modifier <= 5;
      }),
    );
  });
  it('59.22F: swapping the two sides negates the modifier', () => {
    fc.assert(
      fc.property(arbFleet, arbWar, (units, war) => {
        const swapped = units.map((u) => ({
          ...u,
          side: u.side === 'allied' ? ('axis' as const) : ('allied' as const),
        }));
        const a = navalRatio(units, war);
        const b = navalRatio(swapped, war);
        expect(b.modifier + a.modifier).toBe(0);
        expect([b.alliedFactors, b.axisFactors]).toEqual([a.axisFactors, a.alliedFactors]);
      }),
    );
  });
  it('59.22F: adding Allied operational factors never lowers the modifier', () => {
    fc.assert(
      fc.property(arbFleet, arbWar, fc.integer({ min: 1, max: 30 }), (units, war, extra) => {
        const before = navalRatio(units, war);
        const after = navalRatio([...units, ship({ factors: extra })], war);
        expect(after.alliedFactors).toBe(before.alliedFactors + extra);
        expect(after.modifier).toBeGreaterThanOrEqual(before.modifier);
      }),
    );
  });
  it('59.22F: only the ratio matters: multiplying both sides by the same number keeps the modifier', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 2, max: 50 }),
        (a, b, k) => {
          expect(navalRatioBand(a * k, b * k).modifier).toBe(navalRatioBand(a, b).modifier);
        },
      ),
    );
  });
});
