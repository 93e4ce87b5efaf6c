// The server's log (docs/server.md, "Operating a server"): a real `serve` writes one JSON line per request on
// standard error, with its id (the reply's x-request-id), game, seat, status, code and latency, no token anywhere
// (not the Authorization header, not ?access_token=), and a store's failure with its stack and path, which the
// reply does not carry. A defect is a 500 whose reply names the request's id; its stack is in the log alone, also
// when the engine answered it as a typed refusal.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SurrenderEngine } from '../../src/host/engine.js';
import { GameCache } from '../../src/host/game-cache.js';
import { buildServer } from '../../src/server/app.js';
import { gameSlot, IfMatchGuard, type Backend, type GameSlot } from '../../src/server/backend.js';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import { logOptions } from '../../src/server/request-log.js';
import { observedStore, StoreFailures } from '../../src/server/store-failures.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { serve, stopServed } from '../support/serve-cluster.js';
import { auth, script, type Created } from './api-client.js';
import { memorySeatStore } from '../support/memory-seats.js';
import { OPERATOR_TOKEN, operatorAuth, TEST_OPERATOR } from '../support/operator.js';

type Line = Record<string, unknown>;
const linesOf = (text: string): Line[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line);

/** A request line without what changes from run to run (time, latency), which is checked apart. */
function steady(line: Line): Line {
  const { time, ms, ...rest } = line;
  expect(typeof time).toBe('number');
  expect(typeof ms === 'number' && ms >= 0).toBe(true);
  return rest;
}

describe('serve: the log', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'one JSON line per request on standard error, with its id, game, seat, status, code; no token; a store ' +
      'failure with its stack and path in the log, not in the reply',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'awaw-serve-log-'));
      dirs.push(dir);
      const served = await serve(dir);
      const ids: string[] = [];
      const call = async (path: string, init: RequestInit = {}): Promise<[number, unknown]> => {
        const response = await fetch(`${served.url}${path}`, init);
        ids.push(response.headers.get('x-request-id') ?? '');
        const text = await response.text();
        return [response.status, text.startsWith('{') ? JSON.parse(text) : text];
      };
      const json = { 'content-type': 'application/json' };
      let tokens: Created['tokens'] | null = null;
      let other: Created['tokens'] | null = null;
      try {
        const operator = { ...json, ...operatorAuth() };
        const [, made] = await call('/games', { method: 'POST', headers: operator, body: '{"game":"g1"}' });
        tokens = (made as Created).tokens;
        const [started] = script();
        const host = { ...json, ...auth(tokens.host) };
        expect(
          (await call('/games/g1/commands', { method: 'POST', headers: host, body: JSON.stringify(started) }))[0],
        ).toBe(200);
        expect((await call('/games/g1/pending', { headers: auth(tokens.germany) }))[0]).toBe(200);
        expect((await call('/nowhere?access_token=x'))[0]).toBe(404);
        expect((await call(`/games/g1/events?from=1&access_token=${tokens.italy}`))[0]).toBe(401);
        const controller = new AbortController();
        const stream = await fetch(`${served.url}/games/g1/stream?access_token=${tokens.viewer}`, {
          signal: controller.signal,
        });
        ids.push(stream.headers.get('x-request-id') ?? '');
        await (stream.body as ReadableStream<Uint8Array>).getReader().read();
        controller.abort();
        const [, second] = await call('/games', { method: 'POST', headers: operator, body: '{"game":"g2"}' });
        other = (second as Created).tokens;
        writeFileSync(join(dir, 'g2.seats.json'), '{"format":"something else"}');
        expect(await call('/games/g2', { headers: auth(other.host) })).toEqual([
          503,
          {
            ok: false,
            rejection: {
              code: 'store-failed',
              rule: 'store',
              message:
                "the seats of game g2 could not be read: what is stored is no game's seats " +
                "(the server's log has the details)",
            },
          },
        ]);
      } finally {
        expect(await stopServed(served)).toBe(0);
      }
      const log = served.stderr();
      for (const token of [...Object.values(tokens ?? {}), ...Object.values(other ?? {}), OPERATOR_TOKEN])
        expect(log).not.toContain(token);
      const lines = linesOf(log);
      const base = { level: 30, pid: served.child.pid, hostname: hostname(), ip: '127.0.0.1', msg: 'request' };
      const byId = (id: string): Line => steady(lines.find((l) => l['reqId'] === id && l['msg'] === 'request') ?? {});
      expect(ids.every((id) => /^[0-9a-f]{16}$/.test(id))).toBe(true);
      const line = (id: string | undefined, method: string, url: string, route: string | null, rest: Line): Line => ({
        ...base,
        reqId: id,
        method,
        url,
        route,
        game: null,
        seat: null,
        code: null,
        ...rest,
      });
      expect(ids.map(byId)).toEqual([
        line(ids[0], 'POST', '/games', '/games', { seat: 'operator', status: 201 }),
        line(ids[1], 'POST', '/games/g1/commands', '/games/:game/commands', { game: 'g1', seat: 'host', status: 200 }),
        line(ids[2], 'GET', '/games/g1/pending', '/games/:game/pending', { game: 'g1', seat: 'germany', status: 200 }),
        line(ids[3], 'GET', '/nowhere?access_token=[redacted]', null, { status: 404, code: 'not-found' }),
        line(ids[4], 'GET', '/games/g1/events?from=1&access_token=[redacted]', '/games/:game/events', {
          game: 'g1',
          status: 401,
          code: 'unauthorized',
        }),
        line(ids[5], 'GET', '/games/g1/stream?access_token=[redacted]', '/games/:game/stream', {
          game: 'g1',
          seat: 'viewer',
          status: 200,
        }),
        line(ids[6], 'POST', '/games', '/games', { seat: 'operator', status: 201 }),
        line(ids[7], 'GET', '/games/g2', '/games/:game', { level: 50, game: 'g2', status: 503, code: 'store-failed' }),
      ]);
      const failure = lines.find((l) => l['msg'] === 'store failed');
      expect(failure).toMatchObject({ level: 40, reqId: ids[7], game: 'g2', kind: 'corrupt' });
      const err = failure?.['err'] as { message: string; stack: string };
      expect(err.message).toBe(
        `the stored seats are no game's seats: ${join(dir, 'g2.seats.json')}: not a seats file of game g2`,
      );
      expect(err.stack).toMatch(/^StoreError: .*\n\s+at /);
    },
  );
});

/** Games on a memory store whose reads fail with a defect (a TypeError, no StoreError) once `broken` is set. */
function defectiveBackend(): { readonly backend: Backend; break(): void } {
  const log = new MemoryEventStore();
  const seatStore = memorySeatStore();
  let broken = false;
  const failures = new StoreFailures();
  const slots = new GameCache<GameSlot>(async (game) => {
    const guard = new IfMatchGuard();
    const faulty = {
      version: () => log.version(),
      head: () =>
        broken ? Promise.reject(new TypeError("Cannot read properties of undefined (reading 'seq')")) : log.head(),
      read: (options?: { from?: number }) => log.read(options),
      append: (...args: Parameters<MemoryEventStore['append']>) => log.append(...args),
      close: async () => undefined,
    };
    const store = guard.wrap(observedStore(faulty, game, failures));
    return gameSlot(await SurrenderEngine.open(store), store, guard);
  });
  const backend: Backend = {
    kind: 'directory',
    seats: seatStore,
    failures,
    createStream: async () => undefined,
    lease: (game) => slots.lease(game),
    watch: async () => () => undefined,
    check: async () => undefined,
    openGames: () => ({ open: slots.size, evicted: slots.evicted }),
    close: () => slots.close(),
  };
  return { backend, break: () => (broken = true) };
}

describe('the app: 500s and the log', () => {
  it('a library app logs nothing unless asked: no logger in its options', () => {
    expect(logOptions(undefined).logger).toBe(false);
  });

  it(
    "a defect is a 500 whose reply names the request's id, nothing of the defect; the log has its stack, as the " +
      "store threw it and as the engine answered it (with the engine's words), at level error",
    async () => {
      const written: string[] = [];
      const { backend, break: breakIt } = defectiveBackend();
      const app = await buildServer(backend, {
        operator: TEST_OPERATOR,
        log: { level: 'info', stream: { write: (line) => written.push(line) } },
      });
      try {
        const created = (
          await app.inject({ method: 'POST', url: '/games', headers: operatorAuth(), payload: { game: 'g1' } })
        ).json<Created>();
        breakIt();
        const response = await app.inject({
          method: 'GET',
          url: '/games/g1/pending',
          headers: auth(created.tokens.host),
        });
        const id = response.headers['x-request-id'];
        expect([response.statusCode, response.json()]).toEqual([
          500,
          {
            ok: false,
            rejection: {
              code: 'internal',
              rule: 'engine',
              message: `internal error, nothing was recorded (request ${String(id)}: the server's log has the details)`,
            },
          },
        ]);
        expect(response.body).not.toContain('TypeError');
        const lines = linesOf(written.join(''));
        const defect = lines.find((l) => l['msg'] === 'store defect');
        expect(defect).toMatchObject({ level: 50, reqId: id, game: 'g1' });
        expect((defect?.['err'] as { stack?: string } | undefined)?.stack).toMatch(
          /^TypeError: Cannot read properties of undefined \(reading 'seq'\)\n\s+at /,
        );
        const answered = lines.find((l) => l['msg'] === 'internal error');
        expect(answered).toMatchObject({
          level: 50,
          reqId: id,
          message: "internal error, nothing was recorded: Cannot read properties of undefined (reading 'seq')",
          err: { type: 'TypeError', message: "Cannot read properties of undefined (reading 'seq')" },
        });
        expect((answered?.['err'] as { stack?: string } | undefined)?.stack).toMatch(
          /^TypeError: Cannot read properties of undefined \(reading 'seq'\)\n\s+at /,
        );
        expect(lines.find((l) => l['msg'] === 'request')).toMatchObject({ level: 30, status: 201 });
        expect(lines.filter((l) => l['msg'] === 'request').at(-1)).toMatchObject({
          level: 50,
          reqId: id,
          status: 500,
          code: 'internal',
          seat: 'host',
        });
      } finally {
        await app.close();
        await backend.close();
      }
    },
  );

  it('an error thrown past a route is a 500 with the request id; its stack is logged', async () => {
    const written: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'awaw-serve-defect-'));
    const real = await DirectoryBackend.open(dir);
    const backend: Backend = {
      kind: real.kind,
      seats: real.seats,
      failures: real.failures,
      createStream: (game) => real.createStream(game),
      lease: () => Promise.reject(new RangeError('a defect of the cache')),
      watch: (game, listener) => real.watch(game, listener),
      check: () => real.check(),
      openGames: () => real.openGames(),
      close: () => real.close(),
    };
    const app = await buildServer(backend, {
      operator: TEST_OPERATOR,
      log: { level: 'info', stream: { write: (line) => written.push(line) } },
    });
    try {
      const created = (
        await app.inject({ method: 'POST', url: '/games', headers: operatorAuth(), payload: { game: 'g1' } })
      ).json<Created>();
      const response = await app.inject({ method: 'GET', url: '/games/g1/wars', headers: auth(created.tokens.us) });
      const id = String(response.headers['x-request-id']);
      expect([response.statusCode, response.json()]).toEqual([
        500,
        {
          ok: false,
          rejection: {
            code: 'internal',
            rule: 'http',
            message: `internal error, nothing was recorded (request ${id}: the server's log has the details)`,
          },
        },
      ]);
      const lines = linesOf(written.join(''));
      const logged = lines.find((l) => l['msg'] === 'internal error');
      expect(logged).toMatchObject({ level: 50, reqId: id });
      expect((logged?.['err'] as { stack?: string } | undefined)?.stack).toMatch(
        /^RangeError: a defect of the cache\n\s+at /,
      );
    } finally {
      await app.close();
      await backend.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
