// The decisions an Italian surrender waits for, and who makes them.
import type { PendingDecision } from '../pending.js';
import type { GameView } from '../runtime.js';

export function italianPending(_view: GameView): PendingDecision[] {
  return [];
}
