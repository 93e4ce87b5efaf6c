// The HTTP API on a directory of JSON Lines logs, one per game (the embedded default of `serve`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import { idempotencySuite } from './idempotency-suite.js';
import { auth, createGame } from './api-client.js';
import { serverSuite } from './server-suite.js';
import { streamSuite } from './stream-suite.js';
import { TEST_OPERATOR } from '../support/operator.js';

describe('serve on a directory of JSON Lines logs', () => {
  const dirs: string[] = [];
  let dir = '';
  const fresh = (): string => {
    dir = mkdtempSync(join(tmpdir(), 'awaw-serve-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  serverSuite(
    () => DirectoryBackend.open(fresh()),
    () => DirectoryBackend.open(dir),
  );
  streamSuite(() => DirectoryBackend.open(fresh()));
  idempotencySuite(
    () => DirectoryBackend.open(fresh()),
    () => DirectoryBackend.open(dir),
  );

  it('a seats file that is not one is a store failure (503), typed, never a stack trace nor a path', async () => {
    const backend = await DirectoryBackend.open(fresh());
    const app = await buildServer(backend, { operator: TEST_OPERATOR });
    const created = await createGame(app, 'g1');
    writeFileSync(join(dir, 'g1.seats.json'), '{"format":"something else"}');
    const response = await app.inject({ method: 'GET', url: '/games/g1/pending', headers: auth(created.tokens.host) });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      ok: false,
      rejection: {
        code: 'store-failed',
        rule: 'store',
        message:
          "the seats of game g1 could not be read: what is stored is no game's seats " +
          "(the server's log has the details)",
      },
    });
    await app.close();
    await backend.close();
  });
});
