import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { italianSurrender, type ItalianSurrenderInput } from '../../src/rules/italian-surrender.js';
import { italianInput } from '../support/italian-fixtures.js';
import { italianLineCodes } from '../../src/rules/italian-lines.js';
import { wordedLines } from '../../src/rules/line-spec.js';

// Italy at DP total 0 with Rome under Allied control: it surrenders, and the tests set the level.
/** The result with each line's words, rendered from its params (src/rules/italian-lines.ts). */
const run = (over: Partial<ItalianSurrenderInput>) => {
  const result = italianSurrender(italianInput({ romeAlliedControlled: true, ...over }));
  return { ...result, lines: wordedLines(italianLineCodes, result.lines) };
};

describe('56.31 Italian surrender level', () => {
  it('56.31: the level starts from the modified DP total (56.12A and 56.12B included)', () => {
    const r = run({
      italianDpTotal: -1,
      westernAlliesDeclaredWarOnItaly: true,
      italyDeclaredWarOnWesternAlliesYear: 1942,
    });
    expect(r.dpTotal).toBe(-1);
    expect(r.surrenderLevel).toBe(-1);
  });
  it('56.31: each Axis DP in Italy raises the level by 1', () => {
    const r = run({ italianDpTotal: -1, dpsInItaly: { axis: 2, allied: 0 } });
    expect(r.surrenderLevel).toBe(1);
    expect(r.lines[3]).toEqual({
      key: 'dpsInItaly',
      rule: '56.31',
      value: 2,
      detail: 'Axis DPs in Italy 2, Allied DPs in Italy 0: +2',
    });
  });
  it('56.31: each Allied DP in Italy lowers the level by 1', () => {
    const r = run({ italianDpTotal: 1, dpsInItaly: { axis: 0, allied: 2 } });
    expect(r.surrenderLevel).toBe(-1);
    expect(r.lines[3]?.value).toBe(-2);
  });
  it('56.31: Axis and Allied DPs in Italy offset each other', () => {
    expect(run({ dpsInItaly: { axis: 3, allied: 2 } }).surrenderLevel).toBe(1);
  });
  it('56.31: the covert operations modifier is added as given', () => {
    expect(run({ covertOperationsModifier: -1 }).surrenderLevel).toBe(-1);
    expect(run({ covertOperationsModifier: 2 }).surrenderLevel).toBe(2);
    expect(run({ covertOperationsModifier: 1 }).lines[4]).toEqual({
      key: 'covertOperations',
      rule: '56.31',
      value: 1,
      detail: 'Covert operations: +1',
    });
  });
  it('56.31: the 56.31 modifiers do not change the DP total', () => {
    expect(run({ italianDpTotal: -2, dpsInItaly: { axis: 4, allied: 0 }, covertOperationsModifier: 1 }).dpTotal).toBe(
      -2,
    );
  });
  it('56.31: a level of -5 is treated as -2', () => {
    const r = run({ italianDpTotal: -5 });
    expect(r.surrenderLevel).toBe(-2);
    expect(r.forces.us).toEqual({ infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 });
  });
  it('56.31: a level of +3 is treated as +2', () => {
    expect(run({ italianDpTotal: -1, dpsInItaly: { axis: 4, allied: 0 } }).surrenderLevel).toBe(2);
  });
  it('56.31: exactly +2 and -2 are kept', () => {
    expect(run({ covertOperationsModifier: 2 }).surrenderLevel).toBe(2);
    expect(run({ covertOperationsModifier: -2 }).surrenderLevel).toBe(-2);
  });
  it('56.31: the level is computed when Italy does not surrender', () => {
    const r = run({ italianDpTotal: 4, romeAlliedControlled: false, dpsInItaly: { axis: 0, allied: 5 } });
    expect(r.surrenders).toBe(false);
    expect(r.surrenderLevel).toBe(-1);
    expect(r.forces.us).toEqual({ infantryFactors: 6, namedShips: 1, cruisers: 1, destroyerFactors: 1 });
  });
  it('56.31: the lines sum to the unclamped level', () => {
    const r = run({
      italianDpTotal: -3,
      westernAlliesDeclaredWarOnItaly: true,
      italyDeclaredWarOnWesternAlliesYear: 1941,
      dpsInItaly: { axis: 1, allied: 4 },
      covertOperationsModifier: -1,
    });
    expect(r.lines.map((l) => l.value)).toEqual([-3, 2, -1, -3, -1]);
    expect(r.lines.map((l) => l.rule)).toEqual(['56.12', '56.12A', '56.12B', '56.31', '56.31']);
    expect(r.dpTotal).toBe(-2);
    expect(r.surrenderLevel).toBe(-2);
  });
  it('56.311: at level 0 the Axis selects first', () => {
    const r = run({});
    expect(r.surrenderLevel).toBe(0);
    expect(r.axisSelectsFirst).toBe(true);
  });
  it.each([2, 1, -1, -2])('56.311: at level %i the sides do not both select', (level) => {
    const r = run({ covertOperationsModifier: level });
    expect(r.surrenderLevel).toBe(level);
    expect(r.axisSelectsFirst).toBe(false);
  });

  const inputs = fc.record({
    italianDpTotal: fc.integer({ min: -50, max: 50 }),
    romeAlliedControlled: fc.boolean(),
    axisUnitsInAfrica: fc.boolean(),
    westernAlliesDeclaredWarOnItaly: fc.boolean(),
    italyDeclaredWarOnWesternAlliesYear: fc.option(fc.integer({ min: 1900, max: 2100 })),
    dpsInItaly: fc.record({ axis: fc.nat(40), allied: fc.nat(40) }),
    covertOperationsModifier: fc.integer({ min: -20, max: 20 }),
  });
  it('56.31: the surrender level is always within -2..+2 and selects a row of the table', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = italianSurrender(input);
        expect(Number.isInteger(r.surrenderLevel)).toBe(true);
        expect(Math.abs(r.surrenderLevel)).toBeLessThanOrEqual(2);
        // 56.311: only at level 0 do both sides receive forces; otherwise exactly one does.
        const gets = (a: { infantryFactors: number }) => a.infantryFactors > 0;
        expect(gets(r.forces.germany) && gets(r.forces.us)).toBe(r.surrenderLevel === 0);
        expect(gets(r.forces.germany) || gets(r.forces.us)).toBe(true);
      }),
    );
  });
  it('56.31: more Allied DPs in Italy never raise the level', () => {
    fc.assert(
      fc.property(inputs, fc.nat(10), (input, extra) => {
        const more = { ...input, dpsInItaly: { ...input.dpsInItaly, allied: input.dpsInItaly.allied + extra } };
        expect(italianSurrender(more).surrenderLevel).toBeLessThanOrEqual(italianSurrender(input).surrenderLevel);
      }),
    );
  });
});
