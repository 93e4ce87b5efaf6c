// What execute answers when the log cannot be read or written: a typed rejection, never a throw past the host
// API. Nothing was recorded; the message says what failed and, where there is one, what to do.
import { LockTimeoutError } from '../store/file-lock.js';
import { LogError } from '../store/line-format.js';
import { LinkedLogError, NotALogFileError } from '../store/log-file.js';
import { StoredRowError } from '../store/row-error.js';
import { TornLogError } from '../store/store.js';
import type { Rejection } from '../engine/decision.js';

/** The system's error code (ENOSPC, EROFS, EACCES ...) of an I/O failure, if it has one. */
function systemCode(error: unknown): string | undefined {
  const code: unknown = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/** The SQLSTATE of an error the database answered with (PostgreSQL: five characters, with a severity). */
function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || typeof (error as { severity?: unknown }).severity !== 'string') return undefined;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The rejection for an error of the store during execute. */
export function storeFailure(error: unknown): Rejection {
  const known = error instanceof TornLogError || error instanceof LockTimeoutError || error instanceof LinkedLogError || error instanceof NotALogFileError || error instanceof LogError || error instanceof StoredRowError;
  const state = sqlState(error);
  const code = systemCode(error) ?? (state === undefined ? undefined : `SQLSTATE ${state}`);
  if (known || code !== undefined) {
    const what = known ? (error as Error).name : code;
    return { code: 'store-failed', rule: 'store', message: `the log could not be read or written (${what}): ${reason(error)}; nothing was recorded` };
  }
  // Anything else is a defect of the engine or the store, reported as such rather than thrown at the host.
  return { code: 'internal', rule: 'engine', message: `internal error, nothing was recorded: ${reason(error)}` };
}
