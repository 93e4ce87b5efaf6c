// 59.52, 59.7 (forbearance over later turns), 59.8: what follows a British surrender: peace, the
// resumption of the war by either side, further surrenders, and the Far East.
import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventData } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { britishPermissions } from '../../src/engine/britain/permissions.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { warList } from '../../src/engine/wars.js';
import { defaultRulingOptions } from '../../src/rules/options.js';
import { turn } from '../support/fixtures.js';
import { given, play, ofType, viewAfter } from '../support/given.js';
import {
  accept,
  britishPool,
  declareWar,
  demand,
  gameTurnEnded,
  hexControl,
  reportPool,
  seaLionStart,
  selectForces,
} from '../support/british-fixtures.js';

const su41 = turn('summer', 1941);
const fa41 = turn('fall', 1941);
const wi41 = turn('winter', 1941);
const sp42 = turn('spring', 1942);

const permission = (history: readonly DomainEvent[], name: string) => {
  const view = viewAfter(history);
  return view && britishPermissions(view).find((p) => p.permission === name)?.allowed;
};

/** Britain surrenders at -2 in Summer 1941; Germany takes Malta, Palestine and Transjordan and 10 BRPs (4 points). */
function peaceAtMinus2(
  start: OriginEvent = seaLionStart(),
  take: string[] = ['malta', 'palestine', 'transjordan'],
  indemnityBrps: 0 | 10 | 20 | 30 = 10,
): OriginEvent[] {
  return [
    start,
    gameTurnEnded(su41, { britishDpLevel: -2 }),
    accept(su41),
    reportPool(su41),
    hexControl(su41),
    demand(su41, { take, indemnityBrps }),
    selectForces(su41, ['aaf-3', 'aaf-4', 'arm-1', 'nas-1', 'bb-1', 'bb-2', 'ca-1', 'ca-2']),
  ];
}

describe('59.83-59.86: peace and the resumption of the war', () => {
  it('59.83: at peace Britain is neutral while the U.S. is, and cannot declare war on its own', () => {
    const log = play(peaceAtMinus2());
    const view = viewAfter(log);
    expect(view?.britain.value).toBe('atPeace');
    expect(permission(log, 'british-forces-neutral')).toBe(true);
    given(log)
      .when(declareWar(sp42, 'britain', ['germany']))
      .thenRejected('59.83', 'illegal');
  });

  it('59.86A: neither Germany nor the U.S. may declare war on the other in the turn following the surrender', () => {
    const log = play(peaceAtMinus2());
    given(log)
      .when(declareWar(fa41, 'us', ['germany'], 60))
      .thenRejected('59.86A', 'illegal');
    given(log)
      .when(declareWar(fa41, 'germany', ['us']))
      .thenRejected('59.86A', 'illegal');
  });

  it('59.86B: Germany may not declare war on Britain alone', () => {
    given(play(peaceAtMinus2()))
      .when(declareWar(wi41, 'germany', ['britain']))
      .thenRejected('59.86B', 'illegal');
  });

  it('59.86B: a German declaration on the U.S. from the second turn: Germany at war with the U.S. and Britain', () => {
    const log = play([...peaceAtMinus2(), declareWar(wi41, 'germany', ['us'])]);
    expect(ofType(log, 'britain.war-resumed')).toMatchObject([{ turn: wi41, rule: '59.86B' }]);
    const view = viewAfter(log);
    expect(view?.britain.value).toBe('atWar');
    expect(view && warList(view.world.wars)).toEqual([
      { axis: 'germany', allied: 'britain' },
      { axis: 'germany', allied: 'us' },
    ]);
  });

  it('59.86C: the U.S. may declare war on Germany only once USAT reaches 50, from the second turn', () => {
    const log = play(peaceAtMinus2());
    given(log)
      .when(declareWar(wi41, 'us', ['germany'], 49))
      .thenRejected('59.86C', 'illegal');
    given(log)
      .when(declareWar(wi41, 'us', ['germany']))
      .thenRejected('59.86C', 'illegal');
    const resumed = play([...peaceAtMinus2(), declareWar(wi41, 'us', ['germany'], 50)]);
    expect(ofType(resumed, 'britain.war-resumed')).toMatchObject([{ turn: wi41, rule: '59.86C' }]);
    const view = viewAfter(resumed);
    expect(view && warList(view.world.wars)).toEqual([
      { axis: 'germany', allied: 'britain' },
      { axis: 'germany', allied: 'us' },
    ]);
  });
});

describe('59.87: further British surrenders', () => {
  const resumedByUs = () => [...peaceAtMinus2(), declareWar(wi41, 'us', ['germany'], 52)];

  it(
    '59.871 and 59.75A: units removed count as unbuilt; ' +
      'concessions forgone at the most recent surrender lower resistance',
    () => {
      // Conciliatory: Germany takes only Malta (1 of 4 points): 3 not taken, -1 resistance (59.75A), -6 USAT (59.75B).
      const log = play([
        ...peaceAtMinus2(seaLionStart(), ['malta'], 0),
        declareWar(wi41, 'us', ['germany'], 52),
        gameTurnEnded(wi41, { britishDpLevel: 5, unbuiltBritishGroundAirFactors: 4 }),
      ]);
      expect(ofType(log, 'britain.terms-imposed')[0]).toMatchObject({
        pointsUsed: 1,
        pointsNotTaken: 3,
        resistanceModifier: -1,
        usatChange: -6,
      });
      const [, determined] = ofType(log, 'britain.resistance-determined');
      // aaf-3 (2) + aaf-4 (2) + arm-1 (4) removed at the surrender, plus the 4 the host reports.
      expect(determined?.inputs).toMatchObject({
        unbuiltBritishGroundAirFactors: 12,
        concessionPointsForgone: 3,
        previousSurrenderLevel: -2,
      });
      expect(determined?.lines.find((l) => l.key === 'concessionsForgone')?.value).toBe(-1);
      expect(determined?.lines.find((l) => l.key === 'unbuiltFactors')?.value).toBe(-1);
    },
  );

  it('59.87: a level at the previous surrender level makes no offer; one below it does', () => {
    // Spring 1942: +1 for the U.S. at war, -1 for Singapore (59.22B): the level is the DP level. -2 is not below -2.
    const equal = play([...resumedByUs(), gameTurnEnded(sp42, { britishDpLevel: -2 })]);
    expect(ofType(equal, 'britain.resistance-determined').at(-1)?.level).toBe(-2);
    expect(ofType(equal, 'britain.surrender-offered')).toHaveLength(1);
    const below = play([...resumedByUs(), gameTurnEnded(sp42, { britishDpLevel: -3 })]);
    expect(ofType(below, 'britain.surrender-offered').at(-1)).toEqual({
      turn: sp42,
      resistanceLevel: -3,
      surrenderLevel: -3,
      previousSurrenderLevel: -2,
      germanyMustAccept: false,
    });
  });

  it(
    '59.872: a second surrender takes its effects from the ' +
      'difference; with the U.S. at war there are no concessions (59.61)',
    () => {
      const log = play([...resumedByUs(), gameTurnEnded(sp42, { britishDpLevel: -4 }), accept(sp42)]);
      expect(ofType(log, 'britain.surrendered').at(-1)).toMatchObject({
        surrenderLevel: -4,
        previousSurrenderLevel: -2,
        outcome: 'war-continues',
        requirements: { aafFactors: 4, groundNasBrps: 8, navalFactors: 20 },
        concessionPoints: 0,
      });
    },
  );

  it(
    "59.513B: a second surrender's pool report that lists a unit removed at the first is refused as " +
      'contradictory, naming both',
    () => {
      const second = play([...resumedByUs(), gameTurnEnded(sp42, { britishDpLevel: -4 }), accept(sp42)]);
      // The whole 1941 pool again: aaf-3 (its third unit) was the first one removed in Summer 1941.
      const { decision } = given(second).when(reportPool(sp42, britishPool));
      expect(decision.ok ? null : decision.rejection).toEqual({
        code: 'contradictory',
        rule: '59.513B',
        message:
          'data.units[2].id contradicts log:britain.surrenders[0].removedUnits: "aaf-3" was removed from the British ' +
          'force pool at the surrender of Summer 1941',
        fields: ['data.units[2].id', 'log:britain.surrenders[0].removedUnits'],
      });
      const removed = new Set(['aaf-3', 'aaf-4', 'arm-1', 'nas-1', 'bb-1', 'bb-2', 'ca-1', 'ca-2']);
      expect(
        given(second).when(
          reportPool(
            sp42,
            britishPool.filter((u) => !removed.has(u.id)),
          ),
        ).decision.ok,
      ).toBe(true);
    },
  );

  it('59.87, 59.86B: after a German declaration the option "fresh" (default) judges a further surrender from 0', () => {
    const log = play([
      ...peaceAtMinus2(),
      declareWar(wi41, 'germany', ['us']),
      gameTurnEnded(sp42, { britishDpLevel: -1 }),
    ]);
    // -1 (+1 U.S. at war, -1 Singapore): not below -2, but after a German declaration it is judged afresh.
    expect(ofType(log, 'britain.surrender-offered').at(-1)).toEqual({
      turn: sp42,
      resistanceLevel: -1,
      surrenderLevel: -1,
      previousSurrenderLevel: null,
      germanyMustAccept: false,
    });
  });

  it('59.87: with the option "below-previous" the German declaration changes nothing', () => {
    const options = { ...defaultRulingOptions, surrenderAfterGermanDeclaration: 'below-previous' } as const;
    const log = play([
      ...peaceAtMinus2(seaLionStart({ options })),
      declareWar(wi41, 'germany', ['us']),
      gameTurnEnded(sp42, { britishDpLevel: -2 }),
    ]);
    expect(ofType(log, 'britain.surrender-offered')).toHaveLength(1);
  });

  it('59.41 and 59.87: after a -10 surrender no further surrender is possible', () => {
    const log = play([
      seaLionStart(),
      gameTurnEnded(su41, { britishDpLevel: -10 }),
      reportPool(su41),
      hexControl(su41),
      demand(su41, {
        take: ['malta', 'palestine', 'transjordan', 'egypt', 'iraq', 'gibraltar', 'ulster', 'scapa-flow'],
        indemnityBrps: 30,
      }),
      selectForces(su41, [
        'aaf-1',
        'aaf-2',
        'aaf-3',
        'aaf-4',
        'arm-1',
        'inf-1',
        'inf-2',
        'inf-3',
        'nas-1',
        'bb-1',
        'bb-2',
        'ca-1',
        'ca-2',
        'cv-1',
      ]),
      declareWar(wi41, 'us', ['germany'], 55),
      gameTurnEnded(sp42, { britishDpLevel: -30 }),
    ]);
    expect(ofType(log, 'britain.surrender-offered')).toHaveLength(1);
  });
});

describe('59.52, 59.82 and 59.88: permissions after a surrender', () => {
  it('59.52: Commonwealth units may be lent to the U.S. from the turn after the surrender', () => {
    const log = play(peaceAtMinus2());
    expect(permission(log, 'lend-commonwealth-units-to-us')).toBe(false);
    const next = play([...peaceAtMinus2(), gameTurnEnded(fa41, { britishDpLevel: 2 })]);
    expect(permission(next, 'lend-commonwealth-units-to-us')).toBe(true);
  });

  it('59.82A: construction in Canada while the resistance level is zero or less', () => {
    expect(permission(play(peaceAtMinus2()), 'build-british-units-in-canada')).toBe(true);
    expect(
      permission(
        play([...peaceAtMinus2(), gameTurnEnded(fa41, { britishDpLevel: 2 })]),
        'build-british-units-in-canada',
      ),
    ).toBe(false);
  });

  it('59.88: British partisans only while the Western Allies are at war with Germany', () => {
    expect(permission(play(peaceAtMinus2()), 'build-british-partisans')).toBe(false);
    expect(
      permission(play([...peaceAtMinus2(), declareWar(wi41, 'us', ['germany'], 50)]), 'build-british-partisans'),
    ).toBe(true);
  });
});

describe('59.89: British surrender effects in the Far East', () => {
  const globalStart = (wars: EventData<'host.game-started'>['wars']) =>
    seaLionStart({ scenario: 'global', wars: [{ axis: 'germany', allied: 'britain' }, ...wars] });

  it('59.891C: Japan at war with Britain but not the U.S. chooses at the moment of surrender', () => {
    const log = play(peaceAtMinus2(globalStart([{ axis: 'japan', allied: 'britain' }])).slice(0, 3));
    expect(ofType(log, 'britain.surrendered')[0]?.farEast).toBe('japan-chooses');
    const view = viewAfter(log);
    expect(view && pendingDecisions(view).map((p) => [p.decision, p.by, p.rule])).toContainEqual([
      'decide-japanese-adherence',
      'japan',
      '59.891C',
    ]);
  });

  it(
    '59.892: Japan adheres: its war with Britain ends, and it may resume from the second turn only against ' +
      'Britain and the U.S. together',
    () => {
      const log = play([
        ...peaceAtMinus2(globalStart([{ axis: 'japan', allied: 'britain' }])),
        { type: 'japan.treaty-decided', data: { turn: su41, adheres: true } },
        {
          type: 'host.far-east-hex-control',
          data: { turn: su41, unsuppliedHexes: [], fortificationsEliminated: [], areas: [] },
        },
      ]);
      expect(ofType(log, 'britain.far-east-settled')[0]?.effects.map((e) => e.rule)).toEqual([
        '59.892A',
        '59.892B',
        '59.892C',
        '59.893',
      ]);
      const view = viewAfter(log);
      expect(view && warList(view.world.wars)).toEqual([]);
      given(log)
        .when(declareWar(fa41, 'japan', ['britain', 'us']))
        .thenRejected('59.892C', 'illegal');
      given(log)
        .when(declareWar(wi41, 'japan', ['britain']))
        .thenRejected('59.892C', 'illegal');
      expect(given(log).when(declareWar(wi41, 'japan', ['britain', 'us'])).decision.ok).toBe(true);
    },
  );

  it('59.894: Japan declines: fighting between Japan and Britain continues', () => {
    const log = play([
      ...peaceAtMinus2(globalStart([{ axis: 'japan', allied: 'britain' }])),
      { type: 'japan.treaty-decided', data: { turn: su41, adheres: false } },
    ]);
    expect(ofType(log, 'britain.far-east-settled')[0]?.effects.map((e) => e.rule)).toEqual(['59.894', '59.893']);
    const view = viewAfter(log);
    expect(view && warList(view.world.wars)).toEqual([{ axis: 'japan', allied: 'britain' }]);
  });

  it('59.891A: Japan at peace with both may not go to war with Britain without the U.S.', () => {
    const log = play(peaceAtMinus2(globalStart([])));
    expect(ofType(log, 'britain.surrendered')[0]?.farEast).toBe('not-at-war');
    given(log)
      .when(declareWar(wi41, 'japan', ['britain']))
      .thenRejected('59.891A', 'illegal');
    expect(given(log).when(declareWar(wi41, 'japan', ['britain', 'us'])).decision.ok).toBe(true);
  });

  it('59.891B: Japan at war with both: the surrender takes effect only in Europe', () => {
    const start = globalStart([
      { axis: 'japan', allied: 'britain' },
      { axis: 'japan', allied: 'us' },
    ]);
    const log = play([start, gameTurnEnded(su41, { britishDpLevel: -2 }), accept(su41)]);
    const [surrender] = ofType(log, 'britain.surrendered');
    expect(surrender?.farEast).toBe('at-war-with-both');
    expect(surrender?.effects.map((e) => e.code)).toContain('surrender-in-europe-only');
    const view = viewAfter(log);
    expect(view && warList(view.world.wars)).toEqual([
      { axis: 'japan', allied: 'britain' },
      { axis: 'japan', allied: 'us' },
    ]);
  });

  it('59.893: in a global game British units in Asia are subject to the reductions', () => {
    const log = play([globalStartOnly(), gameTurnEnded(su41, { britishDpLevel: -1 }), accept(su41)]);
    expect(ofType(log, 'britain.surrendered')[0]?.effects.map((e) => e.rule)).toContain('59.893');
  });
});

function globalStartOnly(): OriginEvent {
  return seaLionStart({ scenario: 'global' });
}

describe('59.81, 59.84, 59.873: Britain after its surrender', () => {
  it(
    '59.81: Britain continues as a major power; its BRP base ' +
      'floor drops by 10 for each of Australia and India surrendered',
    () => {
      const floor = (log: readonly DomainEvent[]) =>
        ofType(log, 'britain.surrendered')[0]?.effects.find((e) => e.rule === '59.81');
      expect(floor(play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -1 }), accept(su41)]))).toEqual({
        rule: '59.81',
        code: 'britain-continues-as-major-power',
        params: { floorBrps: 40 },
      });
      const bothLost = play([
        seaLionStart(),
        { type: 'host.dominion-surrendered', data: { turn: su41, dominion: 'australia' } },
        { type: 'host.dominion-surrendered', data: { turn: su41, dominion: 'india' } },
        gameTurnEnded(su41, { britishDpLevel: 3 }),
        accept(su41),
      ]);
      expect(floor(bothLost)).toEqual({
        rule: '59.81',
        code: 'britain-continues-as-major-power',
        params: { floorBrps: 20 },
      });
    },
  );

  it('59.84: while Britain and the U.S. are neutral, British and Commonwealth units may deploy to Europe', () => {
    expect(permission(play(peaceAtMinus2()), 'neutral-britain-deploys-to-europe')).toBe(true);
    expect(
      permission(
        play([...peaceAtMinus2(), declareWar(wi41, 'us', ['germany'], 50)]),
        'neutral-britain-deploys-to-europe',
      ),
    ).toBe(false);
  });

  it('59.873: Britain may surrender any number of times, each below the last', () => {
    const sp43 = turn('spring', 1943);
    const removedAtFirst = new Set(['aaf-3', 'aaf-4', 'arm-1', 'nas-1', 'bb-1', 'bb-2', 'ca-1', 'ca-2']);
    const third = play([
      ...peaceAtMinus2(),
      declareWar(wi41, 'us', ['germany'], 52),
      gameTurnEnded(sp42, { britishDpLevel: -3 }),
      accept(sp42),
      reportPool(
        sp42,
        britishPool.filter((u) => !removedAtFirst.has(u.id)),
      ),
      selectForces(sp42, ['aaf-1', 'aaf-2', 'inf-1', 'inf-2', 'cv-1']),
      gameTurnEnded(sp43, { britishDpLevel: -5 }),
      accept(sp43),
    ]);
    expect(ofType(third, 'britain.surrendered').map((s) => [s.surrenderLevel, s.previousSurrenderLevel])).toEqual([
      [-2, null],
      [-3, -2],
      // DP -5, and -1 for 14 ground/AAF factors removed at the first two surrenders, now unbuilt (59.871).
      [-6, -3],
    ]);
  });
});
