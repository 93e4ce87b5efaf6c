// Rule 59: Britain at war -> offer pending -> (accepted) -> surrendered (force reductions, negotiations, the
// Far East) -> at peace or still at war -> resumption of the war -> further surrenders (59.87). The machine is
// the gate of Britain's commands: the deciders ask can(), and refuse with what its states name.
// Pure: no I/O, no clocks, no randomness. The engine sends it only the events in britainMachineEvents.
import { and, assign, not, setup, stateIn } from 'xstate';
import { eventsOf } from './events.js';
import { updateLast, type BritainContext, type BritainInput, type BritainMachineEvent } from './britain-context.js';
import { britainGuards } from './britain-guards.js';
import type { StateMeta } from './awaited.js';
import {
  britainSelectsReductions,
  germanyAnswersOffer,
  germanyStatesTerms,
  hostReportsFarEastHexControl,
  hostReportsForcePool,
  hostReportsHexControl,
  japanDecidesAdherence,
  type BritainAwaited,
} from './britain-awaited.js';
import {
  awaitingPoolRefusals,
  offerAcceptedRefusals,
  offerPendingRefusals,
  rootRefusals,
  surrenderedRefusals,
  waitingForTermsRefusals,
} from './britain-refusals.js';

export type {
  BritainContext,
  BritainEventType,
  BritainInput,
  BritainMachineEvent,
  SurrenderRecord,
} from './britain-context.js';
export * from './britain-awaited.js';

/** What a state of the British machine says: the refusals it names, the decision it awaits. */
export type BritainStateMeta = StateMeta<BritainContext, BritainMachineEvent, BritainAwaited>;

export const britainMachine = setup({
  types: {
    context: {} as BritainContext,
    events: {} as BritainMachineEvent,
    input: {} as BritainInput,
    meta: {} as BritainStateMeta,
  },
  guards: britainGuards,
  actions: {
    recordResistance: assign({
      latestResistance: ({ event }) =>
        event.type === 'britain.resistance-determined' ? { turn: event.data.turn, level: event.data.level } : null,
    }),
    recordOffer: assign({
      offer: ({ event, context }) => (event.type === 'britain.surrender-offered' ? event.data : context.offer),
      lastOfferRejected: false,
    }),
    recordRejection: assign({ lastOfferRejected: true }),
    recordSurrender: assign({
      surrenders: ({ context, event }) =>
        event.type === 'britain.surrendered'
          ? [
              ...context.surrenders,
              {
                surrender: event.data,
                concessionPointsForgone: 0,
                returned: [],
                unbuiltFactorsAdded: 0,
                removedUnits: [],
                japanAdheres: null,
              },
            ]
          : context.surrenders,
      hexControl: null,
      forcePool: null,
      minorsChanged: [],
      germanyDeclaredWarAfterSurrender: false,
    }),
    recordPool: assign({
      forcePool: ({ event, context }) => (event.type === 'host.british-force-pool' ? event.data : context.forcePool),
    }),
    recordDemand: assign({
      minorsChanged: ({ event, context }) =>
        event.type === 'britain.terms-demanded' ? event.data.demand.minors.map((m) => m.name) : context.minorsChanged,
    }),
    recordForces: assign({
      surrenders: ({ context, event }) =>
        event.type === 'britain.forces-reduced'
          ? updateLast(context, (r) => ({
              ...r,
              unbuiltFactorsAdded: event.data.unbuiltFactorsAdded,
              removedUnits: event.data.removed.map((u) => u.id),
            }))
          : context.surrenders,
    }),
    recordHexControl: assign({
      hexControl: ({ event, context }) => (event.type === 'host.british-hex-control' ? event.data : context.hexControl),
    }),
    recordTerms: assign({
      surrenders: ({ context, event }) =>
        event.type === 'britain.terms-imposed'
          ? updateLast(context, (r) => ({
              ...r,
              concessionPointsForgone: event.data.pointsNotTaken + event.data.pointsReturned,
              returned: event.data.returned,
            }))
          : context.surrenders,
    }),
    recordFarEast: assign({
      surrenders: ({ context, event }) =>
        event.type === 'britain.far-east-settled'
          ? updateLast(context, (r) => ({ ...r, japanAdheres: event.data.japanAdheres }))
          : context.surrenders,
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
      meta: { ...offerPendingRefusals, awaits: germanyAnswersOffer },
      on: {
        // 59.23: Germany answers in the turn of the offer.
        'britain.offer-accepted': { guard: 'answeredInOfferTurn', target: 'offerAccepted' },
        // 59.31, 59.32: play continues and the offer lapses; 59.23: a forced offer cannot be rejected.
        'britain.offer-rejected': {
          guard: and(['answeredInOfferTurn', not('acceptanceForced')]),
          target: 'atWar',
          actions: 'recordRejection',
        },
        // 59.23: at -10 or lower the surrender follows the offer with no answer.
        'britain.surrendered': { guard: 'acceptanceForced', target: 'surrendered', actions: 'recordSurrender' },
      },
    },
    // 59.41: accepted; the surrender follows in the same decision.
    offerAccepted: {
      meta: offerAcceptedRefusals,
      on: { 'britain.surrendered': { target: 'surrendered', actions: 'recordSurrender' } },
    },
    surrendered: {
      type: 'parallel',
      meta: surrenderedRefusals,
      states: {
        // 59.51: the host reports the force pool, then the British player selects from it (59.513A) -- in a
        // peace once the terms are imposed, since they may change a minor country's status (59.514E).
        // A selection read from a log written before the pool was reported carries its pool, at any step.
        forces: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'noForceReduction', target: 'done' }, { target: 'awaitingPool' }] },
            awaitingPool: {
              meta: { ...awaitingPoolRefusals, awaits: hostReportsForcePool },
              on: {
                'host.british-force-pool': { target: 'waitingForTerms', actions: 'recordPool' },
                'britain.forces-selected': { guard: 'selectionCarriesItsPool', target: 'reducing' },
              },
            },
            waitingForTerms: {
              meta: waitingForTermsRefusals,
              always: { guard: stateIn({ surrendered: { terms: 'done' } }), target: 'selecting' },
              on: { 'britain.forces-selected': { guard: 'selectionCarriesItsPool', target: 'reducing' } },
            },
            selecting: {
              meta: { awaits: britainSelectsReductions },
              on: { 'britain.forces-selected': { target: 'reducing' } },
            },
            // 59.512, 59.513F: the selection is judged; the reduction follows it in the same decision.
            reducing: { on: { 'britain.forces-reduced': { target: 'done', actions: 'recordForces' } } },
            done: { type: 'final' },
          },
        },
        // 59.62-59.75: hex control, then the German terms; none when the war continues (59.61).
        terms: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'negotiatesPeace', target: 'awaitingHexControl' }, { target: 'done' }] },
            awaitingHexControl: {
              meta: { awaits: hostReportsHexControl },
              on: { 'host.british-hex-control': { target: 'awaitingTerms', actions: 'recordHexControl' } },
            },
            awaitingTerms: {
              meta: { awaits: germanyStatesTerms },
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
              meta: { awaits: japanDecidesAdherence },
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
            awaitingFarEastHexControl: {
              meta: { awaits: hostReportsFarEastHexControl },
              on: {
                'host.far-east-hex-control': { target: 'settling' },
                // A settlement logged before the host reported the Far East hex control.
                'britain.far-east-settled': { target: 'done', actions: 'recordFarEast' },
              },
            },
            // 59.892A-C: the settlement follows the report in the same decision.
            settling: { on: { 'britain.far-east-settled': { target: 'done', actions: 'recordFarEast' } } },
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
