// 56.311, 56.32, 56.31C, 56.31D through the engine: a host that knows no rule and builds each Italian selection
// only from the pending decision's choices (previewing its partial command each time, adding a random unit the
// choices offer, sending it when nothing more is offered) always has its selections accepted, both sides in turn
// at level 0, on every value of the unfinishedLightShips option, and the forces are disposed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OriginEvent } from '../../src/engine/decide.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { defaultRulingOptions, rulingOptionValues } from '../../src/rules/options.js';
import { ItalianNavalStatuses, ItalianSurrenderLevels } from '../../src/rules/italian-forces-table.js';
import { ItalianNavalTypes, type AllocationSelection, type ItalianForces } from '../../src/rules/italian-allocation.js';
import { alliedTurnEnded, gameStarted, germanFacts, turn } from '../support/fixtures.js';
import { execute, GAME, liveGame } from '../support/given.js';
import { forcesReported, surrenderFacts } from '../support/italian-fixtures.js';

const sp44 = turn('spring', 1944);

const forcesArb: fc.Arbitrary<ItalianForces> = fc
  .record({
    infantry: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 8 }),
    navy: fc.array(
      fc.record({
        type: fc.constantFrom(...ItalianNavalTypes),
        factors: fc.integer({ min: 0, max: 3 }),
        status: fc.constantFrom(...ItalianNavalStatuses),
      }),
      { maxLength: 10 },
    ),
  })
  .map(({ infantry, navy }) => ({
    infantry: infantry.map((factors, i) => ({ id: `inf-${i}`, factors })),
    navy: navy.map((s, i) => ({ id: `ship-${i}`, ...s })),
  }));

describe("56.31: a menu-only host allocates Italy's forces through the engine", () => {
  it('56.311, 56.32: every selection built from the choices alone is accepted, and the allocation completes', () => {
    fc.assert(
      fc.property(
        forcesArb,
        fc.constantFrom(...ItalianSurrenderLevels),
        fc.constantFrom(...rulingOptionValues.unfinishedLightShips),
        fc.infiniteStream(fc.nat()),
        (forces, level, unfinishedLightShips, stream) => {
          const random = stream[Symbol.iterator]();
          const live = liveGame();
          const options = { ...defaultRulingOptions, unfinishedLightShips };
          for (const origin of [
            gameStarted({ options }),
            alliedTurnEnded(sp44, germanFacts(), surrenderFacts(level)),
            forcesReported(sp44, forces),
          ])
            expect(execute(live, origin).ok).toBe(true);
          const sides: string[] = [];
          for (;;) {
            const view = live.replayer.view(GAME);
            const decision =
              view && pendingDecisions(view).find((p) => p.decision === 'select-post-surrender-italian-forces');
            if (view === undefined || decision === undefined) break;
            const { side } = decision;
            sides.push(side);
            const selection: Record<keyof AllocationSelection, string[]> = {
              infantry: [],
              namedShips: [],
              cruisers: [],
              destroyers: [],
            };
            const command = (): OriginEvent => ({
              type: 'italy.forces-selected',
              data: { turn: decision.turn, side, selection },
            });
            for (;;) {
              const tried = pendingDecisions(view, command()).find(
                (p) => p.decision === 'select-post-surrender-italian-forces',
              );
              const offered = tried?.choices.units.filter((u) => u.canAdd) ?? [];
              const pick = offered[(random.next().value ?? 0) % Math.max(1, offered.length)];
              if (pick === undefined) {
                expect(tried?.choices.complete).toBe(true);
                break;
              }
              selection[pick.category].push(pick.id);
            }
            const decided = execute(live, command());
            expect(decided.ok ? null : decided.rejection).toBeNull();
          }
          expect(sides).toEqual(level === 0 ? ['axis', 'allied'] : level > 0 ? ['axis'] : ['allied']);
          expect(live.log.filter((e) => e.type === 'italy.forces-disposed')).toHaveLength(1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
