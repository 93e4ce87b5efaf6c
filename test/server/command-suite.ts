// The HTTP API's commands on one kind of store (./server-suite.ts): the Sea Lion example played with each command's
// seat token, a decision refused to every seat but its own (59.23), every refusal typed and appending nothing (400
// with the JSON path, 401, 404, 412, 422), a command naming another game or holding a member no command has
// refused at commands and preview alike, and If-Match refused once another process appended.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import type { ServerLimits } from '../../src/server/app.js';
import type { Backend } from '../../src/server/backend.js';
import { ALL_SEATS } from '../../src/server/seats.js';
import { operatorAuth } from '../support/operator.js';
import { auth, createGame, eventCount, script, send, useApps } from './api-client.js';

const EXAMPLE_EVENTS =
  readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'sea-lion-1941.jsonl'), 'utf8')
    .trimEnd()
    .split('\n').length - 1;

export function commandSuite(
  open: () => Promise<Backend>,
  reopen: () => Promise<Backend>,
  limits: ServerLimits = {},
): void {
  const start = useApps(open, limits);

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
}
