import { describe, expect, it } from 'vitest';
import {
  CONCESSION_TABLE,
  MAX_INDEMNITY_BRPS,
  TerritoryKeys,
  concessionPoints,
  indemnityValue,
  isTerritoryKey,
  minorValue,
} from '../../src/rules/british-concession-table.js';

describe('59.65 British Concession Table', () => {
  it('59.65: the 18 territories with their priorities and values', () => {
    const table = Object.fromEntries(
      TerritoryKeys.map((k) => [k, [CONCESSION_TABLE[k].priority, CONCESSION_TABLE[k].value]]),
    );
    expect(table).toEqual({
      'lebanon-syria': [1, 1],
      tunisia: [1, 1],
      algeria: [1, 1],
      morocco: [1, 1],
      libya: [1, 1],
      albania: [1, 1],
      malta: [3, 1],
      palestine: [3, 1],
      transjordan: [3, 1],
      egypt: [4, 2],
      iraq: [4, 2],
      gibraltar: [4, 3],
      ulster: [5, 2],
      ireland: [5, 2],
      'scapa-flow': [5, 3],
      scotland: [6, 4],
      'central-england': [7, 5],
      'southern-england': [8, 6],
    });
    expect(TerritoryKeys).toHaveLength(18);
  });

  it('59.65: Cyprus and Kuwait are not table keys (they are part of Palestine and Iraq)', () => {
    expect(isTerritoryKey('cyprus')).toBe(false);
    expect(isTerritoryKey('kuwait')).toBe(false);
    expect(isTerritoryKey('palestine')).toBe(true);
    expect(isTerritoryKey('toString')).toBe(false);
  });

  it('59.65: minor neutrality is worth one point per full five BRPs', () => {
    expect(minorValue(4, 'neutral')).toBe(0);
    expect(minorValue(5, 'neutral')).toBe(1);
    expect(minorValue(14, 'neutral')).toBe(2);
    expect(minorValue(15, 'neutral')).toBe(3);
  });

  it('59.65: minor Axis control is worth two points per full five BRPs', () => {
    expect(minorValue(4, 'axis')).toBe(0);
    expect(minorValue(5, 'axis')).toBe(2);
    expect(minorValue(14, 'axis')).toBe(4);
    expect(minorValue(20, 'axis')).toBe(8);
  });

  it('59.65: an indemnity is worth one point per 10 BRPs, at most 30 BRPs', () => {
    expect([0, 10, 20, 30].map(indemnityValue)).toEqual([0, 1, 2, 3]);
    expect(MAX_INDEMNITY_BRPS).toBe(30);
    expect(indemnityValue(40)).toBe(3);
  });

  it('59.65: two concession points per surrender level below 0, none at 0', () => {
    expect(concessionPoints(0)).toBe(0);
    expect(concessionPoints(-1)).toBe(2);
    expect(concessionPoints(-2)).toBe(4);
    expect(concessionPoints(-10)).toBe(20);
  });

  it('59.872: after an earlier surrender, points come from the difference of the levels', () => {
    expect(concessionPoints(-5, -2)).toBe(6);
    expect(concessionPoints(-3, -1)).toBe(4);
    expect(concessionPoints(-3, -3)).toBe(0);
  });
});
