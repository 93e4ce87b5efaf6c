// The HTTP API on PostgreSQL when the database's reply to a COMMIT is lost (a proxy drops it and ends the
// connection): 503 outcome-unknown, the commit done all the same; the same request with the same Idempotency-Key
// then answers the first outcome, and the database holds the command once.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { PostgresBackend } from '../../src/server/postgres-backend.js';
import type { Server } from '../../src/server/types.js';
import { describePg, queryRows, usePgDatabase } from '../support/pg.js';
import { pgProxy, type PgProxy } from '../support/pg-proxy.js';
import { createGame, eventCount, script, send } from './api-client.js';
import { TEST_OPERATOR } from '../support/operator.js';

describePg('serve on PostgreSQL: a commit whose reply is lost', () => {
  const db = usePgDatabase();
  let url = '';
  const closing: (() => Promise<void>)[] = [];
  beforeAll(() => {
    url = db.url();
  });
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });
  const serve = async (): Promise<{ app: Server; proxy: PgProxy; schema: string }> => {
    const proxy = await pgProxy(url);
    closing.push(() => proxy.stop());
    const schema = db.schema();
    const backend = await PostgresBackend.open(proxy.url, schema);
    closing.push(() => backend.close());
    const app = await buildServer(backend, { operator: TEST_OPERATOR });
    closing.push(() => app.close());
    return { app, proxy, schema };
  };

  it(
    'the reply to the COMMIT dropped: 503 outcome-unknown; sent again with its Idempotency-Key, the first outcome, ' +
      'the event stored once',
    async () => {
      const { app, proxy, schema } = await serve();
      const created = await createGame(app, 'g1');
      const commands = script();
      const at = commands.findIndex((c) => c.type === 'britain.offer-accepted');
      for (const command of commands.slice(0, at)) expect((await send(app, created, command)).statusCode).toBe(200);
      const before = await eventCount(app, created);
      const key = { 'idempotency-key': 'accept-offer-1' };
      const dropped = proxy.dropReplyTo(/append_events\(.*COMMIT$/s);
      const lost = await send(app, created, commands[at], key);
      await dropped;
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toMatchObject({
        ok: false,
        rejection: {
          code: 'outcome-unknown',
          rule: 'store',
          message: expect.stringMatching(
            new RegExp(
              '^the command may or may not have been recorded: .*Send it again with the same command id ' +
                '\\(Idempotency-Key over HTTP\\): the answer is then its outcome, recorded once$',
            ),
          ),
        },
      });
      // The database committed it: the rows are there.
      const rows = await queryRows<{ seq: number; command_id: string | null }>(
        url,
        `SELECT seq, command_id FROM "${schema}".events WHERE game = 'g1' AND seq > $1 ORDER BY seq`,
        [before],
      );
      expect(rows).toEqual([
        { seq: before + 1, command_id: 'accept-offer-1' },
        { seq: before + 2, command_id: null },
      ]);
      const again = await send(app, created, commands[at], key);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        ok: true,
        repeated: true,
        events: [
          { seq: before + 1, type: 'britain.offer-accepted', commandId: 'accept-offer-1' },
          { seq: before + 2, type: 'britain.surrendered' },
        ],
        head: { seq: before + 2 },
        version: before + 2,
      });
      expect(await send(app, created, commands[at], key)).toMatchObject({ statusCode: 200 });
      expect(await eventCount(app, created)).toBe(before + 2);
      expect(
        await queryRows<{ n: string }>(
          url,
          `SELECT count(*) AS n FROM "${schema}".events WHERE game = 'g1' AND line LIKE '%"britain.offer-accepted"%'`,
        ),
      ).toEqual([{ n: '1' }]);
    },
  );
});
