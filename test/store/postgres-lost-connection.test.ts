// The PostgreSQL store when its connection to the database is lost, through a proxy that the test cuts: before
// anything was sent the store is `unavailable` and nothing was written; during a commit the outcome is unknown
// (`outcome-unknown`), and indeed the database may have written the events.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { SurrenderGames } from '../../src/host/games.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { lockKey } from '../../src/store/postgres/postgres-schema.js';
import { StoreError } from '../../src/store/store-error.js';
import { gameStarted as startCommand } from '../support/fixtures.js';
import { describePg, queryRows, usePgDatabase } from '../support/pg.js';
import { pgProxy, type PgProxy } from '../support/pg-proxy.js';
import pg from 'pg';
import { counterSource, gameStarted, logged } from './support.js';

describePg('PostgresEventStore: a lost connection', () => {
  const db = usePgDatabase();
  let url = '';
  const proxies: PgProxy[] = [];
  beforeAll(() => {
    url = db.url();
  });
  afterEach(async () => {
    await Promise.all(proxies.splice(0).map((proxy) => proxy.stop()));
  });
  const proxy = async (): Promise<PgProxy> => {
    const made = await pgProxy(url);
    proxies.push(made);
    return made;
  };
  const rowCount = async (schema: string): Promise<number> =>
    Number((await queryRows<{ n: string }>(url, `SELECT count(*) AS n FROM "${schema}".events`))[0]?.n);

  it('a database out of reach: open is a StoreError of kind unavailable naming the socket error', async () => {
    const gone = await proxy();
    await gone.stop();
    const opening = PostgresEventStore.open({ url: gone.url, schema: db.schema() });
    await expect(opening).rejects.toBeInstanceOf(StoreError);
    await expect(opening).rejects.toMatchObject({ kind: 'unavailable', code: 'ENOENT', system: { code: 'ENOENT' } });
  });

  it(
    'the connection lost between calls: reads and appends are ' +
      'unavailable, nothing is written, and the host API says store-failed',
    async () => {
      const through = await proxy();
      const schema = db.schema();
      const store = await PostgresEventStore.open({ url: through.url, schema, source: counterSource() });
      expect(await store.gameHead('g1')).toMatchObject({ seq: 0 });
      await through.stop();
      await expect(store.gameHead('g1')).rejects.toMatchObject({ name: 'StoreError', kind: 'unavailable' });
      await expect(store.appendToGame('g1', [gameStarted('g1')], logVersion(0))).rejects.toMatchObject({
        kind: 'unavailable',
        code: 'ENOENT',
      });
      await expect(store.games()).rejects.toMatchObject({ kind: 'unavailable' });
      const games = await SurrenderGames.open(store);
      const result = await games.execute('g1', startCommand());
      expect(result).toMatchObject({ ok: false, rejection: { code: 'store-failed', rule: 'store' } });
      expect(result.ok ? '' : result.rejection.message).toMatch(
        /^the log could not be read or written \(ENOENT\): connect ENOENT .*; nothing was recorded$/,
      );
      expect(await rowCount(schema)).toBe(0);
      await games.close();
    },
  );

  it(
    'the connection lost while the commit waits for the feed lock: ' +
      'outcome-unknown, and the database wrote the events all the same',
    async () => {
      const through = await proxy();
      const schema = db.schema();
      const store = await PostgresEventStore.open({ url: through.url, schema, source: counterSource() });
      // Another session holds the feed lock: the append's one query (BEGIN ... COMMIT) waits for it in the database.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockKey(schema, 'feed')]);
      const append = store.appendToGame('g1', [gameStarted('g1'), logged('g1')], logVersion(0));
      const outcome = append.then(
        () => 'written',
        (error: unknown) => error,
      );
      // The append's session, found by its statement (this schema's append_events), and whether it waits for a lock.
      const appending = async (condition: string): Promise<number> =>
        Number(
          (
            await holder.query<{ n: string }>(
              `SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE $1 AND ${condition}`,
              [`%"${schema}".append_events(%`],
            )
          ).rows[0]?.n,
        );
      while ((await appending("wait_event_type = 'Lock'")) !== 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      through.cut();
      expect(await outcome).toMatchObject({
        name: 'StoreError',
        kind: 'outcome-unknown',
        message:
          "the commit's outcome is unknown (Connection terminated unexpectedly): the events may or may not have been " +
          "written; read the game's head before appending again",
      });
      // The statements were all in the database's hands: once the lock is free, it commits them.
      await holder.query('SELECT pg_advisory_unlock_all()');
      while ((await appending("state = 'active' AND pid <> pg_backend_pid()")) !== 0)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await rowCount(schema)).toBe(2);
      await holder.end();
      await store.close();
    },
  );
});
