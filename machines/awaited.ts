// What a machine's state waits for: each state that awaits a player's or the host's decision declares it in its
// meta (the decision, who makes it, the rule, the commands that answer it). The decisions pending in a snapshot
// are read from its active states, each with the declared commands the machine's own guards take now.
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import type { RefusalMeta } from './refusal.js';

/** Who makes a decision: a player (a power, or a side of the Italian allocation) or the host. */
export type DecisionMaker = 'germany' | 'britain' | 'japan' | 'axis' | 'allied' | 'host';

/** Every decision the rules wait for, by name. */
export type PendingDecisionName =
  | 'respond-to-british-offer'
  | 'report-british-force-pool'
  | 'select-british-force-reductions'
  | 'report-british-hex-control'
  | 'state-german-terms'
  | 'decide-japanese-adherence'
  | 'report-far-east-hex-control'
  | 'report-italian-forces'
  | 'select-post-surrender-italian-forces';

/** A state's declaration of the decision it awaits; `C` the machine's event types, `Ctx` its context. */
export interface AwaitedDecision<C extends string = string, Ctx = unknown> {
  readonly decision: PendingDecisionName;
  readonly by: DecisionMaker;
  readonly rule: string;
  /** The commands (origin event types) that answer it; those the state's guards refuse now are not offered. */
  readonly commands: readonly [C, ...C[]];
  /**
   * What an answering command's data holds that the state's guards read (the turn answered, the side
   * selecting), from the context; the guards are asked with it. Absent when no guard reads the command.
   */
  answer?(context: Ctx): Readonly<Record<string, unknown>>;
}

/** A state's meta: the refusals it names (refusal.ts), and the decision it awaits. */
export type StateMeta<Ctx, Ev, A extends AwaitedDecision> = Partial<RefusalMeta<Ctx, Ev>> & { readonly awaits?: A };

/** Declares a machine's awaited decisions with their literal types (the schema of each decision is built on them). */
export const awaitedIn =
  <C extends string, Ctx>() =>
  <const D extends AwaitedDecision<C, Ctx>>(declaration: D): D =>
    declaration;

/** A decision a snapshot awaits now, with the declared commands it takes. */
export interface Awaiting<A extends AwaitedDecision = AwaitedDecision> {
  readonly awaited: A;
  /** In the declared order; never empty. */
  readonly commands: readonly A['commands'][number][];
}

/** The declarations a snapshot's meta can hold (any, for a machine whose meta is not typed). */
export type AwaitedOf<S extends AnyMachineSnapshot> =
  ReturnType<S['getMeta']> extends Readonly<Record<string, infer M>>
    ? M extends { readonly awaits?: infer A }
      ? unknown extends A
        ? AwaitedDecision
        : Extract<A, AwaitedDecision>
      : never
    : never;

const isAwaiting = (meta: unknown): meta is { readonly awaits: AwaitedDecision } =>
  typeof meta === 'object' &&
  meta !== null &&
  'awaits' in meta &&
  typeof meta.awaits === 'object' &&
  meta.awaits !== null;

const below = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states as Record<string, AnyStateNode>).flatMap((c) => [c, ...below(c)]);

/** Every state node of a machine that declares an awaited decision, in the order the machine writes them. */
export function awaitingStates(
  machine: AnyStateMachine,
): readonly { readonly id: string; readonly awaits: AwaitedDecision }[] {
  let states = declared.get(machine);
  if (states === undefined) {
    states = [machine.root, ...below(machine.root)].flatMap((node) =>
      isAwaiting(node.meta) ? [{ id: node.id, awaits: node.meta.awaits }] : [],
    );
    declared.set(machine, states);
  }
  return states;
}

const declared = new WeakMap<AnyStateMachine, readonly { readonly id: string; readonly awaits: AwaitedDecision }[]>();
/** A snapshot is never changed, only replaced: what it awaits is worked out once. */
const computed = new WeakMap<AnyMachineSnapshot, readonly Awaiting[]>();

/**
 * The decisions the active states of a snapshot await, in the order the machine writes its states: each with the
 * declared commands the snapshot can take now (`can()`, the machine's own guards), and only when it takes one.
 */
export function awaitingNow<S extends AnyMachineSnapshot>(snapshot: S): readonly Awaiting<AwaitedOf<S>>[] {
  let found = computed.get(snapshot);
  if (found === undefined) {
    const states = awaitingStates(snapshot.machine);
    const active: Readonly<Record<string, unknown>> = states.length === 0 ? {} : snapshot.getMeta();
    found = states.flatMap(({ id, awaits }) => {
      if (!(id in active)) return [];
      const data = awaits.answer?.(snapshot.context) ?? {};
      const commands = awaits.commands.filter((type) => snapshot.can({ type, data }));
      return commands.length === 0 ? [] : [{ awaited: awaits, commands }];
    });
    computed.set(snapshot, found);
  }
  // The declarations were read from this snapshot's own meta, which AwaitedOf<S> types.
  return found as readonly Awaiting<AwaitedOf<S>>[];
}
