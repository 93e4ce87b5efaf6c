// Which decisions are pending, and who must make them: what the host asks its players next.
import type { GameView } from './game-view.js';
import type { PendingDecision } from './pending-decision.js';
import { britishPending } from './britain/pending.js';
import { italianPending } from './italy/pending.js';

export type { DecisionMaker, PendingDecision } from './pending-decision.js';

export function pendingDecisions(view: GameView): PendingDecision[] {
  return [...britishPending(view), ...italianPending(view)];
}
