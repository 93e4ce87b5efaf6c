// A decision the rules wait for: the type the pending modules of each power share, in its own module so that
// pending.ts, which gathers them, is imported by none of them (no import cycle).
import type { OriginType } from '../../events/index.js';

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
