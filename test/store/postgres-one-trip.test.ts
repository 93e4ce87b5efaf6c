// The PostgreSQL store's append in one round trip (src/store/postgres/postgres-one-trip.ts): a batch whose appends each
// name their expected head (version and hash) and go to games of their own is one query, BEGIN to COMMIT; a
// stale head among them gets no row and its ConcurrencyError from the long way, the others are written.
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logVersion } from '../../events/index.js';
import { dollarQuoting, type AppendRequest } from '../../src/store/postgres/postgres-append.js';
import { fitsOneTrip } from '../../src/store/postgres/postgres-one-trip.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { ConcurrencyError, type EnvelopeSource } from '../../src/store/store.js';
import { describePg, queryRows, usePgDatabase } from '../support/pg.js';
import { counterSource, logged, waitUntil } from './support.js';

const hash = (c: string): string => c.repeat(64);
const request = (game: string, expected: number, expectedHash?: string, events = [logged(game)]): AppendRequest => ({
  game,
  events,
  expected: logVersion(expected),
  expectedHash,
});

describe('fitsOneTrip', () => {
  it('takes appends to games of their own, each with events and its expected head (a hash past version 0)', () => {
    expect(fitsOneTrip([request('g0', 0), request('g1', 3, hash('a'))])).toBe(true);
    expect(fitsOneTrip([request('g0', 0), request('g0', 1, hash('a'))])).toBe(false);
    expect(fitsOneTrip([request('g1', 3)])).toBe(false);
    expect(fitsOneTrip([request('g1', 3, hash('a'), [])])).toBe(false);
  });
});

describe('dollarQuoting', () => {
  it('dollar-quotes each text with a tag that no value of the statement holds', () => {
    expect(dollarQuoting(["it's \\ fine", 'g1']).texts(["it's \\ fine"])).toBe(
      "ARRAY[$awaw$it's \\ fine$awaw$]::text[]",
    );
    expect(dollarQuoting(['g1']).texts([])).toBe('ARRAY[]::text[]');
    // A value ending in "$awaw" would end "$awaw$" early where it meets the closing tag: the tag avoids the word.
    const quoting = dollarQuoting(['x$awaw', 'awaw_']);
    expect(quoting.texts(['x$awaw', 'awaw_'])).toBe('ARRAY[$awaw__$x$awaw$awaw__$, $awaw__$awaw_$awaw__$]::text[]');
    expect(quoting.text('awaw_schema')).toBe('$awaw__$awaw_schema$awaw__$');
  });
});

describePg('PostgresEventStore, one round trip', () => {
  const db = usePgDatabase();
  let url = '';
  beforeAll(() => {
    url = db.url();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const open = (source: EnvelopeSource = counterSource(), schema = db.schema()): Promise<PostgresEventStore> =>
    PostgresEventStore.open({ url, schema, source });
  const query = <R extends pg.QueryResultRow>(sql: string): Promise<R[]> => queryRows<R>(url, sql);
  const games = Array.from({ length: 6 }, (_, i) => `g${i}`);

  it('appends naming heads: one query a transaction, those that waited one commit; each heard after it', async () => {
    const store = await open();
    const heard: string[] = [];
    const unsubscribe = await store.subscribe((change) => heard.push(`${change.game}@${change.version}`));
    const firsts = await Promise.all(
      games.map((game) => store.appendToGame(game, [logged(game, 'one')], logVersion(0))),
    );
    // The first appends' notifications are heard before the second appends start, so that none of them can arrive
    // among the second ones (they are sent after their COMMIT, on a connection of their own).
    await waitUntil(() => heard.length >= games.length);
    expect([...heard].sort()).toEqual(games.map((game) => `${game}@1`));
    heard.length = 0;
    const queries = vi.spyOn(pg.Client.prototype, 'query');
    const seconds = await Promise.all(
      games.map((game, i) =>
        store.appendToGame(game, [logged(game, 'two')], firsts[i]?.version ?? logVersion(0), firsts[i]?.head.hash),
      ),
    );
    // The first append commits alone, the five that waited for it together: two transactions, two queries; their
    // notifications are sent after the COMMIT, on a connection of their own (none in the transaction's query).
    const texts = queries.mock.calls.map(([sql]: unknown[]) =>
      typeof sql === 'string' ? sql : String((sql as { text?: unknown } | undefined)?.text),
    );
    const transactions = texts.filter((text) => text.startsWith('BEGIN'));
    expect(transactions.length).toBe(2);
    expect(transactions.filter((text) => /notify/i.test(text))).toEqual([]);
    expect(seconds.map((r) => r.version)).toEqual(games.map(() => 2));
    expect(seconds.map((r) => r.position)).toEqual(games.map((_, i) => 7 + i));
    const rows = await query<{ game: string; seq: number; xmin: string }>(
      `SELECT game, seq, xmin::text FROM "${store.schema}".events WHERE seq = 2 ORDER BY position`,
    );
    expect(rows.map((r) => r.game)).toEqual(games);
    expect(new Set(rows.slice(1).map((r) => r.xmin)).size).toBe(1);
    expect(rows[0]?.xmin).not.toBe(rows[1]?.xmin);
    // Each game's chain holds: the head each append returned is the one stored.
    for (const [i, game] of games.entries()) expect(await store.gameHead(game)).toEqual(seconds[i]?.head);
    await waitUntil(() => heard.length >= games.length);
    expect(heard).toEqual(games.map((game) => `${game}@2`));
    await unsubscribe();
    await store.close();
  });

  it(
    'a head with another hash, or one another writer moved on, gets ' +
      'no row: ConcurrencyError each; the rest of the batch is written',
    async () => {
      const store = await open();
      const other = await open(counterSource('other'), store.schema);
      const firsts = await Promise.all(
        games.map((game) => store.appendToGame(game, [logged(game, 'one')], logVersion(0))),
      );
      // g4 moved on by another writer: its first head is stale now.
      await other.appendToGame('g4', [logged('g4', 'theirs')], logVersion(1), firsts[4]?.head.hash);
      const sent = games.map((game, i) =>
        store.appendToGame(
          game,
          [logged(game, 'two')],
          logVersion(1),
          game === 'g2' ? hash('f') : firsts[i]?.head.hash,
        ),
      );
      const outcomes = await Promise.allSettled(sent);
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      const reason = (i: number): unknown => {
        const outcome = outcomes[i];
        return outcome?.status === 'rejected' ? outcome.reason : null;
      };
      expect(reason(2)).toBeInstanceOf(ConcurrencyError);
      expect(reason(2)).toMatchObject({ expected: 1, actual: 1, changed: true });
      expect(reason(4)).toMatchObject({ name: 'ConcurrencyError', expected: 1, actual: 2, changed: false });
      const rows = await query<{ game: string; kind: string }>(
        `SELECT game, line::jsonb #>> '{data,kind}' AS kind FROM "${store.schema}".events WHERE seq = 2 ORDER BY game`,
      );
      expect(rows).toEqual([
        { game: 'g0', kind: 'two' },
        { game: 'g1', kind: 'two' },
        { game: 'g3', kind: 'two' },
        { game: 'g4', kind: 'theirs' },
        { game: 'g5', kind: 'two' },
      ]);
      await other.close();
      await store.close();
    },
  );

  it(
    'a batch the database refuses (a repeated event id) is ' +
      'rolled back whole and each append then gets its own outcome',
    async () => {
      const store = await open({ id: () => 's'.repeat(21), now: () => '2024-01-01T00:00:00.000Z' });
      const first = await store.appendToGame('g1', [logged('g1')], logVersion(0));
      const sent = [
        store.appendToGame('g0', [logged('g0')], logVersion(0)),
        store.appendToGame('g1', [logged('g1', 'again')], first.version, first.head.hash),
      ];
      sent.push(store.appendToGame('g2', [logged('g2')], logVersion(0)));
      const outcomes = await Promise.allSettled(sent);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const refused = outcomes[1];
      expect(refused?.status === 'rejected' ? String(refused.reason) : '').toBe(
        'Error: an event id of game g1 is already in its stream: ids must be unique',
      );
      expect(
        await query<{ game: string; seq: number }>(`SELECT game, seq FROM "${store.schema}".events ORDER BY position`),
      ).toEqual([
        { game: 'g1', seq: 1 },
        { game: 'g0', seq: 1 },
        { game: 'g2', seq: 1 },
      ]);
      // Nothing of the refused transaction is left open on the pool's connections: the next append goes through.
      expect((await store.appendToGame('g3', [logged('g3')], logVersion(0))).version).toBe(1);
      await store.close();
    },
  );

  it(
    'quotes, backslashes, dollar quotes and SQL in a line and in a ' +
      'head hash are literals: stored byte-exact, or refused as stale',
    async () => {
      const store = await open();
      const hostile = {
        quote: "O'Brien's '' ",
        backslash: 'C:\\units\\',
        dollar: '$$; DROP TABLE events; $$ $1',
        unicode: 'Dünkirchen \u2014 \u{1F6A2}',
        tags: '$awaw$ $awaw_$ $$ ends in $awaw',
        nul: '\u0000',
      };
      const first = await store.appendToGame('gh', [logged('gh', 'one')], logVersion(0));
      const second = await store.appendToGame('gh', [logged('gh', 'note', hostile)], first.version, first.head.hash);
      await expect(
        store.appendToGame('gh', [logged('gh')], second.version, "x'); DROP TABLE events; --"),
      ).rejects.toMatchObject({ name: 'ConcurrencyError', changed: true });
      const rows = await query<{ line: string }>(
        `SELECT line FROM "${store.schema}".events WHERE game = 'gh' ORDER BY seq`,
      );
      expect(rows.map((r) => (JSON.parse(r.line) as { data: { data: unknown } }).data.data)).toEqual([{}, hostile]);
      await store.close();
    },
  );
});
