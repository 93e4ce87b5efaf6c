// GET /games/:game/report: the game's report page for any seat of the game, the same page as
// `awaw-surrender report LOG --game G` writes (src/report/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { buildServer } from '../../src/server/app.js';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import { auth, createGame, script, send } from './api-client.js';
import { TEST_OPERATOR } from '../support/operator.js';

describe('GET /games/:game/report', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it(
    '59.41: the Sea Lion game played over HTTP: its report is the page `report --game` writes of the bundled log, ' +
      'as text/html',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'awaw-report-route-'));
      dirs.push(dir);
      const backend = await DirectoryBackend.open(dir);
      const app = await buildServer(backend, { operator: TEST_OPERATOR });
      try {
        const created = await createGame(app, 'sea-lion-1941');
        const url = '/games/sea-lion-1941/report';
        // Before the game has started there is no game state to show.
        expect((await app.inject({ method: 'GET', url, headers: auth(created.tokens.host) })).json()).toMatchObject({
          ok: false,
          rejection: { code: 'no-game' },
        });
        for (const command of script()) expect((await send(app, created, command)).statusCode).toBe(200);
        const response = await app.inject({ method: 'GET', url, headers: auth(created.tokens.germany) });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['content-security-policy']).toBe(
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
        );
        const io = memoryIo();
        expect(
          await runCli(
            [
              'report',
              join(import.meta.dirname, '..', '..', 'examples', 'sea-lion-1941.jsonl'),
              '--game',
              'sea-lion-1941',
            ],
            io,
            { engineId: null },
          ),
        ).toBe(0);
        expect(response.body).toBe(io.stdout);
        expect(response.body).toContain('Britain surrenders at level -4: peace negotiations follow (59.62)');
        // The same seats as the audit: no token 401, another game's 404.
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
        expect(
          (await app.inject({ method: 'GET', url: '/games/nope/report', headers: auth(created.tokens.host) }))
            .statusCode,
        ).toBe(404);
      } finally {
        await app.close();
        await backend.close();
      }
    },
  );
});
