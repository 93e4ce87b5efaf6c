// A stream on one process hears the appends made through another by LISTEN/NOTIFY. When the database ends the
// listening connection (a restart, an idle timeout, a network failure), the process listens again and every
// stream reads on from where it was: an append made while nobody listened is not lost to the stream.
import pg from 'pg';
import { expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { PostgresBackend } from '../../src/server/postgres-backend.js';
import type { Server } from '../../src/server/types.js';
import { describePg, usePgDatabase } from '../support/pg.js';
import { auth, createGame, script } from './api-client.js';
import { TEST_OPERATOR } from '../support/operator.js';

/** Ends every connection listening on the schema's channel; how many there were. */
async function endListeners(url: string, schema: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const ended = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query = $1',
      [`LISTEN "awaw_${schema}"`],
    );
    return ended.rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

/** The stream's text so far, read on until it holds `id: SEQ` (or 10 s pass). */
function streamText(reader: ReadableStreamDefaultReader<Uint8Array>): (seq: number) => Promise<string> {
  let text = '';
  return async (seq) => {
    const deadline = Date.now() + 10_000;
    while (!text.includes(`id: ${seq}\n`) && Date.now() < deadline) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
      ]);
      if (next === null || next.done) break;
      text += new TextDecoder().decode(next.value);
    }
    return text;
  };
}

describePg('serve on PostgreSQL: the listening connection lost', () => {
  const db = usePgDatabase();

  it(
    "a stream on process A hears the appends made through B after the database ended A's LISTEN connection, those " +
      'made meanwhile too',
    async () => {
      const schema = db.schema();
      const [a, b] = await Promise.all([
        PostgresBackend.open(db.url(), schema),
        PostgresBackend.open(db.url(), schema),
      ]);
      const apps: Server[] = [
        await buildServer(a, { operator: TEST_OPERATOR }),
        await buildServer(b, { operator: TEST_OPERATOR }),
      ];
      const controller = new AbortController();
      try {
        const [appA, appB] = apps as [Server, Server];
        const created = await createGame(appA, 'g1');
        const host = auth(created.tokens.host);
        const [started, first, second] = script();
        const sendB = (command: unknown) =>
          appB.inject({ method: 'POST', url: '/games/g1/commands', headers: host, payload: command as object });
        expect((await sendB(started)).statusCode).toBe(200);
        const url = await appA.listen({ port: 0, host: '127.0.0.1' });
        const stream = await fetch(`${url}/games/g1/stream?from=1`, { headers: host, signal: controller.signal });
        const readUntil = streamText((stream.body as ReadableStream<Uint8Array>).getReader());
        expect(await readUntil(1)).toContain('id: 1\n');

        expect(await endListeners(db.url(), schema)).toBe(2);
        // Made at once, before A can listen again: no notification of it reaches A.
        const missed = (await sendB(first)).json<{ version: number }>().version;
        expect(await readUntil(missed)).toContain(`id: ${missed}\n`);
        // And A listens again: a later append is heard as before.
        const later = (await sendB(second)).json<{ version: number }>().version;
        const text = await readUntil(later);
        expect([...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual(
          Array.from({ length: later }, (_, i) => i + 1),
        );
      } finally {
        controller.abort();
        await Promise.all(apps.map((app) => app.close()));
        await Promise.all([a.close(), b.close()]);
      }
    },
  );
});
