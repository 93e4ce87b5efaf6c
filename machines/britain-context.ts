// The British machine's vocabulary (rule 59): the events it takes, the record of each surrender, and its
// context, shared by its guards (britain-guards.ts), its refusals (britain-refusals.ts) and the machine.
import type { EventData } from '../events/index.js';

type E<K extends string> = K extends BritainEventType ? { readonly type: K; readonly data: EventData<K> } : never;

export type BritainEventType =
  | 'britain.resistance-determined'
  | 'britain.surrender-offered'
  | 'britain.offer-accepted'
  | 'britain.offer-rejected'
  | 'britain.surrendered'
  | 'host.british-force-pool'
  | 'britain.forces-selected'
  | 'britain.forces-reduced'
  | 'host.british-hex-control'
  | 'britain.terms-demanded'
  | 'britain.terms-imposed'
  | 'japan.treaty-decided'
  | 'host.far-east-hex-control'
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
  readonly latestResistance: {
    readonly turn: EventData<'britain.resistance-determined'>['turn'];
    readonly level: number;
  } | null;
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

/** What a guard reads: the context and the event, as xstate passes them. */
export interface BritainGuardArgs {
  readonly context: BritainContext;
  readonly event: BritainMachineEvent;
}

/** The most recent surrender, if any. */
export const current = (context: BritainContext): EventData<'britain.surrendered'> | undefined =>
  context.surrenders.at(-1)?.surrender;

/** Replaces the most recent surrender record. */
export const updateLast = (
  context: BritainContext,
  change: (r: SurrenderRecord) => SurrenderRecord,
): readonly SurrenderRecord[] => {
  const last = context.surrenders.at(-1);
  return last === undefined ? context.surrenders : [...context.surrenders.slice(0, -1), change(last)];
};
