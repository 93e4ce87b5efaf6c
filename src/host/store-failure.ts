// What execute answers when the log cannot be read or written: a typed rejection, never a throw past the host
// API. The message says what failed and, where there is one, what to do. Every store throws a StoreError of a
// kind (../store/store-error.ts): nothing here knows which store failed, nor any system's or database's codes.
import { StoreError, type StoreErrorKind } from '../store/store-error.js';
import type { Rejection } from '../engine/decision.js';

/** Kinds that are a defect when they reach here: a conflict is retried or answered, a closed store is the host's. */
const DEFECTS: ReadonlySet<StoreErrorKind> = new Set(['conflict', 'closed']);

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The error behind each `internal` rejection made here: the rejection carries its message alone. */
const defects = new WeakMap<object, unknown>();

/**
 * The error an `internal` rejection of storeFailure was made of (undefined for any other), so that a host logs its
 * stack where the rejection, shown to the caller, names nothing of it.
 */
export const defectOf = (rejection: object): unknown => defects.get(rejection);

/** The rejection for an error of the store during execute. */
export function storeFailure(error: unknown): Rejection {
  if (error instanceof StoreError && error.kind === 'outcome-unknown') {
    // It may have been recorded: the command sent again with its id is answered with what it did, exactly once.
    return {
      code: 'outcome-unknown',
      rule: 'store',
      message:
        `the command may or may not have been recorded: ${reason(error)}. Send it again with the same command id ` +
        '(Idempotency-Key over HTTP): the answer is then its outcome, recorded once',
    };
  }
  if (error instanceof StoreError && !DEFECTS.has(error.kind)) {
    // The system's code where there is one (ENOSPC, SQLSTATE 42P01), else the error's own name or its kind.
    const what = error.system?.code ?? (error.name === 'StoreError' ? error.kind : error.name);
    return {
      code: 'store-failed',
      rule: 'store',
      message: `the log could not be read or written (${what}): ${reason(error)}; nothing was recorded`,
    };
  }
  // Anything else is a defect of the engine or the store, reported as such rather than thrown at the host.
  const rejection: Rejection = {
    code: 'internal',
    rule: 'engine',
    message: `internal error, nothing was recorded: ${reason(error)}`,
  };
  defects.set(rejection, error);
  return rejection;
}
