// Which decisions are pending, who must make them, and with what parameters: what the host asks its players next.
// Each machine's states declare what they await, and the machine's own guards say which of its commands it takes
// now (machines/awaited.ts); each decision's module adds its parameters and choices. The types are in
// pending-types.ts, the words in pending-text.ts.
import type { GameView } from './game-view.js';
import type { PendingDecision } from './pending-types.js';
import { definitionOf, type OriginEvent } from '../../events/index.js';
import { awaitingNow } from '../../machines/awaited.js';
import type { DecisionSources } from './pending-source.js';
import { britishDecisions } from './britain/pending.js';
import { italianDecisions } from './italy/pending.js';

export type * from './pending-types.js';

/**
 * The decisions of a view, choices included, computed once per view: a view is never changed, only replaced,
 * and the events that change nothing (a host's own lines) keep it, so a host appending them while a decision
 * waits is not made to pay for the choices again after every command. Weak, so a replaced view is let go.
 */
const computed = new WeakMap<GameView, readonly PendingDecision[]>();

const sources: DecisionSources = { ...britishDecisions, ...italianDecisions };

/**
 * The decisions the machines' states await now, Britain's before Italy's, each in the order its machine writes its
 * states.
 */
function derived(view: GameView, tried: OriginEvent | undefined): PendingDecision[] {
  const out: PendingDecision[] = [];
  for (const snapshot of [view.germany, view.britain, view.italy]) {
    for (const awaiting of awaitingNow(snapshot)) {
      const decision = sources[awaiting.awaited.decision](view, awaiting, tried);
      if (decision !== null) out.push(decision);
    }
  }
  return out;
}

function untried(view: GameView): PendingDecision[] {
  let decisions = computed.get(view);
  if (decisions === undefined) {
    decisions = derived(view, undefined);
    computed.set(view, decisions);
  }
  return [...decisions];
}

/**
 * What is pending, each decision with its choices. With `tried`, a command a host is building (a partial or
 * wrong selection or demand), the decision it answers shows its choices as they stand with that command's
 * picks: what is still missing or over, and what may still be added (a preview's answer to a refusal).
 */
export function pendingDecisions(view: GameView, tried?: OriginEvent): PendingDecision[] {
  // A command tried may be anything a host sent: only one its type's schema accepts is read as picks.
  const picks =
    tried !== undefined && definitionOf(tried.type)?.data.firstError(tried.data) === null ? tried : undefined;
  return picks === undefined ? untried(view) : derived(view, picks);
}
