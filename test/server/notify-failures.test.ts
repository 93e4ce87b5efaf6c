// The failures of the notifications of a server's appends on PostgreSQL (src/store/postgres/postgres-notify.ts),
// which the store throws for none: the app logs each as a warning in words and counts it in
// awaw_notify_failures_total (docs/server.md, "Logs" and "Metrics"). The fault is real: the database ends the
// notifier's connection (pg_terminate_backend from another connection), found by the process that sent what a
// listener heard.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { ServerMetrics } from '../../src/server/metrics.js';
import { notifyFailureWords } from '../../src/server/notify-failures.js';
import { PostgresBackend } from '../../src/server/postgres-backend.js';
import { TEST_OPERATOR } from '../support/operator.js';
import { describePg, queryRows, usePgDatabase } from '../support/pg.js';
import { waitUntil } from '../store/support.js';
import { createGame, script, send } from './api-client.js';

type Line = Record<string, unknown>;

describe('a failure of the notifications in words', () => {
  it('what failed, how many games went unnotified, and whether they are sent again or given up', () => {
    const error = new Error('connect ENOENT /run/postgresql/.s.PGSQL.5432');
    expect([
      notifyFailureWords({ what: 'connect', error, changes: 1, resendMs: 500 }),
      notifyFailureWords({ what: 'send', error, changes: 3, resendMs: 500 }),
      notifyFailureWords({ what: 'send', error, changes: 2, resendMs: null }),
      notifyFailureWords({ what: 'lost', error, changes: 0, resendMs: null }),
    ]).toEqual([
      'the notifications of the appends to 1 game were not sent (no connection to the database could be made): ' +
        'sent again in 500 ms',
      'the notifications of the appends to 3 games were not sent (the connection was lost on their way, or the ' +
        'database refused them): sent again in 500 ms',
      'the notifications of the appends to 2 games were not sent (the connection was lost on their way, or the ' +
        'database refused them): given up as the store closes; other processes learn of these appends when they ' +
        'next use those games',
      'the connection that sends the notifications of appends was lost while idle: the next ones go on a new one',
    ]);
  });
});

describePg('serve on PostgreSQL: the notifications that fail', () => {
  const db = usePgDatabase();
  const ends: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const end of ends.splice(0).reverse()) await end();
  });

  it(
    "the notifier's connection ended by the database while idle: one warning in words, " +
      'awaw_notify_failures_total{what="lost"} 1; the next append notified on a new connection',
    async () => {
      const schema = db.schema();
      const backend = await PostgresBackend.open(db.url(), schema);
      ends.push(() => backend.close());
      const written: string[] = [];
      const metrics = new ServerMetrics();
      const app = await buildServer(backend, {
        operator: TEST_OPERATOR,
        metrics,
        log: { level: 'info', stream: { write: (line) => written.push(line) } },
      });
      ends.push(() => app.close());
      const lines = (): Line[] => written.map((line) => JSON.parse(line) as Line);
      // A listener of the schema's channel: the server process of each notification it hears.
      const listener = new pg.Client({ connectionString: db.url() });
      await listener.connect();
      ends.push(() => listener.end());
      const senders: number[] = [];
      listener.on('notification', (message) => senders.push(message.processId));
      await listener.query(`LISTEN "awaw_${schema}"`);

      const created = await createGame(app, 'g1');
      const [started, first] = script();
      expect((await send(app, created, started)).statusCode).toBe(200);
      await waitUntil(() => senders.length >= 1);
      expect(await queryRows(db.url(), 'SELECT pg_terminate_backend($1) AS ended', [senders[0]])).toEqual([
        { ended: true },
      ]);
      const warned = (): Line[] => lines().filter((line) => line['level'] === 40);
      await waitUntil(() => warned().length >= 1);
      expect((await send(app, created, first)).statusCode).toBe(200);
      await waitUntil(() => senders.length >= 2);
      expect(senders).toHaveLength(2);
      expect(senders[1]).not.toBe(senders[0]);

      expect(warned()).toHaveLength(1);
      const [warning] = warned();
      expect(warning).toMatchObject({
        msg:
          'the connection that sends the notifications of appends was lost while idle: ' +
          'the next ones go on a new one',
        what: 'lost',
        changes: 0,
        err: { type: 'DatabaseError', message: 'terminating connection due to administrator command', code: '57P01' },
      });
      const counted = (await metrics.text())
        .split('\n')
        .filter((line) => line.startsWith('awaw_notify_failures_total'));
      expect(counted).toEqual(['awaw_notify_failures_total{what="lost"} 1']);
    },
  );
});
