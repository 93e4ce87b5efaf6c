// The real `awaw-surrender serve` (the built CLI) on a free port, over HTTP: two processes on one directory of
// logs; a stream on one hears a command sent to the other; SIGTERM ends each with exit 0.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../support/exec-process.js';
import { startServeCluster, type Served } from '../support/serve-cluster.js';
import { script } from './api-client.js';
import { operatorAuth } from '../support/operator.js';

describe('awaw-surrender serve, the process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-serve-process-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'two processes on one directory: a stream on one hears the ' +
      'command sent to the other; the log and the seats file are on disk',
    async () => {
      const cluster = await startServeCluster(2, dir);
      const [a, b] = cluster.processes as [Served, Served];
      try {
        expect(await (await fetch(`${a.url}/health`)).json()).toEqual({ ok: true, store: 'directory' });
        const created = (await (
          await fetch(`${a.url}/games`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...operatorAuth() },
            body: '{"game":"g1"}',
          })
        ).json()) as { tokens: Record<string, string> };
        const host = { authorization: `Bearer ${created.tokens['host']}`, 'content-type': 'application/json' };
        const [started] = script();
        const controller = new AbortController();
        const stream = await fetch(`${a.url}/games/g1/stream`, { headers: host, signal: controller.signal });
        const sent = await fetch(`${b.url}/games/g1/commands`, {
          method: 'POST',
          headers: { ...host, 'if-match': '"0"' },
          body: JSON.stringify(started),
        });
        expect(sent.status).toBe(200);
        expect(sent.headers.get('etag')).toBe('"1"');
        const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
        let text = '';
        const deadline = Date.now() + 5000;
        while (!text.includes('id: 1\n') && Date.now() < deadline) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
        controller.abort();
        expect(text).toContain('id: 1\nevent: host.game-started\ndata: {"seq":1,');
        const stale = await fetch(`${a.url}/games/g1/commands`, {
          method: 'POST',
          headers: { ...host, 'if-match': '"0"' },
          body: JSON.stringify(started),
        });
        expect(stale.status).toBe(412);
        expect(readFileSync(join(dir, 'g1.jsonl'), 'utf8').trimEnd().split('\n')).toHaveLength(2);
        const seats = JSON.parse(readFileSync(join(dir, 'g1.seats.json'), 'utf8')) as { seats: Record<string, string> };
        // Only hashes are kept, never a token.
        expect(Object.values(seats.seats).every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
        expect(JSON.stringify(seats)).not.toContain(created.tokens['host']);
      } finally {
        expect(await cluster.stop()).toEqual([0, 0]);
      }
    },
  );
});

describe('awaw-surrender serve, its arguments', () => {
  it('a usage error is exit 2 with one line naming the option', async () => {
    const { runCli } = await import('../../src/cli/run.js');
    const { memoryIo } = await import('../../src/cli/io.js');
    const io = memoryIo();
    expect(await runCli(['serve', '--port', 'eighty'], io)).toBe(2);
    expect(io.stderr).toBe('--port: expected a whole number from 0 to 65535\n');
    const extra = memoryIo();
    expect(await runCli(['serve', 'games'], extra)).toBe(2);
    expect(extra.stderr).toMatch(/^\$: usage: serve takes no positional arguments \(awaw-surrender serve /);
  });
});

describe('a store or database URL of another scheme, with the real CLI', () => {
  it('serve --store postgress://… or mysql://… is a usage error (exit 2), no directory made; so is import --db', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'awaw-serve-url-'));
    try {
      const run = (...argv: string[]) => {
        const result = spawnSync(process.execPath, [BIN, ...argv], {
          cwd,
          encoding: 'utf8',
          env: { ...process.env, AWAW_PG_URL: '' },
          timeout: 20_000,
        });
        return [result.status, result.stdout, result.stderr];
      };
      const expected = (scheme: string) =>
        `--store: ${scheme}:// is no store's scheme: expected a PostgreSQL URL (postgres:// or postgresql://) or a ` +
        'directory\n';
      expect(run('serve', '--store', 'postgress://u:secret@localhost/games', '--port', '0')).toEqual([
        2,
        '',
        expected('postgress'),
      ]);
      expect(run('serve', '--store', 'mysql://x/y', '--port', '0')).toEqual([2, '', expected('mysql')]);
      expect(readdirSync(cwd)).toEqual([]);
      const database =
        'import: --db: expected a PostgreSQL URL (postgres://… or postgresql://…) (see awaw-surrender help import)\n';
      expect(run('import', 'games.jsonl', '--db', 'games')).toEqual([2, '', database]);
      expect(run('export', 'g1', '--db', 'mysql://u:secret@x/y')).toEqual([
        2,
        '',
        database.replaceAll('import', 'export'),
      ]);
      const fromEnvironment = spawnSync(process.execPath, [BIN, 'import', 'games.jsonl'], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, AWAW_PG_URL: 'games' },
        timeout: 20_000,
      });
      expect([fromEnvironment.status, fromEnvironment.stderr]).toEqual([2, database.replace('--db', 'AWAW_PG_URL')]);
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
