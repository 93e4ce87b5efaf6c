// The feed's order on PostgreSQL with the feed lock given back before COMMIT (src/store/postgres/postgres-feed.ts,
// postgres-schema.ts takeFeed): a reader never goes past a position whose transaction may still commit, and no
// append, committed or refused, leaves the lock held.
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { GENESIS } from '../../src/store/postgres/postgres-append.js';
import { takeFeed } from '../../src/store/postgres/postgres-schema.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { sealEvents } from '../../src/store/seal.js';
import type { EnvelopeSource } from '../../src/store/store.js';
import { describePg, usePgDatabase } from '../support/pg.js';
import { counterSource, logged } from './support.js';

describePg('PostgresEventStore, the feed', () => {
  const db = usePgDatabase();
  let url = '';
  beforeAll(() => {
    url = db.url();
  });
  const open = (source: EnvelopeSource = counterSource(), schema = db.schema()): Promise<PostgresEventStore> =>
    PostgresEventStore.open({ url, schema, source });
  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };
  const feed = async (store: PostgresEventStore): Promise<string[]> => {
    const seen: string[] = [];
    for await (const batch of store.readAll(1))
      seen.push(...batch.map((e) => `${e.position} ${e.event.game}@${e.event.seq}`));
    return seen;
  };

  it(
    'a transaction that took a position and has not committed ' +
      'holds the feed back: later commits are read after it, none skipped',
    async () => {
      const store = await open();
      // Another writer inserts game a's first event under the feed lock, gives the lock back, and has not committed.
      const { lines, events } = sealEvents([logged('a')], { seq: 0, hash: GENESIS }, counterSource('a'));
      const other = await connect();
      await other.query(`BEGIN; ${takeFeed(store.schema)}`);
      await other.query(
        `INSERT INTO "${store.schema}".events (game, seq, id, hash, line) VALUES ('a', 1, $1, $2, $3)`,
        [events[0]?.id, events[0]?.hash, lines[0]],
      );
      await other.query('SELECT pg_advisory_unlock_all()');
      // This store's append takes the lock after it (position 2) and commits first.
      const b = await store.appendToGame('b', [logged('b')], logVersion(0));
      expect(b.position).toBe(2);
      expect(await feed(store)).toEqual([]);
      expect((await store.gameHead('b')).seq).toBe(1);
      await other.query('COMMIT');
      expect(await feed(store)).toEqual(['1 a@1', '2 b@1']);
      await other.end();
      await store.close();
    },
  );

  it('appends committed or refused (a repeated id, a stale head) leave no feed lock held', async () => {
    const store = await open({ id: () => 's'.repeat(21), now: () => '2024-01-01T00:00:00.000Z' });
    const first = await store.appendToGame('g1', [logged('g1')], logVersion(0));
    const outcomes = await Promise.allSettled([
      store.appendToGame('g1', [logged('g1', 'again')], first.version, first.head.hash),
      store.appendToGame('g2', [logged('g2')], logVersion(3), 'f'.repeat(64)),
      store.appendToGame('g1', [logged('g1', 'stale')], logVersion(0)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const client = await connect();
    const locks = await client.query<{ n: string }>(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'`);
    expect(Number(locks.rows[0]?.n)).toBe(0);
    await client.end();
    // Another store's append goes through at once. Positions 2 and 3 went to the repeated id's two INSERTs (one
    // round trip, then the long way), rolled back: an identity is not given back. The stale heads inserted nothing.
    const second = await open(counterSource('second'), store.schema);
    expect((await second.appendToGame('g3', [logged('g3')], logVersion(0))).position).toBe(4);
    await second.close();
    await store.close();
  });

  it('appendConcurrency: a whole number from 1 to 64, else refused on open naming the option', async () => {
    for (const bad of [0, 65, 1.5, Number.NaN]) {
      await expect(PostgresEventStore.open({ url, schema: db.schema(), appendConcurrency: bad })).rejects.toThrow(
        'appendConcurrency: expected a whole number of transactions from 1 to 64',
      );
    }
    const store = await PostgresEventStore.open({
      url,
      schema: db.schema(),
      source: counterSource(),
      appendConcurrency: 3,
    });
    const written = await Promise.all(
      ['x', 'y', 'z', 'w'].map((game) => store.appendToGame(game, [logged(game)], logVersion(0))),
    );
    expect(written.map((r) => r.version)).toEqual([1, 1, 1, 1]);
    expect(new Set(written.map((r) => r.position))).toEqual(new Set([1, 2, 3, 4]));
    await store.close();
  });
});
