// 56.312: infantry and destroyers count in factors, named ships and cruisers by unit.
import { describe, expect, it } from 'vitest';
import {
  largestTotalAtMost,
  validateAllocation,
  type AllocationSelection,
  type ItalianForces,
} from '../../src/rules/italian-allocation.js';
import { selection as sel } from '../support/italian-fixtures.js';
import { validate, rules, axisPlus2, axisLevel0 } from '../support/italian-allocation.js';

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
