// Rule 56: Italy never at war / at war -> surrendered (end of an Allied player turn, 56.11) -> the
// allocation of the post-surrender forces (the host's report of Italy's forces, then the selections
// in the 56.311 order) -> done. Pure: no I/O, no clocks, no randomness.
// The engine sends it only the events in italyMachineEvents.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { isAllied } from '../events/common.js';
import type { EventData } from '../events/index.js';
import { eventsOf } from './events.js';
import type { Refusal, RefusalMeta } from './refusal.js';
import { awaitedIn, type StateMeta } from './awaited.js';
import type { AllocationSelection, ItalianForces } from '../src/rules/italian-allocation.js';
import { nextToSelect, selectionRefusal } from '../src/rules/italian-selection-order.js';

type E<K extends string> = K extends ItalyEventType ? { readonly type: K; readonly data: EventData<K> } : never;

export type ItalyEventType =
  | 'war.declared'
  | 'italy.surrendered'
  | 'host.italian-forces-reported'
  | 'italy.forces-selected'
  | 'italy.forces-disposed';

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

/** 56.311: the side whose selection comes next (italian-selection-order.ts), or null. */
const nextSide = (context: ItalyContext): 'axis' | 'allied' | null =>
  context.surrender === null
    ? null
    : nextToSelect(context.surrender.selectionOrder, {
        axis: context.axisSelection !== null,
        allied: context.alliedSelection !== null,
      });

type Meta = RefusalMeta<ItalyContext, ItalyMachineEvent>;

const awaited = awaitedIn<ItalyEventType, ItalyContext>();

/** 56.31D: the host reports Italy's navy and infantry at the moment of surrender. */
export const hostReportsItalianForces = awaited({
  decision: 'report-italian-forces',
  by: 'host',
  rule: '56.31D',
  commands: ['host.italian-forces-reported'],
});

/** 56.311: the Axis player selects Germany's post-surrender Italian forces (before the Allied player, when both do). */
export const axisSelectsItalianForces = awaited({
  decision: 'select-post-surrender-italian-forces',
  by: 'axis',
  rule: '56.311',
  commands: ['italy.forces-selected'],
  answer: () => ({ side: 'axis' }),
});

/** 56.311: the Allied player selects the U.S.'s post-surrender Italian forces. */
export const alliedSelectsItalianForces = awaited({
  decision: 'select-post-surrender-italian-forces',
  by: 'allied',
  rule: '56.311',
  commands: ['italy.forces-selected'],
  answer: () => ({ side: 'allied' }),
});

/** Every decision the Italian machine awaits. */
export type ItalyAwaited =
  | typeof hostReportsItalianForces
  | typeof axisSelectsItalianForces
  | typeof alliedSelectsItalianForces;

/** What a state of the Italian machine says: the refusals it names, the decision it awaits. */
export type ItalyStateMeta = StateMeta<ItalyContext, ItalyMachineEvent, ItalyAwaited>;

const REPORT = "report of Italy's forces";
const SELECTION = 'selection of post-surrender Italian forces';
const notAwaited = (rule: string, what: string, why: string): Refusal => ({
  code: 'not-pending',
  rule,
  message: `${why}: no ${what} is awaited`,
});

/** Before the surrender (56.11) nothing about the post-surrender forces is awaited. */
const fightingRefusals: Meta = {
  refusals: {
    'host.italian-forces-reported': notAwaited('56.31D', REPORT, 'Italy has not surrendered'),
    'italy.forces-selected': notAwaited('56.311', SELECTION, 'Italy has not surrendered'),
  },
};

/** 56.311: why a side's selection is not taken now (the reasons live with the order, italian-selection-order.ts). */
export function outOfTurn(context: ItalyContext, event: ItalyMachineEvent): Refusal {
  const surrender = context.surrender;
  if (surrender === null || event.type !== 'italy.forces-selected')
    return notAwaited('56.311', SELECTION, 'Italy has not surrendered');
  const { surrenderLevel, selectionOrder } = surrender;
  return selectionRefusal(
    { surrenderLevel, selectionOrder, germanyInPlay: surrender.germany === 'fights-on' },
    event.data.side,
  );
}

/** 56.31D: the report comes once; 56.311: a selection only in its side's turn. */
const surrenderedRefusals: Meta = {
  refusals: {
    'host.italian-forces-reported': {
      code: 'not-pending',
      rule: '56.31D',
      message: "Italy's forces at the moment of surrender have already been reported",
    },
    'italy.forces-selected': outOfTurn,
  },
};

/** 56.31D: nothing is selected before the report. */
const awaitingForcesRefusals: Meta = {
  refusals: {
    'italy.forces-selected': {
      code: 'not-pending',
      rule: '56.31D',
      message:
        "the host has not yet reported Italy's forces at the moment of surrender: nothing can be selected before it",
    },
  },
};

/** 56.31C, 56.31D: once disposed of, nothing more is awaited. */
const doneRefusals: Meta = {
  refusals: {
    'host.italian-forces-reported': notAwaited(
      '56.31D',
      REPORT,
      'the post-surrender Italian forces have already been disposed of',
    ),
    'italy.forces-selected': notAwaited(
      '56.311',
      SELECTION,
      'the post-surrender Italian forces have already been disposed of',
    ),
  },
};

export const italyMachine = setup({
  types: {
    context: {} as ItalyContext,
    events: {} as ItalyMachineEvent,
    input: {} as ItalyInput,
    meta: {} as ItalyStateMeta,
  },
  guards: {
    startsAtWar: ({ context }) => context.atWarAtStart,
    /** A declaration of war between Italy and an Allied major power. */
    italianWarDeclared: ({ event }) =>
      event.type === 'war.declared' &&
      ((event.data.aggressor === 'italy' && event.data.targets.some(isAllied)) ||
        (isAllied(event.data.aggressor) && event.data.targets.includes('italy'))),
    /** 56.311: the Axis player selects first, when it selects at all. */
    axisToSelect: ({ context }) => nextSide(context) === 'axis',
    alliedToSelect: ({ context }) => nextSide(context) === 'allied',
    axisSide: ({ event }) => event.type === 'italy.forces-selected' && event.data.side === 'axis',
    alliedSide: ({ event }) => event.type === 'italy.forces-selected' && event.data.side === 'allied',
  },
  actions: {
    recordSurrender: assign({
      surrender: ({ event, context }) => (event.type === 'italy.surrendered' ? event.data : context.surrender),
    }),
    recordForces: assign({
      forces: ({ event, context }) =>
        event.type === 'host.italian-forces-reported'
          ? { navy: event.data.navy, infantry: event.data.infantry }
          : context.forces,
    }),
    recordSelection: assign(({ event, context }) => {
      if (event.type !== 'italy.forces-selected') return context;
      return event.data.side === 'axis'
        ? { ...context, axisSelection: event.data.selection }
        : { ...context, alliedSelection: event.data.selection };
    }),
    recordDisposition: assign({
      disposition: ({ event, context }) => (event.type === 'italy.forces-disposed' ? event.data : context.disposition),
    }),
  },
}).createMachine({
  id: 'italy',
  meta: fightingRefusals,
  context: ({ input }) => ({
    atWarAtStart: input.atWar,
    surrender: null,
    forces: null,
    axisSelection: null,
    alliedSelection: null,
    disposition: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'startsAtWar', target: 'atWar' }, { target: 'neverAtWar' }] },
    // 55.21: a Germany that surrenders while Italy was never at war ends the war in Europe.
    neverAtWar: { on: { 'war.declared': { guard: 'italianWarDeclared', target: 'atWar' } } },
    // 56.11: checked at the end of every Allied player turn while Italy is at war.
    atWar: { on: { 'italy.surrendered': { target: 'surrendered', actions: 'recordSurrender' } } },
    surrendered: {
      meta: surrenderedRefusals,
      initial: 'awaitingForces',
      states: {
        // 56.31D: the host reports what Italy has at the moment of surrender.
        awaitingForces: {
          meta: { ...awaitingForcesRefusals, awaits: hostReportsItalianForces },
          on: { 'host.italian-forces-reported': { target: 'routing', actions: 'recordForces' } },
        },
        routing: {
          always: [
            { guard: 'axisToSelect', target: 'axisSelecting' },
            { guard: 'alliedToSelect', target: 'alliedSelecting' },
            { target: 'disposing' },
          ],
        },
        // 56.311: the Axis player selects before the Allied player.
        axisSelecting: {
          meta: { awaits: axisSelectsItalianForces },
          on: { 'italy.forces-selected': { guard: 'axisSide', target: 'routing', actions: 'recordSelection' } },
        },
        alliedSelecting: {
          meta: { awaits: alliedSelectsItalianForces },
          on: { 'italy.forces-selected': { guard: 'alliedSide', target: 'routing', actions: 'recordSelection' } },
        },
        // The engine's disposition follows the last selection (or the report, if nobody selects) in the same decision.
        disposing: { on: { 'italy.forces-disposed': { target: '#italy.done', actions: 'recordDisposition' } } },
      },
    },
    // 56.2-56.6 carried out: Italy is out of play for good.
    done: { type: 'final', meta: doneRefusals },
  },
});

type ItalySnapshot = SnapshotFrom<typeof italyMachine>;

/** 56.22: Italy has surrendered (its forces being allocated, or disposed of): out of the war for good. */
export const italyHasSurrendered = (snapshot: ItalySnapshot): boolean =>
  snapshot.matches('surrendered') || snapshot.matches('done');

/** 55.21: Italy has never gone to war with an Allied major power. */
export const italyNeverAtWar = (snapshot: ItalySnapshot): boolean => snapshot.matches('neverAtWar');

/** The event types this machine takes (the engine sends it only these). */
export const italyMachineEvents: ReadonlySet<string> = eventsOf(italyMachine);
