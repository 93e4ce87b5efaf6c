// How one pending decision is built: the machine's state declares it and names the commands it takes now
// (machines/awaited.ts); the decision's own module adds its parameters and choices, read from the view.
import type { Awaiting, AwaitedDecision } from '../../machines/awaited.js';
import type { OriginEvent } from '../../events/index.js';
import type { GameView } from './game-view.js';
import type { PendingDecision, PendingDecisionName } from './pending-types.js';

/** The decision `N` awaited now, with its parameters and choices; null when the view lacks what they are read from. */
export type DecisionSource<N extends PendingDecisionName = PendingDecisionName> = (
  view: GameView,
  awaiting: Awaiting,
  tried: OriginEvent | undefined,
) => Extract<PendingDecision, { readonly decision: N }> | null;

/** A source for each decision, under its own name. */
export type DecisionSources = { readonly [N in PendingDecisionName]: DecisionSource<N> };

/** What the declaration gives a decision: its name, who decides, the rule, and the declared commands taken now. */
export interface Declared<D extends AwaitedDecision> {
  readonly decision: D['decision'];
  readonly by: D['by'];
  readonly rule: D['rule'];
  readonly commands: readonly D['commands'][number][];
}

/**
 * A decision's source from the declarations of its name (those of `declarations`, as typed there) and its
 * parameters: the fields of the one the snapshot's state declares, then what `parameters` reads (null: none).
 */
export function decisionSource<const D extends AwaitedDecision, P extends object>(
  declarations: readonly D[],
  parameters: (view: GameView, declared: Declared<D>, tried: OriginEvent | undefined) => P | null,
): (view: GameView, awaiting: Awaiting, tried: OriginEvent | undefined) => (Declared<D> & P) | null {
  return (view, awaiting, tried) => {
    const declaration = declarations.find((d) => d === awaiting.awaited);
    if (declaration === undefined) return null;
    const taken: readonly string[] = awaiting.commands;
    const { decision, by, rule } = declaration;
    const declared: Declared<D> = {
      decision,
      by,
      rule,
      commands: declaration.commands.filter((c) => taken.includes(c)),
    };
    const p = parameters(view, declared, tried);
    return p === null ? null : { ...declared, ...p };
  };
}
