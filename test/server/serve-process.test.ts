// The real `awaw-surrender serve` (the built CLI) on a free port, over HTTP: two processes on one directory of
// logs; a stream on one hears a command sent to the other; SIGTERM ends each with exit 0.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServeCluster, type Served } from '../support/serve-cluster.js';
import { script } from './server-suite.js';

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
            headers: { 'content-type': 'application/json' },
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
