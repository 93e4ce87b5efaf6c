// The server's Prometheus metrics (docs/server.md, "Operating a server"): a real `serve --metrics-port 0` serves
// them on a port of its own, on 127.0.0.1, and counts exactly what was asked of it: commands by type and outcome,
// requests by route and status, the rate limit's refusals, open games and evictions, open streams, store errors
// by kind, requests refused before any route. Each app counts in a registry of its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import { ServerMetrics } from '../../src/server/metrics.js';
import { exchange } from '../support/raw-http.js';
import { serve, stopServed } from '../support/serve-cluster.js';
import { auth, script, type Created } from './api-client.js';
import { operatorAuth, TEST_OPERATOR } from '../support/operator.js';

/** `name{labels} value` lines as a map; comments left out. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

describe('serve --metrics-port', () => {
  const dirs: string[] = [];
  const fresh = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'awaw-serve-metrics-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('counts commands, requests, refusals, games, streams and store errors exactly', async () => {
    const dir = fresh();
    const served = await serve(dir, ['--metrics-port', '0', '--max-open-games', '1', '--rate-limit', '5']);
    const controller = new AbortController();
    try {
      expect(served.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const json = { 'content-type': 'application/json' };
      const create = async (game: string): Promise<Created> =>
        (await (
          await fetch(`${served.url}/games`, {
            method: 'POST',
            headers: { ...json, ...operatorAuth() },
            body: JSON.stringify({ game }),
          })
        ).json()) as Created;
      const g1 = await create('g1');
      const g2 = await create('g2');
      const [started] = script();
      const command = async (token: string, body: unknown): Promise<number> =>
        (
          await fetch(`${served.url}/games/g1/commands`, {
            method: 'POST',
            headers: { ...json, ...auth(token) },
            body: JSON.stringify(body),
          })
        ).status;
      expect(await command(g1.tokens.host, started)).toBe(200);
      expect(await command(g1.tokens.host, started)).toBe(422);
      expect(await command(g1.tokens.germany, started)).toBe(403);
      expect(await command(g1.tokens.host, { type: 'host.no-such-fact', data: {} })).toBe(400);
      // g2 opened: g1, which no request holds, is closed to make room (--max-open-games 1).
      const pending = (): Promise<number> =>
        fetch(`${served.url}/games/g2/pending`, { headers: auth(g2.tokens.germany) }).then((r) => r.status);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push(await pending());
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
      const stream = await fetch(`${served.url}/games/g2/stream`, {
        headers: auth(g2.tokens.italy),
        signal: controller.signal,
      });
      await (stream.body as ReadableStream<Uint8Array>).getReader().read();
      writeFileSync(join(dir, 'g1.seats.json'), '[]');
      expect((await fetch(`${served.url}/games/g1`, { headers: auth(g1.tokens.host) })).status).toBe(503);
      expect((await exchange(served.url, 'NOT HTTP\r\n\r\n')).text).toMatch(/^HTTP\/1\.1 400 /);
      expect((await fetch(`${served.url}/metrics`)).status).toBe(404);

      const scraped = await fetch(served.metricsUrl as string);
      expect(scraped.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const found = samples(await scraped.text());
      const ours = Object.fromEntries(
        [...found].filter(([name]) => name.startsWith('awaw_') && !/_bucket\{|_sum\{/.test(name)),
      );
      const started1 = 'type="host.game-started"';
      expect(ours).toEqual({
        [`awaw_commands_total{${started1},outcome="applied"}`]: 1,
        [`awaw_commands_total{${started1},outcome="game-exists"}`]: 1,
        [`awaw_commands_total{${started1},outcome="forbidden"}`]: 1,
        'awaw_commands_total{type="other",outcome="malformed"}': 1,
        [`awaw_command_duration_seconds_count{${started1}}`]: 3,
        'awaw_command_duration_seconds_count{type="other"}': 1,
        'awaw_http_request_duration_seconds_count{method="POST",route="/games",status="201"}': 2,
        'awaw_http_request_duration_seconds_count{method="POST",route="/games/:game/commands",status="200"}': 1,
        'awaw_http_request_duration_seconds_count{method="POST",route="/games/:game/commands",status="422"}': 1,
        'awaw_http_request_duration_seconds_count{method="POST",route="/games/:game/commands",status="403"}': 1,
        'awaw_http_request_duration_seconds_count{method="POST",route="/games/:game/commands",status="400"}': 1,
        'awaw_http_request_duration_seconds_count{method="GET",route="/games/:game/pending",status="404"}': 5,
        'awaw_http_request_duration_seconds_count{method="GET",route="/games/:game/pending",status="429"}': 1,
        'awaw_http_request_duration_seconds_count{method="GET",route="/games/:game",status="503"}': 1,
        'awaw_http_request_duration_seconds_count{method="GET",route="none",status="404"}': 1,
        'awaw_http_client_errors_total{status="400"}': 1,
        'awaw_store_errors_total{kind="corrupt"}': 1,
        awaw_stream_clients: 1,
        'awaw_rate_limited_total{by="seat"}': 1,
        awaw_connections_dropped_total: 0,
        awaw_open_games: 1,
        awaw_game_evictions_total: 1,
        // The events read: g1's and g2's replays when opened, and the stream's first read. A head before each of
        // the 4 commands, the 5 pending reads that were answered and the stream's start, and once more before each
        // of the 2 commands the engine refused (422, 400): it looks whether the game moved first.
        'awaw_store_reads_total{what="events"}': 3,
        'awaw_store_reads_total{what="head"}': 12,
        // A directory hears no notifications (its streams watch the files).
        'awaw_notifications_total{outcome="not-open"}': 0,
        'awaw_notifications_total{outcome="known"}': 0,
        'awaw_notifications_total{outcome="news"}': 0,
        // The stream's and the scrape's own connection at least; fetch keeps others alive for a while.
        awaw_http_connections: found.get('awaw_http_connections'),
      });
      expect(found.get('awaw_http_connections')).toBeGreaterThanOrEqual(1);
      // Node's own, as a process reports them.
      expect(found.get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    } finally {
      controller.abort();
      expect(await stopServed(served)).toBe(0);
    }
  });

  it('without --metrics-port there is no metrics endpoint', async () => {
    const served = await serve(fresh());
    try {
      expect(served.metricsUrl).toBeNull();
      expect((await fetch(`${served.url}/metrics`)).status).toBe(404);
    } finally {
      expect(await stopServed(served)).toBe(0);
    }
  });
});

describe('ServerMetrics', () => {
  it('two apps in one process count apart, each in its own registry', async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'awaw-metrics-a-')), mkdtempSync(join(tmpdir(), 'awaw-metrics-b-'))];
    const backends = await Promise.all(dirs.map((dir) => DirectoryBackend.open(dir)));
    const metrics = [new ServerMetrics(), new ServerMetrics()];
    const apps = await Promise.all(
      backends.map((backend, i) => buildServer(backend, { operator: TEST_OPERATOR, metrics: metrics[i] })),
    );
    try {
      const [a, b] = apps;
      await a?.inject({ method: 'GET', url: '/health' });
      for (let i = 0; i < 2; i += 1) await b?.inject({ method: 'GET', url: '/health' });
      const counted = await Promise.all(
        metrics.map(async (m) =>
          samples(await m.text()).get(
            'awaw_http_request_duration_seconds_count{method="GET",route="/health",status="200"}',
          ),
        ),
      );
      expect(counted).toEqual([1, 2]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(backends.map((backend) => backend.close()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
