// Rule 55: Germany at war -> surrendered. Pure: no I/O, no clocks, no randomness.
// The engine sends it only the events that can change it (germany.surrendered).
import { assign, setup } from 'xstate';
import type { EventData } from '../events/index.js';

export type GermanyMachineEvent = { readonly type: 'germany.surrendered'; readonly data: EventData<'germany.surrendered'> };

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

export const germanyMachineEvents: ReadonlySet<string> = new Set<GermanyMachineEvent['type']>(['germany.surrendered']);
