// The HTTP API's behaviour on one kind of store, run with fastify.inject() (no socket) against a directory of
// JSON Lines logs (api-directory.test.ts) and PostgreSQL (api-postgres.test.ts) alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { buildServer, type ServerLimits } from '../../src/server/app.js';
import type { Backend } from '../../src/server/backend.js';
import { ALL_SEATS, seatsFor, type Seat, type SeatName } from '../../src/server/seats.js';
import type { Server } from '../../src/server/types.js';
import { operatorAuth, TEST_OPERATOR } from '../support/operator.js';

const EXAMPLE_EVENTS =
  readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'sea-lion-1941.jsonl'), 'utf8')
    .trimEnd()
    .split('\n').length - 1;

export const script = (): readonly OriginEvent[] => seaLion1941().events;

export interface Created {
  readonly game: string;
  readonly tokens: Readonly<Record<SeatName, string>>;
}

export const auth = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export async function createGame(app: Server, game: string): Promise<Created> {
  const response = await app.inject({ method: 'POST', url: '/games', headers: operatorAuth(), payload: { game } });
  expect(response.statusCode).toBe(201);
  return response.json<Created>();
}

/** POSTs a command with the token of the seat the server wants for it (the host's for a host fact). */
export async function send(app: Server, created: Created, command: unknown, headers: Record<string, string> = {}) {
  const pending = await app.inject({
    method: 'GET',
    url: `/games/${created.game}/pending`,
    headers: auth(created.tokens.host),
  });
  const list = pending.statusCode === 200 ? pending.json<{ pending: never[] }>().pending : [];
  const seat = [...(seatsFor(command, list) ?? new Set<Seat>(['host']))][0] as Seat;
  return app.inject({
    method: 'POST',
    url: `/games/${created.game}/commands`,
    headers: { ...auth(created.tokens[seat]), ...headers },
    payload: command as object,
  });
}

export async function eventCount(app: Server, created: Created): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: `/games/${created.game}/events`,
    headers: auth(created.tokens.host),
  });
  return response.json<{ events: unknown[] }>().events.length;
}

/** The shared suite: `open` gives a fresh, empty store each time (a second call: another process on the same store). */
export function serverSuite(
  open: () => Promise<Backend>,
  reopen: () => Promise<Backend>,
  limits: ServerLimits = {},
): void {
  const apps: Server[] = [];
  const backends: Backend[] = [];
  const start = async (backend?: Backend, given: ServerLimits = limits): Promise<Server> => {
    const store = backend ?? (await open());
    backends.push(store);
    const app = await buildServer(store, { operator: TEST_OPERATOR, ...given });
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await Promise.all(backends.splice(0).map((backend) => backend.close()));
  });

  it(
    'plays the Sea Lion example game over HTTP, each command ' +
      'with its seat token: every event appended, nothing pending',
    async () => {
      const app = await start();
      const created = await createGame(app, 'sea-lion-1941');
      expect(Object.keys(created.tokens)).toEqual([...ALL_SEATS]);
      let version = 0;
      for (const command of script()) {
        const response = await send(app, created, command, { 'if-match': `"${version}"` });
        expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
        const body = response.json<{ version: number; events: unknown[] }>();
        expect(response.headers['etag']).toBe(`"${body.version}"`);
        version = body.version;
      }
      // The example log's events (its lines after the header).
      expect(version).toBe(EXAMPLE_EVENTS);
      const pending = await app.inject({
        method: 'GET',
        url: '/games/sea-lion-1941/pending',
        headers: auth(created.tokens.britain),
      });
      expect(pending.json()).toMatchObject({
        ok: true,
        op: 'pending',
        game: 'sea-lion-1941',
        pending: [],
        version: EXAMPLE_EVENTS,
      });
    },
  );

  it(
    "59.23: the answer to the British offer is Germany's: 403 for the British and the host seats, accepted with " +
      "Germany's; host facts are the host's alone",
    async () => {
      const app = await start();
      const created = await createGame(app, 'g1');
      const commands = script();
      const offerAt = commands.findIndex((c) => c.type === 'britain.offer-accepted');
      for (const command of commands.slice(0, offerAt))
        expect((await send(app, created, command)).statusCode).toBe(200);
      const before = await eventCount(app, created);
      const accept = commands[offerAt];
      for (const seat of ['britain', 'host', 'italy'] as const) {
        const refused = await app.inject({
          method: 'POST',
          url: '/games/g1/commands',
          headers: auth(created.tokens[seat]),
          payload: accept as object,
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          ok: false,
          rejection: {
            code: 'forbidden',
            rule: '59.23',
            message: `britain.offer-accepted is for the seat of germany: this token is the seat of ${seat}`,
          },
        });
      }
      const pool = commands[offerAt + 1] as OriginEvent;
      expect(pool.type).toBe('host.british-force-pool');
      const byGermany = await app.inject({
        method: 'POST',
        url: '/games/g1/commands',
        headers: auth(created.tokens.germany),
        payload: pool,
      });
      expect(byGermany.statusCode).toBe(403);
      expect(byGermany.json()).toMatchObject({ rejection: { code: 'forbidden', rule: 'seats' } });
      expect(await eventCount(app, created)).toBe(before);
      const accepted = await app.inject({
        method: 'POST',
        url: '/games/g1/commands',
        headers: auth(created.tokens.germany),
        payload: accept as object,
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json<{ events: { type: string }[] }>().events.map((e) => e.type)).toEqual([
        'britain.offer-accepted',
        'britain.surrendered',
      ]);
    },
  );

  it('refusals are typed, and none appends: 400 with the JSON path, 401, 404, 412, 422', async () => {
    const app = await start();
    const created = await createGame(app, 'g2');
    const [started, ...rest] = script();
    const host = auth(created.tokens.host);
    const post = (payload: unknown, headers: Record<string, string> = host, game = 'g2') =>
      app.inject({
        method: 'POST',
        url: `/games/${game}/commands`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(payload),
      });
    expect((await post(started)).statusCode).toBe(200);

    const malformed = await post({ type: 'host.game-turn-ended', data: { turn: { season: 'summer', year: 1800 } } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ ok: false, rejection: { code: 'malformed', rule: 'schema' } });
    expect(malformed.json<{ rejection: { message: string } }>().rejection.message).toMatch(/^data\./);
    const notJson = await app.inject({
      method: 'POST',
      url: '/games/g2/commands',
      headers: { ...host, 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ ok: false, rejection: { code: 'bad-request', rule: 'http' } });
    const badQuery = await app.inject({ method: 'GET', url: '/games/g2/events?from=0', headers: host });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toEqual({
      ok: false,
      rejection: { code: 'bad-request', rule: 'schema', message: 'querystring.from: must be >= 1' },
    });
    const badIfMatch = await post(rest[0], { ...host, 'if-match': 'yesterday' });
    expect(badIfMatch.statusCode).toBe(400);

    expect((await post(rest[0], {})).json()).toMatchObject({ rejection: { code: 'unauthorized', rule: 'seats' } });
    expect((await post(rest[0], {})).statusCode).toBe(401);
    expect((await post(rest[0], auth('not-a-token'))).statusCode).toBe(401);
    const other = await createGame(app, 'g3');
    expect((await post(rest[0], auth(other.tokens.host))).statusCode).toBe(401);
    const noGame = await post(rest[0], host, 'g404');
    expect(noGame.statusCode).toBe(404);
    expect(noGame.json()).toEqual({
      ok: false,
      rejection: { code: 'not-found', rule: 'http', message: 'no game "g404" on this server' },
    });
    expect(
      (await app.inject({ method: 'GET', url: '/games/g3', headers: auth(other.tokens.host) })).json(),
    ).toMatchObject({ rejection: { code: 'no-game' } });

    const stale = await post(rest[0], { ...host, 'if-match': '"0"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ ok: false, rejection: { code: 'stale-version', rule: 'concurrency' } });
    // 59.23: nobody is waiting for an answer to an offer: a rule refusal.
    const notPending = await post(
      { type: 'britain.offer-accepted', data: { turn: { season: 'spring', year: 1941 } } },
      auth(created.tokens.germany),
    );
    expect(notPending.statusCode).toBe(422);
    expect(notPending.json()).toMatchObject({ ok: false, rejection: { code: 'not-pending' } });
    const twice = await post(started);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ rejection: { code: 'game-exists' } });
    expect(await eventCount(app, created)).toBe(1);
    const again = await app.inject({ method: 'POST', url: '/games', headers: operatorAuth(), payload: { game: 'g2' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ok: false, rejection: { code: 'game-exists' } });
  });

  it(
    'a command naming another game than its route, or with a member no command has, is malformed (400) at ' +
      'commands and preview alike; nothing is appended',
    async () => {
      const app = await start();
      const created = await createGame(app, 'g5');
      const [started] = script();
      const host = auth(created.tokens.host);
      const post = (route: 'commands' | 'preview', payload: unknown) =>
        app.inject({ method: 'POST', url: `/games/g5/${route}`, headers: host, payload: payload as object });
      expect((await post('commands', { ...started, game: 'g5' })).statusCode).toBe(200);
      const note = { type: 'host.logged', data: { turn: { season: 'spring', year: 1941 }, kind: 'note', data: {} } };
      for (const route of ['commands', 'preview'] as const) {
        const other = await post(route, { ...note, game: 'g6' });
        expect([other.statusCode, other.json()]).toEqual([
          400,
          {
            ok: false,
            rejection: {
              code: 'malformed',
              rule: 'schema',
              message: 'command.game: the command names game "g6", but it is executed for game "g5"',
            },
          },
        ]);
        const extra = await post(route, { ...note, extra: true });
        expect([extra.statusCode, extra.json()]).toEqual([
          400,
          {
            ok: false,
            rejection: {
              code: 'malformed',
              rule: 'schema',
              message: 'extra: not a member of a command: expected only type, data and, optionally, game',
            },
          },
        ]);
      }
      expect(await eventCount(app, created)).toBe(1);
    },
  );

  it('412 when another process appended after the If-Match version: nothing of the stale command written', async () => {
    const app = await start();
    const created = await createGame(app, 'g4');
    const [started, first, second] = script();
    expect((await send(app, created, started, { 'if-match': '0' })).statusCode).toBe(200);
    // The other process reads the game (version 1) and appends the next command.
    const otherApp = await start(await reopen());
    expect((await send(otherApp, created, first, { 'if-match': '1' })).statusCode).toBe(200);
    const stale = await send(app, created, second, { 'if-match': '1' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ rejection: { message: string } }>().rejection.message).toMatch(
      /^If-Match: the game is at version \d+, not 1/,
    );
    const version = (
      await app.inject({ method: 'GET', url: '/games/g4/events', headers: auth(created.tokens.host) })
    ).json<{ version: number }>().version;
    expect((await send(app, created, second, { 'if-match': String(version) })).statusCode).toBe(200);
  });

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
