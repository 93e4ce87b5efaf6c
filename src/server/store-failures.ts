// A store's failure as the server tells it to its callers: what failed, in words, with the system's or the
// database's code, never a path, a socket or the database's own message (those go to the server's log, with the
// stack). Every store a backend hands an engine is observed here, so that the engine's refusals carry these words.
import { StoreError, type StoreErrorKind } from '../store/store-error.js';
import type { EventStream } from '../store/store.js';

const WORDS: Readonly<Record<StoreErrorKind, string>> = {
  conflict: 'another writer appended first',
  locked: 'another writer holds the log; try again later',
  torn: "the log's last line was cut mid-write: the server's operator must repair it",
  full: 'the store has no space left',
  'read-only': 'the store takes no writes',
  denied: 'the store refused the server access',
  missing: 'what the store is pointed at does not exist',
  'not-a-log': "the game's log is not one the store can use",
  corrupt: "a stored event is not sound: the server's operator must restore it from a backup",
  unavailable: 'the store cannot be reached now; try again later',
  'outcome-unknown':
    'the connection was lost during the commit: the events may or may not have been written; send the same ' +
    'request again with the same Idempotency-Key to settle it, or read the game before deciding again',
  closed: 'the store is closed',
  failed: 'the store failed',
};

/** A failure as callers are told it: its kind in words and the system's code; the original is its `cause`. */
export class PublicStoreError extends StoreError {}

/** What a caller reads of a store's failure: `the store refused the server access (EACCES)`. */
export function publicStoreError(error: StoreError): PublicStoreError {
  if (error instanceof PublicStoreError) return error;
  const words = WORDS[error.kind];
  const code = error.system?.code;
  return new PublicStoreError(error.kind, words, {
    cause: error,
    ...(code === undefined ? {} : { system: { code, text: `${words} (${code})` } }),
    ...(error.code === undefined ? {} : { code: error.code }),
  });
}

/** The kind in words, with the system's code where there is one; never the store's own message. */
export const publicMessage = (error: StoreError): string => {
  const code = error.system?.code;
  return code === undefined ? WORDS[error.kind] : `${WORDS[error.kind]} (${code})`;
};

/** Hears every failure of an observed store (a StoreError, or anything else: a defect), with its game. */
export type FailureListener = (error: unknown, game: string | null) => void;

/** The failures of a backend's stores, for the apps that log and count them (src/server/app.ts). */
export class StoreFailures {
  readonly #listeners = new Set<FailureListener>();

  listen(listener: FailureListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Reports `error` and returns what to throw instead: a StoreError as its public form, anything else unchanged.
   * A conflict is no failure (the engine reads on and decides again): it passes unreported, as it is.
   */
  seen(error: unknown, game: string | null): unknown {
    if (error instanceof PublicStoreError || (error instanceof StoreError && error.kind === 'conflict')) return error;
    for (const listener of this.#listeners) listener(error, game);
    return error instanceof StoreError ? publicStoreError(error) : error;
  }
}

async function* observedRead<T>(
  batches: AsyncIterable<T>,
  failures: StoreFailures,
  game: string,
): AsyncGenerator<T, void, undefined> {
  try {
    yield* batches;
  } catch (error) {
    throw failures.seen(error, game);
  }
}

/** `store` with its failures reported to `failures` and thrown in their public form. */
export function observedStore(store: EventStream, game: string, failures: StoreFailures): EventStream {
  const observe = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw failures.seen(error, game);
    }
  };
  const { findCommand } = store;
  return {
    version: () => observe(() => store.version()),
    head: () => observe(() => store.head()),
    append: (...args: Parameters<EventStream['append']>) => observe(() => store.append(...args)),
    read: (options) => observedRead(store.read(options), failures, game),
    ...(findCommand === undefined
      ? {}
      : {
          findCommand: (inGame: string, commandId: string) => observe(() => findCommand.call(store, inGame, commandId)),
        }),
    close: () => observe(() => store.close()),
  };
}
