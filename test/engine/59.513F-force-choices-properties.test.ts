// 59.513E, 59.513F, 59.514 as a menu: over random pools and levels, a host that only ever adds units the choices
// say it may add ends with a selection the validator accepts (soundness), and every selection the validator accepts
// is built from units listed selectable, each step of it offered (completeness). Checked against brute force.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { britishForceChoices } from '../../src/engine/choices/british-forces.js';
import {
  forceReduction,
  ShipStatuses,
  UnitKinds,
  UnitNationalities,
  UnitTheaters,
  type ForceReductionInput,
  type ForceUnit,
} from '../../src/rules/force-reduction.js';

const unitArb = (id: string): fc.Arbitrary<ForceUnit> =>
  fc
    .record({
      // Mostly British and countable kinds, so that pools often meet or nearly meet the requirement.
      nationality: fc.oneof(
        { weight: 6, arbitrary: fc.constant('british' as const) },
        { weight: 2, arbitrary: fc.constantFrom(...UnitNationalities) },
      ),
      kind: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('ground' as const, 'aaf' as const, 'nas' as const, 'naval' as const) },
        { weight: 1, arbitrary: fc.constantFrom(...UnitKinds) },
      ),
      factors: fc.integer({ min: 0, max: 9 }),
      brps: fc.integer({ min: 0, max: 8 }),
      theater: fc.oneof(
        { weight: 4, arbitrary: fc.constant('europe' as const) },
        { weight: 1, arbitrary: fc.constantFrom(...UnitTheaters) },
      ),
      status: fc.oneof(
        { weight: 2, arbitrary: fc.constant('operational' as const) },
        { weight: 2, arbitrary: fc.constantFrom(...ShipStatuses) },
      ),
    })
    .map(
      ({ status, ...u }): ForceUnit => ({
        id,
        ...u,
        ...(u.kind === 'naval' ? { naval: { type: 'cruiser', status } } : {}),
      }),
    );

interface Case {
  readonly input: ForceReductionInput;
  readonly changed: readonly string[];
}

const caseArb = (maxUnits: number): fc.Arbitrary<Case> =>
  fc
    .record({
      n: fc.integer({ min: 0, max: maxUnits }),
      level: fc.integer({ min: -2, max: 0 }),
      previous: fc.option(fc.integer({ min: -1, max: 0 }), { nil: undefined }),
      scenario: fc.constantFrom('european' as const, 'global' as const),
    })
    .chain(({ n, level, previous, scenario }) =>
      fc
        .tuple(
          fc.tuple(...Array.from({ length: n }, (_, i) => unitArb(`u${i}`))),
          fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        )
        .map(
          ([units, flags]): Case => ({
            input: {
              surrenderLevel: level,
              ...(previous !== undefined && previous > level ? { previousSurrenderLevel: previous } : {}),
              scenario,
              units,
              selection: [],
            },
            changed: units.filter((u, i) => u.nationality === 'minor' && flags[i] === true).map((u) => u.id),
          }),
        ),
    );

const choicesOf = (c: Case, selection: readonly string[]) =>
  britishForceChoices({ ...c.input, selection: [...selection] }, { minorUnitsWithChangedStatus: c.changed }, true);
const legal = (c: Case, selection: readonly string[]): boolean =>
  forceReduction({ ...c.input, selection: [...selection] }, { minorUnitsWithChangedStatus: c.changed }).legal;

/** Every subset of the pool's ids (the pools here are small). */
function subsets(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let mask = 0; mask < 1 << ids.length; mask++) out.push(ids.filter((_, i) => (mask & (1 << i)) !== 0));
  return out;
}

describe('59.513F: the force reduction menu is sound and complete', () => {
  it('59.513F soundness: adding random offered units until none is offered always ends complete and legal', () => {
    fc.assert(
      fc.property(caseArb(12), fc.infiniteStream(fc.nat()), (c, random) => {
        const picks: string[] = [];
        const it = random[Symbol.iterator]();
        for (;;) {
          const choices = choicesOf(c, picks);
          const offered = choices.units.filter((u) => u.canAdd);
          if (offered.length === 0) {
            expect(choices.complete).toBe(true);
            break;
          }
          expect(choices.complete).toBe(false);
          const next = offered[(it.next().value as number) % offered.length];
          if (next === undefined) throw new Error('unreachable');
          picks.push(next.id);
        }
        expect(legal(c, picks)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it(
    '59.513F completeness: canAdd holds exactly when some legal selection contains the picks and the unit; ' +
      'complete exactly when legal',
    () => {
      fc.assert(
        fc.property(caseArb(8), fc.array(fc.nat(), { maxLength: 6 }), (c, draws) => {
          const ids = c.input.units.map((u) => u.id);
          const legalSets = subsets(ids).filter((s) => legal(c, s));
          expect(legalSets.length).toBeGreaterThan(0);
          const empty = choicesOf(c, []);
          const selectable = new Set(empty.units.filter((u) => u.selectable).map((u) => u.id));
          for (const s of legalSets) for (const id of s) expect(selectable.has(id)).toBe(true);
          // Picks: a random prefix of a random legal set (every step of it must be offered), then random ones.
          const target = legalSets[(draws[0] ?? 0) % legalSets.length] ?? [];
          const order = [...target].sort((a, b) =>
            (draws[1] ?? 0) % 2 === 0 ? a.localeCompare(b) : b.localeCompare(a),
          );
          const prefix: string[] = [];
          for (const id of order) {
            const offered = choicesOf(c, prefix).units.find((u) => u.id === id);
            expect(offered?.canAdd).toBe(true);
            prefix.push(id);
          }
          expect(choicesOf(c, prefix).complete).toBe(true);
          const tries = [
            prefix.slice(0, (draws[2] ?? 0) % (prefix.length + 1)),
            ids.filter((_, i) => ((draws[3] ?? 0) >> i) % 2 === 1),
          ];
          for (const picks of tries) {
            const choices = choicesOf(c, picks);
            expect(choices.complete).toBe(legal(c, picks));
            for (const u of choices.units) {
              const reachable =
                !picks.includes(u.id) && legalSets.some((s) => s.includes(u.id) && picks.every((p) => s.includes(p)));
              expect({ id: u.id, canAdd: u.canAdd }).toEqual({ id: u.id, canAdd: reachable });
            }
          }
        }),
        { numRuns: 300 },
      );
    },
  );
});
