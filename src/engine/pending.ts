// Which decisions are pending, and who must make them: what the host asks its players next.
import type { OriginType } from '../../events/index.js';
import type { GameView } from './game-view.js';
import { britishPending } from './britain/pending.js';
import { italianPending } from './italy/pending.js';

export type DecisionMaker = 'germany' | 'britain' | 'japan' | 'axis' | 'allied' | 'host';

export interface PendingDecision {
  /** Machine-readable name of the decision, e.g. `respond-to-british-offer`. */
  readonly decision: string;
  readonly by: DecisionMaker;
  readonly rule: string;
  /** The commands (origin event types) that answer it. */
  readonly commands: readonly OriginType[];
  readonly description: string;
}

export function pendingDecisions(view: GameView): PendingDecision[] {
  return [...britishPending(view), ...italianPending(view)];
}
