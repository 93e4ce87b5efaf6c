// The one pending decision of a kind a test or a check looks at.
import type { OriginEvent } from '../../events/index.js';
import type { GameView } from '../../src/engine/game-view.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import type { PendingDecision } from '../../src/engine/pending-types.js';

/** The pending decision `name` of the view, with its choices as `tried` leaves them; throws when it is not pending. */
export function decisionOf<D extends PendingDecision['decision']>(
  view: GameView,
  name: D,
  tried?: OriginEvent,
): Extract<PendingDecision, { decision: D }> {
  const found = pendingDecisions(view, tried).find(
    (p): p is Extract<PendingDecision, { decision: D }> => p.decision === name,
  );
  if (found === undefined) throw new Error(`no ${name} pending`);
  return found;
}
