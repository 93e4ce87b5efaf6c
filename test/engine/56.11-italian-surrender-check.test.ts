// 56.11, 56.12, 56.22, 56.3 in the engine: the Italian surrender check at the end of each Allied player turn
// (56.12 from the log), the surrender and its first effects. given(history).when(command).then(events).
import { italyHasSurrendered } from '../../machines/italy.js';
import { describe, expect, it } from 'vitest';
import { warList } from '../../src/engine/wars.js';
import { given, play, replay, GAME, ofType } from '../support/given.js';
import { alliedTurnEnded, gameStarted, germanFacts, italianFacts, turn } from '../support/fixtures.js';
import { declareWar, forcesReported, forcesSelected, surrenderFacts } from '../support/italian-fixtures.js';
import { noForces, sp44, started, su44, surrenderAt } from '../support/italian-engine.js';

describe('56.11 and 56.12: the Italian surrender check at the end of an Allied player turn', () => {
  it(
    '56.11A: Rome under Allied control at DP total 0 makes ' +
      'Italy surrender, at level -1 with one Allied DP in Italy (56.31)',
    () => {
      const facts = surrenderFacts(-1);
      const decision = given([started]).when(alliedTurnEnded(sp44, germanFacts(), facts)).decision;
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual([
        'host.allied-player-turn-ended',
        'germany.surrender-checked',
        'italy.surrender-checked',
        'italy.surrendered',
      ]);
      if (!decision.ok) return;
      expect(decision.events[2]).toEqual({
        type: 'italy.surrender-checked',
        data: {
          turn: sp44,
          inputs: {
            italianDpTotal: 0,
            romeAlliedControlled: true,
            axisUnitsInAfrica: true,
            westernAlliesDeclaredWarOnItaly: false,
            italyDeclaredWarOnWesternAlliesYear: 1940,
            dpsInItaly: { axis: 0, allied: 1 },
            covertOperationsModifier: 0,
          },
          dpTotal: 0,
          surrenders: true,
          surrenderLevel: -1,
          lines: [
            { key: 'dpTotal', rule: '56.12', value: 0, params: {} },
            { key: 'westernAlliesDeclaredWar', rule: '56.12A', value: 0, params: { declared: false } },
            { key: 'italianDeclarationYear', rule: '56.12B', value: 0, params: { year: 1940 } },
            { key: 'dpsInItaly', rule: '56.31', value: -1, params: { axis: 0, allied: 1 } },
            { key: 'covertOperations', rule: '56.31', value: 0, params: {} },
          ],
        },
      });
      expect(decision.events[3]).toEqual({
        type: 'italy.surrendered',
        data: {
          turn: sp44,
          conditions: ['56.11A'],
          dpTotal: 0,
          surrenderLevel: -1,
          germany: 'fights-on',
          axisSelectsFirst: false,
          selectionOrder: ['allied'],
          row: { germany: noForces, us: { infantryFactors: 6, namedShips: 1, cruisers: 1, destroyerFactors: 1 } },
          effects: [
            { rule: '56.21', code: 'war-in-europe-goes-on', params: {} },
            { rule: '56.22', code: 'italian-wars-end', params: {} },
            { rule: '56.31A', code: 'remove-italian-air-units', params: {} },
            { rule: '56.31B', code: 'folgore-to-german-force-pool', params: {} },
            { rule: '56.31C', code: 'remove-italian-ground-units', params: {} },
            {
              rule: '56.32',
              code: 'post-surrender-forces',
              params: {
                level: -1,
                germany: { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 },
                us: { infantryFactors: 6, namedShips: 1, cruisers: 1, destroyerFactors: 1 },
                order: ['allied'],
                germanHalfUnclaimed: null,
              },
            },
            { rule: '56.41', code: 'italian-hexes-to-germany', params: {} },
            { rule: '56.51', code: 'italian-minors-surrender', params: {} },
            { rule: '56.52', code: 'italian-colonies-conquests-uncontrolled', params: { withGermanConquests: false } },
            { rule: '56.61', code: 'italian-key-economic-areas', params: {} },
            { rule: '56.62', code: 'italian-brps-as-conquests', params: {} },
            { rule: '56.63', code: 'italian-brps-senior-partner', params: {} },
            { rule: '56.33', code: 'italian-ground-construction', params: { germanyInPlay: true } },
          ],
        },
      });
    },
  );

  it(
    '56.11B: no Axis units in Africa (Rome still Axis) at DP total -2 ' +
      'makes Italy surrender; the level -2 comes from the DP total itself',
    () => {
      const log = play([
        started,
        alliedTurnEnded(sp44, germanFacts(), italianFacts({ italianDpTotal: -2, axisUnitsInAfrica: false })),
      ]);
      expect(
        ofType(log, 'italy.surrendered').map((s) => [s.conditions, s.dpTotal, s.surrenderLevel, s.selectionOrder]),
      ).toEqual([[['56.11B'], -2, -2, ['allied']]]);
    },
  );

  it('56.11A, 56.11B: both conditions are recorded when both hold', () => {
    const log = play([
      started,
      alliedTurnEnded(
        sp44,
        germanFacts(),
        italianFacts({ italianDpTotal: -1, romeAlliedControlled: true, axisUnitsInAfrica: false }),
      ),
    ]);
    expect(ofType(log, 'italy.surrendered').map((s) => s.conditions)).toEqual([['56.11A', '56.11B']]);
  });

  it(
    '56.11: at DP total +1 Italy fights on even with Rome ' +
      'Allied and Africa cleared; the check is recorded at level +1',
    () => {
      const facts = italianFacts({ italianDpTotal: 1, romeAlliedControlled: true, axisUnitsInAfrica: false });
      const decision = given([started]).when(alliedTurnEnded(sp44, germanFacts(), facts)).decision;
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual([
        'host.allied-player-turn-ended',
        'germany.surrender-checked',
        'italy.surrender-checked',
      ]);
      const check = decision.ok ? decision.events[2] : undefined;
      expect(
        check?.type === 'italy.surrender-checked' && [
          check.data.dpTotal,
          check.data.surrenders,
          check.data.surrenderLevel,
        ],
      ).toEqual([1, false, 1]);
    },
  );

  it('56.11: at DP total -3 Italy fights on while Rome is Axis and Axis units remain in Africa', () => {
    const log = play([started, alliedTurnEnded(sp44, germanFacts(), italianFacts({ italianDpTotal: -3 }))]);
    expect(ofType(log, 'italy.surrender-checked').map((c) => [c.dpTotal, c.surrenders, c.surrenderLevel])).toEqual([
      [-3, false, -2],
    ]);
    expect(ofType(log, 'italy.surrendered')).toEqual([]);
  });

  it('56.11: the Italian facts are required while Italy is at war and has not surrendered', () => {
    given([started])
      .when(alliedTurnEnded(sp44, germanFacts(), null))
      .thenRejected('56.11', 'malformed');
  });

  it('56.11: while Italy has never been at war no Italian facts are needed; facts sent anyway are not checked', () => {
    const neutral = gameStarted({
      wars: [{ axis: 'germany', allied: 'britain' }],
      italy: { declaredWarOnWesternAlliesYear: null, westernAlliesDeclaredWar: false },
    });
    const without = given([neutral]).when(alliedTurnEnded(sp44, germanFacts(), null)).decision;
    expect(without.ok && without.events.map((e) => e.type)).toEqual([
      'host.allied-player-turn-ended',
      'germany.surrender-checked',
    ]);
    const withFacts = given([neutral]).when(alliedTurnEnded(sp44, germanFacts(), surrenderFacts(0))).decision;
    expect(withFacts.ok && withFacts.events.map((e) => e.type)).toEqual([
      'host.allied-player-turn-ended',
      'germany.surrender-checked',
    ]);
  });

  it(
    "56.12A: the Western Allies' declaration of war in the log gives +2, which keeps Italy in the war at DP -1 " +
      'and not at DP -2',
    () => {
      const neutral = gameStarted({
        wars: [
          { axis: 'germany', allied: 'britain' },
          { axis: 'germany', allied: 'us' },
        ],
        italy: { declaredWarOnWesternAlliesYear: null, westernAlliesDeclaredWar: false },
      });
      const history = play([neutral, declareWar(sp44, 'britain', ['italy'])]);
      const fightsOn = play([
        neutral,
        declareWar(sp44, 'britain', ['italy']),
        alliedTurnEnded(sp44, germanFacts(), italianFacts({ italianDpTotal: -1, romeAlliedControlled: true })),
      ]);
      expect(
        ofType(fightsOn, 'italy.surrender-checked').map((c) => [
          c.inputs.westernAlliesDeclaredWarOnItaly,
          c.dpTotal,
          c.surrenders,
        ]),
      ).toEqual([[true, 1, false]]);
      const decision = given(history).when(
        alliedTurnEnded(sp44, germanFacts(), italianFacts({ italianDpTotal: -2, romeAlliedControlled: true })),
      ).decision;
      const check = decision.ok ? decision.events[2] : undefined;
      expect(check?.type === 'italy.surrender-checked' && check.data.lines).toEqual([
        { key: 'dpTotal', rule: '56.12', value: -2, params: {} },
        { key: 'westernAlliesDeclaredWar', rule: '56.12A', value: 2, params: { declared: true } },
        { key: 'italianDeclarationYear', rule: '56.12B', value: 0, params: { year: null } },
        { key: 'dpsInItaly', rule: '56.31', value: 0, params: { axis: 0, allied: 0 } },
        { key: 'covertOperations', rule: '56.31', value: 0, params: {} },
      ]);
      expect(check?.type === 'italy.surrender-checked' && [check.data.dpTotal, check.data.surrenders]).toEqual([
        0,
        true,
      ]);
    },
  );

  it(
    "56.12B: Italy's first declaration of war on the Western Allies, in 1942, gives -2; a later one in 1943 " +
      'changes nothing',
    () => {
      const neutral = gameStarted({
        turn: turn('spring', 1942),
        wars: [
          { axis: 'germany', allied: 'britain' },
          { axis: 'germany', allied: 'russia' },
        ],
        italy: { declaredWarOnWesternAlliesYear: null, westernAlliesDeclaredWar: false },
      });
      const log = play([
        neutral,
        alliedTurnEnded(turn('spring', 1942), germanFacts(), null), // Italy is not at war yet: no facts needed
        declareWar(turn('summer', 1942), 'italy', ['britain']),
        declareWar(turn('spring', 1943), 'italy', ['us']),
        alliedTurnEnded(
          turn('fall', 1943),
          germanFacts(),
          italianFacts({ italianDpTotal: 1, romeAlliedControlled: true }),
        ),
      ]);
      const [check] = ofType(log, 'italy.surrender-checked');
      expect(check?.lines).toEqual([
        { key: 'dpTotal', rule: '56.12', value: 1, params: {} },
        { key: 'westernAlliesDeclaredWar', rule: '56.12A', value: 0, params: { declared: false } },
        { key: 'italianDeclarationYear', rule: '56.12B', value: -2, params: { year: 1942 } },
        { key: 'dpsInItaly', rule: '56.31', value: 0, params: { axis: 0, allied: 0 } },
        { key: 'covertOperations', rule: '56.31', value: 0, params: {} },
      ]);
      expect(
        check && [
          check.inputs.italyDeclaredWarOnWesternAlliesYear,
          check.dpTotal,
          check.surrenders,
          check.surrenderLevel,
        ],
      ).toEqual([1942, -1, true, -1]);
    },
  );

  it('56.22: the surrender ends every Italian war; Germany is still at war with the Allies', () => {
    const view = replay(surrenderAt(0)).view(GAME);
    expect(view && warList(view.world.wars)).toEqual([
      { axis: 'germany', allied: 'britain' },
      { axis: 'germany', allied: 'russia' },
      { axis: 'germany', allied: 'us' },
    ]);
    expect(view && italyHasSurrendered(view.italy)).toBe(true);
    expect(view?.italy.value).toEqual({ surrendered: 'awaitingForces' });
  });

  it('56.3: a surrendered Italy can neither declare war nor be declared war on', () => {
    const settled = play([
      started,
      alliedTurnEnded(sp44, germanFacts(), surrenderFacts(-1)),
      forcesReported(sp44),
      forcesSelected(sp44, 'allied', {
        infantry: ['inf-1', 'inf-2'],
        namedShips: ['Littorio'],
        cruisers: ['Zara'],
        destroyers: ['DD-1'],
      }),
    ]);
    given(settled)
      .when(declareWar(su44, 'italy', ['france']))
      .thenRejected('56.3', 'illegal');
    given(settled)
      .when(declareWar(su44, 'france', ['italy']))
      .thenRejected('56.3', 'illegal');
  });

  it('56.3: a surrendered Italy is not checked again and needs no facts', () => {
    const history = play([
      started,
      alliedTurnEnded(sp44, germanFacts(), surrenderFacts(-1)),
      forcesReported(sp44),
      forcesSelected(sp44, 'allied', {
        infantry: ['inf-1', 'inf-2'],
        namedShips: ['Littorio'],
        cruisers: ['Zara'],
        destroyers: ['DD-1'],
      }),
    ]);
    const next = given(history).when(alliedTurnEnded(su44, germanFacts(), null)).decision;
    expect(next.ok && next.events.map((e) => e.type)).toEqual([
      'host.allied-player-turn-ended',
      'germany.surrender-checked',
    ]);
  });
});
