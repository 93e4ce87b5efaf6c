// The PostgreSQL store: both contracts, the database's own guarantees (the unique constraint, gapless streams,
// append-only rows), concurrency across connections, migrations, notifications and hostile rows.
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { gameLog } from '../../src/store/game-log.js';
import { headerLine } from '../../src/store/line-format.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { migrate } from '../../src/store/postgres/postgres-schema.js';
import { ConcurrencyError, type EnvelopeSource } from '../../src/store/store.js';
import { describePg, queryRows, usePgDatabase } from '../support/pg.js';
import { describeEventStoreContract } from './contract.js';
import { describeGameStreamContract } from './stream-contract.js';
import { counterSource, gameStarted, logged, waitUntil } from './support.js';

describePg('PostgresEventStore', () => {
  const db = usePgDatabase();
  let url = '';
  beforeAll(() => {
    url = db.url();
  });
  const open = (source: EnvelopeSource = counterSource(), schema = db.schema()): Promise<PostgresEventStore> =>
    PostgresEventStore.open({ url, schema, source });
  const query = <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<R[]> =>
    queryRows<R>(url, sql, values);

  describeEventStoreContract(
    "PostgresEventStore, one game's stream",
    async (source) => {
      const store = await open(source);
      return { ...gameLog(store, 'g1'), close: () => store.close() };
    },
    { singleGame: true },
  );
  describeGameStreamContract('PostgresEventStore', (source) => open(source), { sealsBeforeCheck: true });

  it("a game's rows are the lines of a log of that game alone: seq 1..n, chained from the header's hash", async () => {
    const store = await open();
    await store.appendToGame('g1', [gameStarted('g1')], logVersion(0));
    await store.appendToGame('g2', [gameStarted('g2'), logged('g2')], logVersion(0));
    const g1 = await store.appendToGame('g1', [logged('g1')], logVersion(1));
    expect(g1.events.map((e) => e.seq)).toEqual([2]);
    const rows = await query<{ game: string; seq: number; position: string }>(
      `SELECT game, seq, position FROM "${store.schema}".events ORDER BY position`,
    );
    expect(rows.map((r) => [r.game, r.seq, Number(r.position)])).toEqual([
      ['g1', 1, 1],
      ['g2', 1, 2],
      ['g2', 2, 3],
      ['g1', 2, 4],
    ]);
    const [first] = (await store.readGame('g1')[Symbol.asyncIterator]().next()).value ?? [];
    expect(first?.hash).toBe(
      (await query<{ hash: string }>(`SELECT hash FROM "${store.schema}".events WHERE game = 'g1' AND seq = 1`))[0]
        ?.hash,
    );
    await store.close();
  });

  it(
    'two connections appending to the same game at the same ' +
      'version: one wins, the other gets ConcurrencyError and writes nothing',
    async () => {
      const schema = db.schema();
      const [a, b] = await Promise.all([open(counterSource('a'), schema), open(counterSource('b'), schema)]);
      await a.appendToGame('g1', [gameStarted('g1')], logVersion(0));
      for (let round = 1; round <= 10; round += 1) {
        const results = await Promise.allSettled([
          a.appendToGame('g1', [logged('g1', `a${round}`)], logVersion(round)),
          b.appendToGame('g1', [logged('g1', `b${round}`)], logVersion(round)),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const lost = results.find((r) => r.status === 'rejected');
        expect(lost?.status === 'rejected' ? lost.reason : null).toBeInstanceOf(ConcurrencyError);
        expect(lost?.status === 'rejected' ? lost.reason : null).toMatchObject({ expected: round, actual: round + 1 });
      }
      const rows = await query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".events`);
      expect(Number(rows[0]?.n)).toBe(11);
      await Promise.all([a.close(), b.close()]);
    },
  );

  it('appends to different games at the same time never conflict', async () => {
    const schema = db.schema();
    const stores = await Promise.all([1, 2, 3, 4].map(() => open(counterSource(), schema)));
    const games = stores.map((_, i) => `game-${i}`);
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(
        stores.map((store, i) =>
          store.appendToGame(games[i] as string, [logged(games[i] as string, `r${round}`)], logVersion(round)),
        ),
      );
    }
    expect(await stores[0]?.games()).toHaveLength(4);
    for (const [i, game] of games.entries()) expect(await stores[i]?.gameHead(game)).toMatchObject({ seq: 5 });
    await Promise.all(stores.map((store) => store.close()));
  });

  it('the database refuses what the code would: a repeated (game, seq), a gap, a change or a removal', async () => {
    const store = await open();
    const { events } = await store.appendToGame('g1', [logged('g1')], logVersion(0));
    const line = (await query<{ line: string }>(`SELECT line FROM "${store.schema}".events`))[0]?.line ?? '';
    const insert = (seq: number, id: string) =>
      query(`INSERT INTO "${store.schema}".events (game, seq, id, hash, line) VALUES ('g1', $1, $2, $3, $4)`, [
        seq,
        id,
        events[0]?.hash,
        line,
      ]);
    await expect(insert(1, 'other-id')).rejects.toMatchObject({ code: '23505', constraint: 'events_game_seq_key' });
    await expect(insert(3, 'other-id')).rejects.toMatchObject({ code: '23503', constraint: 'events_gapless' });
    await expect(query(`UPDATE "${store.schema}".events SET line = 'x'`)).rejects.toThrow(/append-only/);
    await expect(query(`DELETE FROM "${store.schema}".events`)).rejects.toThrow(/append-only/);
    expect((await store.gameHead('g1')).seq).toBe(1);
    await store.close();
  });

  it(
    'a writer that slips past the check (a row committed while the append was deciding) loses on the unique ' +
      'constraint: ConcurrencyError, nothing written',
    async () => {
      const store = await open();
      const { events } = await store.appendToGame('g1', [logged('g1')], logVersion(0));
      const line = (await query<{ line: string }>(`SELECT line FROM "${store.schema}".events`))[0]?.line ?? '';
      // Another writer, not taking the feed lock, inserts seq 2 and holds its transaction open.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO "${store.schema}".events (game, seq, id, hash, line) VALUES ('g1', 2, 'other-writer', $1, $2)`,
        [events[0]?.hash, line],
      );
      // The append reads version 1 (the other row is not committed), inserts seq 2 and waits on the unique index.
      const append = store.appendToGame('g1', [logged('g1', 'mine')], logVersion(1));
      const outcome = append.then(
        () => 'written',
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      await other.end();
      const error = await outcome;
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect(error).toMatchObject({ expected: 1, actual: 2 });
      expect(await query<{ id: string }>(`SELECT id FROM "${store.schema}".events ORDER BY seq`)).toEqual([
        { id: events[0]?.id },
        { id: 'other-writer' },
      ]);
      await store.close();
    },
  );

  it('migrations run once: opening again, or several stores at once on a new schema, applies each once', async () => {
    const schema = db.schema();
    const clients = await Promise.all(
      [1, 2, 3].map(async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        return client;
      }),
    );
    const applied = await Promise.all(clients.map((client) => migrate(client, schema)));
    expect(applied.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(await migrate(clients[0] as pg.Client, schema)).toEqual([]);
    await Promise.all(clients.map((client) => client.end()));
    const stores = await Promise.all([open(undefined, schema), open(undefined, schema)]);
    expect(
      await query<{ version: number; name: string }>(`SELECT version, name FROM "${schema}".schema_migrations`),
    ).toEqual([
      { version: 1, name: 'one stream per game' },
      { version: 2, name: 'seat token hashes' },
      { version: 3, name: 'feed by transaction' },
      { version: 4, name: 'command ids' },
      { version: 5, name: 'notifications after commit' },
    ]);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('a database schema newer than this engine knows is refused on open', async () => {
    const store = await open();
    await store.close();
    await query(`INSERT INTO "${store.schema}".schema_migrations (version, name) VALUES (99, 'from the future')`);
    await expect(open(undefined, store.schema)).rejects.toThrow(
      `the database schema "${store.schema}" is at version 99, ` +
        `newer than this engine knows (5): upgrade awaw-surrender`,
    );
  });

  it('NOTIFY: a store on a second connection hears the appends of the first', async () => {
    const schema = db.schema();
    const [writer, reader] = await Promise.all([open(counterSource(), schema), open(counterSource(), schema)]);
    const heard: unknown[] = [];
    const unsubscribe = await reader.subscribe((change) => heard.push(change));
    // Anyone may notify on the channel: what is not a change is not passed on (nor thrown in the listener's client).
    await query(`SELECT pg_notify($1, 'not json'), pg_notify($1, '{"game":1}')`, [reader.channel]);
    const result = await writer.appendToGame('g7', [logged('g7'), logged('g7')], logVersion(0));
    await waitUntil(() => heard.length > 0);
    expect(heard).toEqual([{ game: 'g7', version: 2, position: result.position }]);
    await unsubscribe();
    await Promise.all([writer.close(), reader.close()]);
  });

  it('a hostile row inserted by hand is refused on read, naming the game and the position', async () => {
    const store = await open();
    const { events } = await store.appendToGame('g1', [logged('g1')], logVersion(0));
    const good = (await query<{ line: string }>(`SELECT line FROM "${store.schema}".events`))[0]?.line ?? '';
    // A bad payload, sealed correctly so that only the schema check can find it.
    const badJson = JSON.stringify({
      ...JSON.parse(good),
      seq: 2,
      id: 'hostile-0000000000001',
      data: { turn: { year: 1800, season: 'spring' }, kind: 'x', data: {} },
    });
    const { sealLine } = await import('../../src/store/line-format.js');
    const sealed = sealLine(events[0]?.hash ?? '', `${badJson.slice(0, badJson.lastIndexOf(',"hash"'))}}`);
    const [row] = await query<{ position: string }>(
      `INSERT INTO "${store.schema}".events (game, seq, id, hash, line) VALUES ('g1', 2, 'hostile', $1, $2) ` +
        `RETURNING position`,
      [sealed.hash, sealed.line],
    );
    const read = async (validate: boolean): Promise<void> => {
      for await (const batch of store.readGame('g1', { validate })) void batch;
    };
    await expect(read(true)).rejects.toThrow(
      `game g1, position ${Number(row?.position)} (seq 2): data.turn.year: expected an integer from 1900 to 2100`,
    );
    await expect(
      (async () => {
        for await (const batch of store.readAll()) void batch;
      })(),
    ).rejects.toMatchObject({ name: 'StoredRowError', game: 'g1', position: Number(row?.position) });
    // A torn line: cut mid-way.
    await query(`INSERT INTO "${store.schema}".events (game, seq, id, hash, line) VALUES ('g2', 1, 'torn', $1, $2)`, [
      '0'.repeat(64),
      good.slice(0, 40),
    ]);
    await expect(
      (async () => {
        for await (const batch of store.readGame('g2', { validate: false })) void batch;
      })(),
    ).rejects.toThrow(/^game g2, position \d+ \(seq 1\): not valid JSON/);
    expect(await store.gameHead('g9')).toEqual({ seq: 0, hash: headerLine().hash });
    await store.close();
  });
});
