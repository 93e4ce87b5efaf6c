// Rule 56 in the engine: the check at the end of each Allied player turn (56.11, 56.12 from the log),
// the surrender and its effects, the host's report of Italy's forces, the selections in the 56.311
// order and the disposition of every unit (56.31C, 56.31D, 56.32). given(history).when(command).then(events).
import { italyHasSurrendered } from '../../machines/italy.js';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DomainEvent } from '../../events/index.js';
import { decide, type OriginEvent } from '../../src/engine/decide.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { Replayer } from '../../src/engine/replay.js';
import type { Decision } from '../../src/engine/decision.js';
import { warList } from '../../src/engine/wars.js';
import { auditEntries, formatAuditEntry } from '../../src/audit/audit.js';
import { defaultRulingOptions } from '../../src/rules/options.js';
import {
  forcesForLevel,
  ItalianNavalStatuses,
  type ItalianSurrenderLevel,
} from '../../src/rules/italian-forces-table.js';
import type { ItalianForces, ItalianNavalType } from '../../src/rules/italian-allocation.js';
import { given, play, replay, stored, GAME, ofType } from '../support/given.js';
import { alliedTurnEnded, gameStarted, germanFacts, italianFacts, turn } from '../support/fixtures.js';
import { declareWar, FLEET, forcesReported, forcesSelected, surrenderFacts } from '../support/italian-fixtures.js';

const sp44 = turn('spring', 1944);
const su44 = turn('summer', 1944);
const started = gameStarted();

/** Italy surrenders at the end of the Allied player turn of Spring 1944 at `level` (Germany fights on). */
const surrenderAt = (level: ItalianSurrenderLevel, start = started): DomainEvent[] =>
  play([start, alliedTurnEnded(sp44, germanFacts(), surrenderFacts(level))]);
/** ... and the host has reported Italy's forces. */
const reportedAt = (level: ItalianSurrenderLevel, start = started, forces: ItalianForces = FLEET): DomainEvent[] =>
  play([start, alliedTurnEnded(sp44, germanFacts(), surrenderFacts(level)), forcesReported(sp44, forces)]);

const pendingAfter = (history: readonly DomainEvent[]) => {
  const view = replay(history).view(GAME);
  return view === undefined ? [] : pendingDecisions(view).map((p) => [p.decision, p.by, p.rule]);
};

/** The events of an accepted decision (a rejection fails the test). */
function accepted(decision: Decision): readonly DomainEvent[] {
  if (!decision.ok) throw new Error(`rejected: ${decision.rejection.rule} ${decision.rejection.message}`);
  return decision.events;
}

const noForces = { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 };

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

describe('56.31D, 56.311: pending decisions after the surrender', () => {
  it("56.31D: the host must report Italy's forces, and play cannot move on to the next turn before it", () => {
    const history = surrenderAt(0);
    const view = replay(history).view(GAME);
    expect(view && pendingDecisions(view)).toEqual([
      {
        decision: 'report-italian-forces',
        by: 'host',
        rule: '56.31D',
        commands: ['host.italian-forces-reported'],
        turn: { season: 'spring', year: 1944 },
        surrenderLevel: 0,
        row: {
          germany: { infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 },
          us: { infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 },
        },
        selectionOrder: ['axis', 'allied'],
        choices: expect.objectContaining({
          command: 'host.italian-forces-reported',
          schema: 'command/host.italian-forces-reported',
          turn: { season: 'spring', year: 1944 },
        }),
      },
    ]);
    given(history)
      .when(alliedTurnEnded(su44, germanFacts(), null))
      .thenRejected('56.31D', 'decision-pending');
  });

  it('56.311: at level 0 the Axis player is awaited first, then the Allied player, then nobody', () => {
    const reported = reportedAt(0);
    expect(pendingAfter(reported)).toEqual([['select-post-surrender-italian-forces', 'axis', '56.311']]);
    const axis = [
      ...reported,
      ...accepted(
        given(reported).when(
          forcesSelected(sp44, 'axis', { infantry: ['inf-1'], cruisers: ['Zara'], destroyers: ['DD-1'] }),
        ).decision,
      ),
    ];
    expect(pendingAfter(axis)).toEqual([['select-post-surrender-italian-forces', 'allied', '56.311']]);
    given(axis)
      .when(alliedTurnEnded(su44, germanFacts(), null))
      .thenRejected('56.311', 'decision-pending');
  });

  it('56.311: at level +1 only the Axis player is awaited, at level -2 only the Allied player', () => {
    expect(pendingAfter(reportedAt(1))).toEqual([['select-post-surrender-italian-forces', 'axis', '56.311']]);
    expect(pendingAfter(reportedAt(-2))).toEqual([['select-post-surrender-italian-forces', 'allied', '56.311']]);
  });
});

describe('56.31, 56.32: the allocation at each surrender level', () => {
  it(
    '56.32: level +2, Germany takes 9 infantry factors, a named ship on the "2" row, two cruisers (one on the ' +
      'Launch row) and 2 destroyer factors',
    () => {
      given(reportedAt(2))
        .when(
          forcesSelected(sp44, 'axis', {
            infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
            namedShips: ['Roma'],
            cruisers: ['Zara', 'Gorizia'],
            destroyers: ['DD-3'],
          }),
        )
        .then([
          forcesSelected(sp44, 'axis', {
            infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
            namedShips: ['Roma'],
            cruisers: ['Zara', 'Gorizia'],
            destroyers: ['DD-3'],
          }),
          {
            type: 'italy.forces-disposed',
            data: {
              turn: sp44,
              surrenderLevel: 2,
              allocations: [
                {
                  side: 'axis',
                  row: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
                  required: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
                  allocated: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
                  lost: noForces,
                },
              ],
              germany: { infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'], navy: ['Roma', 'Zara', 'Gorizia', 'DD-3'] },
              us: { infantry: [], navy: [] },
              removed: {
                infantry: ['inf-4'],
                navy: ['Littorio', 'Vittorio Veneto', 'Impero', 'Pola', 'DD-1', 'DD-2', 'DD-4'],
              },
              relocatingToWesternAlliedPorts: [],
              effects: [
                {
                  rule: '56.31C',
                  code: 'italian-infantry-to-german-pool',
                  params: { units: ['inf-1', 'inf-2', 'inf-3', 'inf-5'] },
                },
                { rule: '56.31C', code: 'italian-infantry-to-us-pool', params: { units: [] } },
                { rule: '56.31C', code: 'italian-infantry-removed', params: { units: ['inf-4'] } },
                {
                  rule: '56.31D',
                  code: 'italian-ships-to-germany',
                  params: { units: ['Roma', 'Zara', 'Gorizia', 'DD-3'] },
                },
                { rule: '56.31D', code: 'italian-ships-to-us', params: { units: [] } },
                { rule: '56.31D', code: 'italian-ships-relocate', params: { units: [] } },
                {
                  rule: '56.31D',
                  code: 'italian-ships-removed',
                  params: { units: ['Littorio', 'Vittorio Veneto', 'Impero', 'Pola', 'DD-1', 'DD-2', 'DD-4'] },
                },
                { rule: '56.31D', code: 'italian-types-lost', params: { shortages: [] } },
                {
                  rule: '56.31D',
                  code: 'italian-naval-drm-repair-no-reconstruction',
                  params: { units: ['Roma', 'Zara', 'Gorizia', 'DD-3'] },
                },
                { rule: '56.33', code: 'italian-infantry-construction', params: {} },
              ],
            },
          },
        ]);
    },
  );

  it('56.32: level +2, 10 infantry factors exceed the row of 9', () => {
    const decision = given(reportedAt(2)).when(
      forcesSelected(sp44, 'axis', {
        infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-4'],
        namedShips: ['Roma'],
        cruisers: ['Zara', 'Pola'],
        destroyers: ['DD-3'],
      }),
    ).decision;
    expect(decision).toEqual({
      ok: false,
      rejection: {
        code: 'illegal',
        rule: '56.32',
        message: "the Axis player's selection: Germany receives 9 infantry factors at surrender level +2; 10 selected",
        violations: [
          { rule: '56.32', message: 'Germany receives 9 infantry factors at surrender level +2; 10 selected' },
        ],
      },
    });
  });

  it('56.311: level +2, the Allied player selects nothing', () => {
    given(reportedAt(2))
      .when(forcesSelected(sp44, 'allied', { infantry: ['inf-1'] }))
      .thenRejected('56.311', 'illegal');
  });

  it('56.32: with the option unfinishedLightShips "never", a cruiser on the Launch row cannot be selected', () => {
    const strict = gameStarted({ options: { ...defaultRulingOptions, unfinishedLightShips: 'never' } });
    const pick = {
      infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
      namedShips: ['Roma'],
      cruisers: ['Zara', 'Gorizia'],
      destroyers: ['DD-3'],
    };
    const decision = given(reportedAt(2, strict)).when(forcesSelected(sp44, 'axis', pick)).decision;
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    expect(decision.rejection.rule).toBe('56.32');
    expect(decision.rejection.violations?.[0]).toEqual({
      rule: '56.32',
      message:
        `'Gorizia' is unfinished on the "Launch" row; only named ships may be selected unfinished (option ` +
        `unfinishedLightShips: never)`,
    });
    // The same game accepts the ships in play: Zara and Pola.
    const inPlay = given(reportedAt(2, strict)).when(
      forcesSelected(sp44, 'axis', { ...pick, cruisers: ['Zara', 'Pola'] }),
    ).decision;
    expect(inPlay.ok && inPlay.events.map((e) => e.type)).toEqual(['italy.forces-selected', 'italy.forces-disposed']);
  });

  describe(
    '56.31D short supply at level +1 (Germany 6 infantry factors, 1 named ship, 1 cruiser, 1 destroyer ' + 'factor)',
    () => {
      const SHORT: ItalianForces = {
        navy: [
          { id: 'Littorio', type: 'battleship', factors: 4, status: 'operational' },
          { id: 'DD-3', type: 'destroyer', factors: 2, status: 'operational' },
        ],
        infantry: [
          { id: 'inf-1', factors: 3 },
          { id: 'inf-3', factors: 2 },
        ],
      };
      const reported = reportedAt(1, started, SHORT);

      it(
        '56.31D: all that remains of a short type must be taken, the ' +
          'rest is lost; a 2-factor destroyer cannot make 1 and goes as excess',
        () => {
          const decision = given(reported).when(
            forcesSelected(sp44, 'axis', { infantry: ['inf-1', 'inf-3'], namedShips: ['Littorio'] }),
          ).decision;
          const [disposed] = decision.ok ? ofType(decision.events, 'italy.forces-disposed') : [];
          expect(disposed?.allocations).toEqual([
            {
              side: 'axis',
              row: { infantryFactors: 6, namedShips: 1, cruisers: 1, destroyerFactors: 1 },
              required: { infantryFactors: 5, namedShips: 1, cruisers: 0, destroyerFactors: 0 },
              allocated: { infantryFactors: 5, namedShips: 1, cruisers: 0, destroyerFactors: 0 },
              lost: { infantryFactors: 1, namedShips: 0, cruisers: 1, destroyerFactors: 1 },
            },
          ]);
          expect(disposed && [disposed.germany, disposed.removed]).toEqual([
            { infantry: ['inf-1', 'inf-3'], navy: ['Littorio'] },
            { infantry: [], navy: ['DD-3'] },
          ]);
          expect(disposed?.effects.find((e) => e.code === 'italian-types-lost')).toEqual({
            rule: '56.31D',
            code: 'italian-types-lost',
            params: {
              shortages: [{ side: 'axis', infantryFactors: 1, namedShips: 0, cruisers: 1, destroyerFactors: 1 }],
            },
          });
        },
      );

      it('56.31C: leaving out infantry when less remains than the row gives is refused', () => {
        const decision = given(reported).when(
          forcesSelected(sp44, 'axis', { infantry: ['inf-1'], namedShips: ['Littorio'] }),
        ).decision;
        expect(!decision.ok && [decision.rejection.rule, decision.rejection.message]).toEqual([
          '56.31C',
          "the Axis player's selection: Germany receives 6 infantry factors at surrender level +1, but only 5 " +
            'remain: all of them must be taken (the rest is lost); 3 selected',
        ]);
      });

      it('56.32: a 2-factor destroyer exceeds the row of 1 destroyer factor', () => {
        given(reported)
          .when(
            forcesSelected(sp44, 'axis', {
              infantry: ['inf-1', 'inf-3'],
              namedShips: ['Littorio'],
              destroyers: ['DD-3'],
            }),
          )
          .thenRejected('56.32', 'illegal');
      });
    },
  );

  describe('56.311 at level 0: Germany 3/0/1/1 first, then the U.S. 3/0/1/1 from what is left', () => {
    const reported = reportedAt(0);
    const axisPick = forcesSelected(sp44, 'axis', { infantry: ['inf-1'], cruisers: ['Zara'], destroyers: ['DD-1'] });
    const axisDone = [...reported, ...accepted(given(reported).when(axisPick).decision)];

    it('56.311: an Allied selection before the Axis one is refused', () => {
      const decision = given(reported).when(
        forcesSelected(sp44, 'allied', { infantry: ['inf-2'], cruisers: ['Pola'], destroyers: ['DD-2'] }),
      ).decision;
      expect(decision).toEqual({
        ok: false,
        rejection: {
          code: 'illegal',
          rule: '56.311',
          message:
            'at surrender level 0 the Axis player selects the post-surrender Italian forces before the Allied player',
        },
      });
    });

    it('56.311: the Axis selection alone completes nothing', () => {
      given(reported).when(axisPick).then([axisPick]);
    });

    it('56.311: the Axis player selecting twice is refused', () => {
      given(axisDone)
        .when(forcesSelected(sp44, 'axis', { infantry: ['inf-2'], cruisers: ['Pola'], destroyers: ['DD-2'] }))
        .thenRejected('56.311', 'not-pending');
    });

    it('56.31D: the Allied player cannot take a ship the Axis took', () => {
      const decision = given(axisDone).when(
        forcesSelected(sp44, 'allied', { infantry: ['inf-2'], cruisers: ['Zara'], destroyers: ['DD-2'] }),
      ).decision;
      expect(!decision.ok && decision.rejection.violations).toEqual([
        { rule: '56.31D', message: "'Zara' has already been taken by the other side" },
        { rule: '56.32', message: 'the United States receives 1 cruiser at surrender level 0; 0 selected' },
      ]);
    });

    it('56.32: at level 0 no named ship goes to the U.S.', () => {
      given(axisDone)
        .when(
          forcesSelected(sp44, 'allied', {
            infantry: ['inf-2'],
            namedShips: ['Littorio'],
            cruisers: ['Pola'],
            destroyers: ['DD-2'],
          }),
        )
        .thenRejected('56.32', 'illegal');
    });

    it(
      '56.31C, 56.31D: the Allied selection completes the ' +
        'allocation; U.S. ships on the board relocate, the excess is removed',
      () => {
        const decision = given(axisDone).when(
          forcesSelected(sp44, 'allied', { infantry: ['inf-2'], cruisers: ['Pola'], destroyers: ['DD-2'] }),
        ).decision;
        const [disposed] = decision.ok ? ofType(decision.events, 'italy.forces-disposed') : [];
        expect(
          disposed && [
            disposed.allocations.map((a) => [a.side, a.allocated]),
            disposed.germany,
            disposed.us,
            disposed.removed,
            disposed.relocatingToWesternAlliedPorts,
          ],
        ).toEqual([
          [
            ['axis', { infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 }],
            ['allied', { infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 }],
          ],
          { infantry: ['inf-1'], navy: ['Zara', 'DD-1'] },
          { infantry: ['inf-2'], navy: ['Pola', 'DD-2'] },
          {
            infantry: ['inf-3', 'inf-4', 'inf-5'],
            navy: ['Littorio', 'Vittorio Veneto', 'Roma', 'Impero', 'Gorizia', 'DD-3', 'DD-4'],
          },
          ['Pola', 'DD-2'],
        ]);
        const view = replay([...axisDone, ...(decision.ok ? decision.events : [])]).view(GAME);
        expect(view?.italy.value).toBe('done');
        expect(view && pendingDecisions(view)).toEqual([]);
      },
    );
  });

  it(
    '56.32: level -1, the U.S. takes 6 infantry factors, a named ' +
      'ship, a cruiser and a destroyer factor; all three ships relocate',
    () => {
      const decision = given(reportedAt(-1)).when(
        forcesSelected(sp44, 'allied', {
          infantry: ['inf-1', 'inf-2'],
          namedShips: ['Littorio'],
          cruisers: ['Zara'],
          destroyers: ['DD-1'],
        }),
      ).decision;
      const [disposed] = decision.ok ? ofType(decision.events, 'italy.forces-disposed') : [];
      expect(
        disposed && [disposed.us, disposed.germany, disposed.removed, disposed.relocatingToWesternAlliedPorts],
      ).toEqual([
        { infantry: ['inf-1', 'inf-2'], navy: ['Littorio', 'Zara', 'DD-1'] },
        { infantry: [], navy: [] },
        {
          infantry: ['inf-3', 'inf-4', 'inf-5'],
          navy: ['Vittorio Veneto', 'Roma', 'Impero', 'Pola', 'Gorizia', 'DD-2', 'DD-3', 'DD-4'],
        },
        ['Littorio', 'Zara', 'DD-1'],
      ]);
    },
  );

  it('56.311: level -1, the Axis player selects nothing', () => {
    given(reportedAt(-1))
      .when(forcesSelected(sp44, 'axis', {}))
      .thenRejected('56.311', 'illegal');
  });

  it('56.31D: level -2, ships still on the "2" or Launch row join the U.S. without relocating', () => {
    const decision = given(reportedAt(-2)).when(
      forcesSelected(sp44, 'allied', {
        infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
        namedShips: ['Roma'],
        cruisers: ['Pola', 'Gorizia'],
        destroyers: ['DD-1', 'DD-4'],
      }),
    ).decision;
    const [disposed] = decision.ok ? ofType(decision.events, 'italy.forces-disposed') : [];
    expect(disposed && [disposed.us.navy, disposed.relocatingToWesternAlliedPorts]).toEqual([
      ['Roma', 'Pola', 'Gorizia', 'DD-1', 'DD-4'],
      ['Pola', 'DD-1'],
    ]);
  });

  it('56.32: level -2, a named ship above the "2" row of the construction chart cannot be selected', () => {
    const decision = given(reportedAt(-2)).when(
      forcesSelected(sp44, 'allied', {
        infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
        namedShips: ['Impero'],
        cruisers: ['Pola', 'Gorizia'],
        destroyers: ['DD-1', 'DD-4'],
      }),
    ).decision;
    expect(!decision.ok && decision.rejection.violations).toEqual([
      {
        rule: '56.32',
        message:
          `'Impero' is unfinished above the "2" row of the construction chart; only ships on the "2" or ` +
          `"Launch" row may be selected`,
      },
      { rule: '56.32', message: 'the United States receives 1 named ship at surrender level -2; 0 selected' },
    ]);
  });
});

describe('decisions nobody waits for', () => {
  it("56.31D: a report of Italy's forces before any surrender", () => {
    given([started]).when(forcesReported(sp44)).thenRejected('56.31D', 'not-pending');
  });

  it("56.31D: a second report of Italy's forces", () => {
    given(reportedAt(0)).when(forcesReported(sp44)).thenRejected('56.31D', 'not-pending');
  });

  it('56.311: a selection before any surrender', () => {
    given([started])
      .when(forcesSelected(sp44, 'axis', {}))
      .thenRejected('56.311', 'not-pending');
  });

  it("56.31D: a selection before the host has reported Italy's forces", () => {
    given(surrenderAt(2))
      .when(forcesSelected(sp44, 'axis', {}))
      .thenRejected('56.31D', 'not-pending');
  });

  it('56.311: a selection once the forces have been disposed of', () => {
    const pick = forcesSelected(sp44, 'allied', {
      infantry: ['inf-1', 'inf-2'],
      namedShips: ['Littorio'],
      cruisers: ['Zara'],
      destroyers: ['DD-1'],
    });
    const done = [...reportedAt(-1), ...accepted(given(reportedAt(-1)).when(pick).decision)];
    given(done).when(pick).thenRejected('56.311', 'not-pending');
    given(done).when(forcesReported(sp44)).thenRejected('56.31D', 'not-pending');
  });

  it('56.31D: a report naming one unit id twice is malformed', () => {
    const twice: ItalianForces = { navy: FLEET.navy, infantry: [...FLEET.infantry, { id: 'Zara', factors: 1 }] };
    const decision = given(surrenderAt(0)).when(forcesReported(sp44, twice)).decision;
    expect(decision).toEqual({
      ok: false,
      rejection: { code: 'malformed', rule: 'schema', message: 'data.navy[4].id: this unit id is already reported' },
    });
  });
});

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
      "Spring 1944 56.31D Italy's forces reported: 11 naval, 5 infantry unit(s) of 11 factor(s)",
      'Spring 1944 56.311 The Axis player (Germany) selects post-surrender Italian forces',
      'Spring 1944 56.311 The Allied player (U.S.) selects post-surrender Italian forces',
      'Spring 1944 56.31D Italian forces disposed of at level 0: Germany 3, U.S. 3, removed 10 unit(s)',
    ]);
    const surrendered = stored(full).find((e) => e.type === 'italy.surrendered');
    expect((surrendered === undefined ? [] : auditEntries(surrendered))[0]?.breakdown.slice(0, 3)).toEqual([
      '56.312 Germany inf 3, named 0, CA 1, DD 1',
      '56.312 U.S. inf 3, named 0, CA 1, DD 1',
      '56.311 selects: Axis player (Germany) then Allied player (U.S.)',
    ]);
    const checked = stored(full).find((e) => e.type === 'italy.surrender-checked');
    const check = checked === undefined ? [] : auditEntries(checked).map((a) => formatAuditEntry(a));
    expect(check).toEqual([
      [
        'Spring 1944  56.11    Italy surrenders (56.11A): DP total 0, surrender level 0',
        '             zero: 56.12 dpTotal, 56.12A westernAlliesDeclaredWar, 56.12B italianDeclarationYear, 56.31 ' +
          'dpsInItaly, 56.31 covertOperations',
        '             56.11A romeAlliedControlled true',
        '             56.11B axisUnitsInAfrica true',
        '             56.31 level 0 (clamped to +/-2)',
      ].join('\n'),
    ]);
    // --json keeps every row, the zero ones included.
    expect(checked === undefined ? [] : auditEntries(checked)[0]?.breakdown.slice(0, 2)).toEqual([
      '56.12 dpTotal 0: Italian DP total at the end of the Allied player turn, as during a YSS: 0',
      '56.12A westernAlliesDeclaredWar 0: The Western Allies did not declare war on Italy: 0',
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
