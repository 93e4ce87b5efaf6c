// The notifications of committed appends (src/store/postgres/postgres-notify.ts): sent after the COMMIT on a
// connection of their own, the changes committed while one batch is on its way sent together in the next (the
// newest of each game, in feed order), sent again on a new connection when the database ended the old one, and
// the queued ones sent before the store closes (waiting 2 s at most); each failure told once, none thrown.
import pg from 'pg';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { Notifier, type NotifyFailure } from '../../src/store/postgres/postgres-notify.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { describePg, queryRows, usePgDatabase } from '../support/pg.js';
import { pgProxy } from '../support/pg-proxy.js';
import { counterSource, logged, waitUntil } from './support.js';

describePg('PostgreSQL notifications after the commit', () => {
  const db = usePgDatabase();
  let url = '';
  const ends: (() => Promise<unknown>)[] = [];
  beforeAll(() => {
    url = db.url();
  });
  afterEach(async () => {
    for (const end of ends.splice(0)) await end();
  });

  /** The server processes that sent what a listener heard, in order (a notifier's connection is one of them). */
  const senders = new WeakMap<string[], number[]>();
  /** A connection listening on `channel`; what it heard, as `game@version:position`. */
  const listen = async (channel: string): Promise<string[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    ends.push(() => client.end());
    const heard: string[] = [];
    const pids: number[] = [];
    senders.set(heard, pids);
    client.on('notification', (message) => {
      const { game, version, position } = JSON.parse(message.payload ?? '') as Record<string, number>;
      heard.push(`${game}@${version}:${position}`);
      pids.push(message.processId);
    });
    await client.query(`LISTEN "${channel}"`);
    return heard;
  };
  /** A failure as the tests state it: what failed, the changes not sent, when they go again, the error's words. */
  const told = (failure: NotifyFailure): string =>
    `${failure.what} ${failure.changes} ${String(failure.resendMs)}: ${(failure.error as Error).message}`;
  const change = (game: string, version: number, position: number) => ({ game, version, position });
  /** The sessions of notifiers now, once those of the tests before have ended (or 5 s passed). */
  const notifySessions = async (): Promise<number> => {
    const count = async (): Promise<number> =>
      Number(
        (
          await queryRows<{ count: string }>(
            url,
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'awaw-surrender notify'",
          )
        )[0]?.count,
      );
    const deadline = Date.now() + 5000;
    let found = await count();
    while (found > 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      found = await count();
    }
    return found;
  };

  it('the changes sent while a batch is on its way go in the next: the newest of each game in feed order', async () => {
    const heard = await listen('awaw_test_batches');
    const notifier = new Notifier(url, 'awaw_test_batches');
    ends.push(() => notifier.close());
    notifier.send([change('g1', 1, 1)]);
    // The first is on its way (connecting): these wait, and g1@2 gives way to g1@3.
    notifier.send([change('g1', 2, 2), change('g2', 1, 3)]);
    notifier.send([change('g1', 3, 4)]);
    await waitUntil(() => heard.length >= 3);
    expect(heard).toEqual(['g1@1:1', 'g2@1:3', 'g1@3:4']);
  });

  it(
    'a connection the database ended while idle is made again for the next change, told once as lost; one lost ' +
      'while a change was on its way is made again and the change sent again, once, told once as a send that failed',
    async () => {
      const heard = await listen('awaw_test_resend');
      const proxy = await pgProxy(url);
      ends.push(() => proxy.stop());
      const failures: NotifyFailure[] = [];
      const notifier = new Notifier(proxy.url, 'awaw_test_resend', (failure) => failures.push(failure));
      ends.push(() => notifier.close());
      notifier.send([change('g1', 1, 1)]);
      await waitUntil(() => heard.length >= 1);
      expect(await notifySessions()).toBe(1);
      // The notifier's own connection, the one that sent what was heard (other tests' notifiers left alone).
      const ended = await queryRows<{ ended: boolean }>(url, 'SELECT pg_terminate_backend($1) AS ended', [
        senders.get(heard)?.[0],
      ]);
      expect(ended).toEqual([{ ended: true }]);
      // The notifier sees its connection end (an error while idle): the next change goes on a new one.
      await waitUntil(() => failures.length >= 1);
      expect(failures.map(told)).toEqual(['lost 0 null: terminating connection due to administrator command']);
      expect(failures[0]?.error).toMatchObject({ code: '57P01' });
      notifier.send([change('g1', 2, 5)]);
      await waitUntil(() => heard.length >= 2);
      // The query of this one is written, and the connection cut before the proxy passed it on.
      notifier.send([change('g2', 1, 6)]);
      proxy.cut();
      await waitUntil(() => heard.length >= 3);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual(['g1@1:1', 'g1@2:5', 'g2@1:6']);
      // The cut is a reset of the socket or its end, as the kernel has it: either is the batch's failure, once.
      expect(failures.map(told)).toEqual([
        'lost 0 null: terminating connection due to administrator command',
        expect.stringMatching(/^send 1 500: (read ECONNRESET|Connection terminated unexpectedly)$/),
      ]);
    },
  );

  it(
    'no connection to be made: told as a failed connect, sent again 500 ms later; closed meanwhile, tried once ' +
      'more and given up, told so; nothing thrown',
    async () => {
      const failures: NotifyFailure[] = [];
      const nowhere = 'postgresql://postgres@/postgres?host=/nonexistent-awaw-socket-dir';
      const notifier: Notifier = new Notifier(nowhere, 'awaw_test_nowhere', (failure) => {
        failures.push(failure);
        // Closed as soon as the first failure is told: the wait before sending again is not cut short.
        if (failures.length === 1) void notifier.close();
      });
      notifier.send([change('g1', 1, 1), change('g2', 1, 2)]);
      await waitUntil(() => failures.length >= 2);
      await notifier.close();
      const socket = 'connect ENOENT /nonexistent-awaw-socket-dir/.s.PGSQL.5432';
      expect(failures.map(told)).toEqual([`connect 2 500: ${socket}`, `connect 2 null: ${socket}`]);
    },
  );

  it('closing sends what is queued first', async () => {
    const heard = await listen('awaw_test_close');
    const notifier = new Notifier(url, 'awaw_test_close');
    notifier.send([change('g1', 1, 1)]);
    notifier.send([change('g2', 1, 2)]);
    await notifier.close();
    await waitUntil(() => heard.length >= 2);
    expect(heard).toEqual(['g1@1:1', 'g2@1:2']);
  });

  it('closing while a send hangs (the database answers nothing) gives up after 2 s', async () => {
    const proxy = await pgProxy(url);
    ends.push(() => proxy.stop());
    const notifier = new Notifier(proxy.url, 'awaw_test_hang');
    const held = proxy.holdFrom('awaw-surrender notify');
    notifier.send([change('g1', 1, 1)]);
    await held;
    const started = performance.now();
    await notifier.close();
    expect(Math.round((performance.now() - started) / 1000)).toBe(2);
  });

  it("a store's append is heard after its COMMIT, from the store's notification connection", async () => {
    const store = await PostgresEventStore.open({ url, schema: db.schema(), source: counterSource() });
    ends.push(() => store.close());
    const heard = await listen(store.channel);
    const first = await store.appendToGame('g1', [logged('g1'), logged('g1')], logVersion(0));
    await waitUntil(() => heard.length >= 1);
    expect(heard).toEqual([`g1@2:${first.position}`]);
    expect(await notifySessions()).toBe(1);
  });
});
