// A game brought into the database by `awaw-surrender import` has no seats yet: the operator's `POST /games` of its
// name gives it its tokens (the stream exists already on PostgreSQL), and it is then played on from where the log
// left it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { linesByGame } from '../../src/store/game-lines.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { buildServer } from '../../src/server/app.js';
import { PostgresBackend } from '../../src/server/postgres-backend.js';
import { describePg, usePgDatabase } from '../support/pg.js';
import { operatorAuth, TEST_OPERATOR } from '../support/operator.js';
import { auth } from './api-client.js';

describePg('serve on PostgreSQL: a game brought in by import', () => {
  const db = usePgDatabase();
  let url = '';
  beforeAll(() => {
    url = db.url();
  });

  it(
    "59.41: the Sea Lion log imported, then the operator's POST /games of its name: 201 with its tokens, its state " +
      'as the log left it, its next command taken; a second POST 409',
    async () => {
      const schema = db.schema();
      const text = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'sea-lion-1941.jsonl'), 'utf8');
      const [only] = [...linesByGame(text)];
      if (only === undefined) throw new Error('the Sea Lion log holds no game');
      const [game, lines] = only;
      const store = await PostgresEventStore.open({ url, schema });
      const imported = await store.importGame(game, lines);
      await store.close();
      const backend = await PostgresBackend.open(url, schema);
      const app = await buildServer(backend, { operator: TEST_OPERATOR });
      try {
        const created = await app.inject({ method: 'POST', url: '/games', headers: operatorAuth(), payload: { game } });
        expect(created.statusCode).toBe(201);
        const tokens = created.json<{ tokens: Record<string, string> }>().tokens;
        const state = await app.inject({
          method: 'GET',
          url: `/games/${game}`,
          headers: auth(tokens['germany'] ?? ''),
        });
        expect(state.json()).toMatchObject({
          ok: true,
          version: imported.version,
          state: { britishSurrenders: [{ turn: 'Summer 1941', level: -4, outcome: 'peace' }] },
        });
        const last = JSON.parse(lines.at(-1) ?? '{}') as { data: { turn: unknown } };
        const next = await app.inject({
          method: 'POST',
          url: `/games/${game}/commands`,
          headers: { ...auth(tokens['host'] ?? ''), 'if-match': `"${imported.version}"` },
          payload: {
            type: 'host.logged',
            data: { turn: last.data.turn, kind: 'note', data: { text: 'played on after the import' } },
          },
        });
        expect(next.statusCode).toBe(200);
        expect(next.json()).toMatchObject({ ok: true, version: imported.version + 1 });
        expect(
          (await app.inject({ method: 'POST', url: '/games', headers: operatorAuth(), payload: { game } })).statusCode,
        ).toBe(409);
      } finally {
        await app.close();
        await backend.close();
      }
    },
  );
});
