// 56.311: at level 0 the Axis selects first and the Allied player from what is left.
import { describe, expect, it } from 'vitest';
import { selection as sel } from '../support/italian-fixtures.js';
import { empty, validate, rules, axisLevel0, alliedLevel0 } from '../support/italian-allocation.js';

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
