// The HTTP API's reads on one kind of store (./server-suite.ts): preview appends nothing and the reads answer as
// exec does, a body over the limit and requests beyond the rate refused as JSON, seat tokens kept across a restart,
// the event stream hearing another process's append, and a viewer's token taken as ?access_token= on the GET routes
// (an acting seat's refused there).
import { expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import type { ServerLimits } from '../../src/server/app.js';
import type { Backend } from '../../src/server/backend.js';
import { auth, createGame, script, send, useApps } from './api-client.js';

export function readSuite(
  open: () => Promise<Backend>,
  reopen: () => Promise<Backend>,
  limits: ServerLimits = {},
): void {
  const start = useApps(open, limits);

  it(
    'preview appends nothing; the reads answer as exec does: ' +
      'summary, wars, permissions, declarations, events from a seq, audit',
    async () => {
      const app = await start();
      const created = await createGame(app, 'g5');
      const [started, first] = script();
      await send(app, created, started);
      const get = (path: string) =>
        app.inject({ method: 'GET', url: `/games/g5${path}`, headers: auth(created.tokens.italy) });
      const preview = await app.inject({
        method: 'POST',
        url: '/games/g5/preview',
        headers: auth(created.tokens.italy),
        payload: first as object,
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({ ok: true, op: 'preview', version: 1 });
      expect((await get('/events')).json<{ events: unknown[] }>().events).toHaveLength(1);
      await send(app, created, first);
      expect((await get('')).json()).toMatchObject({ ok: true, op: 'state', game: 'g5' });
      expect((await get('/wars')).json()).toMatchObject({
        ok: true,
        op: 'wars',
        wars: [
          { axis: 'germany', allied: 'britain' },
          { axis: 'italy', allied: 'britain' },
        ],
      });
      expect((await get('/permissions')).json()).toMatchObject({ ok: true, op: 'permissions' });
      expect((await get('/declarations')).json()).toMatchObject({
        ok: true,
        op: 'declarations',
        declarations: expect.arrayContaining([
          {
            aggressor: 'germany',
            target: 'britain',
            allowed: false,
            refusedBy: { rule: 'sequence', code: 'illegal' },
            usatLevelAtLeast: null,
          },
        ]),
      });
      expect((await app.inject({ method: 'GET', url: '/games/g5/declarations' })).statusCode).toBe(401);
      const events = (await get('/events?from=1&limit=1')).json<{ events: { seq: number }[]; next: number | null }>();
      expect(events.events.map((e) => e.seq)).toEqual([1]);
      expect(events.next).toBe(2);
      expect((await get('/audit')).json()).toMatchObject({ ok: true, op: 'audit' });
      expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({
        ok: true,
        store: await open().then(async (b) => {
          await b.close();
          return b.kind;
        }),
      });
      const schema = await app.inject({ method: 'GET', url: '/schemas/command/britain.offer-accepted' });
      expect(schema.json()).toMatchObject({ $id: 'urn:awaw-surrender:schema:command/britain.offer-accepted' });
      expect(
        (await app.inject({ method: 'GET', url: '/schemas' }))
          .json<{ schemas: { name: string }[] }>()
          .schemas.map((s) => s.name),
      ).toContain('pending-decision');
    },
  );

  it('413 for a body over the limit, 429 beyond the rate, both as JSON', async () => {
    const app = await start(undefined, { bodyLimit: 1024, ratePerMinute: 5 });
    const created = await createGame(app, 'g6');
    const big = await app.inject({
      method: 'POST',
      url: '/games/g6/commands',
      headers: auth(created.tokens.host),
      payload: { type: 'host.game-started', data: { pad: 'x'.repeat(2000) } },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ ok: false, rejection: { code: 'too-large', rule: 'http' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push(
        (await app.inject({ method: 'GET', url: '/games/g6/pending', headers: auth(created.tokens.host) })).statusCode,
      );
    // The 413 was the first of the host token's five a minute.
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
    const limited = await app.inject({ method: 'GET', url: '/games/g6/pending', headers: auth(created.tokens.host) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ ok: false, rejection: { code: 'rate-limited', rule: 'http' } });
    // The rate is per token: another seat's token still gets through (404: the game has not started).
    expect(
      (await app.inject({ method: 'GET', url: '/games/g6/pending', headers: auth(created.tokens.germany) })).statusCode,
    ).toBe(404);
  });

  it("a game's seat tokens survive a restart; the stream hears an append made through another process", async () => {
    const app = await start();
    const created = await createGame(app, 'g7');
    const [started, first] = script();
    await send(app, created, started);
    await app.close();
    const restarted = await start(await reopen());
    expect(
      (await restarted.inject({ method: 'GET', url: '/games/g7/pending', headers: auth(created.tokens.host) }))
        .statusCode,
    ).toBe(200);
    await restarted.listen({ port: 0, host: '127.0.0.1' });
    const address = restarted.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/games/g7/stream?from=1`, {
      headers: auth(created.tokens.germany),
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const other = await start(await reopen());
    const appended = await send(other, created, first);
    expect(appended.statusCode).toBe(200);
    const last = appended.json<{ version: number }>().version;
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const deadline = Date.now() + 5000;
    while (!text.includes(`id: ${last}\n`) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    expect(text).toContain('event: host.game-started\n');
    expect(text).toContain(`event: ${(first as OriginEvent).type}\n`);
  });

  it(
    "?access_token= takes a game's viewer token on its GET routes (an EventSource sends no header); an acting " +
      "seat's token there is refused, as on a POST",
    async () => {
      const app = await start();
      const created = await createGame(app, 'g8');
      const [started] = script();
      await send(app, created, started);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
      const controller = new AbortController();
      const stream = await fetch(
        `${base}/games/g8/stream?from=1&access_token=${encodeURIComponent(created.tokens.viewer)}`,
        { signal: controller.signal },
      );
      expect(stream.status).toBe(200);
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      for (let deadline = Date.now() + 5000; !text.includes('id: 1\n') && Date.now() < deadline; ) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      controller.abort();
      expect(text).toContain('event: host.game-started\n');
      const reply = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(`${base}${url}`, init);
        const body = (await response.json()) as { rejection?: { message: string }; version?: number };
        return [response.status, body.rejection?.message ?? body.version];
      };
      expect(await reply(`/games/g8/pending?access_token=${created.tokens.viewer}`)).toEqual([200, 1]);
      expect(await reply(`/games/g8/events?from=1&access_token=${created.tokens.viewer}`)).toEqual([200, 1]);
      const other = (await createGame(app, 'g9')).tokens.viewer;
      expect(await reply(`/games/g8/stream?access_token=${other}`)).toEqual([
        401,
        "?access_token=: the token is no seat's of game g8",
      ]);
      expect(await reply(`/games/g8/pending?access_token=${created.tokens.italy}`)).toEqual([
        401,
        "?access_token=: takes only a game's viewer token; the token of seat italy, which acts in the game, goes " +
          'in the Authorization header alone ("Bearer TOKEN"), as a URL is kept in browser histories and proxy logs',
      ]);
      // A header, when sent, is what counts: a malformed one is not made good by the query.
      expect(
        await reply(`/games/g8/stream?access_token=${created.tokens.viewer}`, {
          headers: { authorization: 'Basic x' },
        }),
      ).toEqual([
        401,
        'Authorization: expected "Bearer TOKEN", a seat token of this game (or ?access_token=TOKEN, its viewer token)',
      ]);
      // A POST takes no token from the query.
      expect(
        await reply(`/games/g8/preview?access_token=${created.tokens.host}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(started),
        }),
      ).toEqual([401, 'Authorization: expected "Bearer TOKEN", a seat token of this game']);
      await app.close();
    },
  );
}
