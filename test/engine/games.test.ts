// SurrenderGames: the host API over game streams, on PostgreSQL and on one shared log. The same commands give
// the same bytes as the JSON Lines engine; two engines on one database each see what the other appended.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SurrenderGames } from '../../src/host/games.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { logText } from '../../src/store/game-lines.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { describePg, usePgDatabase } from '../support/pg.js';

const ROOT = join(import.meta.dirname, '..', '..');
const GAME = 'sea-lion-1941';
const example = readFileSync(join(ROOT, 'examples', `${GAME}.jsonl`), 'utf8');

async function play(games: SurrenderGames): Promise<void> {
  for (const [i, origin] of seaLion1941().events.entries()) {
    const result = await games.execute(GAME, origin);
    if (!result.ok) throw new Error(`command ${i + 1} (${origin.type}) refused: ${result.rejection.message}`);
  }
}

describe('SurrenderGames over one shared log', () => {
  it('plays the example game into the same bytes as the JSON Lines engine', async () => {
    const log = new MemoryEventStore({ source: deterministicSource(GAME) });
    const games = await SurrenderGames.open(log);
    await play(games);
    expect(log.toJsonl()).toBe(example);
    expect(await games.games()).toEqual([GAME]);
    expect((await games.game(GAME)).pending(GAME)).toEqual([]);
    await games.close();
  });

  it("an expected version is that of the game's stream: at another, stale-version and nothing appended", async () => {
    const log = new MemoryEventStore({ source: deterministicSource(GAME) });
    const games = await SurrenderGames.open(log);
    const [started, next] = seaLion1941().events;
    expect((await games.execute(GAME, started as never, { expectedVersion: 0 })).ok).toBe(true);
    expect(await games.execute(GAME, next as never, { expectedVersion: 0 })).toEqual({
      ok: false,
      rejection: {
        code: 'stale-version',
        rule: 'concurrency',
        message: 'expectedVersion: the log is at version 1, not 0: read it again and decide again',
      },
    });
    expect(await log.version()).toBe(1);
    expect((await games.execute(GAME, next as never, { expectedVersion: 1 })).ok).toBe(true);
    await games.close();
  });

  it('a command for no game id is refused, not thrown', async () => {
    const games = await SurrenderGames.open(new MemoryEventStore());
    expect(await games.execute('not a game!', { type: 'host.logged', data: {} } as never)).toMatchObject({
      ok: false,
      rejection: { code: 'malformed', rule: 'schema' },
    });
    await games.close();
  });
});

/** A SurrenderGames on its own store: what another process would open. */
const openGames = (url: string, schema: string): Promise<SurrenderGames> =>
  PostgresEventStore.open({ url, schema }).then((store) => SurrenderGames.open(store));

describePg('SurrenderGames on PostgreSQL', () => {
  const db = usePgDatabase();

  it("plays the example game: the game's stream is the example log, byte for byte", async () => {
    const [url, schema] = [db.url(), db.schema()];
    const store = await PostgresEventStore.open({ url, schema, source: deterministicSource(GAME) });
    const games = await SurrenderGames.open(store);
    await play(games);
    const lines: string[] = [];
    for await (const batch of store.exportGame(GAME)) lines.push(...batch);
    expect(logText(lines)).toBe(example);
    await games.close();
  });

  it(
    'a store failure is a typed rejection, never a throw: a ' +
      'hostile row names its game and position; a dropped table its SQLSTATE',
    async () => {
      const [url, schema] = [db.url(), db.schema()];
      const store = await PostgresEventStore.open({ url, schema });
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(
        `INSERT INTO "${schema}".events (game, seq, id, hash, line) VALUES ('g1', 1, 'x', $1, 'not json')`,
        ['0'.repeat(64)],
      );
      const games = await SurrenderGames.open(store);
      const hostile = await games.execute('g1', seaLion1941().events[0] as never);
      expect(hostile).toMatchObject({ ok: false, rejection: { code: 'store-failed', rule: 'store' } });
      expect(hostile.ok ? '' : hostile.rejection.message).toMatch(
        /^the log could not be read or written \(StoredRowError\): game g1, position \d+ \(seq 1\): not valid JSON/,
      );
      await client.query(`DROP TABLE "${schema}".events CASCADE`);
      await client.end();
      const dropped = await games.execute('g2', seaLion1941().events[0] as never);
      expect(dropped).toMatchObject({ ok: false, rejection: { code: 'store-failed', rule: 'store' } });
      expect(dropped.ok ? '' : dropped.rejection.message).toMatch(/\(SQLSTATE 42P01\)/);
      await games.close();
    },
  );

  it('two engines on one database: each hears what the other appended and decides against it', async () => {
    const [url, schema] = [db.url(), db.schema()];
    const script = seaLion1941().events;
    const [a, b] = await Promise.all([openGames(url, schema), openGames(url, schema)]);
    // b opens the game (empty) before a starts it; a's appends are heard by b and read before b's next use.
    expect((await b.game(GAME)).view(GAME)).toBeUndefined();
    expect(await a.execute(GAME, script[0] as never)).toMatchObject({ ok: true });
    for (let waited = 0; (await b.game(GAME)).view(GAME) === undefined && waited < 5000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await b.game(GAME)).version).toBe(1);
    // Alternate the rest of the script between the two: neither writes on a stale view.
    for (const [i, origin] of script.slice(1).entries()) {
      const result = await (i % 2 === 0 ? b : a).execute(GAME, origin);
      expect(result.ok, JSON.stringify(result)).toBe(true);
    }
    const [ea, eb] = [await a.game(GAME), await b.game(GAME)];
    await eb.catchUp();
    await ea.catchUp();
    expect(ea.version).toBe(eb.version);
    expect(ea.pending(GAME)).toEqual(eb.pending(GAME));
    expect(ea.version).toBe(example.split('\n').length - 2);
    await Promise.all([a.close(), b.close()]);
  });

  it(
    "two engines on one database: a's next use of a game reads b's acknowledged append even when no notification " +
      'comes (a lost LISTEN connection)',
    async () => {
      const [url, schema] = [db.url(), db.schema()];
      const script = seaLion1941().events;
      const [a, b] = await Promise.all([openGames(url, schema), openGames(url, schema)]);
      expect(await a.execute(GAME, script[0] as never)).toMatchObject({ ok: true });
      // a hears of its own append (and reads nothing new) before the listening stops.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await a.game(GAME)).version).toBe(1);
      // The database ends any listening connection (a restart, an idle timeout would too): nobody is notified now.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const ended = await admin.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query = $1',
        [`LISTEN "awaw_${schema}"`],
      );
      await admin.end();
      expect(ended.rows.every((row) => row.ended)).toBe(true);
      const appended = await b.execute(GAME, script[1] as never);
      expect(appended.ok).toBe(true);
      const engine = await a.game(GAME);
      expect(engine.version).toBe(appended.ok ? appended.head.seq : -1);
      expect(engine.pending(GAME)).toEqual((await b.game(GAME)).pending(GAME));
      await Promise.all([a.close(), b.close()]);
    },
  );
});
