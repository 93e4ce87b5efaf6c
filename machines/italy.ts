// Rule 56: Italy never at war / at war -> surrendered (end of an Allied player turn, 56.11) -> the
// allocation of the post-surrender forces (the host's report of Italy's forces, then the selections
// in the 56.311 order) -> done. Pure: no I/O, no clocks, no randomness.
// The engine sends it only the events in italyMachineEvents.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { isAllied } from '../events/common.js';
import type { EventData } from '../events/index.js';
import { eventsOf } from './events.js';
import type { AllocationSelection, ItalianForces } from '../src/rules/italian-allocation.js';

type E<K extends string> = K extends ItalyEventType ? { readonly type: K; readonly data: EventData<K> } : never;

export type ItalyEventType = 'war.declared' | 'italy.surrendered' | 'host.italian-forces-reported' | 'italy.forces-selected' | 'italy.forces-disposed';

export type ItalyMachineEvent = E<ItalyEventType>;

export interface ItalyContext {
  /** Italy was at war with an Allied power when the log started. */
  readonly atWarAtStart: boolean;
  /** 56.11, 56.31, 56.311: the surrender, with its level and the order of selection; null while Italy fights on. */
  readonly surrender: EventData<'italy.surrendered'> | null;
  /** 56.31C, 56.31D: Italy's infantry and navy at the moment of surrender, as the host reported them. */
  readonly forces: ItalianForces | null;
  /** 56.311: each side's selection once made. */
  readonly axisSelection: AllocationSelection | null;
  readonly alliedSelection: AllocationSelection | null;
  /** 56.31C, 56.31D: where every unit went. */
  readonly disposition: EventData<'italy.forces-disposed'> | null;
}

export interface ItalyInput {
  readonly atWar: boolean;
}

const selects = (context: ItalyContext, side: 'axis' | 'allied'): boolean => context.surrender?.selectionOrder.includes(side) ?? false;

export const italyMachine = setup({
  types: { context: {} as ItalyContext, events: {} as ItalyMachineEvent, input: {} as ItalyInput },
  guards: {
    startsAtWar: ({ context }) => context.atWarAtStart,
    /** A declaration of war between Italy and an Allied major power. */
    italianWarDeclared: ({ event }) =>
      event.type === 'war.declared' &&
      ((event.data.aggressor === 'italy' && event.data.targets.some(isAllied)) || (isAllied(event.data.aggressor) && event.data.targets.includes('italy'))),
    /** 56.311: the Axis player selects first, when it selects at all. */
    axisToSelect: ({ context }) => selects(context, 'axis') && context.axisSelection === null,
    alliedToSelect: ({ context }) => selects(context, 'allied') && context.alliedSelection === null,
    axisSide: ({ event }) => event.type === 'italy.forces-selected' && event.data.side === 'axis',
    alliedSide: ({ event }) => event.type === 'italy.forces-selected' && event.data.side === 'allied',
  },
  actions: {
    recordSurrender: assign({ surrender: ({ event, context }) => (event.type === 'italy.surrendered' ? event.data : context.surrender) }),
    recordForces: assign({
      forces: ({ event, context }) => (event.type === 'host.italian-forces-reported' ? { navy: event.data.navy, infantry: event.data.infantry } : context.forces),
    }),
    recordSelection: assign(({ event, context }) => {
      if (event.type !== 'italy.forces-selected') return context;
      return event.data.side === 'axis' ? { ...context, axisSelection: event.data.selection } : { ...context, alliedSelection: event.data.selection };
    }),
    recordDisposition: assign({ disposition: ({ event, context }) => (event.type === 'italy.forces-disposed' ? event.data : context.disposition) }),
  },
}).createMachine({
  id: 'italy',
  context: ({ input }) => ({ atWarAtStart: input.atWar, surrender: null, forces: null, axisSelection: null, alliedSelection: null, disposition: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'startsAtWar', target: 'atWar' }, { target: 'neverAtWar' }] },
    // 55.21: a Germany that surrenders while Italy was never at war ends the war in Europe.
    neverAtWar: { on: { 'war.declared': { guard: 'italianWarDeclared', target: 'atWar' } } },
    // 56.11: checked at the end of every Allied player turn while Italy is at war.
    atWar: { on: { 'italy.surrendered': { target: 'surrendered', actions: 'recordSurrender' } } },
    surrendered: {
      initial: 'awaitingForces',
      states: {
        // 56.31D: the host reports what Italy has at the moment of surrender.
        awaitingForces: { on: { 'host.italian-forces-reported': { target: 'routing', actions: 'recordForces' } } },
        routing: { always: [{ guard: 'axisToSelect', target: 'axisSelecting' }, { guard: 'alliedToSelect', target: 'alliedSelecting' }, { target: 'disposing' }] },
        // 56.311: the Axis player selects before the Allied player.
        axisSelecting: { on: { 'italy.forces-selected': { guard: 'axisSide', target: 'routing', actions: 'recordSelection' } } },
        alliedSelecting: { on: { 'italy.forces-selected': { guard: 'alliedSide', target: 'routing', actions: 'recordSelection' } } },
        // The engine's disposition follows the last selection (or the report, when nobody selects) in the same decision.
        disposing: { on: { 'italy.forces-disposed': { target: '#italy.done', actions: 'recordDisposition' } } },
      },
    },
    // 56.2-56.6 carried out: Italy is out of play for good.
    done: { type: 'final' },
  },
});

type ItalySnapshot = SnapshotFrom<typeof italyMachine>;

/** 56.22: Italy has surrendered (its forces being allocated, or disposed of): out of the war for good. */
export const italyHasSurrendered = (snapshot: ItalySnapshot): boolean => snapshot.matches('surrendered') || snapshot.matches('done');

/** 55.21: Italy has never gone to war with an Allied major power. */
export const italyNeverAtWar = (snapshot: ItalySnapshot): boolean => snapshot.matches('neverAtWar');

/** The event types this machine takes (the engine sends it only these). */
export const italyMachineEvents: ReadonlySet<string> = eventsOf(italyMachine);
