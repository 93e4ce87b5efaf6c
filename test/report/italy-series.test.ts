// 56.11, 56.12: the report's Italy series is the DP total of each check, the host's figure with the 56.12 modifiers
// (A: +2 when the Western Allies declared war on Italy; B: -1 when Italy declared war on them in 1941, -2 in 1942 ...).
// No bundled example has a modifier, so these games are built here; every value below is the host's figure plus the
// modifier, worked out by hand.
import { describe, expect, it } from 'vitest';
import { chartSeries } from '../../src/report/series.js';
import { play, stored } from '../support/given.js';
import { alliedTurnEnded, gameStarted, germanFacts, italianFacts, turn } from '../support/fixtures.js';

const sp43 = turn('spring', 1943);
const su43 = turn('summer', 1943);
const fa43 = turn('fall', 1943);

const italySeries = (data: ReturnType<typeof chartSeries>) =>
  data.points.filter((p) => p.power === 'Italy').map((p) => [p.turn, p.value]);
const italyMarks = (data: ReturnType<typeof chartSeries>) =>
  data.marks.filter((m) => m.power === 'Italy').map((m) => [m.kind, m.turn, m.value, m.rule]);

describe('the report: the Italy series with the 56.12 modifiers', () => {
  it(
    "56.12A: the Western Allies declared war on Italy; the host's 1, -1, -2 are 3, 1, 0, and Italy surrenders at " +
      '0 (56.11A)',
    () => {
      const log = play([
        gameStarted({ turn: sp43, italy: { declaredWarOnWesternAlliesYear: null, westernAlliesDeclaredWar: true } }),
        alliedTurnEnded(sp43, germanFacts(), italianFacts({ italianDpTotal: 1 })),
        alliedTurnEnded(su43, germanFacts(), italianFacts({ italianDpTotal: -1 })),
        alliedTurnEnded(fa43, germanFacts(), italianFacts({ italianDpTotal: -2, romeAlliedControlled: true })),
      ]);
      const data = chartSeries(stored(log));
      expect(italySeries(data)).toEqual([
        ['Spring 1943', 3],
        ['Summer 1943', 1],
        ['Fall 1943', 0],
      ]);
      expect(italyMarks(data)).toEqual([['surrender', 'Fall 1943', 0, '56.2']]);
    },
  );

  it(
    "56.12B: Italy declared war on the Western Allies in 1941; the host's 2, 1 are 1, 0, and Italy surrenders at " +
      '0 (56.11B)',
    () => {
      const log = play([
        gameStarted({ turn: sp43, italy: { declaredWarOnWesternAlliesYear: 1941, westernAlliesDeclaredWar: false } }),
        alliedTurnEnded(sp43, germanFacts(), italianFacts({ italianDpTotal: 2 })),
        alliedTurnEnded(su43, germanFacts(), italianFacts({ italianDpTotal: 1, axisUnitsInAfrica: false })),
      ]);
      const data = chartSeries(stored(log));
      expect(italySeries(data)).toEqual([
        ['Spring 1943', 1],
        ['Summer 1943', 0],
      ]);
      expect(italyMarks(data)).toEqual([['surrender', 'Summer 1943', 0, '56.2']]);
    },
  );
});
