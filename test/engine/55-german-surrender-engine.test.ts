// Rule 55 in the engine: the check at the end of each Allied player turn, inputs counted from the
// log, and the effects of a German surrender (55.2-55.6). given(history).when(command).then(events).
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { decideChecked, given, play, replay, GAME } from '../support/given.js';
import {
  alliedTurnEnded,
  atomicAttack,
  firestorm,
  gameStarted,
  germanFacts,
  italianFacts,
  turn,
} from '../support/fixtures.js';
import { warList } from '../../src/engine/wars.js';

const spring45 = turn('spring', 1945);
const started = gameStarted();

function codes(events: readonly DomainEvent[]): string[] {
  const surrendered = events.find((e) => e.type === 'germany.surrendered');
  return surrendered?.type === 'germany.surrendered' ? surrendered.data.effects.map((e) => `${e.rule} ${e.code}`) : [];
}

describe('55.11 the German surrender check at the end of an Allied player turn', () => {
  it('55.11: Berlin taken and resistance -2 (DP total -1, one firestorm) makes Germany surrender', () => {
    const history = play([started, firestorm(turn('fall', 1944), 'germany', 'Hamburg')]);
    const decision = decideChecked(
      replay(history).view(GAME),
      alliedTurnEnded(
        spring45,
        germanFacts({ berlin: 'allied', germanDpTotal: -1, germanyControlsBerchtesgaden: false }),
        italianFacts(),
      ),
    );
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const [origin, check, surrendered] = decision.events;
    expect(origin?.type).toBe('host.allied-player-turn-ended');
    expect(check).toEqual({
      type: 'germany.surrender-checked',
      data: {
        turn: spring45,
        inputs: {
          berlin: 'allied',
          germanDpTotal: -1,
          germanyControlsBerchtesgaden: false,
          germanCitiesFirestormed: 1,
          atomicAttacksOnGermany: 0,
          allGermanHexesAlliedOrAtomic: false,
        },
        resistance: -2,
        surrenders: true,
        reason: 'berlin-and-resistance',
        lines: [
          { key: 'dpTotal', rule: '55.11B', value: -1, params: {} },
          { key: 'berchtesgaden', rule: '55.11B', value: 0, params: { controlled: false } },
          { key: 'firestorms', rule: '55.11B', value: -1, params: { cities: 1 } },
          { key: 'atomicAttacks', rule: '55.11B', value: 0, params: { attacks: 0 } },
        ],
      },
    });
    expect(surrendered?.type).toBe('germany.surrendered');
    // 56.11: Italy, at war, is checked after Germany at the same end of turn.
    expect(decision.events.map((e) => e.type)).toEqual([
      'host.allied-player-turn-ended',
      'germany.surrender-checked',
      'germany.surrendered',
      'italy.surrender-checked',
    ]);
  });

  it('55.11B: firestorms and atomic attacks are counted from the log, not re-reported', () => {
    const history = play([
      started,
      firestorm(turn('spring', 1944), 'germany', 'Hamburg'),
      firestorm(turn('summer', 1944), 'germany', 'Dresden'),
      firestorm(turn('summer', 1944), 'britain', 'Coventry'),
      atomicAttack(turn('fall', 1944), 'germany', 'Berlin'),
      atomicAttack(turn('fall', 1944), 'britain', 'London'),
    ]);
    const decision = decideChecked(
      replay(history).view(GAME),
      alliedTurnEnded(
        spring45,
        germanFacts({ berlin: 'atomic', germanDpTotal: 4, germanyControlsBerchtesgaden: true }),
        italianFacts(),
      ),
    );
    const check = decision.ok ? decision.events[1] : undefined;
    expect(check?.type === 'germany.surrender-checked' && check.data.inputs).toMatchObject({
      germanCitiesFirestormed: 2,
      atomicAttacksOnGermany: 1,
    });
    // 4 + 1 - 2 - 3 = 0: the atomic marker in Berlin satisfies 55.11A and its attack counts in 55.11B.
    expect(check?.type === 'germany.surrender-checked' && [check.data.resistance, check.data.reason]).toEqual([
      0,
      'berlin-and-resistance',
    ]);
  });

  it('55.11: Germany fights on: the check is recorded with its breakdown and nothing else happens', () => {
    given([started])
      .when(alliedTurnEnded(spring45, germanFacts(), italianFacts()))
      .then([
        alliedTurnEnded(spring45, germanFacts(), italianFacts()),
        {
          type: 'germany.surrender-checked',
          data: {
            turn: spring45,
            inputs: {
              berlin: 'axis',
              germanDpTotal: 5,
              germanyControlsBerchtesgaden: true,
              germanCitiesFirestormed: 0,
              atomicAttacksOnGermany: 0,
              allGermanHexesAlliedOrAtomic: false,
            },
            resistance: 6,
            surrenders: false,
            reason: null,
            lines: [
              { key: 'dpTotal', rule: '55.11B', value: 5, params: {} },
              { key: 'berchtesgaden', rule: '55.11B', value: 1, params: { controlled: true } },
              { key: 'firestorms', rule: '55.11B', value: 0, params: { cities: 0 } },
              { key: 'atomicAttacks', rule: '55.11B', value: 0, params: { attacks: 0 } },
            ],
          },
        },
        // 56.11: Italy, at war, is checked at the same end of turn (it fights on at DP total +3).
        {
          type: 'italy.surrender-checked',
          data: {
            turn: spring45,
            inputs: {
              italianDpTotal: 3,
              romeAlliedControlled: false,
              axisUnitsInAfrica: true,
              westernAlliesDeclaredWarOnItaly: false,
              italyDeclaredWarOnWesternAlliesYear: 1940,
              dpsInItaly: { axis: 0, allied: 0 },
              covertOperationsModifier: 0,
            },
            dpTotal: 3,
            surrenders: false,
            surrenderLevel: 2,
            lines: [
              { key: 'dpTotal', rule: '56.12', value: 3, params: {} },
              { key: 'westernAlliesDeclaredWar', rule: '56.12A', value: 0, params: { declared: false } },
              { key: 'italianDeclarationYear', rule: '56.12B', value: 0, params: { year: 1940 } },
              { key: 'dpsInItaly', rule: '56.31', value: 0, params: { axis: 0, allied: 0 } },
              { key: 'covertOperations', rule: '56.31', value: 0, params: {} },
            ],
          },
        },
      ]);
  });

  it(
    '55.12: German collapse surrenders whatever the resistance ' +
      'level, even with Berlin Axis-held under an atomic attack marker',
    () => {
      // Resistance 9 + 1 (Berchtesgaden, atomic-marked) - 3 (the first atomic attack) = 7: only 55.12 applies.
      const history = play([started, atomicAttack(turn('winter', 1944), 'germany', 'Berlin')]);
      const facts = germanFacts({ berlin: 'atomic', germanDpTotal: 9, allGermanHexesAlliedOrAtomic: true });
      const decision = given(history).when(alliedTurnEnded(spring45, facts, italianFacts())).decision;
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual([
        'host.allied-player-turn-ended',
        'germany.surrender-checked',
        'germany.surrendered',
        'italy.surrender-checked',
      ]);
      expect(decision.ok && decision.events[2]?.type === 'germany.surrendered' && decision.events[2].data.reason).toBe(
        'collapse',
      );
    },
  );

  it('55.11: the German facts are required while Germany fights on', () => {
    given([started]).when(alliedTurnEnded(spring45, null)).thenRejected('55.11', 'malformed');
  });

  it('55.11: the same Allied player turn cannot end twice', () => {
    const history = play([started, alliedTurnEnded(spring45, germanFacts(), italianFacts())]);
    given(history)
      .when(alliedTurnEnded(spring45, germanFacts(), italianFacts()))
      .thenRejected('sequence', 'out-of-sequence');
  });

  it('55.11: a report for an earlier turn is refused', () => {
    const history = play([started, alliedTurnEnded(spring45, germanFacts(), italianFacts())]);
    given(history)
      .when(alliedTurnEnded(turn('winter', 1944), germanFacts(), italianFacts()))
      .thenRejected('sequence', 'out-of-sequence');
  });
});

describe('55.2-55.6 effects of a German surrender', () => {
  const surrender = alliedTurnEnded(spring45, germanFacts({ berlin: 'allied', germanDpTotal: -3 }), italianFacts());

  it(
    '55.25: the effects are those of 55.3-55.6; 55.22, 55.24, 55.31, 55.41, 55.51, 55.52, 55.61 with Italy ' +
      'fighting on in a European game',
    () => {
      const log = play([started, surrender]);
      expect(codes(log)).toEqual([
        '55.22 italy-fights-on',
        '55.24 us-pacific-election-modified',
        '55.31 remove-all-german-units',
        '55.41 unoccupied-german-hexes-uncontrolled',
        '55.51 german-minors-surrender',
        '55.51 negate-diplomatic-results-7-8',
        '55.52 german-west-east-conquests-uncontrolled',
        '55.52 german-mediterranean-conquests-to-italy',
        '55.61 germany-no-brp-value',
      ]);
      expect(log.some((e) => e.type === 'europe.war-ended')).toBe(false);
    },
  );

  it('55.23: in a Global War game Japan fights on', () => {
    const log = play([gameStarted({ scenario: 'global' }), surrender]);
    expect(codes(log)).toContain('55.23 japan-fights-on');
  });

  it(
    '55.21: if Italy never went to war with the Allies the war in ' +
      'Europe ends, and the Mediterranean conquests go to no one (55.52)',
    () => {
      const log = play([
        gameStarted({
          wars: [
            { axis: 'germany', allied: 'britain' },
            { axis: 'germany', allied: 'russia' },
          ],
        }),
        surrender,
      ]);
      expect(codes(log)).toContain('55.21 war-in-europe-ends');
      expect(codes(log)).toContain('55.52 german-mediterranean-conquests-uncontrolled');
      expect(log.at(-1)).toEqual({
        type: 'europe.war-ended',
        data: { turn: spring45, rule: '55.21', reason: 'germany-italy-never-at-war' },
      });
    },
  );

  it(
    '55.31: after the surrender Germany is at war with no one, ' +
      'Italy still is (55.22), and no further German check is made',
    () => {
      const replayer = replay(play([started, surrender]));
      const view = replayer.view(GAME);
      expect(view && warList(view.world.wars)).toEqual([
        { axis: 'italy', allied: 'britain' },
        { axis: 'italy', allied: 'russia' },
        { axis: 'italy', allied: 'us' },
      ]);
      expect(view?.germany.value).toBe('surrendered');
      const next = decideChecked(view, alliedTurnEnded(turn('summer', 1945), null, italianFacts()));
      expect(next.ok && next.events.map((e) => e.type)).toEqual([
        'host.allied-player-turn-ended',
        'italy.surrender-checked',
      ]);
    },
  );

  it('55.31: a surrendered Germany cannot declare war', () => {
    const history = play([started, surrender]);
    given(history)
      .when({
        type: 'war.declared',
        data: { turn: turn('summer', 1945), aggressor: 'germany', targets: ['france'], usatLevel: null },
      })
      .thenRejected('55.31', 'illegal');
  });
});
