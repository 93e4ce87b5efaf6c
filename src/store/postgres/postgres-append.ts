// The statements of an append transaction on PostgreSQL the long way (./postgres-writer.ts), two round trips:
// BEGIN with the feed lock and the heads of every game of the batch; then every row in one INSERT, the lock given
// back and the COMMIT. The fewer statements under the lock, the more appends a second. The notifications are sent
// after the COMMIT, by the writer (./postgres-notify.ts).
import type pg from 'pg';
import { logVersion, type LogVersion, type NewEvent } from '../../../events/index.js';
import type { GameAppendResult } from '../game-streams.js';
import { headerLine } from '../line-format.js';
import { neverSent } from './pg-error.js';
import { isDatabaseError } from './pg-driver.js';
import { RELEASE_FEED, takeFeed } from './postgres-schema.js';
import type { Outcome } from './commit-queue.js';
import { sealEvents, type SealedBatch } from '../seal.js';
import { checkExpected, type EnvelopeSource, type LogHead } from '../store.js';

/** The hash a game's chain starts from: the log header's. */
export const GENESIS = headerLine().hash;

/** One append to one game's stream, as appendToGame was called. */
export interface AppendRequest {
  readonly game: string;
  readonly events: readonly NewEvent[];
  readonly expected: LogVersion;
  readonly expectedHash: string | undefined;
}

export type Sealed = Pick<SealedBatch, 'lines' | 'events' | 'tip'>;

/** The COMMIT of an append transaction failed: its rows may or may not have been written. */
export class CommitFailed extends Error {
  override readonly name = 'CommitFailed';
  constructor(override readonly cause: unknown) {
    super(`the commit failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * BEGIN, the schema's feed lock and the head of each game (the genesis tip for a game without events) in one round
 * trip. Every append of the schema inserts under the lock (./postgres-schema.ts takeFeed), so feed positions and
 * transaction ids are given in one order (./postgres-feed.ts). A head read here can still be passed by a writer
 * whose commit is not yet visible: its unique (game, seq) then refuses this append, which writes nothing.
 * Several statements go in one simple-protocol query, so nothing is a parameter:
 * the lock key is made of the schema's name (SCHEMA_PATTERN: letters, digits, _) and the games are quoted literals.
 */
export async function beginWithHeads(
  client: pg.PoolClient,
  schema: string,
  games: readonly string[],
): Promise<Map<string, LogHead>> {
  const list = games.map((game) => client.escapeLiteral(game)).join(', ');
  const results: unknown = await client.query(
    `BEGIN; ${takeFeed(schema)};
     SELECT g.game, e.seq, e.hash FROM unnest(ARRAY[${list}]::text[]) AS g(game)
     CROSS JOIN LATERAL (SELECT seq, hash FROM "${schema}".events WHERE game = g.game ORDER BY seq DESC LIMIT 1) AS e`,
  );
  // A query of several statements resolves with one result each: the heads are the last.
  const last = (Array.isArray(results) ? results.at(-1) : results) as
    | pg.QueryResult<{ game: string; seq: number; hash: string }>
    | undefined;
  const heads = new Map<string, LogHead>(games.map((game) => [game, { seq: logVersion(0), hash: GENESIS }]));
  for (const row of last?.rows ?? []) heads.set(row.game, { seq: logVersion(row.seq), hash: row.hash });
  return heads;
}

export type Part = { readonly game: string; readonly batch: Sealed };
export type InsertedRow = { game: string; seq: number; position: string };

/** One row a sealed event, in the order the parts give them. */
const rowsOf = (parts: readonly Part[]) =>
  parts.flatMap(({ game, batch }) =>
    batch.events.map((event, i) => ({
      game,
      seq: event.seq,
      id: event.id,
      hash: event.hash,
      line: batch.lines[i] ?? '',
      commandId: event.commandId ?? null,
    })),
  );

/** Each part's result: its new head and the feed position of its last row, from the rows the INSERT returned. */
export function resultsOf(parts: readonly Part[], inserted: readonly InsertedRow[]): GameAppendResult[] {
  const positions = new Map(inserted.map((row) => [`${row.seq} ${row.game}`, Number(row.position)]));
  return parts.map(({ game, batch }) => {
    const position = Math.max(0, ...batch.events.map((event) => positions.get(`${event.seq} ${game}`) ?? 0));
    const head: LogHead = { seq: logVersion(batch.tip.seq), hash: batch.tip.hash };
    return { version: head.seq, events: batch.events, head, position };
  });
}

/** What an append expects of a game's head: the version, and past version 0 the hash of the event there. */
export interface ExpectedHead {
  readonly game: string;
  readonly seq: number;
  readonly hash: string;
}

/**
 * The call of the schema's append_events (migration 5: no notification in the transaction) that inserts the parts'
 * rows, in the order given, but those of a game whose head is not as `heads` expects (none given: every row), and
 * returns the rows written; every value a dollar-quoted literal, so that it can share a simple-protocol query with
 * others.
 */
export function appendEventsSql(
  names: { readonly schema: string },
  parts: readonly Part[],
  heads: readonly ExpectedHead[],
): string {
  const rows = rowsOf(parts);
  const { texts } = dollarQuoting([
    ...rows.flatMap((r) => [r.game, r.id, r.hash, r.line, r.commandId ?? '']),
    ...heads.flatMap((h) => [h.game, h.hash]),
  ]);
  const integers = (values: readonly number[]): string =>
    `ARRAY[${values.map((v) => String(Math.trunc(v))).join(', ')}]::integer[]`;
  const args = [
    texts(rows.map((r) => r.game)),
    integers(rows.map((r) => r.seq)),
    texts(rows.map((r) => r.id)),
    texts(rows.map((r) => r.hash)),
    texts(rows.map((r) => r.line)),
    texts(rows.map((r) => r.commandId)),
    texts(heads.map((h) => h.game)),
    integers(heads.map((h) => h.seq)),
    texts(heads.map((h) => h.hash)),
  ];
  return (
    `SELECT r_game AS game, r_seq AS seq, r_position AS position FROM ` +
    `"${names.schema}".append_events(${args.join(', ')})`
  );
}

/**
 * Dollar-quoted literals, for a statement holding (at most) `values`: no character is escaped by hand (an event
 * line is some hundred bytes of JSON, quotes and backslashes included). The tag is a word found in none of the
 * values, so that no value can end a literal early, even where it meets the closing tag. Arrays of constants, as
 * unnest's argument, are what the planner counts exactly (a json function is taken for 100 rows).
 */
export function dollarQuoting(values: readonly string[]): {
  readonly text: (text: string) => string;
  readonly texts: (texts: readonly (string | null)[]) => string;
} {
  let tag = 'awaw';
  while (values.some((value) => value.includes(tag))) tag = `${tag}_`;
  const text = (one: string): string => `$${tag}$${one}$${tag}$`;
  return {
    text,
    texts: (texts) => `ARRAY[${texts.map((one) => (one === null ? 'NULL' : text(one))).join(', ')}]::text[]`,
  };
}

/**
 * The rows and the COMMIT in one round trip: one simple-protocol query (append_events, the feed lock given back,
 * COMMIT), every value a dollar-quoted literal. A DatabaseError is the server's refusal, of the INSERT or of the
 * COMMIT: nothing was written. Anything else (the connection lost) but a query never sent leaves the commit unknown:
 * CommitFailed.
 */
export async function insertAndCommit(
  client: pg.PoolClient,
  names: { readonly schema: string },
  parts: readonly Part[],
): Promise<GameAppendResult[]> {
  let results: unknown;
  try {
    results = await client.query(`${appendEventsSql(names, parts, [])}; ${RELEASE_FEED}; COMMIT`);
  } catch (error) {
    if (isDatabaseError(error) || neverSent(error)) throw error;
    throw new CommitFailed(error);
  }
  // A query of several statements resolves with one result each: the rows are the first.
  const first = (Array.isArray(results) ? results[0] : results) as pg.QueryResult<InsertedRow> | undefined;
  return resultsOf(parts, first?.rows ?? []);
}

/** How a transaction's body ends: it committed itself, or it wrote nothing and leaves the caller to end it. */
export interface TransactionEnd<R> {
  readonly outcomes: R[];
  readonly committed: boolean;
}

/**
 * The appends of one transaction, under the feed lock: each checked against its game's head (`heads`, read under
 * the lock by beginWithHeads, and moved on here by the appends before it in the batch), a stale one refused alone
 * with its ConcurrencyError, the others sealed, inserted and committed (insertAndCommit). With no row to write,
 * the caller commits.
 */
export async function checkAndInsert(
  client: pg.PoolClient,
  names: { readonly schema: string },
  source: EnvelopeSource,
  items: readonly AppendRequest[],
  heads: Map<string, LogHead>,
): Promise<TransactionEnd<Outcome<GameAppendResult>>> {
  const parts: Part[] = [];
  const refused: (Outcome<GameAppendResult> | null)[] = items.map((item) => {
    const tip = heads.get(item.game) ?? { seq: logVersion(0), hash: GENESIS };
    const stale = checkExpected(tip, item.expected, item.expectedHash);
    if (stale !== null) return { ok: false, error: stale };
    if (item.events.length === 0)
      return { ok: true, value: { version: logVersion(tip.seq), events: [], head: tip, position: 0 } };
    const batch = sealEvents(item.events, tip, source, { checked: true });
    heads.set(item.game, { seq: logVersion(batch.tip.seq), hash: batch.tip.hash });
    parts.push({ game: item.game, batch });
    return null;
  });
  if (parts.length === 0)
    return {
      outcomes: refused.map((outcome) => outcome ?? { ok: false, error: new Error('no outcome') }),
      committed: false,
    };
  const results = await insertAndCommit(client, names, parts);
  let next = 0;
  const outcomes = refused.map((outcome): Outcome<GameAppendResult> => {
    if (outcome !== null) return outcome;
    const value = results[next];
    next += 1;
    return value === undefined
      ? { ok: false, error: new Error('the insert returned no result for this append') }
      : { ok: true, value };
  });
  return { outcomes, committed: true };
}
