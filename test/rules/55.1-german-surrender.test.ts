// Rule 55.1: the German surrender conditions (55.11) and German collapse (55.12), as a pure calculator.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { germanSurrender, germanSurrenderInput, type GermanSurrenderInput } from '../../src/rules/german-resistance.js';
import { atomicAttackModifier } from '../../src/rules/atomic-attacks.js';

const base: GermanSurrenderInput = {
  berlin: 'axis',
  germanDpTotal: 0,
  germanyControlsBerchtesgaden: false,
  germanCitiesFirestormed: 0,
  atomicAttacksOnGermany: 0,
  allGermanHexesAlliedOrAtomic: false,
};
const run = (over: Partial<GermanSurrenderInput>) => germanSurrender({ ...base, ...over });

describe('55.11 German surrender conditions', () => {
  it('55.11A: Berlin under Allied control with resistance 0 surrenders', () => {
    expect(run({ berlin: 'allied', germanDpTotal: 0 })).toMatchObject({
      resistance: 0,
      surrenders: true,
      reason: 'berlin-and-resistance',
    });
  });
  it('55.11A: an atomic attack marker in Berlin is enough', () => {
    expect(run({ berlin: 'atomic', germanDpTotal: 2, atomicAttacksOnGermany: 1 })).toMatchObject({
      resistance: -1,
      surrenders: true,
    });
  });
  it('55.11A: with Berlin Axis-held, no resistance level however low makes Germany surrender', () => {
    expect(run({ berlin: 'axis', germanDpTotal: -20 })).toMatchObject({
      resistance: -20,
      surrenders: false,
      reason: null,
    });
  });
  it('55.11B: resistance +1 with Berlin fallen does not surrender', () => {
    expect(run({ berlin: 'allied', germanDpTotal: 1 })).toMatchObject({
      resistance: 1,
      surrenders: false,
      reason: null,
    });
  });
  it(
    '55.11B: the lines are the DP total, +1 for ' +
      'Berchtesgaden, -1 per firestorm and the atomic attacks, in that order',
    () => {
      const result = run({
        berlin: 'allied',
        germanDpTotal: 3,
        germanyControlsBerchtesgaden: true,
        germanCitiesFirestormed: 2,
        atomicAttacksOnGermany: 2,
      });
      expect(result.lines.map((l) => [l.key, l.rule, l.value])).toEqual([
        ['dpTotal', '55.11B', 3],
        ['berchtesgaden', '55.11B', 1],
        ['firestorms', '55.11B', -2],
        ['atomicAttacks', '55.11B', -5],
      ]);
      expect(result.resistance).toBe(-3);
      expect(result.surrenders).toBe(true);
    },
  );
  it('55.11B: Berchtesgaden adds +1 only when Germany controls it', () => {
    expect(run({ germanyControlsBerchtesgaden: true }).resistance).toBe(1);
    expect(run({ germanyControlsBerchtesgaden: false }).resistance).toBe(0);
  });
  it('55.11B: each firestormed German city is -1 (26.93A)', () => {
    expect(run({ germanCitiesFirestormed: 4 }).resistance).toBe(-4);
  });
  it('55.11B: atomic attacks are -3 for the first, -2 more for the second, -1 more for each after (43.321A)', () => {
    expect([0, 1, 2, 3, 4, 7].map(atomicAttackModifier)).toEqual([0, -3, -5, -6, -7, -10]);
    expect(run({ atomicAttacksOnGermany: 3 }).lines.find((l) => l.key === 'atomicAttacks')?.value).toBe(-6);
  });
});

describe('55.12 German collapse', () => {
  it(
    '55.12: Germany surrenders when every hex of Germany is ' +
      'Allied-controlled or atomic-attacked, whatever its resistance',
    () => {
      expect(run({ berlin: 'allied', germanDpTotal: 12, allGermanHexesAlliedOrAtomic: true })).toMatchObject({
        resistance: 12,
        surrenders: true,
        reason: 'collapse',
      });
    },
  );
  it('55.12: when 55.11 also holds the reason is 55.11 (berlin-and-resistance)', () => {
    expect(run({ berlin: 'allied', germanDpTotal: -1, allGermanHexesAlliedOrAtomic: true }).reason).toBe(
      'berlin-and-resistance',
    );
  });
});

describe('55.1 properties', () => {
  const input = fc.record({
    berlin: fc.constantFrom('axis' as const, 'allied' as const, 'atomic' as const),
    germanDpTotal: fc.integer({ min: -30, max: 30 }),
    germanyControlsBerchtesgaden: fc.boolean(),
    germanCitiesFirestormed: fc.nat({ max: 40 }),
    atomicAttacksOnGermany: fc.nat({ max: 10 }),
    allGermanHexesAlliedOrAtomic: fc.boolean(),
  });
  it('55.11B: the resistance level is the sum of its lines', () => {
    fc.assert(
      fc.property(
        input,
        (i) => germanSurrender(i).resistance === germanSurrender(i).lines.reduce((s, l) => s + l.value, 0),
      ),
    );
  });
  it('55.11: Germany never surrenders while it holds Berlin unless Germany has collapsed (55.12)', () => {
    fc.assert(
      fc.property(
        input,
        (i) => !(i.berlin === 'axis' && !i.allGermanHexesAlliedOrAtomic) || !germanSurrender(i).surrenders,
      ),
    );
  });
  it('55.11B: one more firestorm or atomic attack never raises German resistance', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = germanSurrender(i).resistance;
        return (
          germanSurrender({ ...i, germanCitiesFirestormed: i.germanCitiesFirestormed + 1 }).resistance < r &&
          germanSurrender({ ...i, atomicAttacksOnGermany: i.atomicAttacksOnGermany + 1 }).resistance < r
        );
      }),
    );
  });
});

describe('55.1 input validation', () => {
  it('refuses an unknown field, a negative count and an unknown Berlin status with the JSON path', () => {
    expect(germanSurrenderInput.firstError({ ...base, extra: 1 })?.message).toBe('extra: unknown field');
    expect(germanSurrenderInput.firstError({ ...base, germanCitiesFirestormed: -1 })?.message).toBe(
      'germanCitiesFirestormed: expected a non-negative integer',
    );
    expect(germanSurrenderInput.firstError({ ...base, berlin: 'firestorm' })?.message).toBe(
      'berlin: expected one of "axis", "allied", "atomic"',
    );
    expect(germanSurrenderInput.firstError({ ...base, germanDpTotal: 1.5 })?.message).toBe(
      'germanDpTotal: expected an integer',
    );
  });
});
