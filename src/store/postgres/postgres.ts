// The event store on PostgreSQL: one stream per game with its own version, a global feed position, the same
// envelope and lines as a JSON Lines log, and a hash chain per game that starts from the log header's hash, so
// that a game's rows are, line for line, a log holding that game alone (docs/postgres.md).
import type pg from 'pg';
import { logVersion, type LogVersion, type NewEvent, type StoredEvent } from '../../../events/index.js';
import { InputError } from '../../schema/validate.js';
import type { FeedEvent, GameAppendResult, GameStreamStore, StreamChange, Unsubscribe } from '../game-streams.js';
import { GENESIS } from './postgres-append.js';
import { pgBoundary, pgBoundaryStream, pgError } from './pg-error.js';
import { loadDriver } from './pg-driver.js';
import { FINISHED_BEFORE_ANY_RUNNING } from './postgres-feed.js';
import { listenChannel, type ChannelListener } from './postgres-listen.js';
import { Notifier, type NotifyFailure } from './postgres-notify.js';
import { PostgresWriter } from './postgres-writer.js';
import { decodeRow, type EventRow } from './postgres-rows.js';
import { DEFAULT_SCHEMA, migrate, SCHEMA_PATTERN } from './postgres-schema.js';
import { StoredRowError } from './row-error.js';
import { checkNewEvents } from '../seal.js';
import { takeCommand } from '../command-events.js';
import { systemEnvelopeSource, type EnvelopeSource, type LogHead, type ReadOptions } from '../store.js';
import { StoreError } from '../store-error.js';

export interface PostgresStoreOptions {
  /**
   * A connection URL: `postgresql://user:password@host:5432/db`, or a Unix socket
   * `postgresql://user@/db?host=/run/postgresql`.
   */
  readonly url: string;
  /** The schema holding the tables, created on open; default `awaw_surrender`. */
  readonly schema?: string;
  readonly source?: EnvelopeSource;
  /** Rows per batch yielded by the reads; default 1000. */
  readonly batchSize?: number;
  /** Connections in the pool; default 10. */
  readonly poolSize?: number;
  /**
   * Append transactions committing at once, each on a connection of the pool held for it; default 1, the most
   * appends a second where CPU is short: fewer transactions, more appends in each (docs/postgres.md).
   */
  readonly appendConcurrency?: number;
  /**
   * Told of each failure of the notifications sent after a commit (./postgres-notify.ts): no connection made, a
   * batch not sent (sent again 500 ms later), the connection lost while idle. None is thrown (a notification is a
   * wake-up), so that without it they go unheard; `serve` logs each as a warning and counts it.
   */
  readonly onNotifyFailure?: (failure: NotifyFailure) => void;
}

export type { NotifyFailure } from './postgres-notify.js';

/** What the database or the connection reports is thrown as a StoreError (./pg-error.ts). */
export class PostgresEventStore implements GameStreamStore {
  readonly #pool: pg.Pool;
  readonly #url: string;
  readonly #schema: string;
  readonly #source: EnvelopeSource;
  readonly #batchSize: number;
  readonly #listeners = new Set<ChannelListener>();
  readonly #writer: PostgresWriter;
  readonly #notifier: Notifier;
  #closed = false;

  private constructor(pool: pg.Pool, options: PostgresStoreOptions, schema: string) {
    this.#pool = pool;
    this.#url = options.url;
    this.#schema = schema;
    this.#source = options.source ?? systemEnvelopeSource;
    this.#batchSize = Math.max(1, options.batchSize ?? 1000);
    this.#notifier = new Notifier(options.url, this.channel, options.onNotifyFailure);
    this.#writer = new PostgresWriter(
      pool,
      { schema },
      this.#source,
      (game) => this.gameHead(game),
      options.appendConcurrency ?? 1,
      (changes) => this.#notifier.send(changes),
    );
  }

  /** Connects, checks the database stores UTF-8 (lines are kept byte for byte) and applies the migrations. */
  static open(options: PostgresStoreOptions): Promise<PostgresEventStore> {
    return pgBoundary(() => PostgresEventStore.#open(options));
  }

  static async #open(options: PostgresStoreOptions): Promise<PostgresEventStore> {
    const schema = options.schema ?? DEFAULT_SCHEMA;
    if (!SCHEMA_PATTERN.test(schema))
      throw new InputError('schema', `expected a name matching ${SCHEMA_PATTERN.source}`);
    const concurrency = options.appendConcurrency;
    if (concurrency !== undefined && !(Number.isSafeInteger(concurrency) && concurrency >= 1 && concurrency <= 64)) {
      throw new InputError('appendConcurrency', 'expected a whole number of transactions from 1 to 64');
    }
    const { Pool } = await loadDriver();
    const pool = new Pool({ connectionString: options.url, max: Math.max(1, options.poolSize ?? 10) });
    // An idle connection that fails (the server restarted) must not crash the process: the next query reports it.
    pool.on('error', () => undefined);
    try {
      const client = await pool.connect();
      try {
        const encoding = await client.query<{ server_encoding: string }>('SHOW server_encoding');
        const found = encoding.rows[0]?.server_encoding;
        if (found !== 'UTF8')
          throw new Error(
            `the database's encoding is ${String(found)}, not UTF8: event lines could not be kept byte for byte`,
          );
        await migrate(client, schema);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresEventStore(pool, options, schema);
  }

  get schema(): string {
    return this.#schema;
  }

  /** The notification channel of this schema's appends. */
  get channel(): string {
    return `awaw_${this.#schema}`;
  }

  async appendToGame(
    game: string,
    events: readonly NewEvent[],
    expected: LogVersion,
    expectedHash?: string,
  ): Promise<GameAppendResult> {
    this.#assertOpen();
    checkNewEvents(events);
    events.forEach((event, index) => {
      if (event.game !== game)
        throw new InputError(`events[${index}].game`, `expected "${game}": an append writes to one game's stream`);
    });
    return this.#writer.append({ game, events, expected, expectedHash }).catch((error: unknown) => {
      throw pgError(error);
    });
  }

  /**
   * Imports a game's lines from a JSON Lines log (already verified) as its whole stream: renumbered and resealed
   * as a log of that game alone (./game-lines.ts). Refused, writing nothing, when the game already has events.
   */
  async importGame(game: string, lines: readonly string[]): Promise<GameAppendResult> {
    this.#assertOpen();
    return pgBoundary(() => this.#writer.importGame(game, lines));
  }

  async gameHead(game: string): Promise<LogHead> {
    this.#assertOpen();
    return pgBoundary(() => this.#head(this.#pool, game));
  }

  async #head(client: pg.ClientBase | pg.Pool, game: string): Promise<LogHead> {
    const rows = await client.query<{ seq: number; hash: string }>(
      `SELECT seq, hash FROM "${this.#schema}".events WHERE game = $1 ORDER BY seq DESC LIMIT 1`,
      [game],
    );
    const last = rows.rows[0];
    return last === undefined ? { seq: logVersion(0), hash: GENESIS } : { seq: logVersion(last.seq), hash: last.hash };
  }

  async *readGame(game: string, options: ReadOptions = {}): AsyncGenerator<readonly StoredEvent[], void, undefined> {
    for await (const batch of pgBoundaryStream(this.#rows(game, options.from ?? 1, options.validate ?? true)))
      yield batch.map((item) => item.event);
  }

  /** The game's lines as stored, each checked as readGame checks it: a log of that game alone, line for line. */
  async *exportGame(game: string): AsyncGenerator<readonly string[], void, undefined> {
    for await (const batch of pgBoundaryStream(this.#rows(game, 1, true))) yield batch.map((item) => item.line);
  }

  async *#rows(
    game: string,
    from: number,
    validate: boolean,
  ): AsyncGenerator<readonly { line: string; event: StoredEvent }[], void, undefined> {
    this.#assertOpen();
    let next = Math.max(1, from);
    // The chain is checked from the event before `from` on (its stored hash), as far as the game's stream goes.
    let prevHash = GENESIS;
    if (validate && next > 1) {
      const before = await this.#pool.query<{ hash: string }>(
        `SELECT hash FROM "${this.#schema}".events WHERE game = $1 AND seq = $2`,
        [game, next - 1],
      );
      const row = before.rows[0];
      if (row === undefined) return;
      prevHash = row.hash;
    }
    for (;;) {
      const rows = await this.#pool.query<EventRow>(
        `SELECT position, game, seq, hash, line FROM ` +
          `"${this.#schema}".events WHERE game = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
        [game, next, this.#batchSize],
      );
      const batch = rows.rows.map((row) => {
        if (row.seq !== next)
          throw new StoredRowError(
            game,
            Number(row.position),
            row.seq,
            'seq',
            `expected ${next} (events missing or out of order)`,
          );
        const event = decodeRow(row, validate ? { prevHash } : { trusted: true });
        prevHash = event.hash;
        next += 1;
        return { line: row.line, event };
      });
      if (batch.length > 0) yield batch;
      if (rows.rows.length < this.#batchSize) return;
    }
  }

  /**
   * The command's events: the row of its origin event found by the unique (game, command_id), then the rows after it
   * while they are its rule decisions, each checked as readGame checks it, the chain from the row before.
   */
  async findCommand(game: string, commandId: string): Promise<readonly StoredEvent[] | null> {
    this.#assertOpen();
    return pgBoundary(async () => {
      const found = await this.#pool.query<{ seq: number; position: string }>(
        `SELECT seq, position FROM "${this.#schema}".events WHERE game = $1 AND command_id = $2`,
        [game, commandId],
      );
      const row = found.rows[0];
      if (row === undefined) return null;
      const taken: StoredEvent[] = [];
      for await (const batch of this.#rows(game, row.seq, true)) {
        if (taken.length === 0 && batch[0]?.event.commandId !== commandId)
          throw new StoredRowError(game, Number(row.position), row.seq, 'commandId', "not the row's command id");
        if (
          takeCommand(
            taken,
            batch.map((item) => item.event),
          )
        )
          break;
      }
      return taken;
    });
  }

  readAll(from = 1): AsyncGenerator<readonly FeedEvent[], void, undefined> {
    return pgBoundaryStream(this.#feed(from));
  }

  async *#feed(from: number): AsyncGenerator<readonly FeedEvent[], void, undefined> {
    this.#assertOpen();
    let next = Math.max(1, from);
    for (;;) {
      const rows = await this.#pool.query<EventRow>(
        `SELECT position, game, seq, hash, line FROM "${this.#schema}".events WHERE position >= $1 AND ` +
          `${FINISHED_BEFORE_ANY_RUNNING} ORDER BY position LIMIT $2`,
        [next, this.#batchSize],
      );
      // Each line is checked on its own here; its game's chain, by readGame.
      const batch = rows.rows.map((row) => ({ position: Number(row.position), event: decodeRow(row) }));
      if (batch.length > 0) yield batch;
      const last = batch.at(-1);
      if (last === undefined || rows.rows.length < this.#batchSize) return;
      next = last.position + 1;
    }
  }

  async games(): Promise<string[]> {
    this.#assertOpen();
    const rows = await pgBoundary(() =>
      this.#pool.query<{ game: string }>(`SELECT game FROM "${this.#schema}".events WHERE seq = 1 ORDER BY position`),
    );
    return rows.rows.map((row) => row.game);
  }

  /**
   * LISTENs on a connection of its own: appends by any process on this database and schema are heard. When the
   * database ends that connection it is made again, and `onGap` called: notifications may have been lost meanwhile.
   */
  async subscribe(listener: (change: StreamChange) => void, onGap: () => void = () => undefined): Promise<Unsubscribe> {
    this.#assertOpen();
    const listening = await pgBoundary(() => listenChannel(this.#url, this.channel, listener, onGap));
    this.#listeners.add(listening);
    return async () => {
      if (!this.#listeners.delete(listening)) return;
      await listening.stop();
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#listeners].map((listening) => listening.stop()));
    this.#listeners.clear();
    await this.#notifier.close();
    this.#writer.close();
    await this.#pool.end();
  }

  #assertOpen(): void {
    if (this.#closed) throw new StoreError('closed', 'the event store is closed');
  }
}
