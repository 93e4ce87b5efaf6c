// Rule 55: Germany at war -> surrendered. Pure: no I/O, no clocks, no randomness.
// The engine sends it only the events that can change it (germany.surrendered).
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { EventData } from '../events/index.js';
import { eventsOf } from './events.js';

export type GermanyMachineEvent = {
  readonly type: 'germany.surrendered';
  readonly data: EventData<'germany.surrendered'>;
};

export interface GermanyContext {
  /** 55.11 or 55.12, with the turn; null while Germany fights on. */
  readonly surrender: EventData<'germany.surrendered'> | null;
}

export const germanyMachine = setup({
  types: { context: {} as GermanyContext, events: {} as GermanyMachineEvent },
  actions: {
    recordSurrender: assign({ surrender: ({ event }) => event.data }),
  },
}).createMachine({
  id: 'germany',
  context: { surrender: null },
  initial: 'atWar',
  states: {
    atWar: {
      on: { 'germany.surrendered': { target: 'surrendered', actions: 'recordSurrender' } },
    },
    // 55.31: all German units are removed; nothing brings Germany back.
    surrendered: { type: 'final' },
  },
});

/** 55.31: Germany has surrendered and is out of play for good. */
export const germanyHasSurrendered = (snapshot: SnapshotFrom<typeof germanyMachine>): boolean =>
  snapshot.matches('surrendered');

/** The event types this machine takes (the engine sends it only these). */
export const germanyMachineEvents: ReadonlySet<string> = eventsOf(germanyMachine);
