import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  finalDisposition,
  ItalianNavalTypes,
  largestTotalAtMost,
  validateAllocation,
  type AllocationInput,
  type AllocationSelection,
  type ItalianForces,
  type ItalianShip,
} from '../../src/rules/italian-allocation.js';
import { selection as sel } from '../support/italian-fixtures.js';
import {
  forcesForLevel,
  ItalianNavalStatuses,
  ItalianSurrenderLevels,
  type ItalianSurrenderLevel,
} from '../../src/rules/italian-forces-table.js';

// Italy's forces at surrender: enough of everything for a +/-2 row, plus ships that may not be selected.
const forces: ItalianForces = {
  navy: [
    { id: 'littorio', type: 'battleship', factors: 5, status: 'operational' },
    { id: 'vittorio-veneto', type: 'battleship', factors: 5, status: 'damaged' },
    { id: 'cavour', type: 'battleship', factors: 3, status: 'sunk-in-port' },
    { id: 'roma', type: 'battleship', factors: 5, status: 'row-2' },
    { id: 'aquila', type: 'carrier', factors: 2, status: 'launch' },
    { id: 'impero', type: 'battleship', factors: 5, status: 'row-3-plus' },
    { id: 'ca-1', type: 'cruiser', factors: 3, status: 'operational' },
    { id: 'ca-2', type: 'cruiser', factors: 3, status: 'damaged' },
    { id: 'ca-3', type: 'cruiser', factors: 2, status: 'operational' },
    { id: 'ca-4', type: 'cruiser', factors: 3, status: 'row-3-plus' },
    { id: 'ca-5', type: 'cruiser', factors: 3, status: 'launch' },
    { id: 'dd-1', type: 'destroyer', factors: 1, status: 'operational' },
    { id: 'dd-2', type: 'destroyer', factors: 1, status: 'operational' },
    { id: 'dd-3', type: 'destroyer', factors: 2, status: 'operational' },
    { id: 'dd-4', type: 'destroyer', factors: 1, status: 'row-3-plus' },
  ],
  infantry: [
    { id: 'inf-1', factors: 3 },
    { id: 'inf-2', factors: 3 },
    { id: 'inf-3', factors: 3 },
    { id: 'inf-4', factors: 2 },
    { id: 'inf-5', factors: 2 },
  ],
};

const empty = sel();
const validate = (over: Partial<AllocationInput> & Pick<AllocationInput, 'level' | 'side' | 'selection'>) =>
  validateAllocation({ forces, alreadyAllocated: null, ...over });
const rules = (r: { violations: readonly { rule: string }[] }) => r.violations.map((v) => v.rule);
const zero = { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 };

const axisPlus2 = sel({
  infantry: ['inf-1', 'inf-2', 'inf-3'],
  namedShips: ['littorio'],
  cruisers: ['ca-1', 'ca-2'],
  destroyers: ['dd-3'],
});
const axisLevel0 = sel({ infantry: ['inf-1'], cruisers: ['ca-1'], destroyers: ['dd-1'] });
const alliedLevel0 = sel({ infantry: ['inf-2'], cruisers: ['ca-2'], destroyers: ['dd-2'] });

describe('56.32 legal and illegal selections at each level', () => {
  it('56.32: level +2, Germany takes 9 infantry factors, 1 named ship, 2 cruisers, 2 destroyer factors', () => {
    const r = validate({ level: 2, side: 'axis', selection: axisPlus2 });
    expect(r).toEqual({
      legal: true,
      violations: [],
      row: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
      required: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
      allocated: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
      lost: zero,
    });
  });
  it('56.32: level +2, two cruisers are required, one is not enough', () => {
    const r = validate({ level: 2, side: 'axis', selection: { ...axisPlus2, cruisers: ['ca-1'] } });
    expect(r.legal).toBe(false);
    expect(r.violations).toEqual([
      { rule: '56.32', message: 'Germany receives 2 cruisers at surrender level +2; 1 selected' },
    ]);
  });
  it('56.32: level +2, 11 infantry factors exceed the 9 of the row', () => {
    const r = validate({
      level: 2,
      side: 'axis',
      selection: { ...axisPlus2, infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-4'] },
    });
    expect(r.violations).toEqual([
      { rule: '56.32', message: 'Germany receives 9 infantry factors at surrender level +2; 11 selected' },
    ]);
    expect(r.allocated.infantryFactors).toBe(11);
  });
  it('56.32: level +2, the Allied side has an all-zero row and selects nothing', () => {
    expect(validate({ level: 2, side: 'allied', selection: empty }).legal).toBe(true);
    const r = validate({ level: 2, side: 'allied', selection: sel({ cruisers: ['ca-3'] }) });
    expect(r.violations).toEqual([
      { rule: '56.32', message: 'the United States receives no cruisers at surrender level +2; 1 selected' },
    ]);
  });
  it('56.32: level +1, Germany takes 6 infantry factors, 1 named ship, 1 cruiser, 1 destroyer factor', () => {
    const r = validate({
      level: 1,
      side: 'axis',
      selection: sel({
        infantry: ['inf-1', 'inf-2'],
        namedShips: ['vittorio-veneto'],
        cruisers: ['ca-3'],
        destroyers: ['dd-2'],
      }),
    });
    expect(r.legal).toBe(true);
    expect(r.allocated).toEqual({ infantryFactors: 6, namedShips: 1, cruisers: 1, destroyerFactors: 1 });
  });
  it('56.32: level +1, a second named ship is refused', () => {
    const r = validate({
      level: 1,
      side: 'axis',
      selection: sel({
        infantry: ['inf-1', 'inf-2'],
        namedShips: ['littorio', 'roma'],
        cruisers: ['ca-3'],
        destroyers: ['dd-2'],
      }),
    });
    expect(r.violations).toEqual([
      { rule: '56.32', message: 'Germany receives 1 named ship at surrender level +1; 2 selected' },
    ]);
  });
  it('56.32: level +1, the 2-factor destroyer exceeds the 1 factor of the row', () => {
    const r = validate({
      level: 1,
      side: 'axis',
      selection: sel({
        infantry: ['inf-1', 'inf-2'],
        namedShips: ['littorio'],
        cruisers: ['ca-3'],
        destroyers: ['dd-3'],
      }),
    });
    expect(rules(r)).toEqual(['56.32']);
  });
  it('56.32: level 0, no named ship for either side', () => {
    expect(validate({ level: 0, side: 'axis', selection: axisLevel0 }).legal).toBe(true);
    const r = validate({ level: 0, side: 'axis', selection: { ...axisLevel0, namedShips: ['littorio'] } });
    expect(r.violations).toEqual([
      { rule: '56.32', message: 'Germany receives no named ships at surrender level 0; 1 selected' },
    ]);
  });
  it('56.32: level 0, the Allied side takes 3 infantry factors, 1 cruiser, 1 destroyer factor after the Axis', () => {
    const r = validate({ level: 0, side: 'allied', alreadyAllocated: axisLevel0, selection: alliedLevel0 });
    expect(r.legal).toBe(true);
    expect(r.allocated).toEqual({ infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 });
  });
  it(
    '56.32: level -1, the U.S. takes 6 infantry factors, 1 ' +
      'named ship, 1 cruiser, 1 destroyer factor; Germany nothing',
    () => {
      const r = validate({
        level: -1,
        side: 'allied',
        selection: sel({
          infantry: ['inf-3', 'inf-2'],
          namedShips: ['aquila'],
          cruisers: ['ca-1'],
          destroyers: ['dd-1'],
        }),
      });
      expect(r.legal).toBe(true);
      expect(validate({ level: -1, side: 'axis', selection: empty }).legal).toBe(true);
      expect(rules(validate({ level: -1, side: 'axis', selection: sel({ infantry: ['inf-1'] }) }))).toEqual(['56.32']);
    },
  );
  it('56.32: level -2, the U.S. takes the full row; 6 infantry factors are too few', () => {
    const full = sel({
      infantry: ['inf-1', 'inf-2', 'inf-3'],
      namedShips: ['cavour'],
      cruisers: ['ca-1', 'ca-3'],
      destroyers: ['dd-1', 'dd-2'],
    });
    expect(validate({ level: -2, side: 'allied', selection: full }).legal).toBe(true);
    const r = validate({ level: -2, side: 'allied', selection: { ...full, infantry: ['inf-1', 'inf-2'] } });
    expect(r.violations).toEqual([
      { rule: '56.32', message: 'the United States receives 9 infantry factors at surrender level -2; 6 selected' },
    ]);
  });
  it("56.32: a level outside -2..+2 is the caller's defect", () => {
    expect(() =>
      validateAllocation({
        level: 3 as ItalianSurrenderLevel,
        side: 'axis',
        forces,
        alreadyAllocated: null,
        selection: empty,
      }),
    ).toThrow(RangeError);
  });
});

describe('56.311 Axis forces have priority', () => {
  it('56.311: at level 0 an Allied selection before the Axis one is refused', () => {
    const r = validate({ level: 0, side: 'allied', selection: alliedLevel0 });
    expect(r.legal).toBe(false);
    expect(r.violations).toEqual([
      {
        rule: '56.311',
        message:
          'At surrender level 0 the Axis player selects the post-surrender Italian forces before the Allied player',
      },
    ]);
  });
  it('56.311: at level 0 an Axis selection after an Allied one is refused', () => {
    expect(rules(validate({ level: 0, side: 'axis', alreadyAllocated: alliedLevel0, selection: axisLevel0 }))).toEqual([
      '56.311',
    ]);
  });
  it('56.311: at level 0 the Allied player may not take a unit the Axis took', () => {
    const r = validate({
      level: 0,
      side: 'allied',
      alreadyAllocated: axisLevel0,
      selection: { ...alliedLevel0, cruisers: ['ca-1'] },
    });
    expect(r.violations).toEqual([
      { rule: '56.31D', message: "'ca-1' has already been taken by the other side" },
      { rule: '56.32', message: 'the United States receives 1 cruiser at surrender level 0; 0 selected' },
    ]);
  });
  it('56.311: at a level other than 0 no other side has selected', () => {
    expect(
      rules(
        validate({
          level: 1,
          side: 'axis',
          alreadyAllocated: alliedLevel0,
          selection: sel({
            infantry: ['inf-1', 'inf-3'],
            namedShips: ['littorio'],
            cruisers: ['ca-1'],
            destroyers: ['dd-1'],
          }),
        }),
      ),
    ).toEqual(['56.311']);
    // An empty "other" selection is no selection.
    expect(
      validate({
        level: 1,
        side: 'axis',
        alreadyAllocated: empty,
        selection: sel({
          infantry: ['inf-1', 'inf-3'],
          namedShips: ['littorio'],
          cruisers: ['ca-1'],
          destroyers: ['dd-1'],
        }),
      }).legal,
    ).toBe(true);
  });
});

describe('56.312 counting: infantry and destroyers in factors, named ships and cruisers by unit', () => {
  it('56.312: two 1-factor destroyers or one 2-factor destroyer both make 2 destroyer factors', () => {
    expect(validate({ level: 2, side: 'axis', selection: { ...axisPlus2, destroyers: ['dd-1', 'dd-2'] } }).legal).toBe(
      true,
    );
    expect(validate({ level: 2, side: 'axis', selection: { ...axisPlus2, destroyers: ['dd-3'] } }).legal).toBe(true);
  });
  it('56.312: three destroyer factors exceed the row of 2', () => {
    const r = validate({ level: 2, side: 'axis', selection: { ...axisPlus2, destroyers: ['dd-3', 'dd-1'] } });
    expect(r.allocated.destroyerFactors).toBe(3);
    expect(rules(r)).toEqual(['56.32']);
  });
  it('56.312: a cruiser counts as one unit whatever its factors', () => {
    const r = validate({ level: 2, side: 'axis', selection: { ...axisPlus2, cruisers: ['ca-1', 'ca-3'] } });
    expect(r.legal).toBe(true);
    expect(r.allocated.cruisers).toBe(2);
  });
  it('56.312: a named ship counts as one unit whatever its factors', () => {
    expect(
      validate({ level: 2, side: 'axis', selection: { ...axisPlus2, namedShips: ['aquila'] } }).allocated.namedShips,
    ).toBe(1);
  });
  it('56.312: a unit listed under the wrong category is refused', () => {
    const r = validate({ level: 2, side: 'axis', selection: { ...axisPlus2, namedShips: ['ca-3'] } });
    expect(r.violations).toEqual([
      { rule: '56.312', message: "'ca-3' is a cruiser, not a named ship" },
      { rule: '56.32', message: 'Germany receives 1 named ship at surrender level +2; 0 selected' },
    ]);
    expect(
      validate({ level: 2, side: 'axis', selection: { ...axisPlus2, cruisers: ['ca-1', 'inf-5'] } }).violations[0],
    ).toEqual({
      rule: '56.312',
      message: "'inf-5' is an infantry unit, not a cruiser",
    });
  });
  it('56.312: when the infantry units cannot make the row exactly, the largest total below it is required', () => {
    const twos: ItalianForces = { navy: [], infantry: [1, 2, 3, 4, 5].map((n) => ({ id: `i${n}`, factors: 2 })) };
    const at0 = (s: Partial<AllocationSelection>) =>
      validateAllocation({ level: 0, side: 'axis', forces: twos, alreadyAllocated: null, selection: sel(s) });
    const ok = at0({ infantry: ['i1'] });
    expect(ok.legal).toBe(true);
    expect(ok.required.infantryFactors).toBe(2);
    expect(ok.lost.infantryFactors).toBe(1);
    expect(rules(at0({ infantry: ['i1', 'i2'] }))).toEqual(['56.32']);
    expect(at0({}).violations).toContainEqual({
      rule: '56.312',
      message:
        'Germany receives 3 infantry factors at surrender level 0; the remaining units cannot make exactly 3, so ' +
        'the largest total below it, 2, must be selected; 0 selected',
    });
  });
  it('56.312: a 3-factor infantry unit makes the level 0 row exactly, even with a 2-factor unit available', () => {
    expect(validate({ level: 0, side: 'axis', selection: { ...axisLevel0, infantry: ['inf-4'] } }).violations).toEqual([
      { rule: '56.32', message: 'Germany receives 3 infantry factors at surrender level 0; 2 selected' },
    ]);
  });
  it('56.312: the subset sum finds the largest total not above the limit', () => {
    expect(largestTotalAtMost([2, 2, 2], 3)).toBe(2);
    expect(largestTotalAtMost([2, 3], 9)).toBe(5);
    expect(largestTotalAtMost([4, 5], 3)).toBe(0);
    expect(largestTotalAtMost([3, 2, 2, 2], 9)).toBe(9);
  });
});

describe('56.32 footnote *: which ships may be selected', () => {
  it.each(['littorio', 'vittorio-veneto', 'cavour', 'roma', 'aquila'])(
    '56.32: named ship %s (operational, damaged, sunk in port, "2" or "Launch" row) may be selected',
    (id) => {
      expect(validate({ level: 2, side: 'axis', selection: { ...axisPlus2, namedShips: [id] } }).legal).toBe(true);
    },
  );
  it('56.32: a named ship above the "2" row is refused', () => {
    const r = validate({ level: 2, side: 'axis', selection: { ...axisPlus2, namedShips: ['impero'] } });
    expect(r.violations).toEqual([
      {
        rule: '56.32',
        message:
          '\'impero\' is unfinished above the "2" row of the construction chart; only ships on the "2" or "Launch" ' +
          'row may be selected',
      },
      { rule: '56.32', message: 'Germany receives 1 named ship at surrender level +2; 0 selected' },
    ]);
  });
  it('56.32: cruisers and destroyers above the "2" row are refused', () => {
    expect(
      rules(validate({ level: 2, side: 'axis', selection: { ...axisPlus2, cruisers: ['ca-1', 'ca-4'] } })),
    ).toEqual(['56.32', '56.32']);
    expect(
      rules(validate({ level: 2, side: 'axis', selection: { ...axisPlus2, destroyers: ['dd-1', 'dd-4'] } })),
    ).toEqual(['56.32', '56.32']);
  });
  it('56.32: a cruiser on the "Launch" row may be selected by default, not with unfinishedLightShips: never', () => {
    const selection = { ...axisPlus2, cruisers: ['ca-1', 'ca-5'] };
    expect(validate({ level: 2, side: 'axis', selection }).legal).toBe(true);
    const strict = validateAllocation(
      { level: 2, side: 'axis', forces, alreadyAllocated: null, selection },
      { unfinishedLightShips: 'never' },
    );
    expect(strict.violations[0]).toEqual({
      rule: '56.32',
      message:
        '\'ca-5\' is unfinished on the "Launch" row; only named ships may be selected unfinished (option ' +
        'unfinishedLightShips: never)',
    });
  });
});

describe('56.31D types in short supply', () => {
  const scarce: ItalianForces = {
    navy: [
      { id: 'impero', type: 'battleship', factors: 5, status: 'row-3-plus' },
      { id: 'ca-1', type: 'cruiser', factors: 3, status: 'operational' },
      { id: 'ca-9', type: 'cruiser', factors: 3, status: 'row-3-plus' },
      { id: 'dd-1', type: 'destroyer', factors: 1, status: 'operational' },
    ],
    infantry: [
      { id: 'inf-1', factors: 3 },
      { id: 'inf-4', factors: 2 },
    ],
  };
  const all = sel({ infantry: ['inf-1', 'inf-4'], cruisers: ['ca-1'], destroyers: ['dd-1'] });
  it('56.31D: the side takes what remains of a short type and the remainder is lost', () => {
    const r = validateAllocation({ level: 2, side: 'axis', forces: scarce, alreadyAllocated: null, selection: all });
    expect(r.legal).toBe(true);
    expect(r.required).toEqual({ infantryFactors: 5, namedShips: 0, cruisers: 1, destroyerFactors: 1 });
    expect(r.allocated).toEqual({ infantryFactors: 5, namedShips: 0, cruisers: 1, destroyerFactors: 1 });
    expect(r.lost).toEqual({ infantryFactors: 4, namedShips: 1, cruisers: 1, destroyerFactors: 1 });
  });
  it('56.31D: leaving a short type behind is refused', () => {
    const r = validateAllocation({
      level: 2,
      side: 'axis',
      forces: scarce,
      alreadyAllocated: null,
      selection: { ...all, destroyers: [] },
    });
    expect(r.violations).toEqual([
      {
        rule: '56.31D',
        message:
          'Germany receives 2 destroyer factors at surrender level +2, but only 1 remains: all of them must be ' +
          'taken (the rest is lost); 0 selected',
      },
    ]);
  });
  it('56.31C: short infantry must all be taken', () => {
    const r = validateAllocation({
      level: 2,
      side: 'axis',
      forces: scarce,
      alreadyAllocated: null,
      selection: { ...all, infantry: ['inf-1'] },
    });
    expect(rules(r)).toEqual(['56.31C']);
  });
  it('56.31D: at level 0 what the Axis took is no longer available to the Allied player', () => {
    const axis = sel({ infantry: ['inf-1'], cruisers: ['ca-1'], destroyers: ['dd-1'] });
    expect(
      validateAllocation({ level: 0, side: 'axis', forces: scarce, alreadyAllocated: null, selection: axis }).legal,
    ).toBe(true);
    const r = validateAllocation({
      level: 0,
      side: 'allied',
      forces: scarce,
      alreadyAllocated: axis,
      selection: sel({ infantry: ['inf-4'] }),
    });
    expect(r.legal).toBe(true);
    expect(r.lost).toEqual({ infantryFactors: 1, namedShips: 0, cruisers: 1, destroyerFactors: 1 });
  });
});

describe('56.31C, 56.31D no unit selected twice', () => {
  it('56.31C: an infantry unit listed twice is refused', () => {
    const r = validate({ level: 2, side: 'axis', selection: { ...axisPlus2, infantry: ['inf-1', 'inf-2', 'inf-1'] } });
    expect(r.violations).toEqual([
      { rule: '56.31C', message: "'inf-1' is selected more than once" },
      { rule: '56.32', message: 'Germany receives 9 infantry factors at surrender level +2; 6 selected' },
    ]);
  });
  it('56.31D: a ship listed in two categories is refused', () => {
    expect(
      validate({ level: 2, side: 'axis', selection: { ...axisPlus2, destroyers: ['dd-3', 'ca-1'] } }).violations[0],
    ).toEqual({
      rule: '56.31D',
      message: "'ca-1' is selected more than once",
    });
  });
  it('56.31D: an id that is not an Italian unit is refused', () => {
    expect(
      validate({ level: 2, side: 'axis', selection: { ...axisPlus2, cruisers: ['ca-1', 'zara'] } }).violations[0],
    ).toEqual({
      rule: '56.31D',
      message: "'zara' is not an Italian unit at the time of surrender",
    });
  });
  it("56.31D: forces reporting one id twice are the host's defect", () => {
    const bad: ItalianForces = {
      navy: [],
      infantry: [
        { id: 'x', factors: 1 },
        { id: 'x', factors: 2 },
      ],
    };
    expect(() =>
      validateAllocation({ level: 0, side: 'axis', forces: bad, alreadyAllocated: null, selection: empty }),
    ).toThrow(RangeError);
  });
});

describe('56.31A-D, 56.33 final disposition', () => {
  it('56.31D: level 0: selected units go to Germany and the U.S., every other unit is removed as excess', () => {
    const d = finalDisposition(forces, axisLevel0, alliedLevel0);
    expect(d.germany).toEqual({ infantry: ['inf-1'], navy: ['ca-1', 'dd-1'] });
    expect(d.us).toEqual({ infantry: ['inf-2'], navy: ['ca-2', 'dd-2'] });
    expect(d.removed).toEqual({
      infantry: ['inf-3', 'inf-4', 'inf-5'],
      navy: [
        'littorio',
        'vittorio-veneto',
        'cavour',
        'roma',
        'aquila',
        'impero',
        'ca-3',
        'ca-4',
        'ca-5',
        'dd-3',
        'dd-4',
      ],
    });
    expect(d.relocatingToWesternAlliedPorts).toEqual(['ca-2', 'dd-2']);
  });
  it('56.31D: ships joining the Western Allies relocate unless still on the construction chart', () => {
    const d = finalDisposition(
      forces,
      null,
      sel({ namedShips: ['roma'], cruisers: ['ca-3'], destroyers: ['dd-1'], infantry: ['inf-1', 'inf-2'] }),
    );
    expect(d.us.navy).toEqual(['roma', 'ca-3', 'dd-1']);
    expect(d.relocatingToWesternAlliedPorts).toEqual(['ca-3', 'dd-1']);
    expect(d.germany).toEqual({ infantry: [], navy: [] });
  });
  it('56.31A, 56.31B, 56.31C, 56.31D, 56.33: the effects are logged in rule order', () => {
    const d = finalDisposition(forces, axisLevel0, alliedLevel0);
    expect(d.effects.map((e) => e.rule)).toEqual([
      '56.31A',
      '56.31B',
      '56.31C',
      '56.31C',
      '56.31C',
      '56.31C',
      '56.31D',
      '56.31D',
      '56.31D',
      '56.31D',
      '56.31D',
      '56.33',
    ]);
    expect(d.effects[0]).toEqual({
      rule: '56.31A',
      effect: 'All Italian air units are permanently removed from play.',
      units: [],
    });
    expect(d.effects[1]).toEqual({
      rule: '56.31B',
      effect:
        'The 1-3 Folgore airborne unit is added, unbuilt, to the German force pool, wherever it was and whatever ' +
        'the allocation; it may overstack and be used anywhere on the board, but may not airdrop.',
      units: [],
    });
    expect(d.effects[2]).toEqual({
      rule: '56.31C',
      effect: 'All Italian ground units are removed from the board.',
      units: [],
    });
    expect(d.effects[3]).toEqual({
      rule: '56.31C',
      effect: 'Italian infantry added, unbuilt, to the German force pool: inf-1.',
      units: ['inf-1'],
    });
    expect(d.effects[4]).toEqual({
      rule: '56.31C',
      effect: 'Italian infantry added, unbuilt, to the American force pool: inf-2.',
      units: ['inf-2'],
    });
    expect(d.effects[5]?.units).toEqual(['inf-3', 'inf-4', 'inf-5']);
    expect(d.effects[8]).toEqual({
      rule: '56.31D',
      effect:
        'Ships joining the Western Allies relocate immediately to the closest Western Allied controlled port(s), ' +
        'subject to interception as displaced naval units: ca-2, dd-2.',
      units: ['ca-2', 'dd-2'],
    });
    expect(d.effects[9]?.units).toEqual(d.removed.navy);
    expect(d.effects[10]).toEqual({
      rule: '56.31D',
      effect:
        'Allocated Italian naval factors keep the Italian naval nationality DRM in naval combat, may be repaired ' +
        'if damaged or sunk in port, and may not be reconstructed if lost.',
      units: ['ca-1', 'dd-1', 'ca-2', 'dd-2'],
    });
    expect(d.effects[11]).toEqual({
      rule: '56.33',
      effect:
        'The Folgore airborne unit and the allocated Italian ground units may be built, and rebuilt if lost, in ' +
        'any fully supplied German-controlled (German units) or American-controlled (American units) hex in Italy.',
      units: ['inf-1', 'inf-2'],
    });
  });
  it('56.31C: with no selection at all, every Italian infantry and naval unit is removed', () => {
    const d = finalDisposition(forces, null, null);
    expect(d.removed.infantry).toHaveLength(5);
    expect(d.removed.navy).toHaveLength(15);
    expect(d.effects[3]?.effect).toBe('Italian infantry added, unbuilt, to the German force pool: none.');
  });
  it("56.31D: a unit in both selections is the caller's defect", () => {
    expect(() => finalDisposition(forces, axisLevel0, { ...alliedLevel0, cruisers: ['ca-1'] })).toThrow(RangeError);
    expect(() => finalDisposition(forces, sel({ cruisers: ['dd-1'] }), null)).toThrow(RangeError);
  });
});

// Random Italian forces: small pools of every kind and status, ids unique by construction.
const shipArb = fc.record({
  type: fc.constantFrom(...ItalianNavalTypes),
  factors: fc.integer({ min: 1, max: 5 }),
  status: fc.constantFrom(...ItalianNavalStatuses),
});
const forcesArb = fc
  .record({
    navy: fc.array(shipArb, { maxLength: 10 }),
    infantry: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 7 }),
  })
  .map(
    ({ navy, infantry }): ItalianForces => ({
      navy: navy.map((s, i): ItalianShip => ({ id: `n${i}`, ...s })),
      infantry: infantry.map((factors, i) => ({ id: `i${i}`, factors })),
    }),
  );
const idsOf = (f: ItalianForces, pick: (s: ItalianShip) => boolean) => f.navy.filter(pick).map((s) => s.id);
const named = (s: ItalianShip) => s.type !== 'cruiser' && s.type !== 'destroyer';
// A selection drawn from the units of each category, so that legal ones are common.
const selectionArb = (f: ItalianForces) =>
  fc.record({
    infantry: fc.subarray(f.infantry.map((u) => u.id)),
    namedShips: fc.subarray(idsOf(f, named)),
    cruisers: fc.subarray(idsOf(f, (s) => s.type === 'cruiser')),
    destroyers: fc.subarray(idsOf(f, (s) => s.type === 'destroyer')),
  });
const scenarioArb = forcesArb.chain((f) =>
  fc.record({
    forces: fc.constant(f),
    level: fc.constantFrom(...ItalianSurrenderLevels),
    side: fc.constantFrom('axis' as const, 'allied' as const),
    other: selectionArb(f),
    selection: selectionArb(f),
  }),
);

describe('56.31 allocation invariants', () => {
  it('56.32: a legal allocation never hands out more than the table row nor more than Italy has', () => {
    let legal = 0;
    fc.assert(
      fc.property(scenarioArb, ({ forces: f, level, side, other, selection }) => {
        const alreadyAllocated = level === 0 && side === 'allied' ? other : null;
        const r = validateAllocation({ level, side, forces: f, alreadyAllocated, selection });
        if (!r.legal) return;
        legal++;
        const row = side === 'axis' ? forcesForLevel(level).germany : forcesForLevel(level).us;
        const factors = (ids: readonly string[]) =>
          ids.reduce((t, id) => t + (f.navy.find((s) => s.id === id)?.factors ?? 0), 0);
        expect(r.allocated.infantryFactors).toBeLessThanOrEqual(row.infantryFactors);
        expect(r.allocated.namedShips).toBeLessThanOrEqual(row.namedShips);
        expect(r.allocated.cruisers).toBeLessThanOrEqual(row.cruisers);
        expect(r.allocated.destroyerFactors).toBeLessThanOrEqual(row.destroyerFactors);
        expect(r.allocated.namedShips).toBeLessThanOrEqual(idsOf(f, named).length);
        expect(r.allocated.cruisers).toBeLessThanOrEqual(idsOf(f, (s) => s.type === 'cruiser').length);
        expect(r.allocated.destroyerFactors).toBeLessThanOrEqual(factors(idsOf(f, (s) => s.type === 'destroyer')));
        expect(r.allocated.infantryFactors).toBeLessThanOrEqual(f.infantry.reduce((t, u) => t + u.factors, 0));
        // No unit is handed out twice, nor one the other side took, nor one above the "2" row.
        const chosen = [...selection.infantry, ...selection.namedShips, ...selection.cruisers, ...selection.destroyers];
        expect(new Set(chosen).size).toBe(chosen.length);
        const taken = new Set([
          ...(alreadyAllocated?.infantry ?? []),
          ...(alreadyAllocated?.namedShips ?? []),
          ...(alreadyAllocated?.cruisers ?? []),
          ...(alreadyAllocated?.destroyers ?? []),
        ]);
        for (const id of chosen) {
          expect(taken.has(id)).toBe(false);
          expect(f.navy.find((s) => s.id === id)?.status).not.toBe('row-3-plus');
        }
        // 56.31D: what the side does not receive of its row is lost, never handed to anyone.
        expect(r.allocated.cruisers + r.lost.cruisers).toBe(row.cruisers);
        expect(r.allocated.destroyerFactors + r.lost.destroyerFactors).toBe(row.destroyerFactors);
      }),
      { numRuns: 500 },
    );
    expect(legal).toBeGreaterThan(10);
  });
  it('56.311: at level 0 an Allied selection before the Axis one is always refused', () => {
    fc.assert(
      fc.property(
        forcesArb.chain((f) => fc.tuple(fc.constant(f), selectionArb(f))),
        ([f, selection]) => {
          const r = validateAllocation({ level: 0, side: 'allied', forces: f, alreadyAllocated: null, selection });
          expect(r.legal).toBe(false);
          expect(r.violations.some((v) => v.rule === '56.311')).toBe(true);
        },
      ),
    );
  });
});
