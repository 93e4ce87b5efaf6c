import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONCESSION_TABLE, TerritoryKeys, type TerritoryKey } from '../../src/rules/british-concession-table.js';
import { concessions, type TerritoryControl } from '../../src/rules/concessions.js';
import { concessionsInput } from '../support/concessions-fixtures.js';

const input = concessionsInput;

describe('59.68 the terms of surrender: the cap', () => {
  it('59.68: territories, minors and indemnity together may not exceed the points of the level', () => {
    // -2: 4 points. Malta 1 + Palestine 1 + Transjordan 1 + indemnity 20 BRPs (2) = 5.
    const r = concessions(
      input({ surrenderLevel: -2, demand: { take: ['malta', 'palestine', 'transjordan'], indemnityBrps: 20 } }),
    );
    expect(r).toEqual({
      legal: false,
      violations: [
        {
          rule: '59.68',
          message:
            'the demand is worth 5 concession points (territories ' +
            '3, minors 0, indemnity 2) but the surrender level allows 4',
        },
      ],
      pointsAvailable: 4,
      pointsUsed: 5,
      pointsNotTaken: 0,
      pointsReturned: 0,
      resistanceModifier: 0,
      usatChange: 0,
    });
  });

  it('59.68: a demand worth exactly the points is legal', () => {
    const minors = [{ name: 'greece', brps: 9, status: 'british' as const }];
    const r = concessions(
      input({
        surrenderLevel: -2,
        minors,
        demand: { take: ['malta'], minors: [{ name: 'greece', to: 'neutral' }], indemnityBrps: 20 },
      }),
    );
    expect(r).toMatchObject({ legal: true, violations: [], pointsAvailable: 4, pointsUsed: 4, pointsNotTaken: 0 });
  });

  it('59.68: a 0 surrender gives no points, so even an indemnity breaks the cap', () => {
    const r = concessions(input({ surrenderLevel: 0, demand: { indemnityBrps: 10 } }));
    expect(r.pointsAvailable).toBe(0);
    expect(r.violations.map((v) => v.rule)).toEqual(['59.68']);
  });

  it('59.872: a second surrender is priced on the difference of the levels', () => {
    const r = concessions(
      input({
        surrenderLevel: -4,
        previousSurrenderLevel: -3,
        demand: { take: ['malta', 'palestine'], indemnityBrps: 10 },
      }),
    );
    expect(r.pointsAvailable).toBe(2);
    expect(r.violations.map((v) => v.rule)).toEqual(['59.68']);
  });

  it(
    'property 59.68: in any demand judged legal, the value ' +
      'taken plus the indemnity is within the points of the level',
    () => {
      const control = fc.constantFrom<TerritoryControl>('british', 'axis', 'independent');
      const arb = fc.record({
        controls: fc.tuple(...TerritoryKeys.map(() => control)),
        minors: fc.array(
          fc.record({
            brps: fc.integer({ min: 0, max: 15 }),
            status: fc.constantFrom('british' as const, 'axis' as const, 'neutral' as const),
          }),
          {
            maxLength: 3,
          },
        ),
        level: fc.integer({ min: -10, max: 0 }),
        previous: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
        prefix: fc.integer({ min: 0, max: 21 }),
        to: fc.constantFrom('neutral' as const, 'axis' as const),
        extra: fc.subarray([...TerritoryKeys], { maxLength: 2 }),
        indemnityBrps: fc.constantFrom(0 as const, 10 as const, 20 as const, 30 as const),
      });
      let legal = 0;
      fc.assert(
        fc.property(arb, (a) => {
          const territories = Object.fromEntries(
            TerritoryKeys.map((k, i) => [k, a.controls[i] ?? 'british']),
          ) as Record<TerritoryKey, TerritoryControl>;
          const minors = a.minors.map((m, i) => ({ name: `minor-${i}`, ...m }));
          // Concede British items in priority order (so that many demands are legal), plus a few extra ones.
          const ordered = [
            ...TerritoryKeys.filter((k) => territories[k] === 'british').map((k) => ({
              kind: 'territory' as const,
              name: k,
              p: CONCESSION_TABLE[k].priority,
            })),
            ...minors
              .filter((m) => m.status === 'british')
              .map((m) => ({ kind: 'minor' as const, name: m.name, p: 2 })),
          ].sort((x, y) => x.p - y.p);
          const chosen = ordered.slice(0, a.prefix);
          const take = [
            ...new Set([...chosen.filter((c) => c.kind === 'territory').map((c) => c.name), ...a.extra]),
          ] as TerritoryKey[];
          const demandMinors = chosen.filter((c) => c.kind === 'minor').map((c) => ({ name: c.name, to: a.to }));
          const surrenderLevel = a.previous === undefined ? a.level : Math.min(a.level, -a.previous - 1);
          const previousSurrenderLevel = a.previous === undefined ? undefined : -a.previous;
          const r = concessions(
            input({
              surrenderLevel,
              ...(previousSurrenderLevel === undefined ? {} : { previousSurrenderLevel }),
              territories,
              minors,
              demand: { take, minors: demandMinors, indemnityBrps: a.indemnityBrps },
            }),
          );
          if (!r.legal) return;
          legal++;
          // 59.65: table values, 1 or 2 per full 5 minor BRPs, 1 per 10 BRPs of indemnity; 2 per level of difference.
          const value =
            take.reduce((s, k) => s + CONCESSION_TABLE[k].value, 0) +
            demandMinors.reduce(
              (s, d) =>
                s + Math.floor((minors.find((m) => m.name === d.name)?.brps ?? 0) / 5) * (d.to === 'axis' ? 2 : 1),
              0,
            ) +
            a.indemnityBrps / 10;
          expect(value).toBeLessThanOrEqual(2 * ((previousSurrenderLevel ?? 0) - surrenderLevel));
        }),
        { numRuns: 400 },
      );
      expect(legal).toBeGreaterThan(20);
    },
  );
});
