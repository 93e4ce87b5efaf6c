// 56.31, 56.311, 56.32: invariants of validateAllocation over random Italian forces and selections.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ItalianNavalTypes,
  validateAllocation,
  type ItalianForces,
  type ItalianShip,
} from '../../src/rules/italian-allocation.js';
import { forcesForLevel, ItalianNavalStatuses, ItalianSurrenderLevels } from '../../src/rules/italian-forces-table.js';

// Random Italian forces: small pools of every kind and status, ids unique by construction.
const shipArb = fc.record({
  type: fc.constantFrom(...ItalianNavalTypes),
  factors: fc.integer({ min: 1, max: 5 }),
  status: fc.constantFrom(...ItalianNavalStatuses),
});
const forcesArb = fc
  .record({
    navy: fc.array(shipArb, { maxLength: 10 }),
    infantry: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 7 }),
  })
  .map(
    ({ navy, infantry }): ItalianForces => ({
      navy: navy.map((s, i): ItalianShip => ({ id: `n${i}`, ...s })),
      infantry: infantry.map((factors, i) => ({ id: `i${i}`, factors })),
    }),
  );
const idsOf = (f: ItalianForces, pick: (s: ItalianShip) => boolean) => f.navy.filter(pick).map((s) => s.id);
const named = (s: ItalianShip) => s.type !== 'cruiser' && s.type !== 'destroyer';
// A selection drawn from the units of each category, so that legal ones are common.
const selectionArb = (f: ItalianForces) =>
  fc.record({
    infantry: fc.subarray(f.infantry.map((u) => u.id)),
    namedShips: fc.subarray(idsOf(f, named)),
    cruisers: fc.subarray(idsOf(f, (s) => s.type === 'cruiser')),
    destroyers: fc.subarray(idsOf(f, (s) => s.type === 'destroyer')),
  });
const scenarioArb = forcesArb.chain((f) =>
  fc.record({
    forces: fc.constant(f),
    level: fc.constantFrom(...ItalianSurrenderLevels),
    side: fc.constantFrom('axis' as const, 'allied' as const),
    other: selectionArb(f),
    selection: selectionArb(f),
  }),
);

describe('56.31 allocation invariants', () => {
  it('56.32: a legal allocation never hands out more than the table row nor more than Italy has', () => {
    let legal = 0;
    fc.assert(
      fc.property(scenarioArb, ({ forces: f, level, side, other, selection }) => {
        const alreadyAllocated = level === 0 && side === 'allied' ? other : null;
        const r = validateAllocation({ level, side, forces: f, alreadyAllocated, selection });
        if (!r.legal) return;
        legal++;
        const row = side === 'axis' ? forcesForLevel(level).germany : forcesForLevel(level).us;
        const factors = (ids: readonly string[]) =>
          ids.reduce((t, id) => t + (f.navy.find((s) => s.id === id)?.factors ?? 0), 0);
        expect(r.allocated.infantryFactors).toBeLessThanOrEqual(row.infantryFactors);
        expect(r.allocated.namedShips).toBeLessThanOrEqual(row.namedShips);
        expect(r.allocated.cruisers).toBeLessThanOrEqual(row.cruisers);
        expect(r.allocated.destroyerFactors).toBeLessThanOrEqual(row.destroyerFactors);
        expect(r.allocated.namedShips).toBeLessThanOrEqual(idsOf(f, named).length);
        expect(r.allocated.cruisers).toBeLessThanOrEqual(idsOf(f, (s) => s.type === 'cruiser').length);
        expect(r.allocated.destroyerFactors).toBeLessThanOrEqual(factors(idsOf(f, (s) => s.type === 'destroyer')));
        expect(r.allocated.infantryFactors).toBeLessThanOrEqual(f.infantry.reduce((t, u) => t + u.factors, 0));
        // No unit is handed out twice, nor one the other side took, nor one above the "2" row.
        const chosen = [...selection.infantry, ...selection.namedShips, ...selection.cruisers, ...selection.destroyers];
        expect(new Set(chosen).size).toBe(chosen.length);
        const taken = new Set([
          ...(alreadyAllocated?.infantry ?? []),
          ...(alreadyAllocated?.namedShips ?? []),
          ...(alreadyAllocated?.cruisers ?? []),
          ...(alreadyAllocated?.destroyers ?? []),
        ]);
        for (const id of chosen) {
          expect(taken.has(id)).toBe(false);
          expect(f.navy.find((s) => s.id === id)?.status).not.toBe('row-3-plus');
        }
        // 56.31D: what the side does not receive of its row is lost, never handed to anyone.
        expect(r.allocated.cruisers + r.lost.cruisers).toBe(row.cruisers);
        expect(r.allocated.destroyerFactors + r.lost.destroyerFactors).toBe(row.destroyerFactors);
      }),
      { numRuns: 500 },
    );
    expect(legal).toBeGreaterThan(10);
  });
  it('56.311: at level 0 an Allied selection before the Axis one is always refused', () => {
    fc.assert(
      fc.property(
        forcesArb.chain((f) => fc.tuple(fc.constant(f), selectionArb(f))),
        ([f, selection]) => {
          const r = validateAllocation({ level: 0, side: 'allied', forces: f, alreadyAllocated: null, selection });
          expect(r.legal).toBe(false);
          expect(r.violations.some((v) => v.rule === '56.311')).toBe(true);
        },
      ),
    );
  });
});
