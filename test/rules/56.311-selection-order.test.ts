// 56.311: who selects Italy's post-surrender forces, and in which order (src/rules/italian-selection-order.ts).
import { describe, expect, it } from 'vitest';
import {
  bothSidesSelect,
  bothSidesSelectAt,
  nextToSelect,
  outOfOrder,
  selectionOrder,
  selectionRefusal,
} from '../../src/rules/italian-selection-order.js';

const none = { axis: false, allied: false };

describe('56.311: the order of selection', () => {
  it('56.311: both at level 0 (the Axis first), the Axis alone above 0, the Allies alone below 0', () => {
    expect(([2, 1, 0, -1, -2] as const).map((level) => selectionOrder(level))).toEqual([
      ['axis'],
      ['axis'],
      ['axis', 'allied'],
      ['allied'],
      ['allied'],
    ]);
  });

  it('56.311: a Germany out of play selects nothing (ruling 56.311)', () => {
    expect(([2, 0, -1] as const).map((level) => selectionOrder(level, false))).toEqual([[], ['allied'], ['allied']]);
  });

  it('56.311: the two meanings: both sides select in this order, or at this level with Germany in play', () => {
    expect([
      bothSidesSelect(['axis', 'allied']),
      bothSidesSelect(['allied']),
      bothSidesSelect(selectionOrder(0, false)),
    ]).toEqual([true, false, false]);
    expect(([2, 1, 0, -1, -2] as const).map(bothSidesSelectAt)).toEqual([false, false, true, false, false]);
  });

  it('56.311: nextToSelect follows the order and what is made', () => {
    const order = selectionOrder(0);
    expect([
      nextToSelect(order, none),
      nextToSelect(order, { axis: true, allied: false }),
      nextToSelect(order, { axis: true, allied: true }),
      nextToSelect([], none),
    ]).toEqual(['axis', 'allied', null, null]);
  });

  it('56.311: outOfOrder names each breach of the order', () => {
    expect(outOfOrder(0, 'allied', none)?.message).toBe(
      'At surrender level 0 the Axis player selects the post-surrender Italian forces before the Allied player',
    );
    expect(outOfOrder(0, 'axis', { axis: false, allied: true })?.message).toBe(
      'The Axis player selects before the Allied player, but an Allied selection has already been made',
    );
    expect(outOfOrder(1, 'axis', { axis: false, allied: true })?.message).toBe(
      'Only at surrender level 0 do both sides select; at level +1 only Germany does',
    );
    expect(outOfOrder(-2, 'allied', { axis: true, allied: false })?.message).toBe(
      'Only at surrender level 0 do both sides select; at level -2 only the United States does',
    );
    expect([
      outOfOrder(0, 'axis', none),
      outOfOrder(0, 'allied', { axis: true, allied: false }),
      outOfOrder(2, 'axis', none),
    ]).toEqual([null, null, null]);
  });

  it('56.311: selectionRefusal says why the Italy machine refuses a selection out of turn', () => {
    const refuse = (
      surrenderLevel: number,
      selectionOrder: ('axis' | 'allied')[],
      germanyInPlay: boolean,
      side: 'axis' | 'allied',
    ) => selectionRefusal({ surrenderLevel, selectionOrder, germanyInPlay }, side);
    expect(refuse(0, ['allied'], false, 'axis')).toEqual({
      code: 'illegal',
      rule: '56.311',
      message: 'Germany has surrendered (55.31): the Axis player selects no post-surrender Italian forces',
    });
    expect(refuse(-1, ['allied'], true, 'axis')).toEqual({
      code: 'illegal',
      rule: '56.311',
      message:
        'only at surrender level 0 do both sides select; at level -1 only the United States (the Allied player) ' +
        'receives post-surrender Italian forces',
    });
    expect(refuse(2, ['axis'], true, 'allied').message).toBe(
      'only at surrender level 0 do both sides select; at level +2 only Germany (the Axis player) receives ' +
        'post-surrender Italian forces',
    );
    expect(refuse(0, ['axis', 'allied'], true, 'axis')).toEqual({
      code: 'not-pending',
      rule: '56.311',
      message: 'the Axis player has already selected its post-surrender Italian forces',
    });
    expect(refuse(0, ['axis', 'allied'], true, 'allied')).toEqual({
      code: 'illegal',
      rule: '56.311',
      message:
        'at surrender level 0 the Axis player selects the post-surrender Italian forces before the Allied player',
    });
  });
});
