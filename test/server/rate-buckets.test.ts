// The rate limit's buckets (src/server/rate-limit.ts), in-process with the client's address set per request: a
// game's viewer token is counted per address (spectators behind other addresses are not held up by one), every
// request without a verified token per address, an IPv6 address by its /64.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import { TEST_OPERATOR } from '../support/operator.js';
import { auth, createGame } from './api-client.js';

describe('the rate limit by address', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-rate-buckets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the viewer's token and the unverified count per address; an IPv6 address's /64 is one address", async () => {
    const backend = await DirectoryBackend.open(dir);
    const app = await buildServer(backend, { operator: TEST_OPERATOR, ratePerMinute: 2 });
    try {
      const created = await createGame(app, 'g1');
      const from = async (remoteAddress: string, token: string, times: number): Promise<number[]> => {
        const statuses: number[] = [];
        for (let i = 0; i < times; i += 1)
          statuses.push(
            (await app.inject({ method: 'GET', url: '/games/g1/events', headers: auth(token), remoteAddress }))
              .statusCode,
          );
        return statuses;
      };
      expect(await from('192.0.2.1', created.tokens.viewer, 3)).toEqual([200, 200, 429]);
      expect(await from('192.0.2.2', created.tokens.viewer, 3)).toEqual([200, 200, 429]);
      const stranger = 'y'.repeat(43);
      expect(await from('192.0.2.1', stranger, 3)).toEqual([401, 401, 429]);
      expect(await from('2001:db8:0:1::1', stranger, 2)).toEqual([401, 401]);
      expect(await from('2001:db8:0:1::2', stranger, 1)).toEqual([429]);
      expect(await from('2001:db8:0:2::1', stranger, 1)).toEqual([401]);
      // The host's bucket is its own, wherever it is sent from.
      expect(await from('192.0.2.1', created.tokens.host, 1)).toEqual([200]);
      expect(await from('192.0.2.2', created.tokens.host, 2)).toEqual([200, 429]);
    } finally {
      await app.close();
      await backend.close();
    }
  });
});
