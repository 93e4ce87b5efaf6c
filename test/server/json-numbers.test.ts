// The HTTP API reads a JSON body as it is written (src/schema/json-text.ts): a number JSON.parse would change is
// refused as malformed (400) at its path, at every route that takes a command; nothing is appended. The reader is
// the server's, whatever the store: a directory of logs here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import { auth, createGame, eventCount, script } from './api-client.js';
import { TEST_OPERATOR } from '../support/operator.js';

const dir = mkdtempSync(join(tmpdir(), 'awaw-serve-numbers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const note = (n: string): string =>
  `{"type":"host.logged","data":{"turn":{"season":"spring","year":1941},"kind":"note","data":{"n":${n}}}}`;

describe('numbers of HTTP bodies', () => {
  it(
    'an integer beyond 2^53 written back otherwise, -0 and 1e-400 in a command are 400 malformed at their path, ' +
      'at commands, preview and pending; exact ones are taken',
    async () => {
      const backend = await DirectoryBackend.open(dir);
      const app = await buildServer(backend, { operator: TEST_OPERATOR });
      const created = await createGame(app, 'g1');
      const headers = { ...auth(created.tokens.host), 'content-type': 'application/json' };
      const post = (route: string, payload: string) =>
        app.inject({ method: 'POST', url: `/games/g1/${route}`, headers, payload });
      expect((await post('commands', JSON.stringify(script()[0]))).statusCode).toBe(200);
      const refused = {
        '1152921504606846977': '1152921504606846977 cannot be represented exactly (beyond 2^53)',
        '-0': '-0 cannot be represented exactly (JSON writes it as 0)',
        '1e-400': '1e-400 cannot be represented exactly (too small: it would be read as 0)',
      };
      for (const route of ['commands', 'preview', 'pending']) {
        for (const [n, detail] of Object.entries(refused)) {
          const response = await post(route, note(n));
          expect([route, response.statusCode, response.json()]).toEqual([
            route,
            400,
            { ok: false, rejection: { code: 'malformed', rule: 'schema', message: `data.data.n: ${detail}` } },
          ]);
        }
      }
      expect(await eventCount(app, created)).toBe(1);
      // 2^54 is a double, and written back as it is: taken, and read back as written.
      expect((await post('commands', note('18014398509481984'))).statusCode).toBe(200);
      const events = (
        await app.inject({ method: 'GET', url: '/games/g1/events?from=2', headers: auth(created.tokens.host) })
      ).body;
      expect(events).toContain('"data":{"n":18014398509481984}');
      await app.close();
      await backend.close();
    },
  );
});
