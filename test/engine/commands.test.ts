// given(history).when(command).then(events | rejection) for the host reports and player decisions of
// events/host-facts.ts and events/british.ts that the rule files (55-*, 59-*) do not already cover this way:
// one accepted command with its exact events and one refusal each. host.allied-player-turn-ended is covered
// by 55-german-surrender-engine.test.ts and 56.11-italian-surrender-check.test.ts.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { warList } from '../../src/engine/wars.js';
import { atomicAttack, firestorm, turn } from '../support/fixtures.js';
import { given, play, replay, GAME } from '../support/given.js';
import {
  accept,
  declareWar,
  demand,
  gameTurnEnded,
  hexControl,
  rejectOffer,
  reportPool,
  seaLionStart,
  selectForces,
  usAtWarStart,
} from '../support/british-fixtures.js';

const sp41 = turn('spring', 1941);
const su41 = turn('summer', 1941);
const fa41 = turn('fall', 1941);
const sp43 = turn('spring', 1943);

/** Britain offers to surrender at -1 at the end of Summer 1941 (59.12). */
const offerAtMinus1 = () => play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -1 })]);
const awaitingTerms = () =>
  play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -4 }), accept(su41), reportPool(su41), hexControl(su41)]);
/** The -1 peace with the pool reported and conciliatory terms imposed: the British selection is awaited (59.514E). */
const selectingAtMinus1 = () =>
  play([
    seaLionStart(),
    gameTurnEnded(su41, { britishDpLevel: -1 }),
    accept(su41),
    reportPool(su41),
    hexControl(su41),
    demand(su41, {}),
  ]);

const only = (origin: OriginEvent): DomainEvent[] => [origin];

describe('host.game-started', () => {
  it('starts a game: the event is recorded as reported', () => {
    given([]).when(seaLionStart()).then(only(seaLionStart()));
  });
  it('a second start of the same game is refused', () => {
    given([seaLionStart()]).when(seaLionStart()).thenRejected('sequence', 'game-exists');
  });
  it('a start without its ruling options is malformed', () => {
    const start = seaLionStart();
    const { options: _options, ...data } = start.data;
    given([])
      .when({ ...start, data } as unknown as OriginEvent)
      .thenRejected('schema', 'malformed');
  });
});

describe('host.power-surrendered', () => {
  it('59.14B, 59.85: Russia surrendered under its own rules: recorded, and its wars end', () => {
    const surrendered: OriginEvent = { type: 'host.power-surrendered', data: { turn: sp43, power: 'russia' } };
    given([usAtWarStart()]).when(surrendered).then(only(surrendered));
    const view = replay([usAtWarStart(), surrendered]).view(GAME);
    expect(view && warList(view.world.wars).map((w) => `${w.axis}-${w.allied}`)).toEqual([
      'germany-britain',
      'germany-us',
      'italy-britain',
      'italy-us',
    ]);
  });
  it('59.14B: a power that has already surrendered cannot surrender again: the report contradicts the log', () => {
    const surrendered: OriginEvent = { type: 'host.power-surrendered', data: { turn: sp43, power: 'russia' } };
    const { decision } = given([usAtWarStart(), surrendered]).when(surrendered);
    expect(decision).toEqual({
      ok: false,
      rejection: {
        code: 'contradictory',
        rule: 'sequence',
        message: 'data.power contradicts log:world.surrendered.russia: russia has already surrendered',
        fields: ['data.power', 'log:world.surrendered.russia'],
      },
    });
  });
});

describe('host.dominion-surrendered', () => {
  it('59.21: India surrendered: recorded for the British Resistance Table', () => {
    const india: OriginEvent = { type: 'host.dominion-surrendered', data: { turn: sp41, dominion: 'india' } };
    given([seaLionStart()]).when(india).then(only(india));
  });
  it('59.21: a dominion cannot surrender twice', () => {
    const india: OriginEvent = { type: 'host.dominion-surrendered', data: { turn: sp41, dominion: 'india' } };
    given([seaLionStart(), india]).when(india).thenRejected('59.21', 'contradictory');
    expect(given([seaLionStart(), india]).when(india).decision).toMatchObject({
      ok: false,
      rejection: { fields: ['data.dominion', 'log:world.dominionsSurrendered.india'] },
    });
  });
});

describe('host.city-firestormed', () => {
  it('55.11B, 59.21: a firestorm is recorded, to be counted from the log', () => {
    given([seaLionStart()])
      .when(firestorm(sp41, 'britain', 'Coventry'))
      .then(only(firestorm(sp41, 'britain', 'Coventry')));
  });
  it('a firestorm reported for a turn before the current one is refused', () => {
    given([seaLionStart(), firestorm(su41, 'germany', 'Hamburg')])
      .when(firestorm(sp41, 'britain', 'Coventry'))
      .thenRejected('sequence', 'out-of-sequence');
  });
});

describe('host.atomic-attack', () => {
  it('43.321A: an atomic attack is recorded, to be counted from the log', () => {
    given([seaLionStart()])
      .when(atomicAttack(su41, 'britain', 'London'))
      .then(only(atomicAttack(su41, 'britain', 'London')));
  });
  it('59.23: play cannot move on to Fall 1941 while Germany has a British offer to answer', () => {
    given(offerAtMinus1())
      .when(atomicAttack(fa41, 'britain', 'London'))
      .thenRejected('59.23', 'decision-pending');
  });
});

describe('host.logged', () => {
  it('any other host event is kept in the log as reported', () => {
    const logged: OriginEvent = {
      type: 'host.logged',
      data: { turn: sp41, kind: 'combat', data: { hex: 'K22', odds: '3:1' } },
    };
    given([seaLionStart()]).when(logged).then(only(logged));
  });
  it('a host event without a kind is malformed', () => {
    given([seaLionStart()])
      .when({ type: 'host.logged', data: { turn: sp41, kind: '', data: {} } })
      .thenRejected('schema', 'malformed');
  });
});

describe('war.declared', () => {
  it('Germany declares war on Russia: recorded; no British surrender limits it', () => {
    given([seaLionStart()])
      .when(declareWar(su41, 'germany', ['russia']))
      .then(only(declareWar(su41, 'germany', ['russia'])));
  });
  it('a declaration on a power already at war is refused', () => {
    given([seaLionStart()])
      .when(declareWar(su41, 'italy', ['britain']))
      .thenRejected('sequence', 'illegal');
  });
});

describe('host.game-turn-ended', () => {
  it('59.11, 59.12, 59.41: at -1 the resistance level is determined and Britain offers to surrender at -1', () => {
    const ended = gameTurnEnded(su41, { britishDpLevel: -1 });
    given([seaLionStart()])
      .when(ended)
      .then([
        ended,
        {
          type: 'britain.resistance-determined',
          data: expect.objectContaining({
            turn: su41,
            level: -1,
            naval: { alliedFactors: 0, axisFactors: 0, modifier: 0 },
          }),
        },
        {
          type: 'britain.surrender-offered',
          data: {
            turn: su41,
            resistanceLevel: -1,
            surrenderLevel: -1,
            previousSurrenderLevel: null,
            germanyMustAccept: false,
          },
        },
      ]);
  });
  it('59.11: at +1 only the level is determined: no offer', () => {
    const ended = gameTurnEnded(su41, { britishDpLevel: 1 });
    given([seaLionStart()])
      .when(ended)
      .then([
        ended,
        { type: 'britain.resistance-determined', data: expect.objectContaining({ turn: su41, level: 1 }) },
      ]);
  });
  it('59.11: a malformed report (oil effects 5, above the 59.22C maximum of 4) is refused with its path', () => {
    const result = given([seaLionStart()]).when(gameTurnEnded(su41, { oilEffectsOnBritain: 5 }));
    result.thenRejected('schema', 'malformed');
    expect(result.decision.ok === false && result.decision.rejection.message).toBe(
      'data.britain.oilEffectsOnBritain: expected an integer from 0 to 4',
    );
  });
});

describe('britain.offer-accepted', () => {
  it('59.41: Germany accepts the -1 offer: Britain surrenders at -1 into peace (59.62)', () => {
    given(offerAtMinus1())
      .when(accept(su41))
      .then([
        accept(su41),
        {
          type: 'britain.surrendered',
          data: expect.objectContaining({
            turn: su41,
            surrenderLevel: -1,
            previousSurrenderLevel: null,
            forced: false,
            outcome: 'peace',
            requirements: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
            concessionPoints: 2,
            farEast: 'not-in-play',
          }),
        },
      ]);
  });
  it('59.23: the offer is answered at the end of the turn it was made, not later', () => {
    given(offerAtMinus1()).when(accept(fa41)).thenRejected('59.23', 'decision-pending');
  });
});

describe('britain.offer-rejected', () => {
  it('59.31: Germany rejects the offer: only the rejection is recorded', () => {
    given(offerAtMinus1())
      .when(rejectOffer(su41))
      .then(only(rejectOffer(su41)));
  });
  it('59.32: a rejected offer has lapsed: it cannot be rejected again', () => {
    given([...offerAtMinus1(), rejectOffer(su41)])
      .when(rejectOffer(su41))
      .thenRejected('59.32', 'not-pending');
  });
});

describe('britain.forces-selected', () => {
  it('59.512, 59.513, 59.871: a selection meeting the -1 requirements exactly is carried out', () => {
    const selection = selectForces(su41, ['aaf-3', 'arm-1', 'bb-1', 'ca-1']);
    if (selection.type !== 'britain.forces-selected') throw new Error('fixture');
    given(selectingAtMinus1())
      .when(selection)
      .then([
        selection,
        {
          type: 'britain.forces-reduced',
          data: {
            turn: su41,
            required: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
            selected: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
            removed: [
              { id: 'aaf-3', kind: 'aaf', factors: 2, brps: 10 },
              { id: 'arm-1', kind: 'ground', factors: 4, brps: 4 },
              { id: 'bb-1', kind: 'naval', factors: 9, brps: 0 },
              { id: 'ca-1', kind: 'naval', factors: 1, brps: 0 },
            ],
            unbuiltFactorsAdded: 6,
            effects: [
              { rule: '59.513B', code: 'removed-units-count-to-pool-limits', params: {} },
              { rule: '59.871', code: 'removed-units-unbuilt', params: { factors: 6 } },
            ],
          },
        },
      ]);
  });
  it('59.513A: a selection naming a unit that is not in the reported pool is refused, naming the path', () => {
    const result = given(selectingAtMinus1()).when(selectForces(su41, ['aaf-3', 'arm-1', 'bb-1', 'no-such-unit']));
    result.thenRejected('59.513A', 'illegal');
    expect(result.decision.ok === false && result.decision.rejection.message).toMatch(/^data\.selection\[3\]: /);
  });
});

describe('host.british-hex-control', () => {
  it('59.631: after the surrender the host reports hex control: recorded as reported', () => {
    const history = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -4 }), accept(su41), reportPool(su41)]);
    given(history)
      .when(hexControl(su41))
      .then(only(hexControl(su41)));
  });
  it('59.631: a second report is not awaited', () => {
    given(awaitingTerms()).when(hexControl(su41)).thenRejected('59.631', 'not-pending');
  });
});

describe('britain.terms-demanded', () => {
  it('59.65-59.68: Malta, Palestine, Transjordan (priority 3) and 20 BRPs at -4: imposed, 2 points not taken', () => {
    const terms = demand(su41, { take: ['malta', 'palestine', 'transjordan'], indemnityBrps: 20 });
    given(awaitingTerms())
      .when(terms)
      .then([
        terms,
        {
          type: 'britain.terms-imposed',
          data: expect.objectContaining({
            turn: su41,
            pointsAvailable: 8,
            pointsUsed: 5,
            pointsNotTaken: 3,
            pointsReturned: 0,
            resistanceModifier: -1,
            usatChange: -6,
            taken: ['malta', 'palestine', 'transjordan'],
            returned: [],
            toItaly: [],
            indemnityBrps: 20,
          }),
        },
      ]);
  });
  it('59.67: an indemnity that is not 0, 10, 20 or 30 BRPs is malformed', () => {
    given(awaitingTerms())
      .when(demand(su41, { indemnityBrps: 15 as 10 }))
      .thenRejected('schema', 'malformed');
  });
});

describe('japan.treaty-decided', () => {
  const globalStart = () =>
    seaLionStart({
      scenario: 'global',
      wars: [
        { axis: 'germany', allied: 'britain' },
        { axis: 'japan', allied: 'britain' },
      ],
    });
  const decided = (adheres: boolean): OriginEvent => ({ type: 'japan.treaty-decided', data: { turn: su41, adheres } });

  it('59.891C, 59.894: Japan, at war with Britain but not the U.S., declines the treaty and fights on', () => {
    const history = play([globalStart(), gameTurnEnded(su41, { britishDpLevel: -1 }), accept(su41)]);
    given(history)
      .when(decided(false))
      .then([
        decided(false),
        {
          type: 'britain.far-east-settled',
          data: {
            turn: su41,
            japanAdheres: false,
            effects: [
              { rule: '59.894', code: 'far-east-war-continues', params: {} },
              { rule: '59.893', code: 'asia-units-subject-to-reductions', params: { settled: true } },
            ],
          },
        },
      ]);
  });
  it('59.891C: with no British surrender Japan has nothing to decide', () => {
    given([globalStart()]).when(decided(true)).thenRejected('59.891C', 'not-pending');
  });
});

/** Every origin type of the three files has a test here or in the files named beside it. */
it('every host report and player decision of host-facts.ts, british.ts, british-reports.ts is exercised', async () => {
  const { hostEvents } = await import('../../events/host-facts.js');
  const { britishEvents } = await import('../../events/british.js');
  const { britishReportEvents } = await import('../../events/british-reports.js');
  const origins = [...hostEvents, ...britishEvents, ...britishReportEvents]
    .filter((d) => d.source !== 'engine')
    .map((d) => d.type);
  const here = new Set<OriginEvent['type']>([
    'host.game-started',
    'host.power-surrendered',
    'host.dominion-surrendered',
    'host.city-firestormed',
    'host.atomic-attack',
    'host.logged',
    'war.declared',
    'host.game-turn-ended',
    'britain.offer-accepted',
    'britain.offer-rejected',
    'britain.forces-selected',
    'host.british-hex-control',
    'britain.terms-demanded',
    'japan.treaty-decided',
  ]);
  // 59.513-force-pool.test.ts and 59.892A-far-east-hex-control.test.ts.
  const elsewhere = new Set<OriginEvent['type']>([
    'host.allied-player-turn-ended',
    'host.british-force-pool',
    'host.far-east-hex-control',
  ]);
  expect(
    origins.filter((t) => !here.has(t as OriginEvent['type']) && !elsewhere.has(t as OriginEvent['type'])),
  ).toEqual([]);
});
