// An append transaction in one round trip (docs/postgres.md): when every append of a batch names the head it
// expects (its version and, past the first event, that event's hash, as the engine always does) and each is to
// a game of its own, the rows are sealed before anything is read, and BEGIN, the feed lock, the check of each
// head, the rows and the COMMIT go in one query (the notifications after it: ./postgres-notify.ts). The feed lock is
// then held for the statements alone (./postgres-schema.ts takeFeed), never across a round trip to this process.
import type pg from 'pg';
import type { GameAppendResult } from '../game-streams.js';
import {
  appendEventsSql,
  GENESIS,
  resultsOf,
  type AppendRequest,
  type InsertedRow,
  type Part,
} from './postgres-append.js';
import { RELEASE_FEED, takeFeed } from './postgres-schema.js';
import { sealEvents } from '../seal.js';
import type { EnvelopeSource } from '../store.js';

/** Appends that can go in one round trip: each to a game of its own, with events, naming its expected head. */
export function fitsOneTrip(items: readonly AppendRequest[]): boolean {
  const games = new Set(items.map((item) => item.game));
  return (
    games.size === items.length &&
    items.every((item) => item.events.length > 0 && (item.expected === 0 || item.expectedHash !== undefined))
  );
}

/** What one round trip did: the appends written, and those it found stale (written nothing; the caller looks again). */
export interface OneTripResult {
  readonly written: ReadonlyMap<AppendRequest, GameAppendResult>;
  readonly notWritten: readonly AppendRequest[];
}

/**
 * Seals each append after the head it expects and sends the whole transaction at once. Under the lock, a game
 * whose stream holds an event past the expected version, or whose event at that version has another hash, gets
 * no row (the others are written): it is returned in `notWritten`. A DatabaseError means nothing was written and
 * leaves the transaction open to roll back; any other error leaves the commit unknown (the caller's to tell).
 */
export async function appendOneTrip(
  client: pg.PoolClient,
  names: { readonly schema: string },
  source: EnvelopeSource,
  items: readonly AppendRequest[],
): Promise<OneTripResult> {
  const parts: Part[] = items.map((item) => ({
    game: item.game,
    batch: sealEvents(
      item.events,
      { seq: item.expected, hash: item.expected === 0 ? GENESIS : (item.expectedHash ?? GENESIS) },
      source,
      { checked: true },
    ),
  }));
  // A head holds when the game's last event is at the expected version with the expected hash (none at version 0).
  const heads = items.map((item) => ({ game: item.game, seq: item.expected, hash: item.expectedHash ?? '' }));
  const results: unknown = await client.query(
    `BEGIN; ${takeFeed(names.schema)}; ${appendEventsSql(names, parts, heads)}; ${RELEASE_FEED}; COMMIT`,
  );
  // One result per statement: BEGIN, the lock, the rows, the lock given back, COMMIT.
  const inserted = (Array.isArray(results) ? results[2] : undefined) as pg.QueryResult<InsertedRow> | undefined;
  const rows = inserted?.rows ?? [];
  const writtenGames = new Set(rows.map((row) => row.game));
  const done = parts.filter((part) => writtenGames.has(part.game));
  const byGame = new Map(resultsOf(done, rows).map((result, i) => [done[i]?.game ?? '', result]));
  const written = new Map<AppendRequest, GameAppendResult>();
  const notWritten: AppendRequest[] = [];
  for (const item of items) {
    const result = byGame.get(item.game);
    if (result === undefined) notWritten.push(item);
    else written.set(item, result);
  }
  return { written, notWritten };
}
