// How `serve` is given its operator token (docs/server.md, Operating a server): a file (--operator-token-file) or
// AWAW_OPERATOR_TOKEN, never the command line; --open, for play on one machine, only on a loopback address; with
// none of them it does not start (exit 2). A library app built without `operator` lets nobody create a game.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import { BIN } from '../support/exec-process.js';
import { OPERATOR_TOKEN, operatorAuth } from '../support/operator.js';
import { serve, stopServed } from '../support/serve-cluster.js';

describe('serve: the operator token', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-serve-operator-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = join(dir, 'games');

  /** `serve ARGS…` that is expected to stop at once: its exit code and standard error. */
  const refused = (args: readonly string[], token?: string): [number | null, string] => {
    const env: Record<string, string | undefined> = { ...process.env, AWAW_OPERATOR_TOKEN: token };
    if (token === undefined) delete env['AWAW_OPERATOR_TOKEN'];
    const run = spawnSync(process.execPath, [BIN, 'serve', '--store', store, '--port', '0', ...args], {
      encoding: 'utf8',
      env,
      timeout: 20_000,
    });
    return [run.status, run.stderr];
  };

  it('without a token or --open, or with a token that is no good, serve does not start: exit 2, in words', () => {
    expect(refused([])).toEqual([
      2,
      'serve: no operator token: creating games and issuing seat tokens need one; give --operator-token-file FILE ' +
        'or set AWAW_OPERATOR_TOKEN (32 to 256 characters, e.g. from "openssl rand -base64 32"), or --open for play ' +
        'on this machine alone, where anyone who reaches the port may do both\n',
    ]);
    const short = join(dir, 'short');
    writeFileSync(short, 'letmein\n');
    const expectation =
      'expected the operator token: 32 to 256 characters, each a letter, a digit or one of - . _ ~ + / = (e.g. ' +
      'from "openssl rand -base64 32"); found';
    expect(refused(['--operator-token-file', short])).toEqual([
      2,
      `--operator-token-file: ${expectation} 7 characters\n`,
    ]);
    expect(refused([], `${'x'.repeat(40)} y`)).toEqual([
      2,
      `AWAW_OPERATOR_TOKEN: ${expectation} 42 characters, some of them none of those\n`,
    ]);
    expect(refused(['--operator-token-file', join(dir, 'missing')])).toEqual([
      2,
      '--operator-token-file: cannot be read: no such file or directory\n',
    ]);
    const good = join(dir, 'good');
    writeFileSync(good, `${OPERATOR_TOKEN}\n`);
    expect(refused(['--operator-token-file', good], OPERATOR_TOKEN)).toEqual([
      2,
      '--operator-token-file: AWAW_OPERATOR_TOKEN is set too: give the operator token one way\n',
    ]);
    expect(refused(['--open'], OPERATOR_TOKEN)).toEqual([
      2,
      '--open: an operator token is given too (AWAW_OPERATOR_TOKEN): give one or the other\n',
    ]);
    expect(refused(['--open', '--host', '0.0.0.0'])).toEqual([
      2,
      '--open: only with a loopback --host (127.0.0.1, ::1, localhost): on 0.0.0.0 anyone on the network could ' +
        'create games and take any seat; give an operator token instead\n',
    ]);
  });

  it('a token file (its line end no part of the token) opens POST /games to its holder alone', async () => {
    const file = join(dir, 'operator-token');
    writeFileSync(file, `${OPERATOR_TOKEN}\r\n`, { mode: 0o600 });
    const served = await serve(store, ['--operator-token-file', file]);
    try {
      const create = (headers: Record<string, string>) =>
        fetch(`${served.url}/games`, { method: 'POST', headers }).then((r) => r.status);
      expect(await create({})).toBe(401);
      expect(await create(operatorAuth())).toBe(201);
    } finally {
      expect(await stopServed(served)).toBe(0);
    }
    expect(served.stderr()).not.toContain(OPERATOR_TOKEN);
  });

  it('--open on 127.0.0.1: anyone creates a game and issues a seat token; serve says so on stderr', async () => {
    const served = await serve(store, ['--open', '--host', '127.0.0.1']);
    try {
      const created = await fetch(`${served.url}/games`, { method: 'POST' });
      expect(created.status).toBe(201);
      const { game } = (await created.json()) as { game: string };
      const issued = await fetch(`${served.url}/games/${game}/seats/viewer/token`, { method: 'POST' });
      expect(issued.status).toBe(200);
    } finally {
      expect(await stopServed(served)).toBe(0);
    }
    expect(served.stderr()).toContain(
      'serve: --open: anyone who reaches this port may create games and issue any seat a token\n',
    );
  });

  it('an app built without `operator` lets nobody create a game or issue a seat token (403)', async () => {
    const backend = await DirectoryBackend.open(join(dir, 'library'));
    const app = await buildServer(backend);
    try {
      const refusal = {
        ok: false,
        rejection: {
          code: 'forbidden',
          rule: 'operator',
          message:
            'this server has no operator token, so nobody may create a game or issue a seat token here (serve ' +
            '--operator-token-file FILE, or AWAW_OPERATOR_TOKEN)',
        },
      };
      for (const url of ['/games', '/games/g1/seats/host/token']) {
        const response = await app.inject({ method: 'POST', url, headers: operatorAuth() });
        expect([response.statusCode, response.json()]).toEqual([403, refusal]);
      }
    } finally {
      await app.close();
      await backend.close();
    }
  });
});
