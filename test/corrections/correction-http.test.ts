// Corrections over HTTP (docs/corrections.md, docs/server.md): a host report is corrected by the host seat only; a
// decision is taken back by the seat that made it only; the answer is the correction's account; a refusal appends
// nothing. The game: the bundled "rejected-then-forced-1943" (Germany rejects Britain's Fall 1942 offer, 59.12).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { exampleGames } from '../../src/examples/games.js';
import { buildServer } from '../../src/server/app.js';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import type { Server } from '../../src/server/types.js';
import { TEST_OPERATOR } from '../support/operator.js';
import { auth, createGame, eventCount, send, type Created } from '../server/api-client.js';

const script = exampleGames['rejected-then-forced-1943']?.().events ?? [];

describe('corrections over HTTP', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const serve = async (): Promise<Server> => {
    const dir = mkdtempSync(join(tmpdir(), 'awaw-correction-http-'));
    dirs.push(dir);
    return buildServer(await DirectoryBackend.open(dir), { operator: TEST_OPERATOR });
  };
  const post = (app: Server, created: Created, seat: keyof Created['tokens'], payload: object) =>
    app.inject({
      method: 'POST',
      url: `/games/${created.game}/commands`,
      headers: auth(created.tokens[seat]),
      payload,
    });

  it('correction: the host corrects the Fall 1942 report; another seat gets 403, nothing appended', async () => {
    const app = await serve();
    try {
      const created = await createGame(app, 'fix');
      for (const command of script) expect((await send(app, created, command)).statusCode).toBe(200);
      const events = (
        await app.inject({ method: 'GET', url: '/games/fix/events', headers: auth(created.tokens.host) })
      ).json<{ events: StoredEvent[] }>().events;
      const report = events.find((e) => e.seq === 61) as StoredEvent & { type: 'host.game-turn-ended' };
      const correction = {
        type: 'host.report-corrected',
        data: {
          seq: 61,
          report: {
            type: report.type,
            data: { ...report.data, britain: { ...report.data.britain, britishDpLevel: 5 } },
          },
        },
      };
      const byGermany = await post(app, created, 'germany', correction);
      expect([byGermany.statusCode, byGermany.json()]).toEqual([
        403,
        {
          ok: false,
          rejection: {
            code: 'forbidden',
            rule: 'seats',
            message: 'host.report-corrected is for the seat of host: this token is the seat of germany',
          },
        },
      ]);
      expect(await eventCount(app, created)).toBe(162);
      const byHost = await post(app, created, 'host', correction);
      expect(byHost.statusCode).toBe(200);
      const body = byHost.json<{ events: StoredEvent[]; pending: unknown[]; version: number }>();
      expect(body.events.map((e) => e.type)).toEqual([
        'host.report-corrected',
        'game.redecided',
        'britain.resistance-determined',
      ]);
      expect(body.events[1]?.data).toEqual({
        of: 61,
        superseded: [62, 63],
        setAside: [{ seq: 64, type: 'britain.offer-rejected', rule: '59.12', code: 'not-pending' }],
        decisions: [{ after: 163, count: 1 }],
      });
      expect([body.version, body.pending]).toEqual([165, []]);
    } finally {
      await app.close();
    }
  });

  it("correction: a decision is taken back by the seat that made it (Germany's, 59.23), no other", async () => {
    const app = await serve();
    try {
      const created = await createGame(app, 'undo');
      // Up to Germany's rejection of the Fall 1942 offer and the routine events after it.
      for (const command of script.slice(0, 64)) expect((await send(app, created, command)).statusCode).toBe(200);
      const withdrawal = { type: 'game.decision-withdrawn', data: { seq: 64 } };
      const byBritain = await post(app, created, 'britain', withdrawal);
      expect([byBritain.statusCode, byBritain.json()]).toEqual([
        403,
        {
          ok: false,
          rejection: {
            code: 'forbidden',
            rule: 'correction',
            message: 'game.decision-withdrawn is for the seat of germany: this token is the seat of britain',
          },
        },
      ]);
      expect(await eventCount(app, created)).toBe(71);
      const byGermany = await post(app, created, 'germany', withdrawal);
      expect(byGermany.statusCode).toBe(200);
      const body = byGermany.json<{ pending: { decision: string; by: string }[] }>();
      expect(body.pending.map((p) => [p.decision, p.by])).toEqual([['respond-to-british-offer', 'germany']]);
    } finally {
      await app.close();
    }
  });
});
