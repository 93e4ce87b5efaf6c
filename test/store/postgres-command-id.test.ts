// The PostgreSQL store's command ids beyond the contract (./command-contract.ts): the unique (game, command_id) of
// migration 4 holds whatever the code does, and a schema of the build before is upgraded with its rows as they were.
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { headerLine, sealLine } from '../../src/store/line-format.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { MIGRATIONS } from '../../src/store/postgres/postgres-schema.js';
import { describePg, queryRows, usePgDatabase } from '../support/pg.js';
import { counterSource, envelopeOf, logged } from './support.js';

describePg('PostgresEventStore: command ids', () => {
  const db = usePgDatabase();
  let url = '';
  beforeAll(() => {
    url = db.url();
  });

  it("the column holds the first event's id only, and the database refuses a second row with it", async () => {
    const store = await PostgresEventStore.open({ url, schema: db.schema(), source: counterSource() });
    const { events } = await store.appendToGame(
      'g1',
      [{ ...logged('g1', 'a'), commandId: 'c-1' }, logged('g1', 'b')],
      logVersion(0),
    );
    expect(
      await queryRows<{ seq: number; command_id: string | null }>(
        url,
        `SELECT seq, command_id FROM "${store.schema}".events ORDER BY seq`,
      ),
    ).toEqual([
      { seq: 1, command_id: 'c-1' },
      { seq: 2, command_id: null },
    ]);
    const line = events[1] === undefined ? '' : JSON.stringify(events[1]);
    await expect(
      queryRows(
        url,
        `INSERT INTO "${store.schema}".events (game, seq, id, hash, line, command_id) ` +
          `VALUES ('g1', 3, 'other-id', $1, $2, 'c-1')`,
        [events[1]?.hash, line],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'events_game_command_id_key' });
    await expect(
      queryRows(
        url,
        `INSERT INTO "${store.schema}".events (game, seq, id, hash, line, command_id) ` +
          `VALUES ('g1', 3, 'other-id', $1, $2, 'not an id')`,
        [events[1]?.hash, line],
      ),
    ).rejects.toMatchObject({ code: '23514' });
    await store.close();
  });

  it('a schema of the build before is upgraded: its rows read as they were, its own append still works', async () => {
    const schema = db.schema();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.query(
      `CREATE TABLE "${schema}".schema_migrations (version integer PRIMARY KEY, name text NOT NULL, ` +
        `applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    for (const migration of MIGRATIONS.slice(0, 3)) {
      await client.query(migration.sql(schema));
      await client.query(`INSERT INTO "${schema}".schema_migrations (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
    }
    const old = sealLine(headerLine().hash, JSON.stringify(envelopeOf(1, { id: 'old-row-000000000000' })));
    // What a process of the build before sends: migration 3's append_events, without command ids.
    await client.query(
      `SELECT * FROM "${schema}".append_events(ARRAY['g1']::text[], ARRAY[1]::integer[], ` +
        `ARRAY['old-row-000000000000']::text[], ARRAY[$1]::text[], ARRAY[$2]::text[], ARRAY[]::text[], ` +
        `ARRAY[]::integer[], ARRAY[]::text[], 'awaw_${schema}')`,
      [old.hash, old.line],
    );
    const store = await PostgresEventStore.open({ url, schema, source: counterSource() });
    const head = await store.gameHead('g1');
    expect(head).toEqual({ seq: 1, hash: old.hash });
    const appended = await store.appendToGame('g1', [{ ...logged('g1'), commandId: 'c-1' }], head.seq, head.hash);
    expect(await store.findCommand('g1', 'c-1')).toEqual(appended.events);
    // The build before still appends through its own function after the upgrade.
    const next = sealLine(appended.head.hash, JSON.stringify(envelopeOf(3, { id: 'old-row-000000000003' })));
    await client.query(
      `SELECT * FROM "${schema}".append_events(ARRAY['g1']::text[], ARRAY[3]::integer[], ` +
        `ARRAY['old-row-000000000003']::text[], ARRAY[$1]::text[], ARRAY[$2]::text[], ARRAY[]::text[], ` +
        `ARRAY[]::integer[], ARRAY[]::text[], 'awaw_${schema}')`,
      [next.hash, next.line],
    );
    expect(
      (
        await queryRows<{ command_id: string | null }>(url, `SELECT command_id FROM "${schema}".events ORDER BY seq`)
      ).map((row) => row.command_id),
    ).toEqual([null, 'c-1', null]);
    expect(await store.gameHead('g1')).toEqual({ seq: 3, hash: next.hash });
    await client.end();
    await store.close();
  });
});
