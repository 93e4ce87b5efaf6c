// The PostgreSQL store's group commit (src/store/postgres/commit-queue.ts): appends that arrive while one commits are
// written together in the next transaction, one commit for all, and each still gets its own outcome.
import type pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { ConcurrencyError, type EnvelopeSource } from '../../src/store/store.js';
import { describePg, queryRows, usePgDatabase } from '../support/pg.js';
import { counterSource, logged, waitUntil } from './support.js';

describePg('PostgresEventStore, group commit', () => {
  const db = usePgDatabase();
  let url = '';
  beforeAll(() => {
    url = db.url();
  });
  const open = (source: EnvelopeSource = counterSource()): Promise<PostgresEventStore> =>
    PostgresEventStore.open({ url, schema: db.schema(), source });
  const query = <R extends pg.QueryResultRow>(sql: string): Promise<R[]> => queryRows<R>(url, sql);
  const games = Array.from({ length: 10 }, (_, i) => `g${i}`);

  it(
    'ten appends sent at once: the first commits alone, the nine that waited for it in one transaction; all ' +
      'written, in order, each heard',
    async () => {
      const store = await open();
      const heard: string[] = [];
      const unsubscribe = await store.subscribe((change) => heard.push(`${change.game}@${change.version}`));
      const results = await Promise.all(games.map((game) => store.appendToGame(game, [logged(game)], logVersion(0))));
      expect(results.map((r) => [r.version, r.events.map((e) => e.game)])).toEqual(games.map((game) => [1, [game]]));
      // Positions in the order the appends were sent, each append's own.
      expect(results.map((r) => r.position)).toEqual(games.map((_, i) => i + 1));
      // xmin: the transaction that wrote the row.
      const rows = await query<{ game: string; xmin: string }>(
        `SELECT game, xmin::text FROM "${store.schema}".events ORDER BY position`,
      );
      expect(rows.map((r) => r.game)).toEqual(games);
      expect(new Set(rows.map((r) => r.xmin)).size).toBe(2);
      expect(new Set(rows.slice(1).map((r) => r.xmin)).size).toBe(1);
      await waitUntil(() => heard.length >= games.length);
      expect(heard).toEqual(games.map((game) => `${game}@1`));
      await unsubscribe();
      await store.close();
    },
  );

  it('a stale append among those committed together is refused alone (ConcurrencyError); others written', async () => {
    const store = await open();
    // The first goes alone; then g1 twice at version 0 in one batch: the second is behind the first.
    const sent = [
      store.appendToGame('g0', [logged('g0')], logVersion(0)),
      store.appendToGame('g1', [logged('g1', 'first')], logVersion(0)),
    ];
    sent.push(
      store.appendToGame('g1', [logged('g1', 'second')], logVersion(0)),
      store.appendToGame('g2', [logged('g2')], logVersion(0)),
    );
    const outcomes = await Promise.allSettled(sent);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const refused = outcomes[2];
    expect(refused?.status === 'rejected' ? refused.reason : null).toBeInstanceOf(ConcurrencyError);
    expect(refused?.status === 'rejected' ? refused.reason : null).toMatchObject({ expected: 0, actual: 1 });
    const rows = await query<{ game: string; kind: string }>(
      `SELECT game, line::jsonb #>> '{data,kind}' AS kind FROM "${store.schema}".events ORDER BY position`,
    );
    expect(rows).toEqual([
      { game: 'g0', kind: 'move' },
      { game: 'g1', kind: 'first' },
      { game: 'g2', kind: 'move' },
    ]);
    await store.close();
  });

  it(
    'an append the database refuses within a batch (an id already in ' +
      'its stream) fails alone, with its own error; the others are written',
    async () => {
      // Every event gets the same id: unique within each game's first event, a repeat for g1's second.
      const store = await open({ id: () => 's'.repeat(21), now: () => '2024-01-01T00:00:00.000Z' });
      await store.appendToGame('g1', [logged('g1')], logVersion(0));
      const sent = [
        store.appendToGame('g0', [logged('g0')], logVersion(0)),
        store.appendToGame('g1', [logged('g1', 'again')], logVersion(1)),
      ];
      sent.push(
        store.appendToGame('g2', [logged('g2')], logVersion(0)),
        store.appendToGame('g3', [logged('g3')], logVersion(0)),
      );
      const outcomes = await Promise.allSettled(sent);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
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
        { game: 'g3', seq: 1 },
      ]);
      await store.close();
    },
  );

  it(
    'rows, notifications and COMMIT go as quoted literals in one query: quotes, backslashes, dollar quotes and ' +
      'SQL in a line are stored byte-exact',
    async () => {
      const store = await open();
      const heard: string[] = [];
      const unsubscribe = await store.subscribe((change) => heard.push(`${change.game}@${change.version}`));
      const hostile = {
        quote: "O'Brien's '' ",
        backslash: 'C:\\units\\',
        dollar: '$$; DROP TABLE events; $$ $1',
        unicode: 'Dünkirchen \u2014 \u{1F6A2}',
        nul: '\u0000',
      };
      const game = 'g-hostile';
      const [written] = await Promise.all([store.appendToGame(game, [logged(game, 'note', hostile)], logVersion(0))]);
      const rows = await query<{ line: string }>(`SELECT line FROM "${store.schema}".events ORDER BY position`);
      expect(rows.map((r) => (JSON.parse(r.line) as { data: { data: unknown } }).data.data)).toEqual([hostile]);
      expect(written?.events[0]?.data).toEqual({ turn: { year: 1941, season: 'spring' }, kind: 'note', data: hostile });
      await waitUntil(() => heard.length >= 1);
      expect(heard).toEqual([`${game}@1`]);
      await unsubscribe();
      await store.close();
    },
  );
});
