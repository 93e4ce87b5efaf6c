// 59.83, 59.86A-C: who may declare war on whom now, as the engine's own decide answers it, in the bundled Sea Lion
// game before and after the British peace; and for random commands in the bundled games, the menu's answer is
// whether decide accepts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AlliedPowers, AxisPowers } from '../../events/common.js';
import { decide } from '../../src/engine/decide.js';
import { declarationsOf, type Declaration } from '../../src/engine/declarations.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { exampleGames } from '../../src/examples/games.js';
import { GAME, play, replay } from '../support/given.js';
import type { GameView } from '../../src/engine/game-view.js';

const script = seaLion1941().events;
const viewAt = (events: typeof script, count: number): GameView => {
  const view = replay(play(events.slice(0, count))).view(GAME);
  if (view === undefined) throw new Error('no game');
  return view;
};
/** The end of the game turn of `season` 19`year`, or the British selection that completes the peace. */
const indexOf = (type: string, season: string, year: number): number =>
  script.findIndex(
    (e) => e.type === type && 'turn' in e.data && e.data.turn.season === season && e.data.turn.year === year,
  ) + 1;

/** Every pair as `aggressor>target`, with `ok`, `usat>=N`, or the refusing rule. */
const menu = (ds: readonly Declaration[]): string[] =>
  ds.map((d) => {
    const allowed = d.usatLevelAtLeast === null ? 'ok' : `usat>=${d.usatLevelAtLeast}`;
    const refused = `${d.refusedBy?.rule ?? '?'}/${d.refusedBy?.code ?? '?'}`;
    return `${d.aggressor}>${d.target} ${d.allowed ? allowed : refused}`;
  });

const AT_WAR = 'sequence/illegal';
const before = [
  `germany>britain ${AT_WAR}`,
  'germany>france ok',
  'germany>russia ok',
  'germany>us ok',
  `italy>britain ${AT_WAR}`,
  'italy>france ok',
  'italy>russia ok',
  'italy>us ok',
  'japan>britain ok',
  'japan>france ok',
  'japan>russia ok',
  'japan>us ok',
  `britain>germany ${AT_WAR}`,
  `britain>italy ${AT_WAR}`,
  'britain>japan ok',
  'france>germany ok',
  'france>italy ok',
  'france>japan ok',
  'russia>germany ok',
  'russia>italy ok',
  'russia>japan ok',
  'us>germany ok',
  'us>italy ok',
  'us>japan ok',
];
/** After the peace of Summer 1941, with Germany and Italy at war with Russia since that turn. */
const afterPeace = (germanyUs: string, usGermany: string, germanyBritain: string) => [
  `germany>britain ${germanyBritain}`,
  'germany>france ok',
  `germany>russia ${AT_WAR}`,
  `germany>us ${germanyUs}`,
  'italy>britain 59.83/illegal',
  'italy>france ok',
  `italy>russia ${AT_WAR}`,
  'italy>us ok',
  'japan>britain ok',
  'japan>france ok',
  'japan>russia ok',
  'japan>us ok',
  'britain>germany 59.83/illegal',
  'britain>italy 59.83/illegal',
  'britain>japan 59.83/illegal',
  'france>germany ok',
  'france>italy ok',
  'france>japan ok',
  `russia>germany ${AT_WAR}`,
  `russia>italy ${AT_WAR}`,
  'russia>japan ok',
  `us>germany ${usGermany}`,
  'us>italy ok',
  'us>japan ok',
];

describe('59.83, 59.86: the war declarations menu in the Sea Lion game', () => {
  it('before the surrender (end of Spring 1941): only the wars already fought are refused', () => {
    expect(menu(declarationsOf(viewAt(script, indexOf('host.game-turn-ended', 'spring', 1941))))).toEqual(before);
  });

  it("59.23: while the offer waits for Germany's answer, every declaration waits too", () => {
    const ds = declarationsOf(viewAt(script, indexOf('host.game-turn-ended', 'summer', 1941)));
    expect(ds).toHaveLength(24);
    expect(
      new Set(ds.map((d) => `${String(d.allowed)} ${d.refusedBy?.rule ?? ''} ${d.refusedBy?.code ?? ''}`)),
    ).toEqual(new Set(['false 59.23 decision-pending']));
  });

  it(
    '59.86A: in the turn of the peace and the turn after, neither Germany nor the U.S. may declare war on the ' +
      'other; 59.83: Britain follows the U.S.',
    () => {
      const peace = indexOf('britain.forces-selected', 'summer', 1941);
      expect(menu(declarationsOf(viewAt(script, peace)))).toEqual(
        afterPeace('59.86A/illegal', '59.86A/illegal', '59.86A/illegal'),
      );
      expect(menu(declarationsOf(viewAt(script, indexOf('host.game-turn-ended', 'fall', 1941))))).toEqual(
        afterPeace('59.86A/illegal', '59.86A/illegal', '59.86A/illegal'),
      );
    },
  );

  it(
    '59.86B, 59.86C: from the second turn after, Germany may declare war on the U.S. but not on Britain alone, ' +
      'and the U.S. on Germany once the USAT level is 50',
    () => {
      expect(menu(declarationsOf(viewAt(script, indexOf('host.game-turn-ended', 'winter', 1941))))).toEqual(
        afterPeace('ok', 'usat>=50', '59.86B/illegal'),
      );
    },
  );
});

const POWERS = [...AxisPowers, ...AlliedPowers];
const games = Object.values(exampleGames).map((g) => g().events);

describe('59.86: the menu agrees with decide', () => {
  it(
    '59.83, 59.86A-C, 59.891A, 59.892C: for a random declaration in a random bundled game at a random point, ' +
      'decide accepts it exactly when the menu allows it',
    () => {
      const views = new Map<string, GameView>();
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: games.length - 1 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.constantFrom(...POWERS),
          fc.constantFrom(...POWERS),
          fc.option(fc.integer({ min: 0, max: 80 }), { nil: null }),
          (g, at, aggressor, target, usatLevel) => {
            const events = games[g] ?? [];
            const count = 1 + Math.floor(at * (events.length - 1));
            const key = `${g}:${count}`;
            const view = views.get(key) ?? viewAt(events, count);
            views.set(key, view);
            const entry = declarationsOf(view).find((d) => d.aggressor === aggressor && d.target === target);
            const accepted = decide(view, {
              type: 'war.declared',
              data: { turn: view.world.turn, aggressor, targets: [target], usatLevel },
            }).ok;
            const expected =
              entry?.allowed === true &&
              (entry.usatLevelAtLeast === null || (usatLevel !== null && usatLevel >= entry.usatLevelAtLeast));
            expect(accepted).toBe(expected);
          },
        ),
        { numRuns: 150 },
      );
    },
  );
});
