// A machine's refusal as the Decider's: the machine is the gate of its power's commands and names the rule
// (machines/refusal.ts); nothing here re-checks a phase.
import type { AnyMachineSnapshot } from 'xstate';
import { refusalOf, type Refusal } from '../../machines/refusal.js';
import { reject, type Decision } from './decision.js';

const asDecision = (r: Refusal): Decision => reject(r.code, r.rule, r.message);

/** Null when the machine takes `event` now; otherwise its refusal, as a rejection. */
export function refuseBy<S extends AnyMachineSnapshot>(
  snapshot: S,
  event: { readonly type: string } & Parameters<S['can']>[0],
): Decision | null {
  const refusal = refusalOf(snapshot, event);
  return refusal === null ? null : asDecision(refusal);
}
