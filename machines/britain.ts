// Rule 59: Britain at war -> offer pending -> surrendered (force reductions, negotiations, the Far
// East) -> at peace or still at war -> resumption of the war -> further surrenders (59.87).
// Pure: no I/O, no clocks, no randomness. The engine sends it only the events in britainMachineEvents.
import { assign, setup, stateIn } from 'xstate';
import type { EventData } from '../events/index.js';
import { eventsOf } from './events.js';
import type { RefusalMeta } from './refusal.js';
import { turnName } from '../src/rules/turns.js';

type E<K extends string> = K extends BritainEventType ? { readonly type: K; readonly data: EventData<K> } : never;

export type BritainEventType =
  | 'britain.resistance-determined'
  | 'britain.surrender-offered'
  | 'britain.offer-rejected'
  | 'britain.surrendered'
  | 'host.british-force-pool'
  | 'britain.forces-reduced'
  | 'host.british-hex-control'
  | 'britain.terms-demanded'
  | 'britain.terms-imposed'
  | 'japan.treaty-decided'
  | 'britain.far-east-settled'
  | 'britain.war-resumed'
  | 'war.declared';

export type BritainMachineEvent = E<BritainEventType>;

/** One British surrender, as later rules need it (59.73C, 59.75A, 59.86, 59.87, 59.871, 59.892C). */
export interface SurrenderRecord {
  readonly surrender: EventData<'britain.surrendered'>;
  /** 59.75A: concession points not taken plus returned; only the most recent surrender's count. */
  readonly concessionPointsForgone: number;
  /** 59.73C: territories returned to Britain at this surrender. */
  readonly returned: readonly string[];
  /** 59.871: ground and AAF factors removed, unbuilt from now on. */
  readonly unbuiltFactorsAdded: number;
  /** 59.513B: the ids of the units removed (they never return to the pool). */
  readonly removedUnits: readonly string[];
  /** 59.892: Japan's adherence to the treaty (null: Japan had no choice). */
  readonly japanAdheres: boolean | null;
}

export interface BritainContext {
  /** Britain was at war with Germany when the log started. */
  readonly atWarAtStart: boolean;
  /** The latest British resistance level (59.82A), with its turn. */
  readonly latestResistance: { readonly turn: EventData<'britain.resistance-determined'>['turn']; readonly level: number } | null;
  /** The offer awaiting Germany's answer, or the last one made. */
  readonly offer: EventData<'britain.surrender-offered'> | null;
  /** 59.32: the last offer was rejected (it lapsed). */
  readonly lastOfferRejected: boolean;
  /** Every surrender so far, most recent last (59.873: any number). */
  readonly surrenders: readonly SurrenderRecord[];
  /** The hex control reported for the negotiation in progress (59.63). */
  readonly hexControl: EventData<'host.british-hex-control'> | null;
  /** The force pool reported for the reductions in progress (59.513); the selection names its units. */
  readonly forcePool: EventData<'host.british-force-pool'> | null;
  /** 59.514E: the minor countries whose status the terms of the current surrender changed. */
  readonly minorsChanged: readonly string[];
  /** 59.86B and 59.87: Germany declared war on the Western Allies after the most recent surrender. */
  readonly germanyDeclaredWarAfterSurrender: boolean;
}

export interface BritainInput {
  /** Britain is at war with Germany when the log starts. */
  readonly atWar: boolean;
}

/** Replaces the most recent surrender record. */
const updateLast = (context: BritainContext, change: (r: SurrenderRecord) => SurrenderRecord): readonly SurrenderRecord[] => {
  const last = context.surrenders.at(-1);
  return last === undefined ? context.surrenders : [...context.surrenders.slice(0, -1), change(last)];
};

const current = (context: BritainContext): EventData<'britain.surrendered'> | undefined => context.surrenders.at(-1)?.surrender;

type Meta = RefusalMeta<BritainContext, unknown>;

/** What the machine refuses, when no deeper state says otherwise. */
const rootRefusals: Meta = {
  refusals: {
    'host.british-force-pool': { code: 'not-pending', rule: '59.513', message: 'no British force reduction is awaiting the force pool' },
    'britain.forces-selected': { code: 'not-pending', rule: '59.513A', message: 'no British force reduction is awaiting a selection' },
    'host.british-hex-control': { code: 'not-pending', rule: '59.631', message: 'no British surrender is awaiting its hex control' },
    'britain.terms-demanded': (context) => {
      // 59.61: a surrender while the U.S. was at war with Germany makes no concessions or territorial transfers.
      const last = current(context);
      return last !== undefined && last.outcome !== 'peace'
        ? { code: 'illegal', rule: '59.61', message: `Britain surrendered in ${turnName(last.turn)} while the U.S. was at war with Germany: no concessions or territorial transfers are made` }
        : { code: 'not-pending', rule: '59.66', message: 'no British surrender is awaiting German terms' };
    },
    'japan.treaty-decided': { code: 'not-pending', rule: '59.891C', message: 'Japan has no choice to make about a British surrender now' },
  },
};

/** 59.513: during a surrender the pool is reported once. */
const surrenderedRefusals: Meta = {
  refusals: {
    'host.british-force-pool': (context) =>
      context.forcePool !== null
        ? { code: 'not-pending', rule: '59.513', message: 'the British force pool has already been reported for this surrender' }
        : { code: 'not-pending', rule: '59.513', message: 'no British force reduction is awaiting the force pool' },
  },
};

/** 59.513A: the selection names units of the reported pool. */
const awaitingPoolRefusals: Meta = {
  refusals: {
    'britain.forces-selected': { code: 'not-pending', rule: '59.513', message: 'the host has not yet reported the British force pool (host.british-force-pool): the British player selects units of it by id' },
  },
};

/** 59.514E: in a peace the selection waits for the terms. */
const waitingForTermsRefusals: Meta = {
  refusals: {
    'britain.forces-selected': {
      code: 'not-pending',
      rule: '59.514E',
      message: 'in a peace the British player selects once the German terms are imposed: they may change the status of minor countries, whose units then become subject to elimination',
    },
  },
};

export const britainMachine = setup({
  types: { context: {} as BritainContext, events: {} as BritainMachineEvent, input: {} as BritainInput },
  guards: {
    startsAtWar: ({ context }) => context.atWarAtStart,
    /** 59.511: a "0" surrender removes nothing. */
    noForceReduction: ({ context }) => {
      const r = current(context)?.requirements;
      return r === undefined || (r.aafFactors === 0 && r.groundNasBrps === 0 && r.navalFactors === 0);
    },
    /** 59.62: negotiations only when the U.S. was not at war with Germany. */
    negotiatesPeace: ({ context }) => current(context)?.outcome === 'peace',
    /** 59.891C: Japan chooses at the moment of surrender. */
    japanChooses: ({ context }) => current(context)?.farEast === 'japan-chooses',
    /** 59.61 and 59.85: the war goes on. */
    warContinues: ({ context }) => current(context)?.outcome === 'war-continues',
    /** 59.892A: Japan adheres to the treaty, so the Far East hex control is determined first. */
    japanAdheres: ({ event }) => event.type === 'japan.treaty-decided' && event.data.adheres,
    /** 59.894: Japan does not adhere: the war in the Far East goes on, settled at once. */
    japanDeclines: ({ event }) => event.type === 'japan.treaty-decided' && !event.data.adheres,
    /** A declaration of war between Germany and Britain before any surrender. */
    germanBritishWarDeclared: ({ event }) =>
      event.type === 'war.declared' &&
      ((event.data.aggressor === 'germany' && event.data.targets.includes('britain')) ||
        (event.data.aggressor === 'britain' && event.data.targets.includes('germany'))),
  },
  actions: {
    recordResistance: assign({
      latestResistance: ({ event }) => (event.type === 'britain.resistance-determined' ? { turn: event.data.turn, level: event.data.level } : null),
    }),
    recordOffer: assign({
      offer: ({ event, context }) => (event.type === 'britain.surrender-offered' ? event.data : context.offer),
      lastOfferRejected: false,
    }),
    recordRejection: assign({ lastOfferRejected: true }),
    recordSurrender: assign({
      surrenders: ({ context, event }) =>
        event.type === 'britain.surrendered'
          ? [...context.surrenders, { surrender: event.data, concessionPointsForgone: 0, returned: [], unbuiltFactorsAdded: 0, removedUnits: [], japanAdheres: null }]
          : context.surrenders,
      hexControl: null,
      forcePool: null,
      minorsChanged: [],
      germanyDeclaredWarAfterSurrender: false,
    }),
    recordPool: assign({ forcePool: ({ event, context }) => (event.type === 'host.british-force-pool' ? event.data : context.forcePool) }),
    recordDemand: assign({
      minorsChanged: ({ event, context }) => (event.type === 'britain.terms-demanded' ? event.data.demand.minors.map((m) => m.name) : context.minorsChanged),
    }),
    recordForces: assign({
      surrenders: ({ context, event }) =>
        event.type === 'britain.forces-reduced' ? updateLast(context, (r) => ({ ...r, unbuiltFactorsAdded: event.data.unbuiltFactorsAdded, removedUnits: event.data.removed.map((u) => u.id) })) : context.surrenders,
    }),
    recordHexControl: assign({ hexControl: ({ event, context }) => (event.type === 'host.british-hex-control' ? event.data : context.hexControl) }),
    recordTerms: assign({
      surrenders: ({ context, event }) =>
        event.type === 'britain.terms-imposed'
          ? updateLast(context, (r) => ({ ...r, concessionPointsForgone: event.data.pointsNotTaken + event.data.pointsReturned, returned: event.data.returned }))
          : context.surrenders,
    }),
    recordFarEast: assign({
      surrenders: ({ context, event }) =>
        event.type === 'britain.far-east-settled' ? updateLast(context, (r) => ({ ...r, japanAdheres: event.data.japanAdheres })) : context.surrenders,
    }),
    recordResumption: assign({
      germanyDeclaredWarAfterSurrender: ({ event, context }) =>
        event.type === 'britain.war-resumed' ? event.data.rule === '59.86B' : context.germanyDeclaredWarAfterSurrender,
    }),
  },
}).createMachine({
  id: 'britain',
  meta: rootRefusals,
  context: ({ input }) => ({
    atWarAtStart: input.atWar,
    latestResistance: null,
    offer: null,
    lastOfferRejected: false,
    surrenders: [],
    hexControl: null,
    forcePool: null,
    minorsChanged: [],
    germanyDeclaredWarAfterSurrender: false,
  }),
  // 59.11: the resistance level is determined at the end of every game turn, whatever Britain's state.
  on: { 'britain.resistance-determined': { actions: 'recordResistance' } },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'startsAtWar', target: 'atWar' }, { target: 'notAtWar' }],
    },
    notAtWar: {
      on: { 'war.declared': { guard: 'germanBritishWarDeclared', target: 'atWar' } },
    },
    atWar: {
      on: { 'britain.surrender-offered': { target: 'offerPending', actions: 'recordOffer' } },
    },
    offerPending: {
      on: {
        // 59.31, 59.32: play continues and the offer lapses.
        'britain.offer-rejected': { target: 'atWar', actions: 'recordRejection' },
        // 59.41 (accepted by Germany, or forced at -10 by 59.23).
        'britain.surrendered': { target: 'surrendered', actions: 'recordSurrender' },
      },
    },
    surrendered: {
      type: 'parallel',
      meta: surrenderedRefusals,
      states: {
        // 59.51: the host reports the force pool, then the British player selects from it (59.513A) -- in a
        // peace once the terms are imposed, since they may change a minor country's status (59.514E).
        // A log written before the pool was reported goes from any step straight to forces-reduced.
        forces: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'noForceReduction', target: 'done' }, { target: 'awaitingPool' }] },
            awaitingPool: {
              meta: awaitingPoolRefusals,
              on: {
                'host.british-force-pool': { target: 'waitingForTerms', actions: 'recordPool' },
                'britain.forces-reduced': { target: 'done', actions: 'recordForces' },
              },
            },
            waitingForTerms: {
              meta: waitingForTermsRefusals,
              always: { guard: stateIn({ surrendered: { terms: 'done' } }), target: 'selecting' },
              on: { 'britain.forces-reduced': { target: 'done', actions: 'recordForces' } },
            },
            selecting: { on: { 'britain.forces-reduced': { target: 'done', actions: 'recordForces' } } },
            done: { type: 'final' },
          },
        },
        // 59.62-59.75: hex control, then the German terms; none when the war continues (59.61).
        terms: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'negotiatesPeace', target: 'awaitingHexControl' }, { target: 'done' }] },
            awaitingHexControl: { on: { 'host.british-hex-control': { target: 'awaitingTerms', actions: 'recordHexControl' } } },
            awaitingTerms: {
              on: {
                'britain.terms-demanded': { actions: 'recordDemand' },
                'britain.terms-imposed': { target: 'done', actions: 'recordTerms' },
              },
            },
            done: { type: 'final' },
          },
        },
        // 59.891C: Japan's choice, when it has one; 59.892A: if it adheres, the Far East hex control.
        farEast: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'japanChooses', target: 'awaitingJapan' }, { target: 'done' }] },
            awaitingJapan: {
              on: {
                'japan.treaty-decided': [
                  { guard: 'japanAdheres', target: 'awaitingFarEastHexControl' },
                  { guard: 'japanDeclines', target: 'japanDeclined' },
                ],
                // The engine's own settlement, taken here as before 59.894 had a state of its own.
                'britain.far-east-settled': { target: 'done', actions: 'recordFarEast' },
              },
            },
            // 59.894: the settlement follows Japan's refusal in the same decision.
            japanDeclined: { on: { 'britain.far-east-settled': { target: 'done', actions: 'recordFarEast' } } },
            awaitingFarEastHexControl: { on: { 'britain.far-east-settled': { target: 'done', actions: 'recordFarEast' } } },
            done: { type: 'final' },
          },
        },
      },
      // 59.61/59.85: still at war; otherwise Britain is neutral while the U.S. is (59.83).
      onDone: [{ guard: 'warContinues', target: 'atWar' }, { target: 'atPeace' }],
    },
    atPeace: {
      // 59.86B, 59.86C.
      on: { 'britain.war-resumed': { target: 'atWar', actions: 'recordResumption' } },
    },
  },
});

/** The event types this machine takes (the engine sends it only these). */
export const britainMachineEvents: ReadonlySet<string> = eventsOf(britainMachine);
