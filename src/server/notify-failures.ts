// The failures of the PostgreSQL store's notifications (src/store/postgres/postgres-notify.ts), which it throws for
// none: the backend hands them on to the apps built on it, each of which logs them as warnings in words and counts
// them (./observe.ts). A process whose notifications fail leaves the others to learn of its appends from a game's
// head, read before its next use.
import type { NotifyFailure } from '../store/postgres/postgres.js';

export type { NotifyFailure };

/** Hands each failure to every listener (the store's onNotifyFailure is `report`). */
export class NotifyFailures {
  readonly #listeners = new Set<(failure: NotifyFailure) => void>();

  listen(listener: (failure: NotifyFailure) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  readonly report = (failure: NotifyFailure): void => {
    for (const listener of this.#listeners) listener(failure);
  };
}

const games = (count: number): string => `${count} ${count === 1 ? 'game' : 'games'}`;

/** What the log says of a failure: what failed, and what becomes of the changes it did not send. */
export function notifyFailureWords(failure: NotifyFailure): string {
  if (failure.what === 'lost')
    return 'the connection that sends the notifications of appends was lost while idle: the next ones go on a new one';
  const what =
    failure.what === 'connect'
      ? 'no connection to the database could be made'
      : 'the connection was lost on their way, or the database refused them';
  const then =
    failure.resendMs !== null
      ? `sent again in ${failure.resendMs} ms`
      : 'given up as the store closes; other processes learn of these appends when they next use those games';
  return `the notifications of the appends to ${games(failure.changes)} were not sent (${what}): ${then}`;
}
