import { describe, expect, it } from 'vitest';
import {
  declarationYearModifier,
  italianSurrender,
  type ItalianSurrenderInput,
} from '../../src/rules/italian-surrender.js';
import { italianInput } from '../support/italian-fixtures.js';
import { italianLineCodes } from '../../src/rules/italian-lines.js';
import { wordedLines } from '../../src/rules/line-spec.js';

/** The result with each line's words, rendered from its params (src/rules/italian-lines.ts). */
const run = (over: Partial<ItalianSurrenderInput>) => {
  const result = italianSurrender(italianInput(over));
  return { ...result, lines: wordedLines(italianLineCodes, result.lines) };
};

describe('56.11 Italian surrender conditions', () => {
  it('56.11: a DP total of zero alone is not enough (Rome Axis, Axis units in Africa)', () => {
    expect(run({}).surrenders).toBe(false);
  });
  it('56.11A: DP total zero and Rome under Allied control: Italy surrenders', () => {
    expect(run({ romeAlliedControlled: true }).surrenders).toBe(true);
  });
  it('56.11A: Rome under Allied control with a DP total of +1: no surrender', () => {
    expect(run({ romeAlliedControlled: true, italianDpTotal: 1 }).surrenders).toBe(false);
  });
  it('56.11B: DP total -3 and no Axis units in Africa: Italy surrenders', () => {
    expect(run({ axisUnitsInAfrica: false, italianDpTotal: -3 }).surrenders).toBe(true);
  });
  it('56.11B: no Axis units in Africa with a DP total of +2: no surrender', () => {
    expect(run({ axisUnitsInAfrica: false, italianDpTotal: 2 }).surrenders).toBe(false);
  });
  it('56.11: both conditions met and DP total -1: Italy surrenders', () => {
    expect(run({ axisUnitsInAfrica: false, romeAlliedControlled: true, italianDpTotal: -1 }).surrenders).toBe(true);
  });
  it('56.11: the DPs in Italy and covert operations (56.31) do not enter the surrender test', () => {
    const r = run({
      romeAlliedControlled: true,
      dpsInItaly: { axis: 0, allied: 5 },
      covertOperationsModifier: -3,
      italianDpTotal: 1,
    });
    expect(r.dpTotal).toBe(1);
    expect(r.surrenders).toBe(false);
  });
});

describe("56.12 Italy's DP total", () => {
  it('56.12: the DP total may be negative and is the raw total without modifiers', () => {
    const r = run({ italianDpTotal: -4 });
    expect(r.dpTotal).toBe(-4);
    expect(r.lines[0]).toEqual({
      key: 'dpTotal',
      rule: '56.12',
      value: -4,
      detail: 'Italian DP total at the end of the Allied player turn, as during a YSS: -4',
    });
  });
  it('56.12A: a Western Allied declaration of war on Italy adds +2', () => {
    const r = run({ westernAlliesDeclaredWarOnItaly: true, italianDpTotal: -1 });
    expect(r.dpTotal).toBe(1);
    expect(r.lines[1]).toEqual({
      key: 'westernAlliesDeclaredWar',
      rule: '56.12A',
      value: 2,
      detail: 'The Western Allies declared war on Italy: +2',
    });
  });
  it('56.12A: the +2 can keep Italy from surrendering', () => {
    expect(
      run({ romeAlliedControlled: true, italianDpTotal: -2, westernAlliesDeclaredWarOnItaly: false }).surrenders,
    ).toBe(true);
    expect(
      run({ romeAlliedControlled: true, italianDpTotal: -1, westernAlliesDeclaredWarOnItaly: true }).surrenders,
    ).toBe(false);
  });
  it('56.12A: no declaration, 0', () => {
    expect(run({}).lines[1]).toEqual({
      key: 'westernAlliesDeclaredWar',
      rule: '56.12A',
      value: 0,
      detail: 'The Western Allies did not declare war on Italy: 0',
    });
  });
  it.each([
    [null, 0],
    [1939, 0],
    [1940, 0],
    [1941, -1],
    [1942, -2],
    [1943, -3],
    [1944, -4],
    [1945, -5],
  ] as const)('56.12B: an Italian declaration of war in %s gives %i', (year, modifier) => {
    expect(declarationYearModifier(year)).toBe(modifier);
    const r = run({ italianDpTotal: 3, italyDeclaredWarOnWesternAlliesYear: year });
    expect(r.lines[2]?.value).toBe(modifier);
    expect(r.lines[2]?.rule).toBe('56.12B');
    expect(r.dpTotal).toBe(3 + modifier);
  });
  it('56.12B: the 1942 line reads -2', () => {
    expect(run({ italyDeclaredWarOnWesternAlliesYear: 1942 }).lines[2]).toEqual({
      key: 'italianDeclarationYear',
      rule: '56.12B',
      value: -2,
      detail: 'Italy declared war on the Western Allies in 1942 (-1 for 1941, -1 more per later year): -2',
    });
  });
  it('56.12B: a 1942 declaration brings a DP total of +2 to zero, and Italy surrenders with Rome lost', () => {
    const r = run({ italianDpTotal: 2, romeAlliedControlled: true, italyDeclaredWarOnWesternAlliesYear: 1942 });
    expect(r.dpTotal).toBe(0);
    expect(r.surrenders).toBe(true);
  });
  it('56.12: both modifiers together: 1 + 2 - 3 = 0', () => {
    const r = run({
      italianDpTotal: 1,
      westernAlliesDeclaredWarOnItaly: true,
      italyDeclaredWarOnWesternAlliesYear: 1943,
    });
    expect(r.dpTotal).toBe(0);
  });
});
