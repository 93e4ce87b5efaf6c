// 56.311, 56.312, 56.32, 56.31C, 56.31D: the Italian selection's choices are sound and complete against
// validateAllocation, over random forces, levels, sides and option values. Soundness: a host that only adds
// units the choices say may be added ends with a selection validateAllocation accepts. Completeness and
// exactness, by brute force on small forces: a unit may be added exactly when some legal selection holds the
// picks and it, so every legal selection is reachable in any order from units listed selectable.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { italianForcesChoices, type ChoicesInput } from '../../src/engine/choices/italian-forces.js';
import {
  validateAllocation,
  ItalianNavalTypes,
  type AllocationOptions,
  type AllocationSelection,
  type AllocationSide,
  type ItalianForces,
} from '../../src/rules/italian-allocation.js';
import { categoryOf, indexForces, type Category } from '../../src/rules/italian-forces.js';
import { ItalianNavalStatuses, ItalianSurrenderLevels } from '../../src/rules/italian-forces-table.js';
import { selectionOrder as selectionOrderFor } from '../../src/rules/italian-selection-order.js';

const EMPTY: AllocationSelection = { infantry: [], namedShips: [], cruisers: [], destroyers: [] };

const forcesArb = (maxInfantry: number, maxShips: number): fc.Arbitrary<ItalianForces> =>
  fc
    .record({
      infantry: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: maxInfantry }),
      navy: fc.array(
        fc.record({
          type: fc.constantFrom(...ItalianNavalTypes),
          factors: fc.integer({ min: 0, max: 3 }),
          status: fc.constantFrom(...ItalianNavalStatuses),
        }),
        { maxLength: maxShips },
      ),
    })
    .map(({ infantry, navy }) => ({
      infantry: infantry.map((factors, i) => ({ id: `inf-${i}`, factors })),
      navy: navy.map((s, i) => ({ id: `ship-${i}`, ...s })),
    }));
const optionsArb: fc.Arbitrary<AllocationOptions> = fc.constantFrom(
  {},
  { unfinishedLightShips: 'rows-2-and-launch' as const },
  { unfinishedLightShips: 'never' as const },
);

/** A selection holding these ids, each in its own category. */
function selectionOf(forces: ItalianForces, ids: readonly string[]): AllocationSelection {
  const index = indexForces(forces);
  const out: Record<Category, string[]> = { infantry: [], namedShips: [], cruisers: [], destroyers: [] };
  for (const id of ids) {
    const unit = index.get(id);
    if (unit !== undefined) out[categoryOf(unit)].push(id);
  }
  return out;
}
const idsOf = (forces: ItalianForces): string[] => [
  ...forces.infantry.map((u) => u.id),
  ...forces.navy.map((u) => u.id),
];

/**
 * Adds units the choices offer, in the order `rand` picks, until none is offered; returns the selection and whether the
 * choices called it complete.
 */
function menuOnly(
  base: Omit<ChoicesInput, 'selection'>,
  next: () => number,
): { selection: AllocationSelection; complete: boolean } {
  let picked: string[] = [];
  for (;;) {
    const c = italianForcesChoices({ ...base, selection: selectionOf(base.forces, picked) });
    const addable = c.units.filter((u) => u.canAdd);
    const unit = addable[Math.floor(next() * addable.length)];
    if (unit === undefined) return { selection: selectionOf(base.forces, picked), complete: c.complete };
    picked = [...picked, unit.id];
  }
}

const sideArb = fc.constantFrom<AllocationSide>('axis', 'allied');

describe('56.32: the choices of an Italian selection against validateAllocation', () => {
  it(
    '56.311, 56.312, 56.32: soundness: adding only units the choices offer always ends complete and accepted, the ' +
      'Allied player after a menu-built Axis selection at level 0',
    () => {
      fc.assert(
        fc.property(
          forcesArb(8, 10),
          fc.constantFrom(...ItalianSurrenderLevels),
          sideArb,
          optionsArb,
          fc.infiniteStream(fc.double({ min: 0, max: 0.999999, noNaN: true })),
          (forces, level, side, options, stream) => {
            const it = stream[Symbol.iterator]();
            const rand = () => it.next().value ?? 0;
            const order = selectionOrderFor(level);
            let axis: AllocationSelection | null = null;
            if (level === 0) {
              const first = menuOnly(
                {
                  level,
                  side: 'axis',
                  forces,
                  alreadyAllocated: null,
                  options,
                  order: { rule: '56.311', sides: order, made: [] },
                },
                rand,
              );
              expect(first.complete).toBe(true);
              expect(
                validateAllocation(
                  { level, side: 'axis', forces, alreadyAllocated: null, selection: first.selection },
                  options,
                ).legal,
              ).toBe(true);
              axis = first.selection;
            }
            const selecting: AllocationSide = level > 0 ? 'axis' : level < 0 ? 'allied' : side;
            const alreadyAllocated = selecting === 'allied' && level === 0 ? axis : null;
            const made: AllocationSide[] = alreadyAllocated === null ? [] : ['axis'];
            const end = menuOnly(
              {
                level,
                side: selecting,
                forces,
                alreadyAllocated,
                options,
                order: { rule: '56.311', sides: order, made },
              },
              rand,
            );
            expect(end.complete).toBe(true);
            const verdict = validateAllocation(
              { level, side: selecting, forces, alreadyAllocated, selection: end.selection },
              options,
            );
            expect(verdict.violations).toEqual([]);
          },
        ),
        { numRuns: 400 },
      );
    },
  );

  it(
    '56.31C, 56.31D, 56.32: completeness and exactness: a unit may be added exactly when a legal selection holds ' +
      'the picks and it; every legal selection is of selectable units',
    () => {
      fc.assert(
        fc.property(
          forcesArb(4, 6),
          fc.constantFrom(...ItalianSurrenderLevels),
          sideArb,
          optionsArb,
          fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
          fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
          (forces, level, side, options, takenBits, pickBits) => {
            const ids = idsOf(forces);
            const atZeroAllied = level === 0 && side === 'allied';
            const selecting: AllocationSide = level > 0 ? 'axis' : level < 0 ? 'allied' : side;
            const alreadyAllocated = atZeroAllied
              ? selectionOf(
                  forces,
                  ids.filter((_, i) => takenBits[i] === true),
                )
              : null;
            const input = { level, side: selecting, forces, alreadyAllocated };
            const legal: number[] = [];
            for (let mask = 0; mask < 1 << ids.length; mask++) {
              const selection = selectionOf(
                forces,
                ids.filter((_, i) => (mask >> i) & 1),
              );
              if (validateAllocation({ ...input, selection }, options).legal) legal.push(mask);
            }
            const order = {
              rule: '56.311' as const,
              sides: selectionOrderFor(level),
              made: alreadyAllocated === null ? [] : (['axis'] as AllocationSide[]),
            };
            const empty = italianForcesChoices({ ...input, selection: EMPTY, options, order });
            for (const mask of legal) {
              ids.forEach((id, i) => {
                if ((mask >> i) & 1)
                  expect(empty.units.find((u) => u.id === id)?.selectable, `${id} is in a legal selection`).toBe(true);
              });
            }
            const picks = ids.reduce((m, _, i) => (pickBits[i] === true ? m | (1 << i) : m), 0);
            const c = italianForcesChoices({
              ...input,
              selection: selectionOf(
                forces,
                ids.filter((_, i) => (picks >> i) & 1),
              ),
              options,
              order,
            });
            expect(c.complete).toBe(legal.includes(picks));
            ids.forEach((id, i) => {
              const bit = 1 << i;
              const reachable = (picks & bit) === 0 && legal.some((l) => (l & (picks | bit)) === (picks | bit));
              expect(c.units.find((u) => u.id === id)?.canAdd, `canAdd ${id}`).toBe(reachable);
            });
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('56.31C: a selection holding an id twice or an unknown id can never be completed: nothing is offered', () => {
    const forces: ItalianForces = {
      infantry: [
        { id: 'a', factors: 3 },
        { id: 'b', factors: 3 },
      ],
      navy: [],
    };
    const order = { rule: '56.311' as const, sides: ['axis'] as AllocationSide[], made: [] };
    const base = { level: 1 as const, side: 'axis' as const, forces, alreadyAllocated: null, options: {}, order };
    expect(italianForcesChoices({ ...base, selection: EMPTY }).units.map((u) => u.canAdd)).toEqual([true, true]);
    expect(
      italianForcesChoices({ ...base, selection: { ...EMPTY, infantry: ['a', 'a'] } }).units.map((u) => u.canAdd),
    ).toEqual([false, false]);
    expect(
      italianForcesChoices({ ...base, selection: { ...EMPTY, infantry: ['zz'] } }).units.map((u) => u.canAdd),
    ).toEqual([false, false]);
  });
});
