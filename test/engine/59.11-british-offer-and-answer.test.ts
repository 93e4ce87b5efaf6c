// 59.11, 59.12, 59.21, 59.23, 59.3, 59.41 in the engine: the British resistance level at the end of every game turn,
// the offer and Germany's answer.
import { describe, expect, it } from 'vitest';
import { pendingDecisions } from '../../src/engine/pending.js';
import { warList } from '../../src/engine/wars.js';
import { firestorm, atomicAttack, turn } from '../support/fixtures.js';
import { given, play, ofType, viewAfter } from '../support/given.js';
import { accept, gameTurnEnded, rejectOffer, seaLionStart } from '../support/british-fixtures.js';
import { su41, fa41 } from '../support/british-engine.js';

describe('59.11 and 59.21: the British resistance level at the end of every game turn', () => {
  it('59.21: inputs the engine can count come from the log: firestorms, atomic attacks, dominions, wars', () => {
    const log = play([
      seaLionStart(),
      firestorm(turn('spring', 1941), 'britain', 'Coventry'),
      firestorm(turn('spring', 1941), 'germany', 'Hamburg'),
      atomicAttack(turn('spring', 1941), 'britain', 'London'),
      { type: 'host.dominion-surrendered', data: { turn: turn('spring', 1941), dominion: 'india' } },
      gameTurnEnded(turn('spring', 1941), { britishDpLevel: 12 }),
    ]);
    const [determined] = ofType(log, 'britain.resistance-determined');
    expect(determined?.inputs).toMatchObject({
      britishCitiesFirestormed: 1,
      atomicAttacksOnBritain: 1,
      australiaSurrendered: false,
      indiaSurrendered: true,
      atWarWithEuropeanAxis: { us: false, russia: false, france: false },
      italyAtWarWithBritain: true,
      concessionPointsForgone: 0,
    });
    expect(determined?.inputs.previousSurrenderLevel).toBeUndefined();
    // 12 - 2 (India) - 3 (first atomic attack) - 1 (firestorm) = 6
    expect(determined?.level).toBe(6);
    expect(determined?.lines).toHaveLength(17);
    expect(ofType(log, 'britain.surrender-offered')).toEqual([]);
  });

  it('59.12: at zero or less Britain offers to surrender, and Germany must answer before play moves on', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: 0 })]);
    expect(ofType(log, 'britain.surrender-offered')).toEqual([
      { turn: su41, resistanceLevel: 0, surrenderLevel: 0, previousSurrenderLevel: null, germanyMustAccept: false },
    ]);
    const view = viewAfter(log);
    expect(view && pendingDecisions(view).map((p) => [p.decision, p.by, p.rule])).toEqual([
      ['respond-to-british-offer', 'germany', '59.23'],
    ]);
    given(log).when(gameTurnEnded(fa41)).thenRejected('59.23', 'decision-pending');
  });

  it('59.11: the same game turn cannot end twice', () => {
    given(play([seaLionStart(), gameTurnEnded(su41)]))
      .when(gameTurnEnded(su41))
      .thenRejected('sequence', 'out-of-sequence');
  });
});

describe('59.23, 59.3 and 59.41: Germany answers the offer', () => {
  it('59.23: at -10 or lower Germany must accept: the surrender follows at once, forced', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -12 })]);
    expect(log.map((e) => e.type)).toEqual([
      'host.game-started',
      'host.game-turn-ended',
      'britain.resistance-determined',
      'britain.surrender-offered',
      'britain.surrendered',
    ]);
    const [surrender] = ofType(log, 'britain.surrendered');
    // 59.41: the level is -12 but the surrender level never goes below -10.
    expect(surrender).toMatchObject({
      surrenderLevel: -10,
      forced: true,
      outcome: 'peace',
      concessionPoints: 20,
      requirements: { aafFactors: 20, groundNasBrps: 40, navalFactors: 100 },
    });
    given(log).when(rejectOffer(su41)).thenRejected('59.23', 'not-pending');
  });

  it('59.31 and 59.32: a rejected offer lapses; Germany cannot accept it later, but may accept a new one', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -2 }), rejectOffer(su41)]);
    const view = viewAfter(log);
    expect(view?.britain.value).toBe('atWar');
    expect(view && warList(view.world.wars)).toEqual([
      { axis: 'germany', allied: 'britain' },
      { axis: 'italy', allied: 'britain' },
    ]);
    given(log).when(accept(su41)).thenRejected('59.32', 'not-pending');
    const later = play([
      seaLionStart(),
      gameTurnEnded(su41, { britishDpLevel: -2 }),
      rejectOffer(su41),
      gameTurnEnded(fa41, { britishDpLevel: -4 }),
      accept(fa41),
    ]);
    expect(ofType(later, 'britain.surrendered')).toMatchObject([{ turn: fa41, surrenderLevel: -4, forced: false }]);
  });

  it('59.12: an answer with no offer made is refused', () => {
    given(play([seaLionStart()]))
      .when(accept(turn('spring', 1941)))
      .thenRejected('59.12', 'not-pending');
  });

  it('59.41: accepted, the resistance level becomes the surrender level', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -4 }), accept(su41)]);
    const [surrender] = ofType(log, 'britain.surrendered');
    expect(surrender).toMatchObject({
      turn: su41,
      surrenderLevel: -4,
      previousSurrenderLevel: null,
      forced: false,
      outcome: 'peace',
      requirements: { aafFactors: 8, groundNasBrps: 16, navalFactors: 40 },
      concessionPoints: 8,
      farEast: 'not-in-play',
    });
  });
});

describe('59.41: answers after the offer was accepted', () => {
  it('59.41: a late rejection of an accepted offer is refused: Britain has surrendered', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -1 }), accept(su41)]);
    given(log).when(rejectOffer(su41)).thenRejected('59.41', 'not-pending');
    given(log).when(accept(su41)).thenRejected('59.41', 'not-pending');
  });
});
