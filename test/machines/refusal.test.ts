// The machines name the refusal of what they cannot take now (machines/refusal.ts): the deepest state that
// names one wins over the machine's default.
import { describe, expect, it } from 'vitest';
import { initialTransition } from 'xstate';
import { britainMachine, type BritainContext, type BritainMachineEvent } from '../../machines/britain.js';
import { italyMachine, type ItalyContext } from '../../machines/italy.js';
import { namedRefusal, refusalOf } from '../../machines/refusal.js';
import { at, first } from './support.js';

const SEA_LION = 'sea-lion-1941';
const surrender = first(SEA_LION, 'britain.surrendered');
const pool = first(SEA_LION, 'host.british-force-pool');
const turn = surrender.turn;
const [initial] = initialTransition(britainMachine, { atWar: true });
const record = {
  surrender,
  concessionPointsForgone: 0,
  returned: [],
  unbuiltFactorsAdded: 0,
  removedUnits: [],
  japanAdheres: null,
};
const afterSurrender = (change: Partial<BritainContext> = {}): BritainContext => ({
  ...initial.context,
  surrenders: [record],
  ...change,
});
const surrendered = (forces: string, context: BritainContext) =>
  at(britainMachine, { surrendered: { forces, terms: 'awaitingHexControl', farEast: 'done' } }, context);
const japan = { type: 'japan.treaty-decided', data: { turn, adheres: false } } as const;

describe('refusalOf: the Britain machine names its refusals', () => {
  it("59.891C: Japan's choice is refused while Britain is at war, citing the machine's default", () => {
    expect(refusalOf(initial, japan)).toEqual({
      code: 'not-pending',
      rule: '59.891C',
      message: 'Japan has no choice to make about a British surrender now',
    });
  });

  it('59.891C: a choice the machine takes is not refused', () => {
    expect(
      refusalOf(
        at(
          britainMachine,
          { surrendered: { forces: 'done', terms: 'done', farEast: 'awaitingJapan' } },
          afterSurrender(),
        ),
        japan,
      ),
    ).toBeNull();
  });

  it('59.513: the surrendered state says the pool was already reported, the root that none is awaited', () => {
    const report = { type: 'host.british-force-pool', data: pool } as const;
    expect(refusalOf(surrendered('selecting', afterSurrender({ forcePool: pool })), report)?.message).toBe(
      'the British force pool has already been reported for this surrender',
    );
    expect(refusalOf(initial, report)).toEqual({
      code: 'not-pending',
      rule: '59.513',
      message: 'no British force reduction is awaiting the force pool',
    });
  });

  it('59.513, 59.514E, 59.513A: the forces state names why no selection is taken', () => {
    const rule = (forces: string) =>
      namedRefusal(surrendered(forces, afterSurrender()), 'britain.forces-selected', {})?.rule;
    expect([rule('awaitingPool'), rule('waitingForTerms'), rule('done')]).toEqual(['59.513', '59.514E', '59.513A']);
  });

  it('59.513A: a selection is refused by the machine before any surrender and after the reductions', () => {
    const selection: BritainMachineEvent = { type: 'britain.forces-selected', data: { turn, selection: ['aaf-3'] } };
    const refusal = {
      code: 'not-pending',
      rule: '59.513A',
      message: 'no British force reduction is awaiting a selection',
    };
    expect([
      refusalOf(initial, selection),
      refusalOf(surrendered('done', afterSurrender()), selection),
      refusalOf(surrendered('selecting', afterSurrender({ forcePool: pool })), selection),
    ]).toEqual([refusal, refusal, null]);
  });

  it('59.61: terms after a surrender at war are illegal; with no surrender none are awaited (59.66)', () => {
    const demand = { type: 'britain.terms-demanded', data: first(SEA_LION, 'britain.terms-demanded') } as const;
    const atWar = at(
      britainMachine,
      'atWar',
      afterSurrender({
        surrenders: [
          { ...record, surrender: { ...surrender, outcome: 'war-continues', turn: { season: 'fall', year: 1942 } } },
        ],
      }),
    );
    expect(refusalOf(atWar, demand)).toEqual({
      code: 'illegal',
      rule: '59.61',
      message:
        'Britain surrendered in Fall 1942 while the U.S. was at war ' +
        'with Germany: no concessions or territorial transfers are made',
    });
    expect(refusalOf(initial, demand)).toEqual({
      code: 'not-pending',
      rule: '59.66',
      message: 'no British surrender is awaiting German terms',
    });
  });
});

describe("refusalOf: the Britain machine gates Germany's answer to an offer", () => {
  const offer = first(SEA_LION, 'britain.surrender-offered');
  const answer = (type: 'britain.offer-accepted' | 'britain.offer-rejected', t = turn) =>
    ({ type, data: { turn: t } }) as const;
  const nextYear = { ...turn, year: turn.year + 1 };
  const peace = (change: Partial<typeof surrender> = {}) =>
    at(
      britainMachine,
      { surrendered: { forces: 'awaitingPool', terms: 'awaitingHexControl', farEast: 'done' } },
      afterSurrender({ offer, surrenders: [{ ...record, surrender: { ...surrender, ...change } }] }),
    );

  it('59.12: with no offer made, an answer is refused', () => {
    expect(refusalOf(initial, answer('britain.offer-accepted'))).toEqual({
      code: 'not-pending',
      rule: '59.12',
      message: 'Britain has made no surrender offer',
    });
  });

  it('59.32: after a rejection the offer has lapsed', () => {
    const lapsed = at(britainMachine, 'atWar', { ...initial.context, offer, lastOfferRejected: true });
    expect(refusalOf(lapsed, answer('britain.offer-accepted'))).toEqual({
      code: 'not-pending',
      rule: '59.32',
      message: 'the last British offer was rejected and has lapsed: Germany must await a new offer',
    });
  });

  it(
    '59.41, 59.23: an answer in the turn of the surrender names the ' +
      'accepted or forced offer; in a later turn none is pending (59.12)',
    () => {
      expect(refusalOf(peace(), answer('britain.offer-rejected'))).toEqual({
        code: 'not-pending',
        rule: '59.41',
        message: 'the British offer of Summer 1941 has been accepted: Britain has surrendered',
      });
      expect(refusalOf(peace({ forced: true }), answer('britain.offer-rejected'))).toEqual({
        code: 'not-pending',
        rule: '59.23',
        message:
          'the British offer of Summer 1941 was at -10 or lower, so Germany had to accept it: Britain has surrendered',
      });
      expect(refusalOf(peace(), answer('britain.offer-accepted', nextYear))?.rule).toBe('59.12');
    },
  );

  it('59.23: a pending offer is answered in its own turn, and one at -10 or lower is not rejected', () => {
    const pending = (germanyMustAccept: boolean) =>
      at(britainMachine, 'offerPending', { ...initial.context, offer: { ...offer, germanyMustAccept } });
    expect(refusalOf(pending(false), answer('britain.offer-accepted', nextYear))).toEqual({
      code: 'out-of-sequence',
      rule: '59.23',
      message: 'the offer was made at the end of Summer 1941 and is answered then',
    });
    expect(refusalOf(pending(true), answer('britain.offer-rejected'))).toEqual({
      code: 'illegal',
      rule: '59.23',
      message: 'the British offer of Summer 1941 is at -10 or lower: Germany must accept it',
    });
    expect([
      refusalOf(pending(false), answer('britain.offer-accepted')),
      refusalOf(pending(false), answer('britain.offer-rejected')),
      refusalOf(pending(true), answer('britain.offer-accepted')),
    ]).toEqual([null, null, null]);
  });

  it('59.41: once accepted, no second answer is taken', () => {
    expect(
      refusalOf(at(britainMachine, 'offerAccepted', { ...initial.context, offer }), answer('britain.offer-rejected')),
    ).toEqual({
      code: 'not-pending',
      rule: '59.41',
      message: 'the British offer of Summer 1941 has been accepted: Britain surrenders',
    });
  });
});

describe('refusalOf: the Britain machine gates the Far East hex control', () => {
  it('59.892A: no report is awaited unless Japan has adhered', () => {
    const report: BritainMachineEvent = {
      type: 'host.far-east-hex-control',
      data: { turn, unsuppliedHexes: [], fortificationsEliminated: [], areas: [] },
    };
    const farEast = (step: string) =>
      at(britainMachine, { surrendered: { forces: 'done', terms: 'done', farEast: step } }, afterSurrender());
    const refusal = {
      code: 'not-pending',
      rule: '59.892A',
      message: 'no Far East hex control is awaited: Japan has not adhered to a treaty now being settled',
    };
    expect([
      refusalOf(initial, report),
      refusalOf(farEast('awaitingJapan'), report),
      refusalOf(farEast('awaitingFarEastHexControl'), report),
    ]).toEqual([refusal, refusal, null]);
  });
});

describe('refusalOf: the Italy machine names its refusals', () => {
  const GAME = 'italy-1943-germany-1945';
  const italian = first(GAME, 'italy.surrendered');
  const start: ItalyContext = {
    atWarAtStart: true,
    surrender: null,
    forces: null,
    axisSelection: null,
    alliedSelection: null,
    disposition: null,
  };
  const pick = (side: 'axis' | 'allied') =>
    ({ type: 'italy.forces-selected', data: { ...first(GAME, 'italy.forces-selected'), side } }) as const;
  const both = {
    ...start,
    surrender: { ...italian, surrenderLevel: 0, selectionOrder: ['axis', 'allied'] as ('axis' | 'allied')[] },
    forces: { navy: [], infantry: [] },
  };

  it('56.311: before the surrender no selection is awaited', () => {
    expect(refusalOf(at(italyMachine, 'atWar', start), pick('axis'))).toEqual({
      code: 'not-pending',
      rule: '56.311',
      message: 'Italy has not surrendered: no selection of post-surrender Italian forces is awaited',
    });
  });

  it('56.31D: nothing is selected before the report, and the report comes once', () => {
    expect(
      refusalOf(at(italyMachine, { surrendered: 'awaitingForces' }, { ...both, forces: null }), pick('axis'))?.rule,
    ).toBe('56.31D');
    const report = { type: 'host.italian-forces-reported', data: first(GAME, 'host.italian-forces-reported') } as const;
    expect(refusalOf(at(italyMachine, { surrendered: 'axisSelecting' }, both), report)?.message).toBe(
      "Italy's forces at the moment of surrender have already been reported",
    );
  });

  it('56.311: at level 0 the Allied player is refused before the Axis selection', () => {
    expect(refusalOf(at(italyMachine, { surrendered: 'axisSelecting' }, both), pick('allied'))).toEqual({
      code: 'illegal',
      rule: '56.311',
      message:
        'at surrender level 0 the Axis player selects the post-surrender Italian forces before the Allied player',
    });
    expect(refusalOf(at(italyMachine, { surrendered: 'axisSelecting' }, both), pick('axis'))).toBeNull();
  });

  it('56.31C: once disposed of, nothing is awaited', () => {
    expect(refusalOf(at(italyMachine, 'done', both), pick('axis'))?.message).toBe(
      'the post-surrender Italian forces have already been ' +
        'disposed of: no selection of post-surrender Italian forces is awaited',
    );
  });
});
