// Rule 59: the Britain machine's guards and actions, each on its own.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  britainMachine,
  britainMachineEvents,
  type BritainContext,
  type BritainMachineEvent,
} from '../../machines/britain.js';
import { at, first, guard } from './support.js';

const SEA_LION = 'sea-lion-1941';
const resistance = first(SEA_LION, 'britain.resistance-determined');
const offer = first(SEA_LION, 'britain.surrender-offered');
const surrender = first(SEA_LION, 'britain.surrendered');
const pool = first(SEA_LION, 'host.british-force-pool');
const reduced = first(SEA_LION, 'britain.forces-reduced');
const hexes = first(SEA_LION, 'host.british-hex-control');
const demanded = first(SEA_LION, 'britain.terms-demanded');
const imposed = first(SEA_LION, 'britain.terms-imposed');
const turn = offer.turn;
const nextYear = { ...turn, year: turn.year + 1 };

const [initial] = initialTransition(britainMachine, { atWar: true });
const start: BritainContext = initial.context;
const record = {
  surrender,
  concessionPointsForgone: 0,
  returned: [],
  unbuiltFactorsAdded: 0,
  removedUnits: [],
  japanAdheres: null,
};
const afterSurrender: BritainContext = { ...start, offer, surrenders: [record] };
const g = (name: string, context: BritainContext, event: unknown = { type: 'x' }) =>
  guard(britainMachine, name)({ context, event });
const withSurrender = (change: Partial<typeof surrender>): BritainContext => ({
  ...start,
  surrenders: [{ ...record, surrender: { ...surrender, ...change } }],
});

describe('the Britain machine: guards', () => {
  it('59.12: startsAtWar reads the input', () => {
    expect([g('startsAtWar', start), g('startsAtWar', { ...start, atWarAtStart: false })]).toEqual([true, false]);
  });

  it(
    '59.23: answeredInOfferTurn holds for an answer in the ' +
      'turn of the offer, not in another turn nor with no offer',
    () => {
      const answer = (type: string, t: typeof turn) => ({ type, data: { turn: t } });
      const pending = { ...start, offer };
      expect([
        g('answeredInOfferTurn', pending, answer('britain.offer-accepted', turn)),
        g('answeredInOfferTurn', pending, answer('britain.offer-rejected', turn)),
        g('answeredInOfferTurn', pending, answer('britain.offer-accepted', nextYear)),
        g('answeredInOfferTurn', start, answer('britain.offer-accepted', turn)),
        g('answeredInOfferTurn', pending, { type: 'britain.surrendered', data: surrender }),
      ]).toEqual([true, true, false, false, false]);
    },
  );

  it('59.23: acceptanceForced holds only for an offer at -10 or lower', () => {
    expect([
      g('acceptanceForced', { ...start, offer: { ...offer, germanyMustAccept: true } }),
      g('acceptanceForced', { ...start, offer }),
      g('acceptanceForced', start),
    ]).toEqual([true, false, false]);
  });

  it(
    '59.513A: selectionCarriesItsPool holds only for a selection ' +
      'with its units inline (a log written before the pool report)',
    () => {
      const selection = (units?: []) => ({
        type: 'britain.forces-selected',
        data: { turn, selection: [], ...(units === undefined ? {} : { units }) },
      });
      expect([
        g('selectionCarriesItsPool', start, selection([])),
        g('selectionCarriesItsPool', start, selection()),
        g('selectionCarriesItsPool', start, { type: 'host.british-force-pool', data: pool }),
      ]).toEqual([true, false, false]);
    },
  );

  it('59.511: noForceReduction holds only for a "0" surrender', () => {
    expect([
      g('noForceReduction', afterSurrender),
      g('noForceReduction', withSurrender({ requirements: { aafFactors: 0, groundNasBrps: 0, navalFactors: 0 } })),
    ]).toEqual([false, true]);
  });

  it('59.61, 59.62: negotiatesPeace and warContinues read the outcome', () => {
    const peace = withSurrender({ outcome: 'peace' });
    const war = withSurrender({ outcome: 'war-continues' });
    expect([
      g('negotiatesPeace', peace),
      g('negotiatesPeace', war),
      g('warContinues', peace),
      g('warContinues', war),
    ]).toEqual([true, false, false, true]);
  });

  it('59.891C: japanChooses reads the Far East settlement of the surrender: only "japan-chooses" holds', () => {
    // Sea Lion's surrender has the Far East not in play.
    expect(surrender.farEast).toBe('not-in-play');
    expect([
      g('japanChooses', withSurrender({ farEast: 'japan-chooses' })),
      g('japanChooses', afterSurrender),
      g('japanChooses', withSurrender({ farEast: 'at-war-with-both' })),
      g('japanChooses', start),
    ]).toEqual([true, false, false, false]);
  });

  it("59.892A: japanAdheres reads Japan's choice", () => {
    const choice = (adheres: boolean) => ({ type: 'japan.treaty-decided', data: { turn, adheres } });
    expect([g('japanAdheres', start, choice(true)), g('japanAdheres', start, choice(false))]).toEqual([true, false]);
  });

  it('59.894: japanDeclines holds only when Japan does not adhere', () => {
    const choice = (adheres: boolean) => ({ type: 'japan.treaty-decided', data: { turn, adheres } });
    expect([
      g('japanDeclines', start, choice(false)),
      g('japanDeclines', start, choice(true)),
      g('japanDeclines', start),
    ]).toEqual([true, false, false]);
  });

  it('59.12: germanBritishWarDeclared holds only for a war between Germany and Britain', () => {
    const declared = (aggressor: string, targets: string[]) =>
      g('germanBritishWarDeclared', start, {
        type: 'war.declared',
        data: { turn, aggressor, targets, usatLevel: null },
      });
    expect([
      declared('germany', ['britain']),
      declared('britain', ['germany']),
      declared('italy', ['britain']),
      declared('germany', ['russia']),
    ]).toEqual([true, true, false, false]);
  });
});

describe('the Britain machine: actions', () => {
  it('59.11: recordResistance keeps the latest level in any state', () => {
    const [s] = transition(britainMachine, at(britainMachine, 'atPeace', start), {
      type: 'britain.resistance-determined',
      data: resistance,
    });
    expect([s.value, s.context]).toEqual([
      'atPeace',
      { ...start, latestResistance: { turn: resistance.turn, level: resistance.level } },
    ]);
  });

  it('59.12, 59.32: recordOffer keeps the offer, recordRejection marks it lapsed', () => {
    const [o] = transition(britainMachine, at(britainMachine, 'atWar', { ...start, lastOfferRejected: true }), {
      type: 'britain.surrender-offered',
      data: offer,
    });
    expect([o.value, o.context]).toEqual(['offerPending', { ...start, offer }]);
    const [r] = transition(britainMachine, o, { type: 'britain.offer-rejected', data: { turn } });
    expect([r.value, r.context]).toEqual(['atWar', { ...start, offer, lastOfferRejected: true }]);
  });

  it(
    '59.23, 59.41: an acceptance in the turn of the offer moves ' +
      'to offerAccepted; only a forced offer surrenders with no answer',
    () => {
      const pending = at(britainMachine, 'offerPending', { ...start, offer });
      const acceptance = { type: 'britain.offer-accepted', data: { turn } } as const;
      const surrendered = { type: 'britain.surrendered', data: surrender } as const;
      expect([
        pending.can(acceptance),
        pending.can({ ...acceptance, data: { turn: nextYear } }),
        pending.can(surrendered),
      ]).toEqual([true, false, false]);
      const [a] = transition(britainMachine, pending, acceptance);
      expect([
        a.value,
        a.context,
        a.can(acceptance),
        a.can({ type: 'britain.offer-rejected', data: { turn } }),
        a.can(surrendered),
      ]).toEqual(['offerAccepted', { ...start, offer }, false, false, true]);
      const forced = at(britainMachine, 'offerPending', { ...start, offer: { ...offer, germanyMustAccept: true } });
      expect([forced.can(surrendered), forced.can({ type: 'britain.offer-rejected', data: { turn } })]).toEqual([
        true,
        false,
      ]);
    },
  );

  it('59.41: recordSurrender adds a surrender record and clears what the last one reported', () => {
    const stale = {
      ...start,
      offer,
      hexControl: hexes,
      forcePool: pool,
      minorsChanged: ['Iraq'],
      germanyDeclaredWarAfterSurrender: true,
    };
    const [s] = transition(britainMachine, at(britainMachine, 'offerAccepted', stale), {
      type: 'britain.surrendered',
      data: surrender,
    });
    expect(s.context).toEqual(afterSurrender);
    expect(s.value).toEqual({ surrendered: { forces: 'awaitingPool', terms: 'awaitingHexControl', farEast: 'done' } });
  });

  it('59.513: recordPool keeps the force pool reported', () => {
    const [s] = transition(
      britainMachine,
      at(
        britainMachine,
        { surrendered: { forces: 'awaitingPool', terms: 'awaitingHexControl', farEast: 'done' } },
        afterSurrender,
      ),
      { type: 'host.british-force-pool', data: pool },
    );
    expect(s.context).toEqual({ ...afterSurrender, forcePool: pool });
  });

  it('59.63, 59.514E: recordHexControl keeps the report, recordDemand the minor countries the terms change', () => {
    const value = { surrendered: { forces: 'waitingForTerms', terms: 'awaitingHexControl', farEast: 'done' } };
    const [h] = transition(britainMachine, at(britainMachine, value, afterSurrender), {
      type: 'host.british-hex-control',
      data: hexes,
    });
    expect(h.context).toEqual({ ...afterSurrender, hexControl: hexes });
    const [d] = transition(britainMachine, h, { type: 'britain.terms-demanded', data: demanded });
    // Sea Lion's demand changes Persia alone.
    expect(d.context).toEqual({ ...afterSurrender, hexControl: hexes, minorsChanged: ['persia'] });
  });

  it('59.73C, 59.75A: recordTerms keeps the points forgone (not taken plus returned), the territories returned', () => {
    const value = { surrendered: { forces: 'waitingForTerms', terms: 'awaitingTerms', farEast: 'done' } };
    // conciliation-and-second-surrender: 5 points not taken, 2 returned with Egypt.
    const terms = first('conciliation-and-second-surrender', 'britain.terms-imposed');
    const [s] = transition(britainMachine, at(britainMachine, value, afterSurrender), {
      type: 'britain.terms-imposed',
      data: terms,
    });
    expect(s.context.surrenders).toEqual([{ ...record, concessionPointsForgone: 7, returned: ['egypt'] }]);
    const [none] = transition(britainMachine, at(britainMachine, value, afterSurrender), {
      type: 'britain.terms-imposed',
      data: imposed,
    });
    expect(none.context.surrenders).toEqual([{ ...record, concessionPointsForgone: 0, returned: [] }]);
  });

  it('59.871, 59.513B: recordForces keeps the factors made unbuilt and the units removed', () => {
    const value = { surrendered: { forces: 'reducing', terms: 'done', farEast: 'done' } };
    const [s] = transition(britainMachine, at(britainMachine, value, afterSurrender), {
      type: 'britain.forces-reduced',
      data: reduced,
    });
    // Sea Lion's reduction: 16 factors made unbuilt, twelve units removed.
    const removedUnits = [
      'raf-1',
      'raf-2',
      'raf-3',
      'raf-4',
      '1st-armd',
      '7th-armd',
      'hood',
      'nelson',
      'rodney',
      'kgv',
      'ca-home',
      'ca-med',
    ];
    expect(s.context.surrenders).toEqual([{ ...record, unbuiltFactorsAdded: 16, removedUnits }]);
  });

  it('59.513A: a selection from the reported pool moves to reducing, which takes only the reduction after it', () => {
    const selecting = at(
      britainMachine,
      { surrendered: { forces: 'selecting', terms: 'done', farEast: 'done' } },
      { ...afterSurrender, forcePool: pool },
    );
    const selection: BritainMachineEvent = { type: 'britain.forces-selected', data: { turn, selection: ['aaf-3'] } };
    expect(selecting.can(selection)).toBe(true);
    const [r] = transition(britainMachine, selecting, selection);
    expect([r.value, r.context, r.can(selection)]).toEqual([
      { surrendered: { forces: 'reducing', terms: 'done', farEast: 'done' } },
      { ...afterSurrender, forcePool: pool },
      false,
    ]);
    const [d] = transition(britainMachine, r, { type: 'britain.forces-reduced', data: reduced });
    expect(d.value).toBe('atPeace');
  });

  it(
    '59.513, 59.514E: before the pool report and before the ' +
      'terms only a logged selection with its pool inline is taken',
    () => {
      const step = (forces: string) =>
        at(britainMachine, { surrendered: { forces, terms: 'awaitingHexControl', farEast: 'done' } }, afterSurrender);
      const byId: BritainMachineEvent = { type: 'britain.forces-selected', data: { turn, selection: ['aaf-3'] } };
      const inline: BritainMachineEvent = {
        type: 'britain.forces-selected',
        data: { turn, selection: ['aaf-3'], units: [] },
      };
      expect([
        step('awaitingPool').can(byId),
        step('awaitingPool').can(inline),
        step('waitingForTerms').can(byId),
        step('waitingForTerms').can(inline),
        step('done').can(inline),
      ]).toEqual([false, true, false, true, false]);
      expect(transition(britainMachine, step('awaitingPool'), inline)[0].value).toEqual({
        surrendered: { forces: 'reducing', terms: 'awaitingHexControl', farEast: 'done' },
      });
    },
  );

  it('59.892A: the Far East hex control is taken once Japan adheres, then the settlement that follows it', () => {
    const farEast = (step: string) =>
      at(britainMachine, { surrendered: { forces: 'done', terms: 'done', farEast: step } }, afterSurrender);
    const report: BritainMachineEvent = {
      type: 'host.far-east-hex-control',
      data: { turn, unsuppliedHexes: [], fortificationsEliminated: [], areas: [] },
    };
    expect([
      farEast('awaitingFarEastHexControl').can(report),
      farEast('awaitingJapan').can(report),
      farEast('japanDeclined').can(report),
    ]).toEqual([true, false, false]);
    const [r] = transition(britainMachine, farEast('awaitingFarEastHexControl'), report);
    expect([r.value, r.can(report)]).toEqual([
      { surrendered: { forces: 'done', terms: 'done', farEast: 'settling' } },
      false,
    ]);
    const [s] = transition(britainMachine, r, {
      type: 'britain.far-east-settled',
      data: { turn, japanAdheres: true, effects: [] },
    });
    expect([s.value, s.context.surrenders]).toEqual(['atPeace', [{ ...record, japanAdheres: true }]]);
  });

  it("59.892: recordFarEast keeps Japan's adherence", () => {
    const value = { surrendered: { forces: 'done', terms: 'done', farEast: 'awaitingFarEastHexControl' } };
    const [s] = transition(britainMachine, at(britainMachine, value, afterSurrender), {
      type: 'britain.far-east-settled',
      data: { turn, japanAdheres: true, effects: [] },
    });
    expect(s.context.surrenders).toEqual([{ ...record, japanAdheres: true }]);
  });

  it(
    '59.86B, 59.87: recordResumption notes a German ' +
      'declaration after the surrender (59.86B), not an American one (59.86C)',
    () => {
      // conciliation-and-second-surrender resumes the war by 59.86C.
      const resumed = first('conciliation-and-second-surrender', 'britain.war-resumed');
      expect(resumed.rule).toBe('59.86C');
      const resume = (rule: '59.86B' | '59.86C') =>
        transition(britainMachine, at(britainMachine, 'atPeace', afterSurrender), {
          type: 'britain.war-resumed',
          data: { ...resumed, rule },
        })[0];
      expect([resume('59.86B').value, resume('59.86B').context.germanyDeclaredWarAfterSurrender]).toEqual([
        'atWar',
        true,
      ]);
      expect([resume('59.86C').value, resume('59.86C').context.germanyDeclaredWarAfterSurrender]).toEqual([
        'atWar',
        false,
      ]);
    },
  );

  it('59.894: the machine takes a non-adhering Japan, then the settlement that follows it', () => {
    const awaiting = at(
      britainMachine,
      { surrendered: { forces: 'done', terms: 'done', farEast: 'awaitingJapan' } },
      afterSurrender,
    );
    const declines = { type: 'japan.treaty-decided', data: { turn, adheres: false } } as const;
    expect([awaiting.can(declines), awaiting.can({ ...declines, data: { turn, adheres: true } })]).toEqual([
      true,
      true,
    ]);
    const [d] = transition(britainMachine, awaiting, declines);
    expect(d.value).toEqual({ surrendered: { forces: 'done', terms: 'done', farEast: 'japanDeclined' } });
    expect(d.can(declines)).toBe(false);
    const [s] = transition(britainMachine, d, {
      type: 'britain.far-east-settled',
      data: { turn, japanAdheres: false, effects: [] },
    });
    expect(s.context.surrenders).toEqual([{ ...record, japanAdheres: false }]);
  });

  it("59: the event list is the machine's own, with every British command it gates", () => {
    expect([...britainMachineEvents].sort()).toEqual([
      'britain.far-east-settled',
      'britain.forces-reduced',
      'britain.forces-selected',
      'britain.offer-accepted',
      'britain.offer-rejected',
      'britain.resistance-determined',
      'britain.surrender-offered',
      'britain.surrendered',
      'britain.terms-demanded',
      'britain.terms-imposed',
      'britain.war-resumed',
      'host.british-force-pool',
      'host.british-hex-control',
      'host.far-east-hex-control',
      'japan.treaty-decided',
      'war.declared',
    ]);
  });
});
