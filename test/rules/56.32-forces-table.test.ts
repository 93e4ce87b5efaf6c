import { describe, expect, it } from 'vitest';
import {
  clampSurrenderLevel,
  forcesForLevel,
  isEmptyRow,
  NAMED_SHIP_FOOTNOTE,
  POST_SURRENDER_ITALIAN_FORCES_TABLE,
} from '../../src/rules/italian-forces-table.js';
import { italianSurrender } from '../../src/rules/italian-surrender.js';

const none = { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 };

describe('56.32 Post-Surrender Italian Forces Table', () => {
  it('56.32: ISL +2: Germany 9 infantry, 1 named, 2 CA, 2 DD; U.S. nothing', () => {
    expect(forcesForLevel(2)).toEqual({
      level: 2,
      germany: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
      us: none,
    });
  });
  it('56.32: ISL +1: Germany 6 infantry, 1 named, 1 CA, 1 DD; U.S. nothing', () => {
    expect(forcesForLevel(1)).toEqual({
      level: 1,
      germany: { infantryFactors: 6, namedShips: 1, cruisers: 1, destroyerFactors: 1 },
      us: none,
    });
  });
  it('56.32: ISL 0: Germany and U.S. each 3 infantry, no named ship, 1 CA, 1 DD', () => {
    const half = { infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 };
    expect(forcesForLevel(0)).toEqual({ level: 0, germany: half, us: half });
  });
  it('56.32: ISL -1: Germany nothing; U.S. 6 infantry, 1 named, 1 CA, 1 DD', () => {
    expect(forcesForLevel(-1)).toEqual({
      level: -1,
      germany: none,
      us: { infantryFactors: 6, namedShips: 1, cruisers: 1, destroyerFactors: 1 },
    });
  });
  it('56.32: ISL -2: Germany nothing; U.S. 9 infantry, 1 named, 2 CA, 2 DD', () => {
    expect(forcesForLevel(-2)).toEqual({
      level: -2,
      germany: none,
      us: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
    });
  });
  it('56.32: the table has exactly the five rows +2..-2 in the printed order', () => {
    expect(POST_SURRENDER_ITALIAN_FORCES_TABLE.map((r) => r.level)).toEqual([2, 1, 0, -1, -2]);
  });
  it('56.32: the table is symmetric between Germany and the U.S.', () => {
    for (const level of [2, 1, 0]) expect(forcesForLevel(level).germany).toEqual(forcesForLevel(-level).us);
  });
  it('56.32: a "-" is an all-zero half row', () => {
    expect(isEmptyRow(forcesForLevel(2).us)).toBe(true);
    expect(isEmptyRow(forcesForLevel(-1).germany)).toBe(true);
    expect(isEmptyRow(forcesForLevel(0).germany)).toBe(false);
  });
  it('56.32: a level outside -2..+2 has no row', () => {
    expect(() => forcesForLevel(3)).toThrow(RangeError);
    expect(() => forcesForLevel(-3)).toThrow(RangeError);
  });
  it('56.32 footnote *: a named ship the selecting player chooses, on the "2" or "Launch" row if unfinished', () => {
    expect(NAMED_SHIP_FOOTNOTE.selectingPlayersChoice).toBe(true);
    expect([...NAMED_SHIP_FOOTNOTE.selectableStatuses].sort()).toEqual([
      'damaged',
      'launch',
      'operational',
      'row-2',
      'sunk-in-port',
    ]);
    expect(NAMED_SHIP_FOOTNOTE.selectableStatuses).not.toContain('row-3-plus');
  });
  it('56.31: clamping maps every integer to a row', () => {
    expect([-7, -2, -1, 0, 1, 2, 9].map(clampSurrenderLevel)).toEqual([-2, -2, -1, 0, 1, 2, 2]);
  });
  it.each([2, 1, 0, -1, -2])('56.32: the calculator returns the row for level %i', (level) => {
    const r = italianSurrender({
      italianDpTotal: level,
      romeAlliedControlled: true,
      axisUnitsInAfrica: false,
      westernAlliesDeclaredWarOnItaly: false,
      italyDeclaredWarOnWesternAlliesYear: null,
      dpsInItaly: { axis: 0, allied: 0 },
      covertOperationsModifier: 0,
    });
    const row = forcesForLevel(level);
    expect(r.forces).toEqual({ germany: row.germany, us: row.us });
  });
});
