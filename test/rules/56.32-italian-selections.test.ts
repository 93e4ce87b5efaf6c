// 56.32: the selections validateAllocation accepts and refuses at each surrender level, and which ships may be
// selected at all (the table's footnote *).
import { describe, expect, it } from 'vitest';
import { validateAllocation } from '../../src/rules/italian-allocation.js';
import { selection as sel } from '../support/italian-fixtures.js';
import type { ItalianSurrenderLevel } from '../../src/rules/italian-forces-table.js';
import {
  forces,
  empty,
  validate,
  rules,
  zero,
  axisPlus2,
  axisLevel0,
  alliedLevel0,
} from '../support/italian-allocation.js';

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
