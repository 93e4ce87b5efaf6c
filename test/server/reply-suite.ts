// Every reply in the one documented error shape (docs/server.md, "Refusals and status codes"), from a real `serve`
// process: what Node's HTTP parser refuses (431, a bad Content-Length, a garbage request line, a request not
// received in time), a body too large, of another type, not UTF-8, not JSON or setting a prototype, a seq no
// number holds, a new game's body that is no `{"game"?: ID}`. Run on a directory of logs and on PostgreSQL.
import { expect, it } from 'vitest';
import { exchange, parseReply } from '../support/raw-http.js';
import { serve, stopServed, type Served } from '../support/serve-cluster.js';
import { auth, script, type Created } from './api-client.js';
import { OPERATOR_TOKEN, operatorAuth } from '../support/operator.js';

export interface ServeTarget {
  readonly store: string;
  readonly args: readonly string[];
}

const refused = (code: string, rule: string, message: string) => ({ ok: false, rejection: { code, rule, message } });

const jsonType = 'application/json; charset=utf-8';

export function replySuite(target: () => ServeTarget): void {
  const start = (): Promise<Served> => {
    const { store, args } = target();
    return serve(store, [...args, '--body-limit', '1024', '--request-timeout', '1000', '--headers-timeout', '1000']);
  };

  it('what the HTTP parser refuses, and a request not received in time, are answered in the one shape', async () => {
    const served = await start();
    try {
      const raw = async (text: string) => {
        const reply = parseReply((await exchange(served.url, text)).text);
        expect(reply.headers['content-type']).toBe(jsonType);
        return [reply.status, reply.body];
      };
      expect(await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`)).toEqual([
        431,
        refused(
          'headers-too-large',
          'http',
          "$: the request's headers are larger than this server takes (16384 bytes)",
        ),
      ]);
      expect(await raw('POST /games HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n{}')).toEqual([
        400,
        refused('bad-request', 'http', 'Content-Length: not a valid length of the body'),
      ]);
      expect(await raw('HELLO THERE\r\n\r\n')).toEqual([
        400,
        refused(
          'bad-request',
          'http',
          '$: not a valid HTTP/1.1 request: Invalid method encountered (HPE_INVALID_METHOD)',
        ),
      ]);
      expect(await raw('GET /health HTTP/1.1\r\nHost: x\r\n')).toEqual([
        408,
        refused(
          'request-timeout',
          'http',
          '$: the request did not come in time (its headers within 1000 ms, all of it within 1000 ms)',
        ),
      ]);
      const big = 'x'.repeat(2000);
      expect(
        await raw(
          `POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n` +
            `Authorization: Bearer ${OPERATOR_TOKEN}\r\nConnection: close\r\n\r\n${big}`,
        ),
      ).toEqual([
        413,
        refused(
          'too-large',
          'http',
          '$: the request body is larger than this server takes (Request body is too large)',
        ),
      ]);
    } finally {
      expect(await stopServed(served)).toBe(0);
    }
  });

  it(
    'a body of another type (415), not UTF-8, not JSON, setting a prototype, a seq beyond 2^53 - 1 (400): ' +
      'refused, nothing stored',
    async () => {
      const served = await start();
      try {
        const created = (await (
          await fetch(`${served.url}/games`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...operatorAuth() },
            body: '{"game":"g1"}',
          })
        ).json()) as Created;
        const host = auth(created.tokens.host);
        const post = async (body: string | Uint8Array, type = 'application/json') => {
          const response = await fetch(`${served.url}/games/g1/commands`, {
            method: 'POST',
            headers: { ...host, 'content-type': type },
            body,
          });
          expect(response.headers.get('content-type')).toBe(jsonType);
          return [response.status, await response.json()];
        };
        const [started] = script();
        expect((await post(JSON.stringify(started)))[0]).toBe(200);
        expect(await post('{"type":"host.logged"}', 'text/plain')).toEqual([
          415,
          refused('unsupported-media-type', 'http', 'Content-Type: expected application/json (Unsupported Media Type)'),
        ]);
        const note = '{"type":"host.logged","data":{"turn":{"season":"spring","year":1941},"kind":"note","data":{"t":"';
        const bytes = Buffer.concat([Buffer.from(note), Buffer.from([0x63, 0x61, 0xff, 0x65]), Buffer.from('"}}}')]);
        expect(await post(bytes)).toEqual([
          400,
          refused('bad-request', 'http', `$: not valid UTF-8: byte 0xff at offset ${note.length + 2}`),
        ]);
        // The rest of the message is JavaScript's own (its words change with Node's version).
        const [status, notJson] = await post('{"type":');
        expect([status, notJson]).toEqual([
          400,
          refused('bad-request', 'http', expect.stringMatching(/^\$: not JSON: \S/) as unknown as string),
        ]);
        expect(await post(`${note}x","__proto__":{"isAdmin":true}}}}`)).toEqual([
          400,
          refused(
            'bad-request',
            'http',
            "data.data.__proto__: a member that would set an object's prototype is not accepted",
          ),
        ]);
        expect(await post(`${note}x","constructor":{"prototype":{}}}}}`)).toEqual([
          400,
          refused(
            'bad-request',
            'http',
            "data.data.constructor: a member that would set an object's prototype is not accepted",
          ),
        ]);
        const huge = '99999999999999999999';
        for (const route of ['events', 'audit', 'stream']) {
          const response = await fetch(`${served.url}/games/g1/${route}?from=${huge}`, { headers: host });
          expect([response.status, await response.json()]).toEqual([
            400,
            refused('bad-request', 'schema', 'querystring.from: must be <= 9007199254740991'),
          ]);
        }
        const events = await fetch(`${served.url}/games/g1/events`, { headers: host });
        expect(((await events.json()) as { events: { type: string }[] }).events.map((e) => e.type)).toEqual([
          'host.game-started',
        ]);
      } finally {
        expect(await stopServed(served)).toBe(0);
      }
    },
  );

  it('POST /games takes {"game"?: ID} or no body; any other body is refused and no game made', async () => {
    const served = await start();
    try {
      const create = async (body: string | null) => {
        const response = await fetch(`${served.url}/games`, {
          method: 'POST',
          headers: body === null ? operatorAuth() : { 'content-type': 'application/json', ...operatorAuth() },
          ...(body === null ? {} : { body }),
        });
        return [response.status, await response.json()];
      };
      const notAnObject = refused('bad-request', 'schema', '$: expected an object {"game"?: ID}, or no body');
      const notAnId = refused(
        'bad-request',
        'schema',
        'game: expected a string matching ^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$',
      );
      for (const body of ['["x"]', '12', 'true', 'null', '"g1"'])
        expect(await create(body)).toEqual([400, notAnObject]);
      for (const body of ['{"game":["x"]}', '{"game":12}', '{"game":true}', '{"game":"-x"}'])
        expect(await create(body)).toEqual([400, notAnId]);
      expect(await create('{"game":"g1","seats":{}}')).toEqual([
        400,
        refused('bad-request', 'schema', 'seats: not a member of a new game: expected only game'),
      ]);
      expect(await create('{"__proto__":{"game":"x"}}')).toEqual([
        400,
        refused('bad-request', 'http', "__proto__: a member that would set an object's prototype is not accepted"),
      ]);
      for (const game of ['x', '12', 'true', 'g1']) {
        const response = await fetch(`${served.url}/games/${game}`, { headers: auth('a'.repeat(43)) });
        expect([game, response.status]).toEqual([game, 404]);
      }
      const [status, made] = await create(null);
      expect([status, (made as { game: string }).game]).toEqual([201, expect.stringMatching(/^g-[A-Za-z0-9]{12}$/)]);
      const [named] = await create('{"game":"g1"}');
      expect(named).toBe(201);
    } finally {
      expect(await stopServed(served)).toBe(0);
    }
  });
}
