// The HTTP API's Idempotency-Key, on one kind of store (api-directory.test.ts, api-postgres.test.ts): a command sent
// again with its key is answered with its first outcome (whatever its If-Match, by this process or another), appended
// once; another command with the key is 409; a key that is none is 400.
import { afterEach, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import type { Backend } from '../../src/server/backend.js';
import type { Server } from '../../src/server/types.js';
import { createGame, eventCount, script, send, type Created } from './api-client.js';
import { TEST_OPERATOR } from '../support/operator.js';

export function idempotencySuite(open: () => Promise<Backend>, reopen: () => Promise<Backend>): void {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });
  const start = async (backend: Backend): Promise<Server> => {
    closing.push(() => backend.close());
    const app = await buildServer(backend, { operator: TEST_OPERATOR });
    closing.push(() => app.close());
    return app;
  };
  /** A game at the British offer of Summer 1941 (59.23), and the command that accepts it. */
  const atOffer = async (app: Server): Promise<{ created: Created; accept: unknown; version: number }> => {
    const created = await createGame(app, 'g1');
    const commands = script();
    const at = commands.findIndex((c) => c.type === 'britain.offer-accepted');
    for (const command of commands.slice(0, at)) expect((await send(app, created, command)).statusCode).toBe(200);
    return { created, accept: commands[at], version: await eventCount(app, created) };
  };

  it('a command sent again with its Idempotency-Key: 200, its first events and head, repeated, once', async () => {
    const app = await start(await open());
    const { created, accept, version } = await atOffer(app);
    const first = await send(app, created, accept, { 'idempotency-key': 'accept-1', 'if-match': `"${version}"` });
    expect(first.statusCode).toBe(200);
    const body = first.json<Record<string, unknown>>();
    expect(body).toMatchObject({ events: [{ commandId: 'accept-1' }, { type: 'britain.surrendered' }] });
    expect(body).not.toHaveProperty('repeated');
    // The same request: its If-Match names the version it was sent at, the key (here quoted) the command.
    for (const key of ['accept-1', '"accept-1"']) {
      const again = await send(app, created, accept, { 'idempotency-key': key, 'if-match': `"${version}"` });
      expect([again.statusCode, again.json()]).toEqual([200, { ...body, repeated: true }]);
      expect(again.headers['etag']).toBe(`"${version + 2}"`);
    }
    expect(await eventCount(app, created)).toBe(version + 2);
  });

  it('recorded through another process, the command is answered by this one as a repeat', async () => {
    const app = await start(await open());
    const { created, accept, version } = await atOffer(app);
    const other = await start(await reopen());
    const first = await send(other, created, accept, { 'idempotency-key': 'elsewhere' });
    expect(first.statusCode).toBe(200);
    const again = await send(app, created, accept, { 'idempotency-key': 'elsewhere' });
    expect([again.statusCode, again.json()]).toEqual([200, { ...first.json<object>(), repeated: true }]);
    expect(await eventCount(app, created)).toBe(version + 2);
  });

  it('another command with the key: 409 command-id-reused; a key that is none: 400; nothing appended', async () => {
    const app = await start(await open());
    const { created, accept, version } = await atOffer(app);
    expect((await send(app, created, accept, { 'idempotency-key': 'answer' })).statusCode).toBe(200);
    const reject = { type: 'britain.offer-rejected', data: (accept as { data: unknown }).data };
    const reused = await send(app, created, reject, { 'idempotency-key': 'answer' });
    expect([reused.statusCode, reused.json()]).toMatchObject([
      409,
      { ok: false, rejection: { code: 'command-id-reused', rule: 'command-id' } },
    ]);
    for (const bad of ['', 'two words', 'x'.repeat(129), 'a, b']) {
      const refused = await send(app, created, accept, { 'idempotency-key': bad });
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        {
          ok: false,
          rejection: {
            code: 'bad-request',
            rule: 'http',
            message:
              'Idempotency-Key: expected 1 to 128 characters, each a letter, a digit or one of _ . : - ' +
              '(^[A-Za-z0-9_.:-]{1,128}$), bare or in double quotes',
          },
        },
      ]);
    }
    expect(await eventCount(app, created)).toBe(version + 2);
  });
}
