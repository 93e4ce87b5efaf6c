// The one error every store throws when it cannot do what was asked: a kind from a closed set, the same for the
// memory, the JSON Lines and the PostgreSQL store, so that a host acts on what failed without knowing which store
// it runs on, nor any system's or database's codes. Each store translates its own failures at its boundary; the
// message stays the store's (or the system's) own words, the original error is the `cause`.

/**
 * What went wrong, and what the caller can do about it:
 * - `conflict`: the expected version or head is stale: somebody appended first, or the log was changed other than
 *   by appends. Nothing was written: read again and decide again (ConcurrencyError).
 * - `locked`: another writer holds the log longer than the caller waits (the file's lock; a database lock not
 *   granted). Nothing was written: try again later (LockTimeoutError).
 * - `torn`: a log file's last line cut mid-write (TornLogError). No store raises it: the file store's next append
 *   repairs a torn end and records the repair (file/tail-repair.ts).
 * - `full`: no space left (ENOSPC, EDQUOT; a database's full disk). Nothing was written.
 * - `read-only`: the file system or the database takes no writes (EROFS; a standby). Nothing was written.
 * - `denied`: no permission (EACCES, EPERM; a missing database privilege, a login refused).
 * - `missing`: what the store was pointed at does not exist (ENOENT, ENOTDIR; a database, schema or table).
 * - `not-a-log`: the path is no log the file store can use: not a regular file (NotALogFileError), or a log with
 *   several hard links, which is written through one name only (LinkedLogError).
 * - `corrupt`: a stored line or row is not a sound event, or the file is no log of a format this build reads
 *   (LogError, StoredRowError). Restore it from a backup.
 * - `unavailable`: the store cannot be used now: the database is down, unreachable, shutting down or out of
 *   connections, or the connection was lost before any commit; the device fails (EIO); too many open files.
 *   Nothing was written: try again later.
 * - `outcome-unknown`: the connection was lost during a commit: the append may or may not have been written. Read
 *   the game again before deciding anything.
 * - `closed`: the store was closed by its owner and used afterwards (a defect of the caller).
 * - `failed`: any other failure the system or the database reported (`system` names it).
 */
export type StoreErrorKind =
  | 'conflict'
  | 'locked'
  | 'torn'
  | 'full'
  | 'read-only'
  | 'denied'
  | 'missing'
  | 'not-a-log'
  | 'corrupt'
  | 'unavailable'
  | 'outcome-unknown'
  | 'closed'
  | 'failed';

/** What the system or the database said: its code, and its words for the failure with the code. */
export interface SystemFailure {
  /** `ENOSPC`, `SQLSTATE 42P01`, `ECONNREFUSED` ... */
  readonly code: string;
  /** `no space left on device (ENOSPC, write)`, `relation "s.events" does not exist (SQLSTATE 42P01)` ... */
  readonly text: string;
}

export interface StoreErrorOptions {
  readonly cause?: unknown;
  /** Set when the failure is the system's or the database's, not the store's own refusal. */
  readonly system?: SystemFailure;
  /** The original error's `code` (`ENOSPC`, the SQLSTATE `42P01`), kept on the StoreError. */
  readonly code?: string;
}

/**
 * The mark of every StoreError, in the global symbol registry: the package's ESM and CommonJS entries each have a
 * StoreError class of their own, and `instanceof` one misses the other's errors; the mark is the same in both.
 */
const STORE_ERROR = Symbol.for('awaw-surrender.StoreError');

export class StoreError extends Error {
  override readonly name: string = 'StoreError';
  readonly [STORE_ERROR] = true;
  readonly kind: StoreErrorKind;
  readonly system: SystemFailure | undefined;
  /**
   * The code of the system's or the database's error translated (`ENOSPC`, the SQLSTATE `42P01`), as that error
   * had it, for callers that read it there; `kind` is what to act on.
   */
  readonly code: string | undefined;

  constructor(kind: StoreErrorKind, message: string, options: StoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.system = options.system;
    this.code = options.code;
  }
}

/**
 * Whether `error` is a StoreError of one of `kinds` (of any kind, given none), thrown by this entry of the package or
 * the other (ESM or CommonJS).
 */
export const isStoreError = (error: unknown, ...kinds: readonly StoreErrorKind[]): error is StoreError =>
  typeof error === 'object' &&
  error !== null &&
  (error as { readonly [STORE_ERROR]?: unknown })[STORE_ERROR] === true &&
  (kinds.length === 0 || kinds.includes((error as StoreError).kind));
