// Rule 59: the Britain machine's guards and actions, each on its own.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { britainMachine, britainMachineEvents, type BritainContext } from '../../machines/britain.js';
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

const [initial] = initialTransition(britainMachine, { atWar: true });
const start: BritainContext = initial.context;
const record = { surrender, concessionPointsForgone: 0, returned: [], unbuiltFactorsAdded: 0, removedUnits: [], japanAdheres: null };
const afterSurrender: BritainContext = { ...start, offer, surrenders: [record] };
const g = (name: string, context: BritainContext, event: unknown = { type: 'x' }) => guard(britainMachine, name)({ context, event });
const withSurrender = (change: Partial<typeof surrender>): BritainContext => ({ ...start, surrenders: [{ ...record, surrender: { ...surrender, ...change } }] });

describe('the Britain machine: guards', () => {
  it('59.12: startsAtWar reads the input', () => {
    expect([g('startsAtWar', start), g('startsAtWar', { ...start, atWarAtStart: false })]).toEqual([true, false]);
  });

  it('59.511: noForceReduction holds only for a "0" surrender', () => {
    expect([g('noForceReduction', afterSurrender), g('noForceReduction', withSurrender({ requirements: { aafFactors: 0, groundNasBrps: 0, navalFactors: 0 } }))]).toEqual([false, true]);
  });

  it('59.61, 59.62: negotiatesPeace and warContinues read the outcome', () => {
    const peace = withSurrender({ outcome: 'peace' });
    const war = withSurrender({ outcome: 'war-continues' });
    expect([g('negotiatesPeace', peace), g('negotiatesPeace', war), g('warContinues', peace), g('warContinues', war)]).toEqual([true, false, false, true]);
  });

  it('59.891C: japanChooses reads the Far East settlement of the surrender', () => {
    expect([g('japanChooses', withSurrender({ farEast: 'japan-chooses' })), g('japanChooses', afterSurrender)]).toEqual([true, surrender.farEast === 'japan-chooses']);
  });

  it('59.892A: japanAdheres reads Japan\'s choice', () => {
    const choice = (adheres: boolean) => ({ type: 'japan.treaty-decided', data: { turn, adheres } });
    expect([g('japanAdheres', start, choice(true)), g('japanAdheres', start, choice(false))]).toEqual([true, false]);
  });

  it('59.894: japanDeclines holds only when Japan does not adhere', () => {
    const choice = (adheres: boolean) => ({ type: 'japan.treaty-decided', data: { turn, adheres } });
    expect([g('japanDeclines', start, choice(false)), g('japanDeclines', start, choice(true)), g('japanDeclines', start)]).toEqual([true, false, false]);
  });

  it('59.12: germanBritishWarDeclared holds only for a war between Germany and Britain', () => {
    const declared = (aggressor: string, targets: string[]) => g('germanBritishWarDeclared', start, { type: 'war.declared', data: { turn, aggressor, targets, usatLevel: null } });
    expect([declared('germany', ['britain']), declared('britain', ['germany']), declared('italy', ['britain']), declared('germany', ['russia'])]).toEqual([true, true, false, false]);
  });
});

describe('the Britain machine: actions', () => {
  it('59.11: recordResistance keeps the latest level in any state', () => {
    const [s] = transition(britainMachine, at(britainMachine, 'atPeace', start), { type: 'britain.resistance-determined', data: resistance });
    expect([s.value, s.context]).toEqual(['atPeace', { ...start, latestResistance: { turn: resistance.turn, level: resistance.level } }]);
  });

  it('59.12, 59.32: recordOffer keeps the offer, recordRejection marks it lapsed', () => {
    const [o] = transition(britainMachine, at(britainMachine, 'atWar', { ...start, lastOfferRejected: true }), { type: 'britain.surrender-offered', data: offer });
    expect([o.value, o.context]).toEqual(['offerPending', { ...start, offer }]);
    const [r] = transition(britainMachine, o, { type: 'britain.offer-rejected', data: { turn } });
    expect([r.value, r.context]).toEqual(['atWar', { ...start, offer, lastOfferRejected: true }]);
  });

  it('59.41: recordSurrender adds a surrender record and clears what the last one reported', () => {
    const stale = { ...start, offer, hexControl: hexes, forcePool: pool, minorsChanged: ['Iraq'], germanyDeclaredWarAfterSurrender: true };
    const [s] = transition(britainMachine, at(britainMachine, 'offerPending', stale), { type: 'britain.surrendered', data: surrender });
    expect(s.context).toEqual(afterSurrender);
    expect(s.value).toEqual({ surrendered: { forces: 'awaitingPool', terms: 'awaitingHexControl', farEast: 'done' } });
  });

  it('59.513: recordPool keeps the force pool reported', () => {
    const [s] = transition(britainMachine, at(britainMachine, { surrendered: { forces: 'awaitingPool', terms: 'awaitingHexControl', farEast: 'done' } }, afterSurrender), { type: 'host.british-force-pool', data: pool });
    expect(s.context).toEqual({ ...afterSurrender, forcePool: pool });
  });

  it('59.63, 59.514E: recordHexControl keeps the report, recordDemand the minor countries the terms change', () => {
    const value = { surrendered: { forces: 'waitingForTerms', terms: 'awaitingHexControl', farEast: 'done' } };
    const [h] = transition(britainMachine, at(britainMachine, value, afterSurrender), { type: 'host.british-hex-control', data: hexes });
    expect(h.context).toEqual({ ...afterSurrender, hexControl: hexes });
    const [d] = transition(britainMachine, h, { type: 'britain.terms-demanded', data: demanded });
    expect(d.context).toEqual({ ...afterSurrender, hexControl: hexes, minorsChanged: demanded.demand.minors.map((m) => m.name) });
  });

  it('59.73C, 59.75A: recordTerms keeps the points forgone and the territories returned', () => {
    const value = { surrendered: { forces: 'waitingForTerms', terms: 'awaitingTerms', farEast: 'done' } };
    const [s] = transition(britainMachine, at(britainMachine, value, afterSurrender), { type: 'britain.terms-imposed', data: imposed });
    expect(s.context.surrenders).toEqual([{ ...record, concessionPointsForgone: imposed.pointsNotTaken + imposed.pointsReturned, returned: imposed.returned }]);
  });

  it('59.871, 59.513B: recordForces keeps the factors made unbuilt and the units removed', () => {
    const value = { surrendered: { forces: 'selecting', terms: 'done', farEast: 'done' } };
    const [s] = transition(britainMachine, at(britainMachine, value, afterSurrender), { type: 'britain.forces-reduced', data: reduced });
    expect(s.context.surrenders).toEqual([{ ...record, unbuiltFactorsAdded: reduced.unbuiltFactorsAdded, removedUnits: reduced.removed.map((u) => u.id) }]);
  });

  it('59.892: recordFarEast keeps Japan\'s adherence', () => {
    const value = { surrendered: { forces: 'done', terms: 'done', farEast: 'awaitingFarEastHexControl' } };
    const [s] = transition(britainMachine, at(britainMachine, value, afterSurrender), { type: 'britain.far-east-settled', data: { turn, japanAdheres: true, effects: [] } });
    expect(s.context.surrenders).toEqual([{ ...record, japanAdheres: true }]);
  });

  it('59.86B, 59.87: recordResumption notes a German declaration after the surrender', () => {
    const [b] = transition(britainMachine, at(britainMachine, 'atPeace', afterSurrender), { type: 'britain.war-resumed', data: first('conciliation-and-second-surrender', 'britain.war-resumed') });
    expect([b.value, b.context.germanyDeclaredWarAfterSurrender]).toEqual(['atWar', first('conciliation-and-second-surrender', 'britain.war-resumed').rule === '59.86B']);
  });

  it('59.894: the machine takes a non-adhering Japan, then the settlement that follows it', () => {
    const awaiting = at(britainMachine, { surrendered: { forces: 'done', terms: 'done', farEast: 'awaitingJapan' } }, afterSurrender);
    const declines = { type: 'japan.treaty-decided', data: { turn, adheres: false } } as const;
    expect([awaiting.can(declines), awaiting.can({ ...declines, data: { turn, adheres: true } })]).toEqual([true, true]);
    const [d] = transition(britainMachine, awaiting, declines);
    expect(d.value).toEqual({ surrendered: { forces: 'done', terms: 'done', farEast: 'japanDeclined' } });
    expect(d.can(declines)).toBe(false);
    const [s] = transition(britainMachine, d, { type: 'britain.far-east-settled', data: { turn, japanAdheres: false, effects: [] } });
    expect(s.context.surrenders).toEqual([{ ...record, japanAdheres: false }]);
  });

  it('59: the event list is the machine\'s own', () => {
    expect(britainMachineEvents.has('britain.surrendered') && !britainMachineEvents.has('britain.offer-accepted')).toBe(true);
    expect(britainMachineEvents.size).toBe(13);
  });
});
