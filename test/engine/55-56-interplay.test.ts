// The German (55) and Italian (56) surrenders together: which one ends the war in Europe (55.21,
// 56.21), where German Mediterranean conquests go (55.22, 55.52), that a German surrender never makes
// Italy surrender (56.13), both at the same end of turn, and who is at war with whom after each step.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { warList } from '../../src/engine/wars.js';
import { given, play, replay, GAME, ofType } from '../support/given.js';
import { alliedTurnEnded, gameStarted, germanFacts, italianFacts, turn } from '../support/fixtures.js';
import { FLEET, forcesReported, forcesSelected, surrenderFacts } from '../support/italian-fixtures.js';

const sp45 = turn('spring', 1945);
const su45 = turn('summer', 1945);
const fa45 = turn('fall', 1945);
const started = gameStarted();
const germanyFalls = germanFacts({ berlin: 'allied', germanDpTotal: -3 });

const germanCodes = (events: readonly DomainEvent[]) =>
  ofType(events, 'germany.surrendered').flatMap((s) => s.effects.map((e) => `${e.rule} ${e.code}`));
const italianCodes = (events: readonly DomainEvent[]) =>
  ofType(events, 'italy.surrendered').flatMap((s) => s.effects.map((e) => `${e.rule} ${e.code}`));
const warsAfter = (history: readonly DomainEvent[]) => {
  const view = replay(history).view(GAME);
  return view === undefined ? [] : warList(view.world.wars).map((w) => `${w.axis}-${w.allied}`);
};

const ITALY_WARS = ['italy-britain', 'italy-russia', 'italy-us'];
const GERMAN_WARS = ['germany-britain', 'germany-russia', 'germany-us'];

describe('56.21: Germany surrenders first, then Italy', () => {
  const germanyOut = play([started, alliedTurnEnded(sp45, germanyFalls, italianFacts())]);
  const italyOut = play([
    started,
    alliedTurnEnded(sp45, germanyFalls, italianFacts()),
    alliedTurnEnded(su45, null, surrenderFacts(2)),
  ]);

  it(
    '55.22, 55.52: after the German surrender Italy fights on and receives the German Mediterranean conquests; ' +
      'only Italy is still at war',
    () => {
      expect(germanCodes(germanyOut)).toContain('55.22 italy-fights-on');
      expect(germanCodes(germanyOut)).toContain('55.52 german-mediterranean-conquests-to-italy');
      expect(germanCodes(germanyOut)).not.toContain('55.21 war-in-europe-ends');
      expect(ofType(germanyOut, 'europe.war-ended')).toEqual([]);
      expect(warsAfter(germanyOut)).toEqual(ITALY_WARS);
    },
  );

  it('56.21: the Italian surrender then ends the war in Europe; nobody is at war in Europe any more', () => {
    expect(italyOut.slice(germanyOut.length).map((e) => e.type)).toEqual([
      'host.allied-player-turn-ended',
      'italy.surrender-checked',
      'italy.surrendered',
      'europe.war-ended',
    ]);
    expect(ofType(italyOut, 'europe.war-ended')).toEqual([
      { turn: su45, rule: '56.21', reason: 'italy-after-germany' },
    ]);
    const [surrendered] = ofType(italyOut, 'italy.surrendered');
    expect(surrendered?.effects.slice(0, 1)).toEqual([
      { rule: '56.21', code: 'war-in-europe-ends', params: { surrendering: 'italy', germany: 'surrendered-earlier' } },
    ]);
    expect(warsAfter(italyOut)).toEqual([]);
    expect(replay(italyOut).view(GAME)?.world.europeWarEnded).toEqual({
      turn: su45,
      rule: '56.21',
      reason: 'italy-after-germany',
    });
  });

  it(
    '56.31B, 56.41, 56.52: with Germany gone, the Folgore is removed, Italian hexes go to no one, and the ' +
      'conquests Italy took from Germany go to no one',
    () => {
      expect(italianCodes(italyOut)).toEqual([
        '56.21 war-in-europe-ends',
        '56.22 italian-wars-end',
        '56.31A remove-italian-air-units',
        '56.31B folgore-removed',
        '56.31C remove-italian-ground-units',
        '56.32 post-surrender-forces',
        '56.41 italian-hexes-uncontrolled',
        '56.51 italian-minors-surrender',
        '56.52 italian-colonies-conquests-uncontrolled',
        '56.61 italian-key-economic-areas',
        '56.62 italian-brps-as-conquests',
        '56.63 italian-brps-senior-partner',
        '56.33 italian-ground-construction',
      ]);
      const [surrendered] = ofType(italyOut, 'italy.surrendered');
      expect(surrendered?.effects.find((e) => e.rule === '56.52')).toEqual({
        rule: '56.52',
        code: 'italian-colonies-conquests-uncontrolled',
        params: { withGermanConquests: true },
      });
    },
  );

  it(
    '56.311: at level +2 after a German surrender nobody ' +
      'selects: once the host reports, every Italian unit is removed at once',
    () => {
      const [surrendered] = ofType(italyOut, 'italy.surrendered');
      expect(
        surrendered && [
          surrendered.germany,
          surrendered.surrenderLevel,
          surrendered.axisSelectsFirst,
          surrendered.selectionOrder,
        ],
      ).toEqual(['surrendered-earlier', 2, false, []]);
      const reported = given(italyOut).when(forcesReported(su45)).decision;
      const [disposed] = reported.ok ? ofType(reported.events, 'italy.forces-disposed') : [];
      expect(disposed && [disposed.allocations, disposed.germany, disposed.us, disposed.removed]).toEqual([
        [],
        { infantry: [], navy: [] },
        { infantry: [], navy: [] },
        { infantry: FLEET.infantry.map((u) => u.id), navy: FLEET.navy.map((s) => s.id) },
      ]);
      given([...italyOut, ...(reported.ok ? reported.events : [])])
        .when(forcesSelected(su45, 'axis', {}))
        .thenRejected('56.311', 'not-pending');
    },
  );

  it(
    '56.311: at level 0 after a German surrender only the Allied ' +
      'player selects, from the whole pool, and an Axis selection is refused',
    () => {
      const history = play([
        started,
        alliedTurnEnded(sp45, germanyFalls, italianFacts()),
        alliedTurnEnded(su45, null, surrenderFacts(0)),
        forcesReported(su45),
      ]);
      const view = replay(history).view(GAME);
      expect(view && pendingDecisions(view).map((p) => [p.decision, p.by, p.rule])).toEqual([
        ['select-post-surrender-italian-forces', 'allied', '56.311'],
      ]);
      given(history)
        .when(forcesSelected(su45, 'axis', { infantry: ['inf-1'], cruisers: ['Zara'], destroyers: ['DD-1'] }))
        .thenRejected('56.311', 'illegal');
      const decision = given(history).when(
        forcesSelected(su45, 'allied', { infantry: ['inf-1'], cruisers: ['Zara'], destroyers: ['DD-1'] }),
      ).decision;
      const [disposed] = decision.ok ? ofType(decision.events, 'italy.forces-disposed') : [];
      expect(disposed && [disposed.allocations.map((a) => a.side), disposed.us, disposed.germany]).toEqual([
        ['allied'],
        { infantry: ['inf-1'], navy: ['Zara', 'DD-1'] },
        { infantry: [], navy: [] },
      ]);
    },
  );
});

describe('55.21: Italy surrenders first, then Germany', () => {
  const italyOut = play([
    started,
    alliedTurnEnded(sp45, germanFacts(), surrenderFacts(-2)),
    forcesReported(sp45),
    forcesSelected(sp45, 'allied', {
      infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
      namedShips: ['Littorio'],
      cruisers: ['Zara', 'Pola'],
      destroyers: ['DD-3'],
    }),
  ]);

  it('56.21, 56.22: the Italian surrender leaves the war in Europe going on; only Germany is still at war', () => {
    expect(italianCodes(italyOut)[0]).toBe('56.21 war-in-europe-goes-on');
    expect(ofType(italyOut, 'europe.war-ended')).toEqual([]);
    expect(warsAfter(italyOut)).toEqual(GERMAN_WARS);
  });

  it(
    '55.21, 55.52: the German surrender then ends the war in ' +
      'Europe, and the German Mediterranean conquests go to no one',
    () => {
      const decision = given(italyOut).when(alliedTurnEnded(su45, germanyFalls, null)).decision;
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual([
        'host.allied-player-turn-ended',
        'germany.surrender-checked',
        'germany.surrendered',
        'europe.war-ended',
      ]);
      const events = decision.ok ? decision.events : [];
      expect(germanCodes(events)).toContain('55.21 war-in-europe-ends');
      expect(germanCodes(events)).toContain('55.52 german-mediterranean-conquests-uncontrolled');
      expect(germanCodes(events)).not.toContain('55.22 italy-fights-on');
      expect(
        ofType(events, 'germany.surrendered')[0]?.effects.filter(
          (e) => e.rule === '55.21' || e.code === 'german-mediterranean-conquests-uncontrolled',
        ),
      ).toEqual([
        {
          rule: '55.21',
          code: 'war-in-europe-ends',
          params: { surrendering: 'germany', italy: 'surrendered-earlier' },
        },
        {
          rule: '55.52',
          code: 'german-mediterranean-conquests-uncontrolled',
          params: { italy: 'surrendered-earlier' },
        },
      ]);
      expect(ofType(events, 'europe.war-ended')).toEqual([
        { turn: su45, rule: '55.21', reason: 'germany-after-italy' },
      ]);
      expect(warsAfter([...italyOut, ...events])).toEqual([]);
    },
  );
});

describe('both surrender at the end of the same Allied player turn', () => {
  const decision = given([started]).when(alliedTurnEnded(sp45, germanyFalls, surrenderFacts(0))).decision;
  const events = decision.ok ? decision.events : [];

  it('55.21, 56.21: both surrenders stand, in that order, and the war in Europe ends citing 56.21', () => {
    expect(events.map((e) => e.type)).toEqual([
      'host.allied-player-turn-ended',
      'germany.surrender-checked',
      'germany.surrendered',
      'italy.surrender-checked',
      'italy.surrendered',
      'europe.war-ended',
    ]);
    expect(ofType(events, 'europe.war-ended')).toEqual([{ turn: sp45, rule: '56.21', reason: 'same-turn' }]);
    expect(warsAfter([started, ...events])).toEqual([]);
  });

  it('55.52: a surrendering Italy receives no German conquests; 55.21 says the war ends', () => {
    expect(germanCodes(events)).toEqual([
      '55.21 war-in-europe-ends',
      '55.24 us-pacific-election-modified',
      '55.31 remove-all-german-units',
      '55.41 unoccupied-german-hexes-uncontrolled',
      '55.51 german-minors-surrender',
      '55.51 negate-diplomatic-results-7-8',
      '55.52 german-west-east-conquests-uncontrolled',
      '55.52 german-mediterranean-conquests-uncontrolled',
      '55.61 germany-no-brp-value',
    ]);
    expect(ofType(events, 'germany.surrendered')[0]?.effects[0]).toEqual({
      rule: '55.21',
      code: 'war-in-europe-ends',
      params: { surrendering: 'germany', italy: 'surrenders-same-turn' },
    });
  });

  it(
    '56.21, 56.311: Italy records Germany as surrendering in ' +
      'the same turn; at level 0 only the Allied player selects',
    () => {
      const [surrendered] = ofType(events, 'italy.surrendered');
      expect(surrendered && [surrendered.germany, surrendered.axisSelectsFirst, surrendered.selectionOrder]).toEqual([
        'surrenders-same-turn',
        false,
        ['allied'],
      ]);
      expect(surrendered?.effects[0]).toEqual({
        rule: '56.21',
        code: 'war-in-europe-ends',
        params: { surrendering: 'italy', germany: 'surrenders-same-turn' },
      });
      expect(italianCodes(events)).toContain('56.31B folgore-removed');
      expect(italianCodes(events)).toContain('56.41 italian-hexes-uncontrolled');
    },
  );

  it('56.11, 55.11: the whole game replays without a mismatch, allocation included', () => {
    const log = play([
      started,
      alliedTurnEnded(sp45, germanyFalls, surrenderFacts(0)),
      forcesReported(sp45),
      forcesSelected(sp45, 'allied', { infantry: ['inf-1'], cruisers: ['Zara'], destroyers: ['DD-1'] }),
    ]);
    const view = replay(log).view(GAME);
    expect(
      view && [view.germany.value, view.italy.value, view.world.europeWarEnded?.rule, pendingDecisions(view)],
    ).toEqual(['surrendered', 'done', '56.21', []]);
  });
});

describe('55.21: Germany surrenders and Italy never went to war', () => {
  const neutral = gameStarted({
    wars: [
      { axis: 'germany', allied: 'britain' },
      { axis: 'germany', allied: 'russia' },
      { axis: 'germany', allied: 'us' },
    ],
    italy: { declaredWarOnWesternAlliesYear: null, westernAlliesDeclaredWar: false },
  });

  it(
    '55.21: the war in Europe ends with the German ' +
      'surrender; no Italian check, no Italian facts, and nobody at war',
    () => {
      const log = play([neutral, alliedTurnEnded(sp45, germanyFalls, null)]);
      expect(log.map((e) => e.type)).toEqual([
        'host.game-started',
        'host.allied-player-turn-ended',
        'germany.surrender-checked',
        'germany.surrendered',
        'europe.war-ended',
      ]);
      expect(ofType(log, 'europe.war-ended')).toEqual([
        { turn: sp45, rule: '55.21', reason: 'germany-italy-never-at-war' },
      ]);
      expect(germanCodes(log)).toContain('55.52 german-mediterranean-conquests-uncontrolled');
      expect(warsAfter(log)).toEqual([]);
      expect(replay(log).view(GAME)?.italy.value).toBe('neverAtWar');
    },
  );

  it(
    '55.21: Italy is "never at war" only until it declares ' +
      'war: then a German surrender leaves Italy fighting on (55.22)',
    () => {
      const log = play([
        neutral,
        { type: 'war.declared', data: { turn: sp45, aggressor: 'italy', targets: ['russia'], usatLevel: null } },
        alliedTurnEnded(sp45, germanyFalls, italianFacts()),
      ]);
      expect(germanCodes(log)).toContain('55.22 italy-fights-on');
      expect(ofType(log, 'europe.war-ended')).toEqual([]);
      expect(warsAfter(log)).toEqual(['italy-russia']);
      expect(replay(log).view(GAME)?.italy.value).toBe('atWar');
    },
  );
});

describe('56.13: a German surrender has no effect on Italy', () => {
  it(
    '56.13: with Rome under Allied control but DP total +1, ' +
      'Germany surrenders and Italy fights on, and is checked again next turn',
    () => {
      const log = play([
        started,
        alliedTurnEnded(sp45, germanyFalls, italianFacts({ italianDpTotal: 1, romeAlliedControlled: true })),
      ]);
      expect(ofType(log, 'germany.surrendered')).toHaveLength(1);
      expect(ofType(log, 'italy.surrender-checked').map((c) => [c.dpTotal, c.surrenders])).toEqual([[1, false]]);
      expect(ofType(log, 'italy.surrendered')).toEqual([]);
      expect(warsAfter(log)).toEqual(ITALY_WARS);
      given(log)
        .when(alliedTurnEnded(su45, null, null))
        .thenRejected('56.11', 'malformed');
      const next = given(log).when(
        alliedTurnEnded(su45, null, italianFacts({ italianDpTotal: 0, romeAlliedControlled: true })),
      ).decision;
      expect(next.ok && next.events.map((e) => e.type)).toEqual([
        'host.allied-player-turn-ended',
        'italy.surrender-checked',
        'italy.surrendered',
        'europe.war-ended',
      ]);
    },
  );

  it('56.13: the Italian check reads the same inputs whether or not Germany surrenders at that end of turn', () => {
    const facts = italianFacts({ italianDpTotal: -1, axisUnitsInAfrica: false, dpsInItaly: { axis: 2, allied: 0 } });
    const alone = play([started, alliedTurnEnded(sp45, germanFacts(), facts)]);
    const together = play([started, alliedTurnEnded(sp45, germanyFalls, facts)]);
    expect(ofType(together, 'italy.surrender-checked')).toEqual(ofType(alone, 'italy.surrender-checked'));
    expect(ofType(together, 'italy.surrender-checked').map((c) => [c.dpTotal, c.surrenderLevel, c.surrenders])).toEqual(
      [[-1, 1, true]],
    );
  });

  it('55.21, 56.21: once the war in Europe has ended no further check is made', () => {
    const log = play([started, alliedTurnEnded(sp45, germanyFalls, surrenderFacts(2)), forcesReported(sp45)]);
    const next = given(log).when(alliedTurnEnded(fa45, null, null)).decision;
    expect(next.ok && next.events.map((e) => e.type)).toEqual(['host.allied-player-turn-ended']);
  });
});
