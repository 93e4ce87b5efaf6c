// What decide returns: the events a command produces, or a referee's refusal citing the rule.
import type { DomainEvent, EventData, OriginType } from '../../events/index.js';
import type { GameView } from './game-view.js';

export type RejectionCode =
  | 'malformed' // the payload does not match its schema
  | 'no-game' // no host.game-started for this game yet
  | 'game-exists'
  | 'out-of-sequence' // a report for an earlier turn, or twice for the same turn
  | 'not-pending' // a decision nobody is waiting for
  | 'decision-pending' // play cannot go on until a pending decision is made
  | 'illegal' // the decision breaks a rule
  | 'conflict' // other writers kept changing the log while the command was decided: report it again
  | 'stale-version' // the log is not at the version the command was decided on (expectedVersion): read it, decide again
  | 'contradictory' // a host fact that contradicts another in the same report or what the log holds
  | 'command-id-reused' // the command id is that of another command the game holds: nothing was appended
  // the log could not be read or written (torn, locked, a full disk ...): nothing was recorded
  | 'store-failed'
  // the connection to the store was lost during the commit: the command may or may not have been recorded; the same
  // command sent again with the same command id answers its outcome
  | 'outcome-unknown'
  | 'internal'; // a defect of the engine, reported instead of thrown: nothing was recorded

export interface Rejection {
  readonly code: RejectionCode;
  /**
   * The rule the refusal rests on, e.g. `59.32`; `sequence` for turn-order refusals, `schema` for malformed payloads,
   * `concurrency` for a conflict, `command-id` for a command id that names another command,
   * `store` when the log could not be read or written, `engine` for an internal error.
   */
  readonly rule: string;
  readonly message: string;
  /** Every rule broken, for decisions validated as a whole (a German demand, a force selection). */
  readonly violations?: readonly { readonly rule: string; readonly message: string }[];
  /**
   * For `contradictory`: the two facts that cannot both be true, as JSON paths: in the command (`data.germany.berlin`)
   * or in the state the log folds to, which `SurrenderEngine.view(game)` shows (`log:world.wars`, `log:germany.value`).
   */
  readonly fields?: readonly [string, string];
}

export type Decision =
  | { readonly ok: true; readonly events: readonly DomainEvent[] }
  | { readonly ok: false; readonly rejection: Rejection };

export const accept = (events: readonly DomainEvent[]): Decision => ({ ok: true, events });
export const reject = (
  code: RejectionCode,
  rule: string,
  message: string,
  violations?: Rejection['violations'],
): Decision => ({
  ok: false,
  rejection: violations === undefined ? { code, rule, message } : { code, rule, message, violations },
});

/** A host fact refused because it contradicts `other` (another fact of the command, or the log): both are named. */
export const rejectContradiction = (rule: string, field: string, other: string, why: string): Decision => ({
  ok: false,
  rejection: { code: 'contradictory', rule, message: `${field} contradicts ${other}: ${why}`, fields: [field, other] },
});

/**
 * A decision judged as a whole breaks rules: refused as illegal under its first violation (the fallback rule and
 * message only if the list is empty), with every violation listed.
 */
export const rejectViolations = (
  violations: NonNullable<Rejection['violations']>,
  rule: string,
  message: string,
  prefix = '',
): Decision => {
  const first = violations[0];
  return reject('illegal', first?.rule ?? rule, `${prefix}${first?.message ?? message}`, violations);
};

/** A command's decider: the Decider state and the command's payload (each power's module holds its own). */
export type OriginDecider<K extends OriginType> = (view: GameView, data: EventData<K>) => Decision;
export type OriginDeciders<K extends OriginType> = { readonly [T in K]: OriginDecider<T> };
