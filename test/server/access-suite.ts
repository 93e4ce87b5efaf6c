// Who may do what on a real `serve` process (docs/server.md, Seats and Operating a server), on one kind of store
// (serve-access.test.ts runs it on a directory and on PostgreSQL): the operator's token creates games, gives a game
// brought into the store its seats and issues a seat a fresh token (the old one refused, by every process on the
// store); the rate limit counts each verified seat apart and everything unverified by address, never /health; the
// viewer reads everything, by header or ?access_token=, and decides nothing.
import { expect, it } from 'vitest';
import { ALL_SEATS } from '../../src/server/seats.js';
import { OPERATOR_TOKEN, operatorAuth } from '../support/operator.js';
import { serve, stopServed, type Served } from '../support/serve-cluster.js';
import { auth, script, type Created } from './api-client.js';

export interface AccessStore {
  /** A fresh, empty store: `--store` and any other arguments (`--schema`) of the processes serving it. */
  fresh(): string[];
  /** Puts a game's log into the store without seats (import, or a log copied in); its version. */
  bringIn(store: readonly string[], game: string): Promise<number>;
}

const json = { 'content-type': 'application/json' };

/** A 429's message with its wait (`1 minute`, `59 seconds`: the window's time left) as `T`. */
const limitedBy = (body: unknown): string =>
  ((body as { rejection?: { message?: string } }).rejection?.message ?? '').replace(
    /try again in (1 minute|\d{1,2} seconds)$/,
    'try again in T',
  );
const rejected = (code: string, rule: string, message: string) => ({ ok: false, rejection: { code, rule, message } });

async function call(served: Served, path: string, init: RequestInit = {}): Promise<[number, unknown]> {
  const response = await fetch(`${served.url}${path}`, init);
  const text = await response.text();
  return [response.status, text.startsWith('{') ? JSON.parse(text) : text];
}

async function create(served: Served, game: string): Promise<Created> {
  const [status, body] = await call(served, '/games', {
    method: 'POST',
    headers: { ...json, ...operatorAuth() },
    body: JSON.stringify({ game }),
  });
  expect(status).toBe(201);
  return body as Created;
}

const start = (store: readonly string[], args: readonly string[] = []): Promise<Served> =>
  serve(store[0] as string, [...store.slice(1), ...args]);

/** The game's version as `token` reads it, or the refusal's status and message. */
async function versionWith(served: Served, game: string, token: string): Promise<number | [number, string]> {
  const [status, body] = await call(served, `/games/${game}/events`, { headers: auth(token) });
  const { version, rejection } = body as { version?: number; rejection?: { message: string } };
  return status === 200 ? (version as number) : [status, rejection?.message ?? ''];
}

export function accessSuite(store: AccessStore): void {
  it(
    "the operator's token alone creates a game, gives one brought into the store its seats, and issues a seat " +
      'a fresh token: the old one is refused by every process on the store',
    async () => {
      const where = store.fresh();
      const brought = await store.bringIn(where, 'sea-lion-1941');
      const a = await start(where);
      const b = await start(where);
      try {
        const notOperator = (message: string) => rejected('unauthorized', 'operator', message);
        const what = "creating a game and issuing seat tokens are the operator's";
        const post = (path: string, headers: Record<string, string>, body?: string) =>
          call(a, path, { method: 'POST', headers, ...(body === undefined ? {} : { body }) });
        expect(await post('/games', json, '{"game":"g1"}')).toEqual([
          401,
          notOperator(`Authorization: expected "Bearer TOKEN", the operator's token: ${what}`),
        ]);
        // Checked before the body is read: a stranger's body is not looked at.
        expect(await post('/games', { ...json, ...auth('x'.repeat(43)) }, '{"game":')).toEqual([
          401,
          notOperator(`Authorization: the token is not the operator's: ${what}`),
        ]);
        const response = await fetch(`${a.url}/games`, {
          method: 'POST',
          headers: { ...json, ...operatorAuth() },
          body: '{"game":"g1"}',
        });
        expect([response.status, response.headers.get('cache-control')]).toEqual([201, 'no-store']);
        const g1 = (await response.json()) as Created;
        expect(Object.keys(g1.tokens)).toEqual([...ALL_SEATS]);

        // A game in the store without seats is no game until the operator gives it its seats.
        expect(await versionWith(a, 'sea-lion-1941', g1.tokens.host)).toEqual([
          404,
          'no game "sea-lion-1941" on this server',
        ]);
        expect((await post('/games', json, '{"game":"sea-lion-1941"}'))[0]).toBe(401);
        const claimed = await create(b, 'sea-lion-1941');
        expect(await versionWith(a, 'sea-lion-1941', claimed.tokens.germany)).toBe(brought);

        // Process b has read g1's seats before the reset (on PostgreSQL it keeps them for a while).
        expect(await versionWith(b, 'g1', g1.tokens.host)).toBe(0);
        const reset = (seat: string, headers: Record<string, string> = operatorAuth(), game = 'g1') =>
          post(`/games/${game}/seats/${seat}/token`, headers);
        expect(await reset('host', {})).toEqual([
          401,
          notOperator(`Authorization: expected "Bearer TOKEN", the operator's token: ${what}`),
        ]);
        expect(await reset('host', auth(g1.tokens.host))).toEqual([
          401,
          notOperator(`Authorization: the token is not the operator's: ${what}`),
        ]);
        expect(await reset('umpire')).toEqual([
          400,
          rejected('bad-request', 'schema', `params.seat: expected one of ${ALL_SEATS.join(', ')}`),
        ]);
        expect(await reset('host', operatorAuth(), 'g404')).toEqual([
          404,
          rejected('not-found', 'http', 'no game "g404" on this server'),
        ]);
        const [status, issued] = await reset('host');
        const fresh = (issued as { token: string }).token;
        expect([status, { ...(issued as object), token: '' }]).toEqual([
          200,
          { ok: true, game: 'g1', seat: 'host', token: '' },
        ]);
        expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const refusedOld: [number, string] = [401, "Authorization: the token is no seat's of game g1"];
        expect(await versionWith(a, 'g1', g1.tokens.host)).toEqual(refusedOld);
        expect(await versionWith(a, 'g1', fresh)).toBe(0);
        // The other process: at once on a directory, within a second (its cache of the seats) on PostgreSQL.
        const deadline = Date.now() + 3000;
        let other = await versionWith(b, 'g1', g1.tokens.host);
        // Polled every 50 ms: a tight loop would spend the host seat's rate limit before the cache lets go.
        while (other === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          other = await versionWith(b, 'g1', g1.tokens.host);
        }
        expect(other).toEqual(refusedOld);
        expect(await versionWith(b, 'g1', fresh)).toBe(0);
        expect(await versionWith(b, 'g1', g1.tokens.germany)).toBe(0);
        const viewer = ((await reset('viewer'))[1] as { token: string }).token;
        expect(await versionWith(a, 'g1', viewer)).toBe(0);
        expect(await versionWith(a, 'g1', g1.tokens.viewer)).toEqual(refusedOld);
      } finally {
        expect([await stopServed(a), await stopServed(b)]).toEqual([0, 0]);
      }
      for (const served of [a, b]) expect(served.stderr()).not.toContain(OPERATOR_TOKEN);
    },
  );

  it(
    'the rate limit counts each verified seat and the operator apart, and every request without a verified ' +
      'token by its address: random tokens are refused past the limit (429), a seat still gets through, /health ' +
      'always; the metrics count each refusal by its bucket',
    async () => {
      const served = await start(store.fresh(), ['--rate-limit', '5', '--metrics-port', '0']);
      try {
        const g1 = await create(served, 'g1');
        const random = (i: number) => auth(`random-${i}-${'x'.repeat(40)}`);
        const statuses: number[] = [];
        for (let i = 0; i < 8; i += 1)
          statuses.push((await call(served, '/games/g1/events', { headers: random(i) }))[0]);
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
        const limited = await fetch(`${served.url}/games/g1/events`);
        expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '60']);
        const body = (await limited.json()) as { rejection: { message: string } };
        expect({ ...body, rejection: { ...body.rejection, message: limitedBy(body) } }).toEqual(
          rejected(
            'rate-limited',
            'http',
            "too many requests: at most 5 a minute from one address without a seat's token (none was sent, or it " +
              'opens no seat here); try again in T',
          ),
        );
        // The host's own bucket: five requests, then 429 naming the seat.
        const host: (number | [number, string])[] = [];
        for (let i = 0; i < 5; i += 1) host.push(await versionWith(served, 'g1', g1.tokens.host));
        expect(host).toEqual([0, 0, 0, 0, 0]);
        const [hostStatus, hostBody] = await call(served, '/games/g1/events', { headers: auth(g1.tokens.host) });
        expect([hostStatus, limitedBy(hostBody)]).toEqual([
          429,
          'too many requests: at most 5 a minute for each seat of a game (this is seat host of game g1); ' +
            'try again in T',
        ]);
        expect(await versionWith(served, 'g1', g1.tokens.germany)).toBe(0);
        expect(await versionWith(served, 'g1', g1.tokens.viewer)).toBe(0);
        for (let i = 2; i <= 5; i += 1) await create(served, `g${i}`);
        const sixth = await call(served, '/games', { method: 'POST', headers: operatorAuth() });
        expect([sixth[0], limitedBy(sixth[1])]).toEqual([
          429,
          "too many requests: at most 5 a minute for the operator's token; try again in T",
        ]);
        const health: number[] = [];
        for (let i = 0; i < 12; i += 1) health.push((await call(served, '/health'))[0]);
        expect(health).toEqual(Array.from({ length: 12 }, () => 200));
        const scraped = await (await fetch(served.metricsUrl as string)).text();
        expect(scraped.split('\n').filter((line) => line.startsWith('awaw_rate_limited_total'))).toEqual([
          'awaw_rate_limited_total{by="address"} 4',
          'awaw_rate_limited_total{by="seat"} 1',
          'awaw_rate_limited_total{by="operator"} 1',
        ]);
      } finally {
        expect(await stopServed(served)).toBe(0);
      }
    },
  );

  it(
    'the viewer reads every view of the game, by its header or ?access_token=, and decides nothing (403); an ' +
      "acting seat's token or the operator's in the query string is refused; no token reaches the log",
    async () => {
      const served = await start(store.fresh());
      const tokens: string[] = [OPERATOR_TOKEN];
      try {
        const g1 = await create(served, 'g1');
        tokens.push(...Object.values(g1.tokens));
        const [started, next] = script();
        const sent = await call(served, '/games/g1/commands', {
          method: 'POST',
          headers: { ...json, ...auth(g1.tokens.host) },
          body: JSON.stringify(started),
        });
        expect(sent[0]).toBe(200);
        const viewer = auth(g1.tokens.viewer);
        for (const path of ['', '/pending', '/wars', '/permissions', '/declarations', '/events', '/audit']) {
          expect([path, (await call(served, `/games/g1${path}`, { headers: viewer }))[0]]).toEqual([path, 200]);
          const [status, body] = await call(served, `/games/g1${path}?access_token=${g1.tokens.viewer}`);
          expect([path, status, (body as { version: number }).version]).toEqual([path, 200, 1]);
        }
        const report = await fetch(`${served.url}/games/g1/report?access_token=${g1.tokens.viewer}`);
        expect([report.status, report.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
        expect(await report.text()).toContain('<html');
        const controller = new AbortController();
        const stream = await fetch(`${served.url}/games/g1/stream?from=1&access_token=${g1.tokens.viewer}`, {
          signal: controller.signal,
        });
        const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
        let text = '';
        while (!text.includes('id: 1\n')) text += new TextDecoder().decode((await reader.read()).value);
        controller.abort();
        expect(text).toContain('id: 1\nevent: host.game-started\n');

        for (const route of ['commands', 'preview', 'pending'])
          expect(
            await call(served, `/games/g1/${route}`, {
              method: 'POST',
              headers: { ...json, ...viewer },
              body: JSON.stringify(next),
            }),
          ).toEqual([
            403,
            rejected(
              'forbidden',
              'seats',
              `the viewer token reads game g1 and decides nothing: POST /games/g1/${route} takes the token of the ` +
                'host, a power or a side',
            ),
          ]);
        const why =
          'goes in the Authorization header alone ("Bearer TOKEN"), as a URL is kept in browser histories ' +
          'and proxy logs';
        expect(await call(served, `/games/g1/report?access_token=${g1.tokens.host}`)).toEqual([
          401,
          rejected(
            'unauthorized',
            'seats',
            `?access_token=: takes only a game's viewer token; the token of seat host, which acts in the game, ${why}`,
          ),
        ]);
        expect(await call(served, `/games/g1/stream?access_token=${OPERATOR_TOKEN}`)).toEqual([
          401,
          rejected(
            'unauthorized',
            'seats',
            `?access_token=: takes only a game's viewer token; the operator's token ${why}`,
          ),
        ]);
        expect(await call(served, '/games/g1', { headers: operatorAuth() })).toEqual([
          401,
          rejected(
            'unauthorized',
            'seats',
            "Authorization: the operator's token creates games and issues seat tokens; it opens no game: send a " +
              'seat token of game g1',
          ),
        ]);
        expect(await versionWith(served, 'g1', g1.tokens.host)).toBe(1);
      } finally {
        expect(await stopServed(served)).toBe(0);
      }
      const log = served.stderr();
      expect(log).toContain('"url":"/games/g1/report?access_token=[redacted]"');
      expect(log).toContain('"seat":"viewer"');
      expect(tokens).toHaveLength(12);
      for (const token of tokens) expect(log).not.toContain(token);
    },
  );
}
