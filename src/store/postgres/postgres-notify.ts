// The notifications of committed appends (docs/postgres.md, "Notification"): sent after the COMMIT, on a connection
// of their own, never inside the append's transaction. A NOTIFY in a transaction takes PostgreSQL's cluster-wide
// lock of the notification queue at its COMMIT and holds it until the commit is flushed, so that the commits of
// every process on the database were flushed one after another. Here each batch of notifications is a transaction
// of its own with synchronous_commit off (a notification is a wake-up, not a record: nothing waits for its flush),
// and the changes committed while one batch is on its way go together in the next, the newest of each game alone.
// A notification can be lost (the process dies between the COMMIT and it): a listener then learns of the append
// from the game's head on its next command (an append tied to the version and hash it was decided on fails), or
// from the game's next notification. Nothing here throws: each failure (no connection made, a batch not sent, the
// connection lost while idle) is told to the store's onNotifyFailure, so that an operator hears of it.
import type pg from 'pg';
import type { StreamChange } from '../game-streams.js';
import { loadDriver } from './pg-driver.js';

/** How long to wait before sending again after the connection was lost, or a new one failed. */
export const RESEND_MS = 500;
/** How long a close waits for what is queued to be sent, and a connection may take to be made. */
const CLOSE_WAIT_MS = 2000;
const CONNECT_MS = 5000;

/** One notification's payload: the game, its version after the append and the feed position of its last event. */
export const payloadOf = (change: StreamChange): string =>
  JSON.stringify({ game: change.game, version: change.version, position: change.position });

/** A failure of the notifications: none is thrown, since a notification is a wake-up, not a record. */
export interface NotifyFailure {
  /**
   * `connect`: no connection could be made; `send`: a batch was not sent (its connection lost on the way, or the
   * statement refused); `lost`: the connection ended while idle (the next batch makes a new one).
   */
  readonly what: 'connect' | 'send' | 'lost';
  /** What the connection or the database reported. */
  readonly error: unknown;
  /** The changes of the batch not sent (0 for `lost`). */
  readonly changes: number;
  /** In how many milliseconds they are sent again (RESEND_MS); null when not (the store is closing) or none. */
  readonly resendMs: number | null;
}

export class Notifier {
  /** The changes not yet sent, the newest of each game. */
  readonly #pending = new Map<string, StreamChange>();
  #client: pg.Client | null = null;
  /** The connection a batch is on its way on: its end is that batch's failure, not an idle connection's. */
  #busy: pg.Client | null = null;
  #sending: Promise<void> | null = null;
  #closing = false;
  /** Closed: nothing more is sent, no connection made. */
  #closed = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onFailure: (failure: NotifyFailure) => void = () => undefined,
  ) {}

  /** Queues the changes of a commit: sent at once, or with the next batch when one is on its way. */
  send(changes: readonly StreamChange[]): void {
    if (this.#closing) return;
    for (const change of changes) {
      const known = this.#pending.get(change.game);
      if (known === undefined || known.version < change.version) this.#pending.set(change.game, change);
    }
    if (this.#sending === null && this.#pending.size > 0) this.#sending = this.#drain();
  }

  /** Sends what is queued (waiting 2 s at most; not again once a send failed), then ends the connection. */
  async close(): Promise<void> {
    this.#closing = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#sending, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  async #drain(): Promise<void> {
    while (this.#pending.size > 0 && !this.#closed) {
      // In feed order: a listener hears a game's changes in the order they were committed.
      const batch = [...this.#pending.values()].sort((a, b) => a.position - b.position);
      this.#pending.clear();
      let stage: 'connect' | 'send' = 'connect';
      try {
        this.#client ??= await this.#connect();
        const client = this.#client;
        stage = 'send';
        this.#busy = client;
        await client.query({
          name: 'awaw-notify',
          text: 'SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload',
          values: [this.channel, batch.map(payloadOf)],
        });
      } catch (error) {
        this.#drop();
        // Decided before the listener is told (it may close the store): what it is told is what is done.
        const resend = !this.#closing;
        this.#report({ what: stage, error, changes: batch.length, resendMs: resend ? RESEND_MS : null });
        if (!resend) break;
        // Sent again with whatever was committed meanwhile (a newer change of a game replaces it).
        for (const change of batch) if (!this.#pending.has(change.game)) this.#pending.set(change.game, change);
        await new Promise((resolve) => setTimeout(resolve, RESEND_MS).unref());
      } finally {
        this.#busy = null;
      }
    }
    this.#sending = null;
  }

  #report(failure: NotifyFailure): void {
    try {
      this.onFailure(failure);
    } catch {
      // The listener's own defect: the notifications go on whatever it does.
    }
  }

  async #connect(): Promise<pg.Client> {
    const { Client } = await loadDriver();
    const client = new Client({
      connectionString: this.url,
      application_name: 'awaw-surrender notify',
      connectionTimeoutMillis: CONNECT_MS,
    });
    // A connection lost while idle is made again by the next send; its error must not crash the process. It is
    // told once (pg may report the end of a connection twice), and not when a batch was on it: that is the batch's.
    client.on('error', (error) => {
      if (this.#client !== client) return;
      this.#drop();
      if (this.#busy !== client) this.#report({ what: 'lost', error, changes: 0, resendMs: null });
    });
    try {
      await client.connect();
      await client.query('SET synchronous_commit TO off');
      if (this.#closed) throw new Error('the notifications are closed');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  #drop(): void {
    const client = this.#client;
    this.#client = null;
    void client?.end().catch(() => undefined);
  }
}
