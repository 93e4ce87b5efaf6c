// Three real `serve` processes on one database (docs/server.md, "Several processes on one database"): each hears
// every append's notification (game and version) but acts only on those of the games it holds open, and on those
// only when they are past what it has read. A process that does not hold a game reads nothing of it; the process
// that appended reads nothing for its own append (its streams get the events it appended as they are); a process
// holding the game with a stream reads each append once, and the stream gets exactly the stored events. The
// notification is sent after the COMMIT: when the appending process dies between the two, the others still take
// the game on from its next command (a stale If-Match is 412, the next one 200), and the stream gets every event.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { describePg, usePgDatabase } from '../support/pg.js';
import { operatorAuth } from '../support/operator.js';
import { pgProxy, type PgProxy } from '../support/pg-proxy.js';
import { serve, stopServed, type Served } from '../support/serve-cluster.js';
import { script } from './api-client.js';

interface Activity {
  readonly head: number;
  readonly events: number;
  readonly notOpen: number;
  readonly known: number;
  readonly news: number;
}

/** What a process's metrics say of its reads of the store and the notifications it heard. */
async function activity(served: Served): Promise<Activity> {
  const text = await (await fetch(served.metricsUrl as string)).text();
  const value = (name: string): number => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    if (line === undefined) throw new Error(`no ${name} in the metrics`);
    return Number(line.slice(name.length + 1));
  };
  return {
    head: value('awaw_store_reads_total{what="head"}'),
    events: value('awaw_store_reads_total{what="events"}'),
    notOpen: value('awaw_notifications_total{outcome="not-open"}'),
    known: value('awaw_notifications_total{outcome="known"}'),
    news: value('awaw_notifications_total{outcome="news"}'),
  };
}

/** `after` less `before`, field by field. */
const delta = (before: Activity, after: Activity): Activity => ({
  head: after.head - before.head,
  events: after.events - before.events,
  notOpen: after.notOpen - before.notOpen,
  known: after.known - before.known,
  news: after.news - before.news,
});

/** Polls until `check` holds of the process's activity (or 10 s pass); the last activity read. */
async function activityWhen(served: Served, check: (a: Activity) => boolean): Promise<Activity> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await activity(served);
    if (check(found) || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Stream {
  /** The events the stream has sent, once it has sent the one of `seq` (or 10 s passed). */
  until(seq: number): Promise<StoredEvent[]>;
  close(): void;
}

/** An event stream of the game from seq 1, its messages parsed as they come. */
async function openStream(url: string, game: string, token: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${url}/games/${game}/stream?from=1`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const events = (): StoredEvent[] =>
    [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1] as string) as StoredEvent);
  return {
    until: async (seq) => {
      const deadline = Date.now() + 10_000;
      while (!events().some((event) => event.seq === seq) && Date.now() < deadline) {
        const next = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
        ]);
        if (next === null || next.done) break;
        text += decoder.decode(next.value, { stream: true });
      }
      return events();
    },
    close: () => controller.abort(),
  };
}

describePg('serve on PostgreSQL: each process acts on the notifications of the games it holds', () => {
  const db = usePgDatabase();
  let schema = '';
  let proxy: PgProxy | null = null;
  const processes: Served[] = [];
  const streams: Stream[] = [];
  let store: PostgresEventStore | null = null;

  beforeAll(async () => {
    schema = db.schema();
    proxy = await pgProxy(db.url());
    const args = ['--schema', schema, '--metrics-port', '0', '--rate-limit', '1000000'];
    // B reaches the database through the proxy, which can hold back its notifications.
    for (const url of [db.url(), proxy.url, db.url()]) processes.push(await serve(url, args));
    store = await PostgresEventStore.open({ url: db.url(), schema, poolSize: 2 });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    // B was killed by the second test: nothing to stop.
    await Promise.all(processes.filter((p) => p.child.signalCode === null).map(stopServed));
    await proxy?.stop();
    await store?.close();
  });

  const a = (): Served => processes[0] as Served;
  const b = (): Served => processes[1] as Served;
  const c = (): Served => processes[2] as Served;
  const post = async (served: Served, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${served.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** Creates the game on A and starts it there (version 1); the host's token. */
  const startGame = async (game: string): Promise<string> => {
    const created = await post(a(), '/games', { game }, operatorAuth());
    expect(created.status).toBe(201);
    const host = (created.body as { tokens: { host: string } }).tokens.host;
    const [started] = script();
    const answer = await post(a(), `/games/${game}/commands`, started, {
      authorization: `Bearer ${host}`,
      'if-match': '"0"',
    });
    expect([answer.status, answer.body['version']]).toEqual([200, 1]);
    return host;
  };
  const command = (served: Served, game: string, host: string, n: number, version: number) =>
    post(served, `/games/${game}/commands`, script()[n], {
      authorization: `Bearer ${host}`,
      'if-match': `"${version}"`,
    });
  /** The game's events as stored, in the form a stream sends them. */
  const stored = async (game: string): Promise<StoredEvent[]> => {
    const events: StoredEvent[] = [];
    for await (const batch of (store as PostgresEventStore).readGame(game)) events.push(...batch);
    return JSON.parse(JSON.stringify(events)) as StoredEvent[];
  };

  it(
    'A appends twice, B once: C, which does not hold the game, reads nothing; A and B read nothing for their ' +
      "own appends; each reads the other's once for its stream, and B its head and events once before its command",
    async () => {
      const host = await startGame('g1');
      const [onA, onB] = [await openStream(a().url, 'g1', host), await openStream(b().url, 'g1', host)];
      streams.push(onA, onB);
      expect((await onA.until(1)).map((e) => e.seq)).toEqual([1]);
      expect((await onB.until(1)).map((e) => e.seq)).toEqual([1]);
      // The start was heard by B and C before either held the game.
      await activityWhen(c(), (found) => found.notOpen === 1);
      await activityWhen(b(), (found) => found.notOpen === 1);
      const [beforeA, beforeB, beforeC] = (await Promise.all([a(), b(), c()].map(activity))) as [
        Activity,
        Activity,
        Activity,
      ];

      // Through A, one at a time, each seen by B's stream before the next.
      expect((await command(a(), 'g1', host, 1, 1)).status).toBe(200);
      expect((await onB.until(2)).map((e) => e.seq)).toEqual([1, 2]);
      expect((await command(a(), 'g1', host, 2, 2)).status).toBe(200);
      expect((await onB.until(3)).map((e) => e.seq)).toEqual([1, 2, 3]);
      // Through B, whose engine has read only version 1 (it heard of 2 and 3).
      const third = await command(b(), 'g1', host, 3, 3);
      expect([third.status, third.body['version']]).toEqual([200, 4]);
      expect((await onA.until(4)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      await activityWhen(c(), (found) => found.notOpen === 4);
      await activityWhen(a(), (found) => found.known === beforeA.known + 2);
      await activityWhen(b(), (found) => found.known === beforeB.known + 1);
      const [afterA, afterB, afterC] = (await Promise.all([a(), b(), c()].map(activity))) as [
        Activity,
        Activity,
        Activity,
      ];

      expect(delta(beforeA, afterA)).toEqual({
        head: 0,
        events: 1,
        notOpen: 0,
        known: 2,
        news: 1,
      });
      expect(delta(beforeB, afterB)).toEqual({
        head: 1,
        events: 3,
        notOpen: 0,
        known: 1,
        news: 2,
      });
      expect(delta(beforeC, afterC)).toEqual({
        head: 0,
        events: 0,
        notOpen: 3,
        known: 0,
        news: 0,
      });
      const events = await stored('g1');
      expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      expect(await onA.until(4)).toEqual(events);
      expect(await onB.until(4)).toEqual(events);
    },
  );

  it(
    'B dies between its COMMIT and its notification: A, which never hears of the append, refuses a command ' +
      'at the version before it (412, version 2), takes the next at 2, and its stream sends every event',
    async () => {
      const host = await startGame('g2');
      const onA = await openStream(a().url, 'g2', host);
      streams.push(onA);
      expect((await onA.until(1)).map((e) => e.seq)).toEqual([1]);
      const held = (proxy as PgProxy).holdFrom('awaw-surrender notify');
      const appended = await command(b(), 'g2', host, 1, 1);
      expect([appended.status, appended.body['version']]).toEqual([200, 2]);
      await held;
      const before = await activity(a());
      const dying = b();
      await new Promise<void>((resolve) => {
        dying.child.once('exit', () => resolve());
        dying.child.kill('SIGKILL');
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A heard nothing of version 2: no notification of it was ever sent.
      expect(await activity(a())).toEqual(before);

      const stale = await command(a(), 'g2', host, 2, 1);
      expect([stale.status, (stale.body['rejection'] as { code: string; message: string }).message]).toEqual([
        412,
        'If-Match: the game is at version 2, not 1: read it again and decide again',
      ]);
      const next = await command(a(), 'g2', host, 2, 2);
      expect([next.status, next.body['version']]).toEqual([200, 3]);
      const events = await stored('g2');
      expect(events.map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(await onA.until(3)).toEqual(events);
    },
  );
});
