// The PostgreSQL store's boundary: what the database or the driver reports becomes a StoreError of its kind, with
// the SQLSTATE (or the socket's error code) and the database's own words; the store's own errors are StoreErrors
// already, and anything else (a caller's mistake, a defect) passes unchanged. A connection lost during a COMMIT is
// told apart where the commit is sent (./postgres-writer.ts): `outcome-unknown`, never `unavailable`.
import { StoreError, type StoreErrorKind } from '../store-error.js';
import { isDatabaseError } from './pg-driver.js';

/** SQLSTATEs by their class (the first two characters), or one by one where a class holds several kinds. */
const SQLSTATE_KINDS: ReadonlyMap<string, StoreErrorKind> = new Map([
  ['08', 'unavailable'], // connection exception
  ['57P01', 'unavailable'], // admin_shutdown
  ['57P02', 'unavailable'], // crash_shutdown
  ['57P03', 'unavailable'], // cannot_connect_now
  ['53100', 'full'], // disk_full
  ['53200', 'unavailable'], // out_of_memory
  ['53300', 'unavailable'], // too_many_connections
  ['25006', 'read-only'], // read_only_sql_transaction: a standby
  ['28', 'denied'], // invalid authorization: a login refused
  ['42501', 'denied'], // insufficient_privilege
  ['3D000', 'missing'], // invalid_catalog_name: no such database
  ['3F000', 'missing'], // invalid_schema_name
  ['42P01', 'missing'], // undefined_table
  ['42883', 'missing'], // undefined_function
  ['55P03', 'locked'], // lock_not_available
  ['XX001', 'corrupt'], // data_corrupted
  ['XX002', 'corrupt'], // index_corrupted
]);

/** The driver's words for a connection that is gone or could not be made (errors without a code). */
const CONNECTION_LOST = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
]);

/** The driver refused a query on a connection it knows is gone: nothing of it was sent. */
export const neverSent = (error: unknown): boolean =>
  error instanceof Error &&
  (error.message === 'Client has encountered a connection error and is not queryable' ||
    error.message === 'Client was closed and is not queryable');

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** `error` as the PostgreSQL store throws it: a StoreError when it is the database's or the connection's. */
export function pgError(error: unknown): unknown {
  if (error instanceof StoreError) return error;
  if (isDatabaseError(error) && typeof error.code === 'string') {
    const code = `SQLSTATE ${error.code}`;
    const kind = SQLSTATE_KINDS.get(error.code) ?? SQLSTATE_KINDS.get(error.code.slice(0, 2)) ?? 'failed';
    return new StoreError(kind, error.message, {
      cause: error,
      system: { code, text: `${error.message} (${code})` },
      code: error.code,
    });
  }
  if (!(error instanceof Error)) return error;
  // A socket's failure (ECONNREFUSED, ECONNRESET, ENOENT for a Unix socket that is not there ...).
  const code: unknown = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)) {
    return new StoreError('unavailable', error.message, {
      cause: error,
      system: { code, text: `${error.message} (${code})` },
      code,
    });
  }
  if (CONNECTION_LOST.has(error.message)) return new StoreError('unavailable', error.message, { cause: error });
  if (error.message === 'Cannot use a pool after calling end on the pool')
    return new StoreError('closed', 'the event store is closed', { cause: error });
  return error;
}

/** The connection was lost while a commit was on its way: its rows may or may not have been written. */
export function outcomeUnknown(cause: unknown): StoreError {
  if (cause instanceof StoreError && cause.kind === 'outcome-unknown') return cause;
  return new StoreError(
    'outcome-unknown',
    `the commit's outcome is unknown (${message(cause)}): the events may or may not have been written; read the ` +
      `game's head before appending again`,
    { cause },
  );
}

/** Runs `run`, what the database or the connection reports thrown as StoreErrors. */
export async function pgBoundary<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw pgError(error);
  }
}

/** `stream` with what the database or the connection reports thrown as StoreErrors. */
export async function* pgBoundaryStream<T, R>(
  stream: AsyncGenerator<T, R, undefined>,
): AsyncGenerator<T, R, undefined> {
  try {
    return yield* stream;
  } catch (error) {
    throw pgError(error);
  }
}
