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
import { operatorAuth, TEST_OPERATOR } from '../support/operator.js';
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
      // The operator, as referee, corrects it back; any other command with its token opens no game (401).
      const back = {
        type: 'host.report-corrected',
        data: { seq: 163, report: { type: report.type, data: report.data } },
      };
      const byOperator = await app.inject({
        method: 'POST',
        url: '/games/fix/commands',
        headers: operatorAuth(),
        payload: back,
      });
      expect([byOperator.statusCode, byOperator.json<{ events: StoredEvent[] }>().events[0]?.seq]).toEqual([200, 166]);
      const other = await app.inject({
        method: 'POST',
        url: '/games/fix/commands',
        headers: operatorAuth(),
        payload: { type: 'game.decision-withdrawn', data: { seq: 64 } },
      });
      expect(other.statusCode).toBe(401);
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

  it('correction: a viewer stream announces the correction and its account as they are appended', async () => {
    const app = await serve();
    try {
      const created = await createGame(app, 'streamed');
      // Up to the end of Winter 1942: the Fall 1942 report (seq 61) and Germany's rejection (64) are in.
      for (const command of script.slice(0, 90)) expect((await send(app, created, command)).statusCode).toBe(200);
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const stream = await fetch(`${base}/games/streamed/stream?access_token=${created.tokens.viewer}`, {
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const correction = { type: 'host.report-corrected', data: { seq: 64, report: null } };
      const refused = await post(app, created, 'host', correction);
      expect(refused.statusCode).toBe(422);
      const at = (await eventCount(app, created)) + 1;
      const remove = { type: 'host.report-corrected', data: { seq: 45, report: null } };
      expect((await post(app, created, 'host', remove)).statusCode).toBe(200);
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      const deadline = Date.now() + 10_000;
      while (!text.includes(`id: ${at + 1}\n`) && Date.now() < deadline) {
        const next = await reader.read();
        if (next.done) break;
        text += new TextDecoder().decode(next.value);
      }
      controller.abort();
      // The refused correction appended nothing; the accepted one and its account are announced in order.
      const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
      expect(ids.slice(0, 2)).toEqual([at, at + 1]);
      expect(text).toContain('"type":"host.report-corrected"');
      expect(text).toContain('"type":"game.redecided"');
    } finally {
      await app.close();
    }
  });
});
