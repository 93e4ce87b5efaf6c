// A real `serve` process against slow clients (docs/server.md, "Operating a server"): a request whose headers or
// body stop coming is answered 408 and its connection closed within the timeout; connections beyond the cap are
// closed as soon as they are accepted; an event stream, quiet but alive, outlives the idle timeout; and the
// server still serves a new request afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serve, stopServed, type Served } from '../support/serve-cluster.js';
import { exchange, openRaw, parseReply, type RawReply } from '../support/raw-http.js';
import { script } from './api-client.js';
import { operatorAuth } from '../support/operator.js';

const HEADERS_MS = 1000;
const REQUEST_MS = 1500;
/** Above the request timeout: a request silent for IDLE_MS would be closed without a reply. */
const IDLE_MS = 2000;
/** What Node's timer adds to a timeout at most (it checks four times within the shortest), with room for a slow CI. */
const SLACK_MS = 5000;

const limits = [
  '--headers-timeout',
  String(HEADERS_MS),
  '--request-timeout',
  String(REQUEST_MS),
  '--idle-timeout',
  String(IDLE_MS),
];

const timedOut = {
  ok: false,
  rejection: {
    code: 'request-timeout',
    rule: 'http',
    message:
      `$: the request did not come in time (its headers within ${HEADERS_MS} ms, ` +
      `all of it within ${REQUEST_MS} ms)`,
  },
};

/** Headers announcing a 100-byte command, then one byte of it, then silence (its body is read before its seat). */
const SLOW_BODY =
  'POST /games/g1/commands HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{';

function expect408(reply: RawReply, within: number): void {
  const parsed = parseReply(reply.text);
  expect([parsed.status, parsed.headers['connection'], parsed.body]).toEqual([408, 'close', timedOut]);
  // Measured from before the first byte was sent: the server's clock started later.
  expect(reply.ms).toBeGreaterThanOrEqual(within - 50);
  expect(reply.ms).toBeLessThan(within + SLACK_MS);
}

describe('serve against slow clients', () => {
  const dirs: string[] = [];
  const fresh = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'awaw-serve-limits-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a body that stops after one byte, and headers that stop, are answered 408 within the timeout', async () => {
    const served = await serve(fresh(), limits);
    try {
      const [body, headers] = await Promise.all([
        exchange(served.url, SLOW_BODY),
        exchange(served.url, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      ]);
      expect408(body, REQUEST_MS);
      expect408(headers, HEADERS_MS);
      const health = await fetch(`${served.url}/health`);
      expect([health.status, await health.json()]).toEqual([200, { ok: true, store: 'directory' }]);
    } finally {
      expect(await stopServed(served)).toBe(0);
    }
  });

  it(
    'an event stream with nothing to send outlives the idle timeout (its comments keep it open) while slow ' +
      'clients beside it are cut; it then hears the next command',
    async () => {
      const served = await serve(fresh(), limits);
      const controller = new AbortController();
      try {
        const created = (await (
          await fetch(`${served.url}/games`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...operatorAuth() },
            body: '{"game":"g1"}',
          })
        ).json()) as { tokens: Record<string, string> };
        const host = { authorization: `Bearer ${created.tokens['host']}`, 'content-type': 'application/json' };
        const stream = await fetch(`${served.url}/games/g1/stream`, { headers: host, signal: controller.signal });
        expect(stream.status).toBe(200);
        const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
        let text = '';
        const readUntil = async (what: string): Promise<boolean> => {
          while (!text.includes(what)) {
            const { value, done } = await reader.read();
            if (done) return false;
            text += new TextDecoder().decode(value);
          }
          return true;
        };
        // Two slow clients, one after the other, are cut after REQUEST_MS each, longer together than the idle
        // timeout: the stream, with nothing to send but its comments, is open still.
        expect408(await exchange(served.url, SLOW_BODY), REQUEST_MS);
        expect408(await exchange(served.url, SLOW_BODY), REQUEST_MS);
        const [started] = script();
        const sent = await fetch(`${served.url}/games/g1/commands`, {
          method: 'POST',
          headers: host,
          body: JSON.stringify(started),
        });
        expect(sent.status).toBe(200);
        expect(await readUntil('id: 1\n')).toBe(true);
        expect(text).toMatch(/^: game g1, events from seq 1\n\n(: keep-alive\n\n)+id: 1\nevent: host\.game-started\n/);
      } finally {
        controller.abort();
        expect(await stopServed(served)).toBe(0);
      }
    },
  );

  it(
    'connections beyond --max-connections are closed as soon as accepted, a whole request unanswered; once the ' +
      'slow ones are cut (408), a new request is served',
    async () => {
      const cap = 16;
      const served: Served = await serve(fresh(), [...limits, '--max-connections', String(cap)]);
      try {
        const slow = Array.from({ length: cap }, () => openRaw(served.url, SLOW_BODY));
        // Each slow connection is accepted before it is answered: its first byte reached the server.
        await Promise.all(slow.map(({ socket }) => new Promise((resolve) => socket.once('connect', resolve))));
        const refused = await exchange(served.url, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        expect(refused.text).toBe('');
        for (const reply of await Promise.all(slow.map(({ closed }) => closed))) expect408(reply, REQUEST_MS);
        const health = await fetch(`${served.url}/health`);
        expect([health.status, await health.json()]).toEqual([200, { ok: true, store: 'directory' }]);
      } finally {
        expect(await stopServed(served)).toBe(0);
      }
    },
  );
});
