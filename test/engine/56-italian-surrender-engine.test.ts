// Rule 56 in the engine, whole games: the audit and replay of an Italian surrender, and a property over any
// selections the players try (56.311, 56.32). The check, the selections and the allocation are in
// 56.11-italian-surrender-check, 56.311-italian-selections and 56.32-italian-allocation (.test.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DomainEvent } from '../../events/index.js';
import { decide, type OriginEvent } from '../../src/engine/decide.js';
import { Replayer } from '../../src/engine/replay.js';
import { auditEntries, formatAuditEntry } from '../../src/audit/audit.js';
import {
  forcesForLevel,
  ItalianNavalStatuses,
  type ItalianSurrenderLevel,
} from '../../src/rules/italian-forces-table.js';
import type { ItalianForces, ItalianNavalType } from '../../src/rules/italian-allocation.js';
import { play, replay, stored, GAME, ofType } from '../support/given.js';
import { alliedTurnEnded, germanFacts } from '../support/fixtures.js';
import { forcesReported, forcesSelected, surrenderFacts } from '../support/italian-fixtures.js';
import { sp44, started, su44 } from '../support/italian-engine.js';

describe('audit and replay', () => {
  const full = play([
    started,
    alliedTurnEnded(sp44, germanFacts(), surrenderFacts(0)),
    forcesReported(sp44),
    forcesSelected(sp44, 'axis', { infantry: ['inf-1'], cruisers: ['Zara'], destroyers: ['DD-1'] }),
    forcesSelected(sp44, 'allied', { infantry: ['inf-2'], cruisers: ['Pola'], destroyers: ['DD-2'] }),
    alliedTurnEnded(su44, germanFacts(), null),
  ]);

  it('56.11: the audit shows one line per Italian rule decision and player decision', () => {
    const lines = stored(full)
      .flatMap((e) => auditEntries(e))
      .filter((a) => a.rule.startsWith('56'))
      .map((a) => `${a.turn} ${a.rule} ${a.result}`);
    expect(lines).toEqual([
      'Spring 1944 56.11 Italy surrenders (56.11A): DP total 0, surrender level 0',
      'Spring 1944 56.2 Italy has surrendered (56.11A) at level 0',
      "Spring 1944 56.31D Italy's forces reported: 11 naval units, 5 infantry units of 11 factors",
      'Spring 1944 56.311 The Axis player (Germany) selects post-surrender Italian forces',
      'Spring 1944 56.311 The Allied player (U.S.) selects post-surrender Italian forces',
      'Spring 1944 56.31D Italian forces disposed of at level 0: Germany 3, U.S. 3, 10 units removed',
    ]);
    const surrendered = stored(full).find((e) => e.type === 'italy.surrendered');
    expect((surrendered === undefined ? [] : auditEntries(surrendered))[0]?.breakdown.slice(0, 3)).toEqual([
      '56.312 Germany 3 infantry factors, 0 named ships, 1 cruiser, 1 destroyer factor',
      '56.312 U.S. 3 infantry factors, 0 named ships, 1 cruiser, 1 destroyer factor',
      '56.311 selects: Axis player (Germany) then Allied player (U.S.)',
    ]);
    const checked = stored(full).find((e) => e.type === 'italy.surrender-checked');
    const check = checked === undefined ? [] : auditEntries(checked).map((a) => formatAuditEntry(a));
    expect(check).toEqual([
      [
        'Spring 1944  56.11    Italy surrenders (56.11A): DP total 0, surrender level 0',
        '             zero: 56.12 DP total, 56.12A Western Allied declaration of war, 56.12B year of the',
        '                   Italian declaration of war, 56.31 DPs in Italy, 56.31 covert operations',
        '             56.11A Rome under Allied control: yes',
        '             56.11B Axis units in Africa: yes',
        '             56.31 level 0 (clamped to +/-2)',
      ].join('\n'),
    ]);
    // --json keeps every row, the zero ones included.
    expect(checked === undefined ? [] : auditEntries(checked)[0]?.breakdown.slice(0, 2)).toEqual([
      '56.12 Italian DP total at the end of the Allied player turn, as during a YSS: 0',
      '56.12A The Western Allies did not declare war on Italy: 0',
    ]);
  });

  it('56.11, 56.311: replaying the produced log re-derives every Italian decision without a mismatch', () => {
    const replayer = replay(full);
    expect(replayer.view(GAME)?.italy.value).toBe('done');
  });

  it('56.31: a log whose surrender level was edited no longer replays cleanly', () => {
    const edited = full.map((e) =>
      e.type === 'italy.surrendered' ? { ...e, data: { ...e.data, surrenderLevel: 1 } } : e,
    );
    const replayer = new Replayer({ checkDecisions: true });
    replayer.applyAll(stored(edited));
    // The edited decision is reported, and so is everything the rules now judge differently after it.
    expect(replayer.finish().map((m) => [m.seq, m.message.split(':')[0]])).toEqual([
      [5, '"italy.surrendered" no longer matches the rules at data.surrenderLevel'],
      [7, 'the rules refuse this italy.forces-selected'],
      [8, 'the rules refuse this italy.forces-selected'],
      [9, 'the rules do not produce this "italy.forces-disposed" here'],
    ]);
  });
});

describe('property: the engine never breaks 56.311 or 56.32 whatever the players try', () => {
  const navalTypes: readonly ItalianNavalType[] = ['battleship', 'battlecruiser', 'carrier', 'cruiser', 'destroyer'];
  const fleetArb = fc.record({
    navy: fc.array(
      fc.record({
        type: fc.constantFrom(...navalTypes),
        factors: fc.integer({ min: 1, max: 3 }),
        status: fc.constantFrom(...ItalianNavalStatuses),
      }),
      { maxLength: 8 },
    ),
    infantry: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 6 }),
  });
  const attemptArb = fc.record({
    side: fc.constantFrom('axis' as const, 'allied' as const),
    picks: fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }),
  });

  it(
    '56.311, 56.32: the Axis never selects after the Allied player at ' +
      'level 0, and no disposition exceeds the row or the ships Italy has',
    () => {
      let disposals = 0;
      fc.assert(
        fc.property(
          fc.constantFrom<ItalianSurrenderLevel>(2, 1, 0, -1, -2),
          fc.boolean(),
          fleetArb,
          fc.array(attemptArb, { minLength: 1, maxLength: 6 }),
          (level, germanySurrenders, raw, attempts) => {
            const forces: ItalianForces = {
              navy: raw.navy.map((s, i) => ({ id: `S${i}`, ...s })),
              infantry: raw.infantry.map((factors, i) => ({ id: `I${i}`, factors })),
            };
            const ids = (pred: (type: ItalianNavalType) => boolean) =>
              forces.navy.filter((s) => pred(s.type)).map((s) => s.id);
            const byCategory = {
              infantry: forces.infantry.map((u) => u.id),
              namedShips: ids((t) => t !== 'cruiser' && t !== 'destroyer'),
              cruisers: ids((t) => t === 'cruiser'),
              destroyers: ids((t) => t === 'destroyer'),
            };
            const germany = germanySurrenders ? germanFacts({ berlin: 'allied', germanDpTotal: -3 }) : germanFacts();
            const origins: OriginEvent[] = [
              started,
              alliedTurnEnded(sp44, germany, surrenderFacts(level)),
              forcesReported(sp44, forces),
              ...attempts.map((a) => {
                let k = 0;
                const take = (xs: readonly string[]) => xs.filter(() => a.picks[k++ % a.picks.length] === true);
                return forcesSelected(sp44, a.side, {
                  infantry: take(byCategory.infantry),
                  namedShips: take(byCategory.namedShips),
                  cruisers: take(byCategory.cruisers),
                  destroyers: take(byCategory.destroyers),
                });
              }),
            ];
            const replayer = new Replayer({ checkDecisions: false });
            const log: DomainEvent[] = [];
            for (const origin of origins) {
              const decision = decide(replayer.view(GAME), origin);
              if (!decision.ok) continue;
              replayer.applyAll(stored(decision.events, GAME, log.length + 1));
              log.push(...decision.events);
            }
            // 56.311: the Axis player selects first, and only while Germany is in play.
            const sides = ofType(log, 'italy.forces-selected').map((s) => s.side);
            if (germanySurrenders) expect(sides).not.toContain('axis');
            if (level === 0 && !germanySurrenders && sides.includes('allied'))
              expect(sides).toEqual(['axis', 'allied']);
            if (level > 0) expect(sides).not.toContain('allied');
            if (level < 0) expect(sides).not.toContain('axis');
            // 56.32, 56.312, 56.31D: what each power receives, counted from the report.
            const row = forcesForLevel(level);
            for (const d of ofType(log, 'italy.forces-disposed')) {
              disposals += 1;
              for (const [units, half] of [
                [
                  d.germany,
                  germanySurrenders
                    ? { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 }
                    : row.germany,
                ],
                [d.us, row.us],
              ] as const) {
                const ships = units.navy.map((id) => forces.navy.find((s) => s.id === id));
                expect(ships.every((s) => s !== undefined)).toBe(true);
                const infantryFactors = units.infantry.reduce(
                  (sum, id) => sum + (forces.infantry.find((u) => u.id === id)?.factors ?? Infinity),
                  0,
                );
                expect(infantryFactors).toBeLessThanOrEqual(half.infantryFactors);
                expect(
                  ships.filter((s) => s !== undefined && s.type !== 'cruiser' && s.type !== 'destroyer').length,
                ).toBeLessThanOrEqual(half.namedShips);
                expect(ships.filter((s) => s?.type === 'cruiser').length).toBeLessThanOrEqual(half.cruisers);
                expect(
                  ships.filter((s) => s?.type === 'destroyer').reduce((sum, s) => sum + (s?.factors ?? 0), 0),
                ).toBeLessThanOrEqual(half.destroyerFactors);
              }
              const handedOut = [...d.germany.navy, ...d.us.navy];
              expect(new Set(handedOut).size).toBe(handedOut.length);
              expect(handedOut.length).toBeLessThanOrEqual(forces.navy.length);
              expect([...handedOut, ...d.removed.navy].sort()).toEqual(forces.navy.map((s) => s.id).sort());
            }
            replay(log); // and the log replays without a mismatch
          },
        ),
        { numRuns: 300 },
      );
      // The property is not vacuous: random selections do complete allocations.
      expect(disposals).toBeGreaterThan(30);
    },
  );
});
