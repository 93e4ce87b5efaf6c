// The event store on PostgreSQL: one stream per game with its own version, a global feed position, the same
// envelope and lines as a JSON Lines log, and a hash chain per game that starts from the log header's hash, so
// that a game's rows are, line for line, a log holding that game alone (docs/postgres.md).
import pg from 'pg';
import { logVersion, type LogVersion, type NewEvent, type StoredEvent } from '../../events/index.js';
import { InputError } from '../schema/validate.js';
import { CommitQueue, type Outcome } from './commit-queue.js';
import type { FeedEvent, GameAppendResult, GameStreamStore, StreamChange, Unsubscribe } from './game-streams.js';
import { resealGame } from './game-lines.js';
import { beginWithHeads, checkAndInsert, CommitFailed, GENESIS, insertSealed, notifyAndCommit, type AppendRequest, type TransactionEnd } from './postgres-append.js';
import { listenChannel, type ChannelListener } from './postgres-listen.js';
import { appendOneTrip, fitsOneTrip, type OneTripResult } from './postgres-one-trip.js';
import { decodeRow, type EventRow } from './postgres-rows.js';
import { DEFAULT_SCHEMA, migrate, SCHEMA_PATTERN } from './postgres-schema.js';
import { StoredRowError } from './row-error.js';
import { checkNewEvents } from './seal.js';
import { ConcurrencyError, systemEnvelopeSource, type EnvelopeSource, type LogHead, type ReadOptions } from './store.js';

export interface PostgresStoreOptions {
  /** A connection URL: `postgresql://user:password@host:5432/db`, or a Unix socket `postgresql://user@/db?host=/run/postgresql`. */
  readonly url: string;
  /** The schema holding the tables, created on open; default `awaw_surrender`. */
  readonly schema?: string;
  readonly source?: EnvelopeSource;
  /** Rows per batch yielded by the reads; default 1000. */
  readonly batchSize?: number;
  /** Connections in the pool; default 10. */
  readonly poolSize?: number;
}

const UNIQUE_VIOLATION = '23505';

/** Whether `error` is PostgreSQL's refusal by the named unique constraint. */
const violates = (error: unknown, constraint: string): boolean =>
  error instanceof pg.DatabaseError && error.code === UNIQUE_VIOLATION && error.constraint === constraint;

/** Appends committed together at most (./commit-queue.ts). */
const MAX_BATCH = 64;

export class PostgresEventStore implements GameStreamStore {
  readonly #pool: pg.Pool;
  readonly #url: string;
  readonly #schema: string;
  readonly #source: EnvelopeSource;
  readonly #batchSize: number;
  readonly #listeners = new Set<ChannelListener>();
  /** Appends waiting while one transaction commits go together in the next (group commit). */
  readonly #appends = new CommitQueue<AppendRequest, GameAppendResult>((items) => this.#appendBatch(items), MAX_BATCH);
  #closed = false;

  private constructor(pool: pg.Pool, options: PostgresStoreOptions, schema: string) {
    this.#pool = pool;
    this.#url = options.url;
    this.#schema = schema;
    this.#source = options.source ?? systemEnvelopeSource;
    this.#batchSize = Math.max(1, options.batchSize ?? 1000);
  }

  /** Connects, checks the database stores UTF-8 (lines are kept byte for byte) and applies the migrations. */
  static async open(options: PostgresStoreOptions): Promise<PostgresEventStore> {
    const schema = options.schema ?? DEFAULT_SCHEMA;
    if (!SCHEMA_PATTERN.test(schema)) throw new InputError('schema', `expected a name matching ${SCHEMA_PATTERN.source}`);
    const pool = new pg.Pool({ connectionString: options.url, max: Math.max(1, options.poolSize ?? 10) });
    // An idle connection that fails (the server restarted) must not crash the process: the next query reports it.
    pool.on('error', () => undefined);
    try {
      const client = await pool.connect();
      try {
        const encoding = await client.query<{ server_encoding: string }>('SHOW server_encoding');
        const found = encoding.rows[0]?.server_encoding;
        if (found !== 'UTF8') throw new Error(`the database's encoding is ${String(found)}, not UTF8: event lines could not be kept byte for byte`);
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

  async appendToGame(game: string, events: readonly NewEvent[], expected: LogVersion, expectedHash?: string): Promise<GameAppendResult> {
    this.#assertOpen();
    checkNewEvents(events);
    events.forEach((event, index) => {
      if (event.game !== game) throw new InputError(`events[${index}].game`, `expected "${game}": an append writes to one game's stream`);
    });
    return this.#appends.push({ game, events, expected, expectedHash });
  }

  /**
   * Appends in one transaction: in one round trip where the batch allows (./postgres-one-trip.ts), the appends it
   * found stale then looked at again the long way; else the long way alone.
   */
  async #appendBatch(items: readonly AppendRequest[]): Promise<Outcome<GameAppendResult>[]> {
    const trip = fitsOneTrip(items) ? await this.#oneTrip(items) : null;
    if (trip === null) return this.#appendLongWay(items);
    const again = trip.notWritten.length === 0 ? [] : await this.#appendLongWay(trip.notWritten);
    const outcomes = new Map(trip.notWritten.map((item, i) => [item, again[i] ?? { ok: false as const, error: new Error('no outcome') }]));
    return items.map((item): Outcome<GameAppendResult> => {
      const written = trip.written.get(item);
      return written === undefined ? (outcomes.get(item) ?? { ok: false, error: new Error('no outcome') }) : { ok: true, value: written };
    });
  }

  /** The batch in one round trip; null when the database refused it (nothing written: the long way then tells each its outcome). */
  async #oneTrip(items: readonly AppendRequest[]): Promise<OneTripResult | null> {
    const client = await this.#pool.connect();
    let broken = false;
    try {
      return await appendOneTrip(client, { schema: this.#schema, channel: this.channel }, this.#source, items);
    } catch (error) {
      // Anything but the server's refusal (the connection lost) leaves the commit unknown: no append is tried again.
      if (!(error instanceof pg.DatabaseError)) {
        broken = true;
        throw error;
      }
      await client.query('ROLLBACK');
      return null;
    } finally {
      client.release(broken);
    }
  }

  /**
   * Appends in one transaction: each checked against its game's head, read under the feed lock (so no other
   * writer can move it before the commit), the stale ones refused alone, the others written and committed at
   * once. When a statement fails before the commit, nothing was written: each append is tried again on its own,
   * so that each gets its own outcome.
   */
  async #appendLongWay(items: readonly AppendRequest[]): Promise<Outcome<GameAppendResult>[]> {
    const [only] = items;
    try {
      const games = [...new Set(items.map((item) => item.game))];
      return await this.#transaction(items.length === 1 ? (only ?? null) : null, games, (client, heads) => checkAndInsert(client, { schema: this.#schema, channel: this.channel }, this.#source, items, heads));
    } catch (error) {
      // The commit itself failed: it may have been written, so no append of the batch is tried again.
      if (error instanceof CommitFailed) throw error.cause;
      if (items.length === 1) throw error;
      const alone: Outcome<GameAppendResult>[] = [];
      for (const item of items) {
        alone.push(await this.#appendLongWay([item]).then(([outcome]) => outcome ?? { ok: false, error: new Error('no outcome') }, (failure: unknown) => ({ ok: false as const, error: failure })));
      }
      return alone;
    }
  }

  /**
   * Imports a game's lines from a JSON Lines log (already verified) as its whole stream: renumbered and resealed
   * as a log of that game alone (./game-lines.ts). Refused, writing nothing, when the game already has events.
   */
  async importGame(game: string, lines: readonly string[]): Promise<GameAppendResult> {
    this.#assertOpen();
    const batch = resealGame(lines);
    const [result] = await this.#transaction({ game, expected: logVersion(0) }, [game], async (client, heads) => {
      const tip = heads.get(game);
      if (tip !== undefined && tip.seq !== 0) throw new ConcurrencyError(0, tip.seq);
      const { results, changes } = await insertSealed(client, this.#schema, [{ game, batch }]);
      return { outcomes: results, committed: false, changes };
    });
    if (result === undefined) throw new Error(`the import of game ${game} wrote nothing`);
    return result;
  }

  /**
   * Runs `body` in a transaction holding the schema's feed lock, with the heads of `games` read under it
   * (./postgres-append.ts beginWithHeads), then notifies its changes and commits. For one game's append
   * (`single`) a lost race on (game, seq) is a ConcurrencyError; a failure of the commit itself is a
   * CommitFailed (the rows may have been written).
   */
  async #transaction<R>(
    single: { readonly game: string; readonly expected: LogVersion } | null,
    games: readonly string[],
    body: (client: pg.PoolClient, heads: Map<string, LogHead>) => Promise<TransactionEnd<R>>,
  ): Promise<R[]> {
    const client = await this.#pool.connect();
    let committing = false;
    try {
      const heads = await beginWithHeads(client, this.#schema, games);
      const end = await body(client, heads);
      if (!end.committed) {
        committing = true;
        await notifyAndCommit(client, this.channel, end.changes);
      }
      return end.outcomes;
    } catch (error) {
      if (committing || error instanceof CommitFailed) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error instanceof CommitFailed ? error : new CommitFailed(error);
      }
      await client.query('ROLLBACK');
      if (single !== null) {
        // The unique constraint is the last word: a writer that slipped past the check lost.
        if (violates(error, 'events_game_seq_key')) throw new ConcurrencyError(single.expected, (await this.gameHead(single.game)).seq);
        if (violates(error, 'events_game_id_key')) throw new Error(`an event id of game ${single.game} is already in its stream: ids must be unique`);
      }
      throw error;
    } finally {
      client.release();
    }
  }

  async gameHead(game: string): Promise<LogHead> {
    this.#assertOpen();
    return this.#head(this.#pool, game);
  }

  async #head(client: pg.ClientBase | pg.Pool, game: string): Promise<LogHead> {
    const rows = await client.query<{ seq: number; hash: string }>(`SELECT seq, hash FROM "${this.#schema}".events WHERE game = $1 ORDER BY seq DESC LIMIT 1`, [game]);
    const last = rows.rows[0];
    return last === undefined ? { seq: logVersion(0), hash: GENESIS } : { seq: logVersion(last.seq), hash: last.hash };
  }

  async *readGame(game: string, options: ReadOptions = {}): AsyncGenerator<readonly StoredEvent[], void, undefined> {
    for await (const batch of this.#rows(game, options.from ?? 1, options.validate ?? true)) yield batch.map((item) => item.event);
  }

  /** The game's lines as stored, each checked as readGame checks it: a log of that game alone, line for line. */
  async *exportGame(game: string): AsyncGenerator<readonly string[], void, undefined> {
    for await (const batch of this.#rows(game, 1, true)) yield batch.map((item) => item.line);
  }

  async *#rows(game: string, from: number, validate: boolean): AsyncGenerator<readonly { line: string; event: StoredEvent }[], void, undefined> {
    this.#assertOpen();
    let next = Math.max(1, from);
    // The chain is checked from the event before `from` on (its stored hash), as far as the game's stream goes.
    let prevHash = GENESIS;
    if (validate && next > 1) {
      const before = await this.#pool.query<{ hash: string }>(`SELECT hash FROM "${this.#schema}".events WHERE game = $1 AND seq = $2`, [game, next - 1]);
      const row = before.rows[0];
      if (row === undefined) return;
      prevHash = row.hash;
    }
    for (;;) {
      const rows = await this.#pool.query<EventRow>(
        `SELECT position, game, seq, hash, line FROM "${this.#schema}".events WHERE game = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
        [game, next, this.#batchSize],
      );
      const batch = rows.rows.map((row) => {
        if (row.seq !== next) throw new StoredRowError(game, Number(row.position), row.seq, 'seq', `expected ${next} (events missing or out of order)`);
        const event = decodeRow(row, validate ? { prevHash } : { trusted: true });
        prevHash = event.hash;
        next += 1;
        return { line: row.line, event };
      });
      if (batch.length > 0) yield batch;
      if (rows.rows.length < this.#batchSize) return;
    }
  }

  async *readAll(from = 1): AsyncGenerator<readonly FeedEvent[], void, undefined> {
    this.#assertOpen();
    let next = Math.max(1, from);
    for (;;) {
      const rows = await this.#pool.query<EventRow>(
        `SELECT position, game, seq, hash, line FROM "${this.#schema}".events WHERE position >= $1 ORDER BY position LIMIT $2`,
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
    const rows = await this.#pool.query<{ game: string }>(`SELECT game FROM "${this.#schema}".events WHERE seq = 1 ORDER BY position`);
    return rows.rows.map((row) => row.game);
  }

  /**
   * LISTENs on a connection of its own: appends by any process on this database and schema are heard. When the
   * database ends that connection it is made again, and `onGap` called: notifications may have been lost meanwhile.
   */
  async subscribe(listener: (change: StreamChange) => void, onGap: () => void = () => undefined): Promise<Unsubscribe> {
    this.#assertOpen();
    const listening = await listenChannel(this.#url, this.channel, listener, onGap);
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
    await this.#pool.end();
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('the event store is closed');
  }
}
