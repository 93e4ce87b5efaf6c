// The file store's boundary: a failure of the file system (ENOSPC, EROFS, EACCES ...) leaves it as a StoreError of
// its kind, with the system's code and words for it; the store's own errors are StoreErrors already, and anything
// else (a caller's mistake, a defect) passes unchanged. The command line's words for a file it cannot read or write
// (`no such file or directory`) are the same system's, from here.
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

/** The system's words for each of its error codes: `ENOENT`, `no such file or directory`. */
let wordsByCode: ReadonlyMap<string, string> | undefined;

const knownWords = (code: string): string | undefined => {
  wordsByCode ??= new Map([...getSystemErrorMap().values()]);
  return wordsByCode.get(code);
};

/**
 * What a file system failure of this code is, in the system's words (`permission denied` for EACCES); a code the
 * system has no words for is named as it is, and an error with no code is an input/output error.
 */
export function systemWords(code: string | undefined): string {
  if (code === undefined) return 'i/o error';
  return knownWords(code) ?? `failed (${code})`;
}

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
  const call = failure.syscall === undefined ? '' : `, ${failure.syscall}`;
  const text = `${knownWords(code) ?? 'failed'} (${code}${call})`;
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
