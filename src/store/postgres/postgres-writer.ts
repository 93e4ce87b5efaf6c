// The writing side of the PostgreSQL store (./postgres.ts): appends committed in groups (./commit-queue.ts), each
// transaction in one round trip where its appends allow (./postgres-one-trip.ts), else the long way
// (./postgres-append.ts), and imports. Every transaction inserts under the schema's feed lock and gives it back
// before its COMMIT (./postgres-schema.ts takeFeed, ./postgres-feed.ts); the changes it committed are handed to the
// notifications after the COMMIT (./postgres-notify.ts).
import type pg from 'pg';
import { logVersion, type LogVersion } from '../../../events/index.js';
import { CommitQueue, type Outcome } from './commit-queue.js';
import type { GameAppendResult, StreamChange } from '../game-streams.js';
import { resealGame } from '../game-lines.js';
import {
  beginWithHeads,
  checkAndInsert,
  CommitFailed,
  insertAndCommit,
  type AppendRequest,
  type TransactionEnd,
} from './postgres-append.js';
import { neverSent, outcomeUnknown } from './pg-error.js';
import { isDatabaseError } from './pg-driver.js';
import { appendOneTrip, fitsOneTrip, type OneTripResult } from './postgres-one-trip.js';
import { RELEASE_FEED, ROLLBACK } from './postgres-schema.js';
import { commandOf } from '../command-events.js';
import { CommandRecordedError, ConcurrencyError, type EnvelopeSource, type LogHead } from '../store.js';

const UNIQUE_VIOLATION = '23505';

/** Whether `error` is PostgreSQL's refusal by the named unique constraint. */
const violates = (error: unknown, constraint: string): boolean =>
  isDatabaseError(error) && error.code === UNIQUE_VIOLATION && error.constraint === constraint;

/** Appends committed together at most (./commit-queue.ts). */
const MAX_BATCH = 64;

export class PostgresWriter {
  readonly #appends: CommitQueue<AppendRequest, GameAppendResult>;
  /** The connections the one-round-trip appends go on, held from the pool; those not committing now. */
  readonly #held = new Set<pg.PoolClient>();
  readonly #free: pg.PoolClient[] = [];

  /** `concurrency`: transactions committing at once (./commit-queue.ts), each on a connection of its own. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly names: { readonly schema: string },
    private readonly source: EnvelopeSource,
    private readonly head: (game: string) => Promise<LogHead>,
    concurrency: number,
    private readonly notify: (changes: readonly StreamChange[]) => void,
  ) {
    this.#appends = new CommitQueue(
      async (items) => {
        const outcomes = await this.#appendBatch(items);
        this.#committed(items, outcomes);
        return outcomes;
      },
      MAX_BATCH,
      concurrency,
    );
  }

  /** The changes of a batch's committed appends, for the notifications (./postgres-notify.ts). */
  #committed(items: readonly AppendRequest[], outcomes: readonly Outcome<GameAppendResult>[]): void {
    const changes: StreamChange[] = [];
    outcomes.forEach((outcome, i) => {
      const game = items[i]?.game;
      if (outcome.ok && outcome.value.events.length > 0 && game !== undefined)
        changes.push({ game, version: outcome.value.version, position: outcome.value.position });
    });
    if (changes.length > 0) this.notify(changes);
  }

  /** One append (its events checked by the caller), committed with those that arrive meanwhile. */
  append(request: AppendRequest): Promise<GameAppendResult> {
    return this.#appends.push(request);
  }

  /** Gives the held connections back to the pool (before the pool ends). */
  close(): void {
    for (const client of this.#held) client.release();
    this.#held.clear();
    this.#free.length = 0;
  }

  /**
   * Appends in one transaction: in one round trip where the batch allows (./postgres-one-trip.ts), the appends it
   * found stale then looked at again the long way; else the long way alone.
   */
  async #appendBatch(items: readonly AppendRequest[]): Promise<Outcome<GameAppendResult>[]> {
    const trip = fitsOneTrip(items) ? await this.#oneTrip(items) : null;
    if (trip === null) return this.#appendLongWay(items);
    const again = trip.notWritten.length === 0 ? [] : await this.#appendLongWay(trip.notWritten);
    const outcomes = new Map(
      trip.notWritten.map((item, i) => [item, again[i] ?? { ok: false as const, error: new Error('no outcome') }]),
    );
    return items.map((item): Outcome<GameAppendResult> => {
      const written = trip.written.get(item);
      return written === undefined
        ? (outcomes.get(item) ?? { ok: false, error: new Error('no outcome') })
        : { ok: true, value: written };
    });
  }

  /**
   * The batch in one round trip; null when the database refused it (nothing written: the long way then tells each its
   * outcome).
   */
  async #oneTrip(items: readonly AppendRequest[]): Promise<OneTripResult | null> {
    // A held connection's query is sent at once (the queue starts a batch before settling the last one).
    const client = this.#free.pop() ?? (await this.#holdWriter());
    try {
      const result = await appendOneTrip(client, this.names, this.source, items);
      this.#free.push(client);
      return result;
    } catch (error) {
      // Anything but the server's refusal (the connection lost) leaves the commit unknown, unless the query was never
      // sent: no append is tried again.
      if (!isDatabaseError(error)) {
        this.#dropWriter(client);
        throw neverSent(error) ? error : outcomeUnknown(error);
      }
      // Nothing was written: the long way tells each append its outcome, on another connection if this one failed.
      const rolledBack = await client.query(ROLLBACK).then(
        () => true,
        () => false,
      );
      if (rolledBack) this.#free.push(client);
      else this.#dropWriter(client);
      return null;
    }
  }

  async #holdWriter(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    // Checked out, the client is not watched by the pool: a connection lost while idle must not crash the process.
    client.on('error', () => this.#dropWriter(client));
    this.#held.add(client);
    return client;
  }

  /** Closes a held connection that failed (it may hold the feed lock: it is not given back to the pool). */
  #dropWriter(client: pg.PoolClient): void {
    if (!this.#held.delete(client)) return;
    const free = this.#free.indexOf(client);
    if (free >= 0) this.#free.splice(free, 1);
    client.release(true);
  }

  /**
   * Appends in one transaction: each checked against its game's head, read under the feed lock (a writer whose
   * commit is not yet visible can still have passed it: the unique (game, seq) then refuses this append), the stale
   * ones refused alone, the others written and committed at once. When a statement fails before the commit,
   * nothing was written: each append is tried again on its own, so that each gets its own outcome.
   */
  async #appendLongWay(items: readonly AppendRequest[]): Promise<Outcome<GameAppendResult>[]> {
    const [only] = items;
    try {
      const games = [...new Set(items.map((item) => item.game))];
      return await this.#transaction(items.length === 1 ? (only ?? null) : null, games, (client, heads) =>
        checkAndInsert(client, this.names, this.source, items, heads),
      );
    } catch (error) {
      // The commit itself failed: it may have been written, so no append of the batch is tried again.
      if (error instanceof CommitFailed) throw outcomeUnknown(error.cause);
      if (items.length === 1) throw error;
      const alone: Outcome<GameAppendResult>[] = [];
      for (const item of items) {
        alone.push(
          await this.#appendLongWay([item]).then(
            ([outcome]) => outcome ?? { ok: false, error: new Error('no outcome') },
            (failure: unknown) => ({ ok: false as const, error: failure }),
          ),
        );
      }
      return alone;
    }
  }

  /**
   * Imports a game's lines from a JSON Lines log (already verified) as its whole stream: renumbered and resealed
   * as a log of that game alone (./game-lines.ts). Refused, writing nothing, when the game already has events.
   */
  async importGame(game: string, lines: readonly string[]): Promise<GameAppendResult> {
    const batch = resealGame(lines);
    const [result] = await this.#transaction({ game, expected: logVersion(0) }, [game], async (client, heads) => {
      const tip = heads.get(game);
      if (tip !== undefined && tip.seq !== 0) throw new ConcurrencyError(0, tip.seq);
      return { outcomes: await insertAndCommit(client, this.names, [{ game, batch }]), committed: true };
    }).catch((error: unknown) => {
      throw error instanceof CommitFailed ? outcomeUnknown(error.cause) : error;
    });
    if (result === undefined) throw new Error(`the import of game ${game} wrote nothing`);
    this.notify([{ game, version: result.version, position: result.position }]);
    return result;
  }

  /**
   * Runs `body` in a transaction holding the schema's feed lock, with the heads of `games` read under it
   * (./postgres-append.ts beginWithHeads); a body that wrote nothing leaves it to be ended here. For one game's append
   * (`single`) a lost race on (game, seq) is a ConcurrencyError; a failure of the commit itself is a
   * CommitFailed (the rows may have been written).
   */
  async #transaction<R>(
    single: { readonly game: string; readonly expected: LogVersion; readonly events?: AppendRequest['events'] } | null,
    games: readonly string[],
    body: (client: pg.PoolClient, heads: Map<string, LogHead>) => Promise<TransactionEnd<R>>,
  ): Promise<R[]> {
    const client = await this.pool.connect();
    let committing = false;
    // A connection whose ROLLBACK failed may still hold the feed lock: it is closed, not given back to the pool.
    let broken = false;
    const rollBack = (): Promise<void> =>
      client.query(ROLLBACK).then(
        () => undefined,
        (failure: unknown) => {
          broken = true;
          throw failure;
        },
      );
    try {
      const heads = await beginWithHeads(client, this.names.schema, games);
      const end = await body(client, heads);
      if (!end.committed) {
        committing = true;
        // Nothing was written (every append stale): the lock given back, the transaction ended.
        await client.query(`${RELEASE_FEED}; COMMIT`);
      }
      return end.outcomes;
    } catch (error) {
      if (committing || error instanceof CommitFailed) {
        await rollBack().catch(() => undefined);
        throw error instanceof CommitFailed ? error : new CommitFailed(error);
      }
      await rollBack();
      if (single !== null) {
        // The unique constraint is the last word: a writer that slipped past the check lost.
        if (violates(error, 'events_game_seq_key'))
          throw new ConcurrencyError(single.expected, (await this.head(single.game)).seq);
        if (violates(error, 'events_game_id_key'))
          throw new Error(`an event id of game ${single.game} is already in its stream: ids must be unique`);
        // A command id the game holds: a writer recorded the command first (or the check was passed by).
        if (violates(error, 'events_game_command_id_key')) {
          const command = commandOf(single.events ?? []);
          if (command !== null) throw new CommandRecordedError(command.game, command.commandId);
          throw new Error(`a command id of game ${single.game} is already in its stream: a command is recorded once`);
        }
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }
}
