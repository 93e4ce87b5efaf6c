import { describe, expect, it } from 'vitest';
import { TerritoryKeys } from '../../src/rules/british-concession-table.js';
import { concessions, negotiateConcessions, refineConcessions } from '../../src/rules/concessions.js';
import { concessionsInput } from '../support/concessions-fixtures.js';

const input = concessionsInput;

const allAxis = Object.fromEntries(TerritoryKeys.map((k) => [k, 'axis' as const]));
const everywhereBritish = [...TerritoryKeys];

describe('59.71 German conciliation', () => {
  it('59.71: points not taken are the points of the level less the points used', () => {
    // -3: 6 points; Britain has 30 in territories + 3 of indemnity left.
    const r = concessions(input({ demand: { take: ['malta'] } }));
    expect(r).toMatchObject({ legal: true, pointsAvailable: 6, pointsUsed: 1, pointsNotTaken: 5, pointsReturned: 0 });
  });

  it('59.71: the maximum is whatever Britain has left when that is lower', () => {
    // -10: 20 points, but Britain holds only Malta (1) and can pay a 30-BRP indemnity (3): 4.
    const r = concessions(
      input({ surrenderLevel: -10, territories: { ...allAxis, malta: 'british' }, demand: { indemnityBrps: 10 } }),
    );
    expect(r).toMatchObject({ legal: true, pointsAvailable: 20, pointsUsed: 1, pointsNotTaken: 3 });
  });

  it(
    '59.71: British minors count in what Britain has left at ' +
      'their Axis-control value; neutral and Axis minors do not',
    () => {
      // -10: 20 points. Britain has Malta 1 + Greece (British, 17 BRPs: three full fives, 2 each at Axis control) 6
      // + a 30-BRP indemnity 3 = 10; neutral Turkey (25 BRPs) and Axis Yugoslavia (12 BRPs) are not Britain's.
      const minors = [
        { name: 'greece', brps: 17, status: 'british' as const },
        { name: 'turkey', brps: 25, status: 'neutral' as const },
        { name: 'yugoslavia', brps: 12, status: 'axis' as const },
      ];
      const r = concessions(input({ surrenderLevel: -10, territories: { ...allAxis, malta: 'british' }, minors }));
      expect(r).toMatchObject({ pointsAvailable: 20, pointsUsed: 0, pointsNotTaken: 10 });
    },
  );

  it('59.71: points not taken are never below 0, even for a demand over the cap', () => {
    const r = concessions(input({ surrenderLevel: -1, demand: { take: ['malta', 'palestine', 'transjordan'] } }));
    expect(r.legal).toBe(false);
    expect(r.pointsNotTaken).toBe(0);
  });
});

describe('59.72 returning territory to British control', () => {
  it('59.72: an Axis-held territory that was British may be returned', () => {
    const { result, effects } = negotiateConcessions(
      input({ territories: { malta: 'axis' }, originallyBritish: everywhereBritish, demand: { return: ['malta'] } }),
    );
    expect(result).toMatchObject({ legal: true, violations: [], pointsReturned: 1 });
    expect(effects?.territoriesReturned).toEqual([{ key: 'malta', value: 1 }]);
  });

  it('59.72: returning is not bound by priority: Gibraltar back while Malta stays Axis', () => {
    const r = concessions(
      input({
        territories: { malta: 'axis', gibraltar: 'axis' },
        originallyBritish: everywhereBritish,
        demand: { return: ['gibraltar'] },
      }),
    );
    expect(r).toMatchObject({ legal: true, pointsReturned: 3 });
  });

  it('59.72: a territory Britain still holds cannot be returned', () => {
    const r = concessions(input({ originallyBritish: everywhereBritish, demand: { return: ['malta'] } }));
    expect(r.violations).toEqual([
      {
        rule: '59.72',
        message:
          'malta is not under Axis control: only territories the Axis controls when Britain surrenders can be returned',
      },
    ]);
  });
});

describe('59.73 restrictions on the return of territory', () => {
  it('59.73A: only territories on the table can be returned (an unknown name is malformed input)', () => {
    const error = refineConcessions(input({ demand: { return: ['cyprus'] } }));
    expect(error?.path).toBe('demand.return[0]');
    expect(error?.detail).toBe(
      'unknown territory "cyprus" (59.73A: only territories on the British Concession Table can be returned)',
    );
  });

  it(
    '59.73B: a territory Britain did not hold at the start ' +
      '(or won by an Axis declaration of war) cannot be returned',
    () => {
      const r = concessions(
        input({ territories: { libya: 'axis' }, originallyBritish: ['malta'], demand: { return: ['libya'] } }),
      );
      expect(r.violations).toEqual([
        {
          rule: '59.73B',
          message:
            'libya was neither British at the start nor gained by ' +
            'Britain other than through an Axis declaration of war',
        },
      ]);
    },
  );

  it('59.73C: a territory returned in an earlier surrender cannot be returned again', () => {
    const r = concessions(
      input({
        territories: { malta: 'axis' },
        originallyBritish: everywhereBritish,
        returnedInEarlierSurrender: ['malta'],
        demand: { return: ['malta'] },
      }),
    );
    expect(r.violations).toEqual([
      { rule: '59.73C', message: 'malta was already returned to Britain in an earlier surrender' },
    ]);
  });

  it('59.73D: southern England can be returned only if the Axis controls London', () => {
    const base = {
      territories: { 'southern-england': 'axis' as const },
      originallyBritish: everywhereBritish,
      demand: { return: ['southern-england'] },
    };
    expect(concessions(input(base)).violations).toEqual([
      { rule: '59.73D', message: 'southern-england can be returned only if the Axis controls London' },
    ]);
    const ok = concessions(
      input({ ...base, axisControls: { london: true, birmingham: false, manchester: false, allOfScotland: false } }),
    );
    expect(ok).toMatchObject({ legal: true, pointsReturned: 6 });
  });

  it('59.73E: central England can be returned only if the Axis controls Birmingham and Manchester', () => {
    const base = {
      territories: { 'central-england': 'axis' as const },
      originallyBritish: everywhereBritish,
      demand: { return: ['central-england'] },
    };
    const onlyOne = concessions(
      input({ ...base, axisControls: { london: false, birmingham: true, manchester: false, allOfScotland: false } }),
    );
    expect(onlyOne.violations).toEqual([
      {
        rule: '59.73E',
        message: 'central-england can be returned only if the Axis controls Birmingham and Manchester',
      },
    ]);
    const both = concessions(
      input({ ...base, axisControls: { london: false, birmingham: true, manchester: true, allOfScotland: false } }),
    );
    expect(both).toMatchObject({ legal: true, pointsReturned: 5 });
  });

  it(
    '59.73D: with London under Axis control, southern England is ' +
      'returned even while Britain holds other hexes of it (59.66D disputed)',
    () => {
      const base = {
        territories: { 'southern-england': 'british' as const },
        originallyBritish: everywhereBritish,
        demand: { return: ['southern-england'] },
      };
      const withLondon = negotiateConcessions(
        input({ ...base, axisControls: { london: true, birmingham: false, manchester: false, allOfScotland: false } }),
      );
      expect(withLondon.result).toMatchObject({ legal: true, pointsReturned: 6 });
      expect(withLondon.effects?.territoriesReturned).toEqual([{ key: 'southern-england', value: 6 }]);
      // Without London, a British-held southern England is not the Axis's to return (59.72), and 59.73D is unmet.
      expect(negotiateConcessions(input(base)).reasons).toEqual([
        { rule: '59.72', code: 'not-axis-controlled' },
        { rule: '59.73D', code: 'london-not-axis' },
      ]);
    },
  );

  it(
    '59.73E: with Birmingham and Manchester under Axis control, ' +
      'central England is returned even while Britain holds other hexes of it',
    () => {
      const base = {
        territories: { 'central-england': 'british' as const },
        originallyBritish: everywhereBritish,
        demand: { return: ['central-england'] },
      };
      const both = concessions(
        input({ ...base, axisControls: { london: false, birmingham: true, manchester: true, allOfScotland: false } }),
      );
      expect(both).toMatchObject({ legal: true, pointsReturned: 5 });
      const onlyBirmingham = negotiateConcessions(
        input({ ...base, axisControls: { london: false, birmingham: true, manchester: false, allOfScotland: false } }),
      );
      expect(onlyBirmingham.reasons).toEqual([
        { rule: '59.72', code: 'not-axis-controlled' },
        { rule: '59.73E', code: 'birmingham-manchester-not-axis' },
      ]);
    },
  );

  it('59.73F: a disputed Scotland is never returned: it has no key economic area standing for it', () => {
    const r = negotiateConcessions(
      input({
        territories: { scotland: 'british' },
        originallyBritish: everywhereBritish,
        axisControls: { london: true, birmingham: true, manchester: true, allOfScotland: false },
        demand: { return: ['scotland'] },
      }),
    );
    expect(r.reasons).toEqual([
      { rule: '59.72', code: 'not-axis-controlled' },
      { rule: '59.73F', code: 'scotland-not-all-axis' },
    ]);
  });

  it('59.73F: Scotland can be returned only if the Axis controls all of it', () => {
    const base = {
      territories: { scotland: 'axis' as const },
      originallyBritish: everywhereBritish,
      demand: { return: ['scotland'] },
    };
    expect(concessions(input(base)).violations).toEqual([
      { rule: '59.73F', message: 'scotland can be returned only if the Axis controls all of it' },
    ]);
    const all = concessions(
      input({ ...base, axisControls: { london: false, birmingham: false, manchester: false, allOfScotland: true } }),
    );
    expect(all).toMatchObject({ legal: true, pointsReturned: 4 });
  });

  it('59.73G: a demand that returns territory may take no territory', () => {
    const r = concessions(
      input({
        territories: { malta: 'axis' },
        originallyBritish: everywhereBritish,
        demand: { take: ['palestine', 'transjordan'], return: ['malta'] },
      }),
    );
    expect(r.violations).toEqual([
      {
        rule: '59.73G',
        message: 'a demand that returns territory may take none: cannot also take palestine, transjordan',
      },
    ]);
  });

  it('59.73G: a demand that returns territory may move no minor to Axis control (59.66E)', () => {
    const minors = [{ name: 'greece', brps: 10, status: 'british' as const }];
    const r = concessions(
      input({
        minors,
        territories: { malta: 'axis' },
        originallyBritish: everywhereBritish,
        demand: { minors: [{ name: 'greece', to: 'axis' }], return: ['malta'] },
      }),
    );
    expect(r.violations).toEqual([
      {
        rule: '59.73G',
        message: 'a demand that returns territory may move no minor to Axis control (a conquest, 59.66E): greece',
      },
    ]);
  });

  it('59.73G: a demand that returns territory may still neutralize minors and take an indemnity', () => {
    const minors = [{ name: 'greece', brps: 10, status: 'british' as const }];
    const r = concessions(
      input({
        minors,
        territories: { malta: 'axis' },
        originallyBritish: everywhereBritish,
        demand: { minors: [{ name: 'greece', to: 'neutral' }], indemnityBrps: 30, return: ['malta'] },
      }),
    );
    // -3: 6 points; used 2 + 3 = 5; not taken 1; returned 1.
    expect(r).toEqual({
      legal: true,
      violations: [],
      pointsAvailable: 6,
      pointsUsed: 5,
      pointsNotTaken: 1,
      pointsReturned: 1,
      resistanceModifier: -1,
      usatChange: -4,
    });
  });
});

describe('59.75 effects of a conciliatory policy', () => {
  it('59.75A: the resistance level falls by one per two full points not taken or returned', () => {
    // -3: 6 points, Malta taken: 5 not taken -> -2 (the odd point does not count).
    expect(concessions(input({ demand: { take: ['malta'] } })).resistanceModifier).toBe(-2);
    // 5 not taken + Gibraltar (3) returned = 8 -> -4.
    const r = concessions(
      input({
        territories: { gibraltar: 'axis' },
        originallyBritish: everywhereBritish,
        demand: { indemnityBrps: 10, return: ['gibraltar'] },
      }),
    );
    expect(r).toMatchObject({ pointsNotTaken: 5, pointsReturned: 3, resistanceModifier: -4 });
  });

  it('59.75A: one point forgone is not two full points: no change', () => {
    const r = concessions(input({ surrenderLevel: -1, demand: { take: ['malta'] } }));
    expect(r.pointsNotTaken).toBe(1);
    expect(r.resistanceModifier).toBe(0);
    expect(Object.is(r.resistanceModifier, 0)).toBe(true);
  });

  it('59.75B: USAT falls by two per point not taken or returned', () => {
    expect(concessions(input({ demand: { take: ['malta'] } })).usatChange).toBe(-10);
    const r = concessions(
      input({ territories: { iraq: 'axis' }, originallyBritish: everywhereBritish, demand: { return: ['iraq'] } }),
    );
    // The rule's example: returning Iraq (2 points) is -4 USAT, on top of the 6 points not taken (-12).
    expect(r).toMatchObject({ pointsNotTaken: 6, pointsReturned: 2, usatChange: -16 });
  });

  it('59.75B: a full demand forgoes nothing', () => {
    const r = concessions(input({ demand: { take: ['malta', 'palestine', 'transjordan'], indemnityBrps: 30 } }));
    expect(r).toMatchObject({ legal: true, pointsNotTaken: 0, resistanceModifier: 0, usatChange: 0 });
    expect(Object.is(r.usatChange, 0)).toBe(true);
  });

  it('59.75: the points are computed from the demand as given, legal or not', () => {
    const r = concessions(input({ demand: { return: ['malta'] } }));
    expect(r.legal).toBe(false);
    expect(r).toMatchObject({ pointsNotTaken: 6, pointsReturned: 1, resistanceModifier: -3, usatChange: -14 });
  });
});
