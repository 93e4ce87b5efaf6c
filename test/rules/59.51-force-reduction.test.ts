import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  eligibleForRemoval,
  forceReduction,
  forceRequirements,
  smallestReachableAtLeast,
  type ForceReductionInput,
  type ForceUnit,
} from '../../src/rules/force-reduction.js';
import { NAVAL_DISCOUNT, navalValue } from '../../src/rules/force-weights.js';

type UnitSpec = Partial<ForceUnit> & Pick<ForceUnit, 'id'>;
const unit = (u: UnitSpec): ForceUnit => ({
  nationality: 'british',
  kind: 'ground',
  factors: 0,
  brps: 0,
  theater: 'europe',
  ...u,
});
const ship = (
  id: string,
  factors: number,
  status: NonNullable<ForceUnit['naval']>['status'] = 'operational',
  type: NonNullable<ForceUnit['naval']>['type'] = 'battleship',
): ForceUnit => unit({ id, kind: 'naval', factors, naval: { type, status } });
const aaf = (id: string, factors: number, extra: Partial<ForceUnit> = {}): ForceUnit =>
  unit({ id, kind: 'aaf', factors, ...extra });
const inf = (id: string, brps: number, extra: Partial<ForceUnit> = {}): ForceUnit =>
  unit({ id, kind: 'ground', factors: brps, brps, ...extra });

/** A -1 surrender with exactly enough of everything: AAF 2, ground 4 BRPs, a 10-factor battleship. */
const basePool = (): ForceUnit[] => [aaf('aaf-2', 2), inf('inf-4', 4), ship('bb-10', 10)];
const run = (over: Partial<ForceReductionInput>): ReturnType<typeof forceReduction> =>
  forceReduction({
    surrenderLevel: -1,
    scenario: 'global',
    units: basePool(),
    selection: ['aaf-2', 'inf-4', 'bb-10'],
    ...over,
  });
const ruleList = (r: ReturnType<typeof forceReduction>) => r.violations.map((v) => v.rule);

describe('59.511-59.512 requirements', () => {
  it('59.511: a 0 surrender level removes nothing', () => {
    expect(forceRequirements(0)).toEqual({ aafFactors: 0, groundNasBrps: 0, navalFactors: 0 });
    const r = run({ surrenderLevel: 0, selection: [] });
    expect(r).toEqual({
      legal: true,
      violations: [],
      required: { aafFactors: 0, groundNasBrps: 0, navalFactors: 0 },
      selected: { aafFactors: 0, groundNasBrps: 0, navalFactors: 0 },
    });
  });

  it('59.511: at a 0 surrender level no unit may be selected', () => {
    const r = run({ surrenderLevel: 0, selection: ['inf-4'] });
    expect(r.violations).toEqual([
      {
        rule: '59.511',
        message: 'a 0 surrender level has no effect on British forces: nothing may be selected (inf-4)',
      },
    ]);
  });

  it('59.512: the example: -1 removes 2 AAF, 4 BRPs and 10 naval factors; -2 removes 4, 8 and 20', () => {
    expect(forceRequirements(-1)).toEqual({ aafFactors: 2, groundNasBrps: 4, navalFactors: 10 });
    expect(forceRequirements(-2)).toEqual({ aafFactors: 4, groundNasBrps: 8, navalFactors: 20 });
    expect(forceRequirements(-10)).toEqual({ aafFactors: 20, groundNasBrps: 40, navalFactors: 100 });
  });

  it('59.512: an exact -1 selection is legal', () => {
    expect(run({})).toEqual({
      legal: true,
      violations: [],
      required: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
      selected: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
    });
  });

  it('59.872: a second surrender removes forces for the difference of the levels', () => {
    expect(forceRequirements(-3, -1)).toEqual({ aafFactors: 4, groundNasBrps: 8, navalFactors: 20 });
    const r = run({ surrenderLevel: -4, previousSurrenderLevel: -3 });
    expect(r.legal).toBe(true);
    expect(r.required).toEqual({ aafFactors: 2, groundNasBrps: 4, navalFactors: 10 });
  });
});

describe('59.513 implementing British force reductions', () => {
  it('59.513A: the British player chooses among units of equal worth', () => {
    const units = [...basePool(), inf('inf-4b', 4)];
    expect(run({ units, selection: ['aaf-2', 'inf-4', 'bb-10'] }).legal).toBe(true);
    expect(run({ units, selection: ['aaf-2', 'inf-4b', 'bb-10'] }).legal).toBe(true);
  });

  it(
    '59.513B: unbuilt ground units and those in Europe and the ' +
      'Pacific are subject to removal; NAS count with ground BRPs',
    () => {
      for (const theater of ['unbuilt', 'europe', 'pacific'] as const)
        expect(eligibleForRemoval(inf('g', 4, { theater }), 'european')).toBeNull();
      const units = [
        aaf('aaf-2', 2),
        inf('inf-2', 2, { theater: 'unbuilt' }),
        unit({ id: 'nas-2', kind: 'nas', factors: 1, brps: 2, theater: 'pacific' }),
        ship('bb-10', 10),
      ];
      const r = run({ units, selection: ['aaf-2', 'inf-2', 'nas-2', 'bb-10'] });
      expect(r).toMatchObject({ legal: true, selected: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 } });
    },
  );

  it(
    '59.513B with 59.893: ground units in Asia are subject ' +
      'to removal in the global game, not in a European scenario',
    () => {
      const asian = inf('asia-inf', 4, { theater: 'asia' });
      expect(eligibleForRemoval(asian, 'global')).toBeNull();
      expect(eligibleForRemoval(asian, 'european')).toEqual({
        rule: '59.513B',
        message: 'asia-inf: units in Asia are not subject to reduction in a European scenario',
      });
    },
  );

  it('59.513C: AAF anywhere but Asia in a European scenario are subject to removal', () => {
    expect(eligibleForRemoval(aaf('a', 2, { theater: 'unbuilt' }), 'european')).toBeNull();
    expect(eligibleForRemoval(aaf('a', 2, { theater: 'asia' }), 'global')).toBeNull();
    expect(eligibleForRemoval(aaf('a', 2, { theater: 'asia' }), 'european')?.rule).toBe('59.513C');
  });

  it('59.513D: submarines, incomplete, damaged, sunk-in-port and salvageable ships are subject to elimination', () => {
    expect(eligibleForRemoval(ship('ss', 2, 'operational', 'submarine'), 'european')).toBeNull();
    for (const status of ['incomplete', 'damaged', 'sunk-in-port', 'salvageable'] as const)
      expect(eligibleForRemoval(ship('s', 4, status), 'european')).toBeNull();
  });

  it('59.513D: naval units in Asia are subject to elimination except in a European scenario', () => {
    const asian = unit({
      id: 'asia-bb',
      kind: 'naval',
      factors: 10,
      theater: 'asia',
      naval: { type: 'battleship', status: 'operational' },
    });
    expect(eligibleForRemoval(asian, 'global')).toBeNull();
    expect(eligibleForRemoval(asian, 'european')).toEqual({
      rule: '59.513D',
      message: 'asia-bb: units in Asia are not subject to reduction in a European scenario',
    });
    const r = run({ scenario: 'european', units: [...basePool(), asian], selection: ['aaf-2', 'inf-4', 'asia-bb'] });
    expect(ruleList(r)).toEqual(['59.513D', '59.513F']);
  });

  it('59.513D (ruling): discounted ships count at half, pooled per selection and rounded down once', () => {
    expect(NAVAL_DISCOUNT).toEqual({ numerator: 1, denominator: 2 });
    expect(navalValue([ship('a', 3, 'damaged'), ship('b', 3, 'damaged')])).toBe(3);
    expect(navalValue([ship('a', 9), ship('b', 1, 'incomplete'), ship('c', 1, 'salvageable')])).toBe(10);
    expect(navalValue([ship('a', 9), ship('b', 1, 'sunk-in-port')])).toBe(9);
    // Two 1-factor damaged destroyers together make the 10 that one alone cannot.
    const units = [
      aaf('aaf-2', 2),
      inf('inf-4', 4),
      ship('bb-9', 9),
      ship('dd-1a', 1, 'damaged', 'destroyer'),
      ship('dd-1b', 1, 'damaged', 'destroyer'),
    ];
    expect(run({ units, selection: ['aaf-2', 'inf-4', 'bb-9', 'dd-1a', 'dd-1b'] })).toMatchObject({
      legal: true,
      selected: { navalFactors: 10 },
    });
  });

  it('59.513D (ruling): the smallest total is found in half-factors', () => {
    // 9 + 1.5 = 10.5 -> 10 meets 10 exactly; adding the damaged 1-factor destroyer would make 11.
    const units = [
      aaf('aaf-2', 2),
      inf('inf-4', 4),
      ship('bb-9', 9),
      ship('ca-3', 3, 'damaged', 'cruiser'),
      ship('dd-1', 1, 'damaged', 'destroyer'),
    ];
    expect(run({ units, selection: ['aaf-2', 'inf-4', 'bb-9', 'ca-3'] })).toMatchObject({
      legal: true,
      selected: { navalFactors: 10 },
    });
    expect(run({ units, selection: ['aaf-2', 'inf-4', 'bb-9', 'dd-1'] }).violations).toEqual([
      { rule: '59.513F', message: '9 naval factors selected: at least 10 are required' },
    ]);
    expect(run({ units, selection: ['aaf-2', 'inf-4', 'bb-9', 'ca-3', 'dd-1'] }).violations).toEqual([
      {
        rule: '59.513F',
        message:
          '11 naval factors selected where 10 would meet the ' +
          'requirement of 10: excess only where the denominations force it',
      },
      { rule: '59.513F', message: 'dd-1 could be dropped with the requirement of 10 naval factors still met' },
    ]);
  });

  it('59.513E: a category whose eligible pool falls short is eliminated whole, with no effect on the others', () => {
    const units = [
      aaf('aaf-1', 1),
      aaf('aus-aaf', 4, { nationality: 'australian' }),
      inf('inf-4', 4),
      ship('bb-10', 10),
    ];
    const r = run({ units, selection: ['aaf-1', 'inf-4', 'bb-10'] });
    expect(r).toEqual({
      legal: true,
      violations: [],
      required: { aafFactors: 1, groundNasBrps: 4, navalFactors: 10 },
      selected: { aafFactors: 1, groundNasBrps: 4, navalFactors: 10 },
    });
  });

  it('59.513E: every eligible unit of a short category must go', () => {
    const units = [
      aaf('aaf-1', 1),
      inf('inf-4', 4),
      ship('ca-4', 4, 'operational', 'cruiser'),
      ship('dd-3', 3, 'operational', 'destroyer'),
    ];
    const r = run({ units, selection: ['aaf-1', 'inf-4', 'ca-4'] });
    expect(r.required).toEqual({ aafFactors: 1, groundNasBrps: 4, navalFactors: 7 });
    expect(r.violations).toEqual([
      {
        rule: '59.513E',
        message:
          'the eligible pool holds only 7 naval factors of the ' +
          '10 required, so every eligible unit must go: missing dd-3',
      },
    ]);
  });

  it('59.513E: an empty category requires nothing', () => {
    const r = run({ units: [aaf('aaf-2', 2), inf('inf-4', 4)], selection: ['aaf-2', 'inf-4'] });
    expect(r).toMatchObject({ legal: true, required: { navalFactors: 0 }, selected: { navalFactors: 0 } });
  });

  it("59.513F: the rule's example: four 3-factor battleships to meet ten naval factors", () => {
    const bbs = ['bb-a', 'bb-b', 'bb-c', 'bb-d'];
    const units = [aaf('aaf-2', 2), inf('inf-4', 4), ...bbs.map((id) => ship(id, 3))];
    expect(run({ units, selection: ['aaf-2', 'inf-4', ...bbs] })).toMatchObject({
      legal: true,
      required: { navalFactors: 10 },
      selected: { navalFactors: 12 },
    });
    expect(run({ units, selection: ['aaf-2', 'inf-4', 'bb-a', 'bb-b', 'bb-c'] }).violations).toEqual([
      { rule: '59.513F', message: '9 naval factors selected: at least 10 are required' },
    ]);
  });

  it('59.513F: excess is allowed only where the denominations force it', () => {
    // 3 + 3 + 3 + 1 = 10 is possible, so four battleships (12) are too many.
    const bbs = ['bb-a', 'bb-b', 'bb-c', 'bb-d'];
    const units = [
      aaf('aaf-2', 2),
      inf('inf-4', 4),
      ...bbs.map((id) => ship(id, 3)),
      ship('dd-1', 1, 'operational', 'destroyer'),
    ];
    expect(ruleList(run({ units, selection: ['aaf-2', 'inf-4', ...bbs] }))).toEqual(['59.513F']);
    expect(run({ units, selection: ['aaf-2', 'inf-4', 'bb-a', 'bb-b', 'bb-c', 'dd-1'] }).legal).toBe(true);
  });

  it('59.513F: a selected unit that could be dropped with the requirement still met is refused', () => {
    // AAF pool {3, 3, 4}, requirement 2: one 3 suffices; with both, either could be dropped.
    const units = [aaf('a3', 3), aaf('b3', 3), aaf('c4', 4), inf('inf-4', 4), ship('bb-10', 10)];
    expect(run({ units, selection: ['a3', 'inf-4', 'bb-10'] })).toMatchObject({
      legal: true,
      selected: { aafFactors: 3 },
    });
    expect(run({ units, selection: ['a3', 'b3', 'inf-4', 'bb-10'] }).violations).toEqual([
      {
        rule: '59.513F',
        message:
          '6 AAF factors selected where 3 would meet the ' +
          'requirement of 2: excess only where the denominations force it',
      },
      { rule: '59.513F', message: 'a3, b3 could be dropped with the requirement of 2 AAF factors still met' },
    ]);
    // A 0-BRP unit adds nothing and is always droppable.
    const zero = [...basePool(), inf('inf-0', 0)];
    expect(run({ units: zero, selection: ['aaf-2', 'inf-4', 'bb-10', 'inf-0'] }).violations).toEqual([
      {
        rule: '59.513F',
        message: 'inf-0 could be dropped with the requirement of 4 BRPs of ground units and NAS still met',
      },
    ]);
  });

  it('59.513F: the subset-sum finds the smallest total at or above the target', () => {
    expect(smallestReachableAtLeast([3, 3, 3, 3], 10)).toBe(12);
    expect(smallestReachableAtLeast([3, 3, 3, 1], 10)).toBe(10);
    expect(smallestReachableAtLeast([6, 4, 5], 8)).toBe(9);
    expect(smallestReachableAtLeast([1_000_000_000, 2], 3)).toBe(1_000_000_000);
    expect(smallestReachableAtLeast([2], 3)).toBeNull();
    expect(smallestReachableAtLeast([], 0)).toBe(0);
  });
});

describe('59.514 units not subject to elimination', () => {
  it('59.514A: strategic bombers, interceptors and jets', () => {
    for (const kind of ['strategic-bomber', 'interceptor', 'jet'] as const) {
      expect(eligibleForRemoval(unit({ id: kind, kind, factors: 2 }), 'global')?.rule).toBe('59.514A');
    }
    const r = run({
      units: [...basePool(), unit({ id: 'jet', kind: 'jet', factors: 4 })],
      selection: ['aaf-2', 'inf-4', 'bb-10', 'jet'],
    });
    expect(r.violations).toEqual([
      { rule: '59.514A', message: 'jet: strategic bombers, interceptors and jets are not subject to elimination' },
    ]);
  });

  it('59.514B: ASW and transports', () => {
    const units = [
      ...basePool(),
      unit({ id: 'asw', kind: 'asw', factors: 2 }),
      unit({ id: 'tp', kind: 'transport', factors: 1 }),
    ];
    expect(ruleList(run({ units, selection: ['aaf-2', 'inf-4', 'bb-10', 'asw', 'tp'] }))).toEqual([
      '59.514B',
      '59.514B',
    ]);
  });

  it('59.514C: Canadian, South African, Australian and Indian ground, air and naval units', () => {
    expect(eligibleForRemoval(inf('can', 4, { nationality: 'canadian' }), 'global')?.rule).toBe('59.514C');
    expect(eligibleForRemoval(aaf('sa', 2, { nationality: 'south-african' }), 'global')?.rule).toBe('59.514C');
    expect(eligibleForRemoval(aaf('aus', 2, { nationality: 'australian' }), 'global')?.rule).toBe('59.514C');
    expect(eligibleForRemoval({ ...ship('ind', 3), nationality: 'indian' }, 'global')?.rule).toBe('59.514C');
    // Not counted: the Canadian division cannot stand in for the British one.
    const units = [aaf('aaf-2', 2), inf('inf-4', 4), inf('can-4', 4, { nationality: 'canadian' }), ship('bb-10', 10)];
    const r = run({ units, selection: ['aaf-2', 'can-4', 'bb-10'] });
    expect(r.violations).toEqual([
      {
        rule: '59.514C',
        message: 'can-4: Canadian, South African, Australian and Indian units are not subject to elimination',
      },
      { rule: '59.513F', message: '0 BRPs of ground units and NAS selected: at least 4 are required' },
    ]);
    expect(r.selected.groundNasBrps).toBe(0);
  });

  it('59.514D: Free French units', () => {
    expect(eligibleForRemoval(inf('ff', 4, { nationality: 'free-french' }), 'global')).toEqual({
      rule: '59.514D',
      message: 'ff: Free French units are not subject to elimination',
    });
  });

  it('59.514E: minor ally and associated minor units, unless the negotiations changed their status', () => {
    const greek = inf('greek', 4, { nationality: 'minor' });
    expect(eligibleForRemoval(greek, 'global')?.rule).toBe('59.514E');
    expect(eligibleForRemoval(greek, 'global', { minorUnitsWithChangedStatus: ['greek'] })).toBeNull();
  });
});

describe('59.513 properties', () => {
  const arbUnit = fc.record({
    nationality: fc.constantFrom('british', 'british', 'british', 'canadian', 'free-french', 'minor') as fc.Arbitrary<
      ForceUnit['nationality']
    >,
    kind: fc.constantFrom('ground', 'aaf', 'nas', 'naval', 'naval', 'jet', 'asw') as fc.Arbitrary<ForceUnit['kind']>,
    // Zeros and small odd values often: they make the droppable and rounding cases.
    factors: fc.oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 0, max: 7 })),
    brps: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6 })),
    theater: fc.constantFrom('unbuilt', 'europe', 'pacific', 'asia') as fc.Arbitrary<ForceUnit['theater']>,
    status: fc.constantFrom(
      'operational',
      'operational',
      'incomplete',
      'damaged',
      'sunk-in-port',
      'salvageable',
    ) as fc.Arbitrary<NonNullable<ForceUnit['naval']>['status']>,
  });
  const arbCase = fc.record({
    units: fc.array(arbUnit, { minLength: 1, maxLength: 8 }),
    level: fc.integer({ min: -2, max: 0 }),
    scenario: fc.constantFrom('european', 'global') as fc.Arbitrary<ForceReductionInput['scenario']>,
  });
  type Case = typeof arbCase extends fc.Arbitrary<infer T> ? T : never;
  const build = (a: Case): ForceUnit[] =>
    a.units.map(({ status, ...u }, i) => ({
      id: `u${i}`,
      ...u,
      ...(u.kind === 'naval' ? { naval: { type: 'cruiser' as const, status } } : {}),
    }));

  type Kind = 'aaf' | 'groundNas' | 'naval';
  const kinds: readonly Kind[] = ['aaf', 'groundNas', 'naval'];
  /** 59.512: AAF count their factors, ground units and NAS their BRPs, naval units their naval factors. */
  const inCategory = (u: ForceUnit, kind: Kind): boolean =>
    kind === 'aaf'
      ? u.kind === 'aaf'
      : kind === 'groundNas'
        ? u.kind === 'ground' || u.kind === 'nas'
        : u.kind === 'naval';
  /** The rules' measure of a set of units in one category (ships not operational at half, pooled, rounded down). */
  function worth(units: readonly ForceUnit[], kind: Kind): number {
    const mine = units.filter((u) => inCategory(u, kind));
    if (kind === 'aaf') return mine.reduce((s, u) => s + u.factors, 0);
    if (kind === 'groundNas') return mine.reduce((s, u) => s + u.brps, 0);
    const full = mine.filter((u) => u.naval?.status === 'operational').reduce((s, u) => s + u.factors, 0);
    const half = mine.filter((u) => u.naval?.status !== 'operational').reduce((s, u) => s + u.factors, 0);
    return full + Math.floor(half / 2);
  }
  const nominal = (level: number): Record<Kind, number> => ({
    aaf: -2 * level,
    groundNas: -4 * level,
    naval: -10 * level,
  });
  /** Every subset of the units, with the verdict on it. */
  function* verdicts(a: Case) {
    const units = build(a);
    for (let mask = 0; mask < 1 << units.length; mask++) {
      const selection = units.filter((_, i) => (mask & (1 << i)) !== 0);
      yield {
        units,
        selection,
        result: forceReduction({
          surrenderLevel: a.level,
          scenario: a.scenario,
          units,
          selection: selection.map((u) => u.id),
        }),
      };
    }
  }

  it(
    'property 59.513E/F: a legal reduction meets each requirement or exhausts the eligible pool, and some ' +
      'reduction is always legal',
    () => {
      fc.assert(
        fc.property(arbCase, (a) => {
          let legalCount = 0;
          for (const { units, selection, result } of verdicts(a)) {
            if (!result.legal) continue;
            legalCount++;
            for (const kind of kinds) {
              const pool = units.filter((u) => inCategory(u, kind) && eligibleForRemoval(u, a.scenario) === null);
              const exhausted = pool.every((u) => selection.includes(u));
              expect(worth(selection, kind) >= nominal(a.level)[kind] || exhausted).toBe(true);
            }
          }
          expect(legalCount).toBeGreaterThan(0);
        }),
        { numRuns: 120 },
      );
    },
  );

  it('property 59.513F: a legal selection holds no unit that could be dropped with the requirement still met', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(arbCase, (a) => {
        for (const { selection, result } of verdicts(a)) {
          if (!result.legal) continue;
          if (selection.length > 0) nonEmpty++;
          for (const u of selection) {
            const kind = kinds.find((k) => inCategory(u, k));
            expect(kind).toBeDefined();
            if (kind === undefined) continue;
            expect(
              worth(
                selection.filter((x) => x !== u),
                kind,
              ),
            ).toBeLessThan(nominal(a.level)[kind]);
          }
        }
      }),
      { numRuns: 120 },
    );
    expect(nonEmpty).toBeGreaterThan(0);
  });
});
