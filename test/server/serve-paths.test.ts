// No server path reaches a caller (docs/server.md, "Refusals and status codes"): a seats file that is no game's
// seats, a log that is a directory, a store directory gone, a database socket that is not there are answered 503
// saying what failed, without the directory, the file or the socket; the server's log has the paths. A torn log is
// no failure: the next append repairs it.
// Real `serve` processes on a directory of logs and, through a proxy that stops, on PostgreSQL.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describePg, usePgDatabase } from '../support/pg.js';
import { pgProxy } from '../support/pg-proxy.js';
import { serve, stopServed, type Served } from '../support/serve-cluster.js';
import { auth, script, type Created } from './api-client.js';
import { operatorAuth } from '../support/operator.js';

const failed = (message: string) => ({ ok: false, rejection: { code: 'store-failed', rule: 'store', message } });

async function create(served: Served, game: string): Promise<Created> {
  const response = await fetch(`${served.url}/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...operatorAuth() },
    body: JSON.stringify({ game }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Created;
}

const get = async (served: Served, path: string, token: string): Promise<[number, unknown]> => {
  const response = await fetch(`${served.url}${path}`, { headers: auth(token) });
  return [response.status, await response.json()];
};

const start = async (served: Served, created: Created): Promise<number> =>
  (
    await fetch(`${served.url}/games/${created.game}/commands`, {
      method: 'POST',
      headers: { ...auth(created.tokens.host), 'content-type': 'application/json' },
      body: JSON.stringify(script()[0]),
    })
  ).status;

/** A token of no game: what a stranger sends. */
const GARBAGE = 'x'.repeat(43);

describe('serve on a directory: no path in a reply', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a bad seats file, a log that is a directory, the directory gone: 503, no path; a torn log mended', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'awaw-serve-paths-'));
    dirs.push(parent);
    const dir = join(parent, 'secret-place');
    const served = await serve(dir);
    const replies: unknown[] = [];
    try {
      const [g1, g2, g3] = [await create(served, 'g1'), await create(served, 'g2'), await create(served, 'g3')];
      expect([await start(served, g1), await start(served, g3)]).toEqual([200, 200]);
      writeFileSync(join(dir, 'g1.seats.json'), '{"format":"awaw-surrender-seats"}');
      const seats = await get(served, '/games/g1', GARBAGE);
      replies.push(seats);
      expect(seats).toEqual([
        503,
        failed(
          "the seats of game g1 could not be read: what is stored is no game's seats " +
            "(the server's log has the details)",
        ),
      ]);
      rmSync(join(dir, 'g2.jsonl'));
      mkdirSync(join(dir, 'g2.jsonl'));
      const directory = await get(served, '/games/g2', g2.tokens.host);
      replies.push(directory);
      expect(directory).toEqual([
        503,
        failed(
          "the log could not be read or written (not-a-log): the game's log is not one the store can use; nothing " +
            'was recorded',
        ),
      ]);
      appendFileSync(join(dir, 'g3.jsonl'), '{"seq":2,"cut');
      // A read takes the log's whole lines; an append finds the torn one and repairs it (a dead writer's, under the
      // lock), then goes on.
      const note = { type: 'host.logged', data: { turn: { season: 'summer', year: 1941 }, kind: 'note', data: {} } };
      const appended = await fetch(`${served.url}/games/g3/commands`, {
        method: 'POST',
        headers: { ...auth(g3.tokens.host), 'content-type': 'application/json' },
        body: JSON.stringify(note),
      });
      const torn = [appended.status, await appended.json()];
      replies.push(torn);
      expect(torn).toMatchObject([200, { ok: true, events: [{ type: 'host.logged', game: 'g3' }] }]);
      rmSync(dir, { recursive: true, force: true });
      const health = await fetch(`${served.url}/health`);
      const gone = [health.status, await health.json()];
      replies.push(gone);
      expect(gone).toEqual([
        503,
        failed('the store cannot be used: what the store is pointed at does not exist (ENOENT)'),
      ]);
    } finally {
      expect(await stopServed(served)).toBe(0);
    }
    expect(JSON.stringify(replies)).not.toContain(parent);
    const log = served.stderr();
    for (const file of ['g1.seats.json', 'g2.jsonl']) expect(log).toContain(join(dir, file));
  });
});

describePg('serve on PostgreSQL: no socket path in a reply', () => {
  const db = usePgDatabase();

  it('the database socket gone: /health, a command and a stranger are answered 503 without its path', async () => {
    const proxy = await pgProxy(db.url());
    const socketDir = decodeURIComponent(/[?&]host=([^&]+)/.exec(proxy.url)?.[1] ?? '');
    expect(socketDir).toMatch(/awaw-pg-proxy-/);
    const served = await serve(proxy.url, ['--schema', db.schema()]);
    const replies: unknown[] = [];
    try {
      const g1 = await create(served, 'g1');
      expect(await start(served, g1)).toBe(200);
      await proxy.stop();
      const health = await fetch(`${served.url}/health`);
      replies.push([health.status, await health.json()]);
      const read = await get(served, '/games/g1/pending', g1.tokens.host);
      replies.push(read);
      const stranger = await get(served, '/games/g9', GARBAGE);
      replies.push(stranger);
      const unavailable = 'the store cannot be reached now; try again later';
      const logFailed = `the log could not be read or written (ENOENT): ${unavailable}; nothing was recorded`;
      expect(replies).toEqual([
        [503, failed(`the store cannot be used: ${unavailable} (ENOENT)`)],
        [503, failed(logFailed)],
        [503, failed(logFailed)],
      ]);
    } finally {
      expect(await stopServed(served)).toBe(0);
      await proxy.stop();
    }
    expect(JSON.stringify(replies)).not.toContain(socketDir);
    expect(served.stderr()).toContain(join(socketDir, '.s.PGSQL.5432'));
  });
});
