// Which decisions are pending, who must make them, and with what parameters: what the host asks its players next.
// The types are in pending-types.ts, the words in pending-text.ts.
import type { GameView } from './game-view.js';
import type { PendingDecision } from './pending-types.js';
import { britishPending } from './britain/pending.js';
import { italianPending } from './italy/pending.js';

export type * from './pending-types.js';

export function pendingDecisions(view: GameView): PendingDecision[] {
  return [...britishPending(view), ...italianPending(view)];
}
