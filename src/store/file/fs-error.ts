// The file store's boundary: a failure of the file system (ENOSPC, EROFS, EACCES ...) leaves it as a StoreError of
// its kind, with the system's code and words for it; the store's own errors are StoreErrors already, and anything
// else (a caller's mistake, a defect) passes unchanged.
import { getSystemErrorMap } from 'node:util';
import { StoreError, type StoreErrorKind } from '../store-error.js';

const KINDS: ReadonlyMap<string, StoreErrorKind> = new Map([
  ['ENOSPC', 'full'],
  ['EDQUOT', 'full'],
  ['EFBIG', 'full'],
  ['EROFS', 'read-only'],
  ['EACCES', 'denied'],
  ['EPERM', 'denied'],
  ['ENOENT', 'missing'],
  ['ENOTDIR', 'missing'],
  ['EISDIR', 'not-a-log'],
  ['ENXIO', 'not-a-log'],
  ['EIO', 'unavailable'],
  ['ESTALE', 'unavailable'],
  ['EMFILE', 'unavailable'],
  ['ENFILE', 'unavailable'],
  ['ENOMEM', 'unavailable'],
]);

/** The system's error code of an I/O failure (`ENOSPC`), if it is one. */
function systemCode(error: unknown): string | undefined {
  const code: unknown = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/** `error` as the file store throws it: a StoreError when it is the file system's. */
export function fileError(error: unknown): unknown {
  if (error instanceof StoreError) return error;
  const code = systemCode(error);
  if (code === undefined) return error;
  const failure = error as NodeJS.ErrnoException;
  const words = typeof failure.errno === 'number' ? getSystemErrorMap().get(failure.errno)?.[1] : undefined;
  const text = `${words ?? 'failed'} (${code}${failure.syscall === undefined ? '' : `, ${failure.syscall}`})`;
  return new StoreError(KINDS.get(code) ?? 'failed', failure.message, { cause: error, system: { code, text }, code });
}

/** Runs `run`, its file system failures thrown as StoreErrors. */
export async function fileBoundary<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw fileError(error);
  }
}

/** `stream` with its file system failures thrown as StoreErrors. */
export async function* fileBoundaryStream<T, R>(
  stream: AsyncGenerator<T, R, undefined>,
): AsyncGenerator<T, R, undefined> {
  try {
    return yield* stream;
  } catch (error) {
    throw fileError(error);
  }
}
