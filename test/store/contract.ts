// The event stream contract (one stream as one engine drives it): one suite, run against the shared log of the
// memory and the JSON Lines store (memory-store.test.ts, jsonl-file-contract.test.ts) and against one game's stream
// (gameLog) of the memory store and of PostgreSQL (postgres-store.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { logVersion, type NewEvent } from '../../events/index.js';
import { InputError } from '../../src/schema/validate.js';
import { ConcurrencyError, type EnvelopeSource, type EventStore } from '../../src/store/store.js';
import { headerLine } from '../../src/store/line-format.js';
import { counterSource, expectedHashes, gameStarted, logged, readAll } from './support.js';

export type MakeStore = (source: EnvelopeSource) => Promise<EventStore>;

export interface ContractOptions {
  /** The store is one game's stream (g1): the test of several games in one log does not apply. */
  readonly singleGame?: boolean;
}

export function describeEventStoreContract(name: string, makeStore: MakeStore, options: ContractOptions = {}): void {
  describe(`${name}: event store contract`, () => {
    const open: EventStore[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((store) => store.close()));
    });
    const fresh = async (source: EnvelopeSource = counterSource()): Promise<EventStore> => {
      const store = await makeStore(source);
      open.push(store);
      return store;
    };

    it('a new log is at version 0 and reads nothing', async () => {
      const store = await fresh();
      expect(await store.version()).toBe(0);
      expect(await readAll(store)).toEqual([]);
    });

    it('append at version 0 stores the events with seq 1..n, the envelope and a correct hash chain', async () => {
      const source = counterSource();
      const store = await fresh(source);
      const result = await store.append(
        [gameStarted('g1'), logged('g1', 'move', { from: 'Köln', to: '東京' }), logged('g1', 'combat')],
        logVersion(0),
      );
      expect(result.version).toBe(3);
      expect(result.events.map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(result.events.map((e) => e.id)).toEqual([
        'id-000000000000000001',
        'id-000000000000000002',
        'id-000000000000000003',
      ]);
      // One clock reading per append: the events of one decision share their time.
      expect(result.events.map((e) => e.at)).toEqual([
        '2024-01-01T00:00:01.000Z',
        '2024-01-01T00:00:01.000Z',
        '2024-01-01T00:00:01.000Z',
      ]);
      expect(result.events.map((e) => [e.game, e.type, e.v])).toEqual([
        ['g1', 'host.game-started', 1],
        ['g1', 'host.logged', 1],
        ['g1', 'host.logged', 1],
      ]);
      expect(result.events[1]?.data).toEqual({
        turn: { year: 1941, season: 'spring' },
        kind: 'move',
        data: { from: 'Köln', to: '東京' },
      });
      expect(result.events.map((e) => e.hash)).toEqual(expectedHashes(result.events));
      expect(await readAll(store)).toEqual(result.events);
    });

    it('read back with and without validation yields identical events', async () => {
      const store = await fresh();
      await store.append([logged('g1'), logged('g1', 'supply')], logVersion(0));
      await store.append([logged('g1', 'combat')], logVersion(2));
      const checked = await readAll(store, { validate: true });
      expect(checked.map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(await readAll(store, { validate: false })).toEqual(checked);
    });

    it('successive appends continue the seq and the hash chain', async () => {
      const store = await fresh();
      const first = await store.append([logged('g1')], logVersion(0));
      const second = await store.append([logged('g1', 'supply'), logged('g1', 'combat')], first.version);
      expect(second.version).toBe(3);
      expect(second.events.map((e) => e.seq)).toEqual([2, 3]);
      const all = await readAll(store);
      expect(all.map((e) => e.hash)).toEqual(expectedHashes(all));
      expect(all).toEqual([...first.events, ...second.events]);
    });

    it('an append with a stale expected version throws ConcurrencyError and leaves the log unchanged', async () => {
      const source = counterSource();
      const store = await fresh(source);
      await store.append([logged('g1'), logged('g1')], logVersion(0));
      const before = await readAll(store);
      const ids = source.ids();
      const stale = store.append([logged('g1', 'late')], logVersion(1));
      await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(stale).rejects.toMatchObject({ kind: 'conflict', expected: 1, actual: 2 });
      await expect(store.append([logged('g1', 'ahead')], logVersion(5))).rejects.toMatchObject({
        name: 'ConcurrencyError',
        expected: 5,
        actual: 2,
      });
      expect(await store.version()).toBe(2);
      expect(await readAll(store)).toEqual(before);
      expect(source.ids()).toBe(ids);
    });

    it('an empty batch at the current version changes nothing; at a stale version it is refused', async () => {
      const source = counterSource();
      const store = await fresh(source);
      const genesis = headerLine().hash;
      expect(await store.append([], logVersion(0))).toEqual({
        version: 0,
        events: [],
        head: { seq: 0, hash: genesis },
      });
      const [first] = (await store.append([logged('g1')], logVersion(0))).events;
      expect(await store.append([], logVersion(1))).toEqual({
        version: 1,
        events: [],
        head: { seq: 1, hash: first?.hash },
      });
      await expect(store.append([], logVersion(0))).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.version()).toBe(1);
      expect(source.ids()).toBe(1);
      expect((await readAll(store)).map((e) => e.seq)).toEqual([1]);
    });

    it('read from a seq yields that event and the ones after it, in both modes', async () => {
      const store = await fresh();
      await store.append(
        Array.from({ length: 6 }, (_, i) => logged('g1', `k${i + 1}`)),
        logVersion(0),
      );
      for (const validate of [true, false]) {
        expect((await readAll(store, { from: 4, validate })).map((e) => e.seq)).toEqual([4, 5, 6]);
        expect((await readAll(store, { from: 6, validate })).map((e) => e.data)).toEqual([
          { turn: { year: 1941, season: 'spring' }, kind: 'k6', data: {} },
        ]);
        expect(await readAll(store, { from: 7, validate })).toEqual([]);
        expect((await readAll(store, { from: 1, validate })).length).toBe(6);
      }
    });

    it('an invalid payload is refused with its path and nothing of the batch is written', async () => {
      const source = counterSource();
      const store = await fresh(source);
      await store.append([logged('g1')], logVersion(0));
      const badYear: NewEvent = {
        type: 'host.logged',
        game: 'g1',
        data: { turn: { year: 1800, season: 'spring' }, kind: 'move', data: {} },
      };
      const refused = store.append([logged('g1', 'fine'), badYear], logVersion(1));
      await expect(refused).rejects.toBeInstanceOf(InputError);
      await expect(refused).rejects.toMatchObject({
        path: 'events[1].data.turn.year',
        detail: 'expected an integer from 1900 to 2100',
      });
      const extra = {
        type: 'host.logged',
        game: 'g1',
        data: { turn, kind: 'move', data: {}, extra: 1 },
      } as unknown as NewEvent;
      await expect(store.append([extra], logVersion(1))).rejects.toMatchObject({
        path: 'events[0].data.extra',
        detail: 'unknown field',
      });
      const unknown = { type: 'host.nonsense', game: 'g1', data: {} } as unknown as NewEvent;
      await expect(store.append([unknown], logVersion(1))).rejects.toMatchObject({ path: 'events[0].type' });
      await expect(store.append([logged('not a game id!')], logVersion(1))).rejects.toMatchObject({
        path: 'events[0].game',
      });
      const cyclic: Record<string, unknown> = {};
      cyclic['self'] = cyclic;
      await expect(store.append([logged('g1', 'move', cyclic)], logVersion(1))).rejects.toMatchObject({
        path: 'events[0].data',
      });
      expect(await store.version()).toBe(1);
      expect((await readAll(store)).map((e) => e.seq)).toEqual([1]);
      const next = await store.append([logged('g1', 'after')], logVersion(1));
      expect(next.events[0]?.seq).toBe(2);
      expect(await readAll(store)).toHaveLength(2);
    });

    it.skipIf(options.singleGame === true)(
      'events from several games share one log, one seq and one chain',
      async () => {
        const store = await fresh();
        await store.append([gameStarted('g1'), gameStarted('g2')], logVersion(0));
        await store.append([logged('g2', 'move')], logVersion(2));
        await store.append([logged('g1', 'move')], logVersion(3));
        const all = await readAll(store);
        expect(all.map((e) => [e.seq, e.game])).toEqual([
          [1, 'g1'],
          [2, 'g2'],
          [3, 'g2'],
          [4, 'g1'],
        ]);
        expect(all.map((e) => e.hash)).toEqual(expectedHashes(all));
      },
    );

    it('ids and times come from the envelope source, one id per event', async () => {
      const source = counterSource('ev');
      const store = await fresh(source);
      await store.append([logged('g1')], logVersion(0));
      await store.append([logged('g1'), logged('g1')], logVersion(1));
      const all = await readAll(store);
      expect(all.map((e) => e.id)).toEqual(['ev-000000000000000001', 'ev-000000000000000002', 'ev-000000000000000003']);
      expect(all.map((e) => e.at)).toEqual([
        '2024-01-01T00:00:01.000Z',
        '2024-01-01T00:00:02.000Z',
        '2024-01-01T00:00:02.000Z',
      ]);
    });

    it('version() follows the appends', async () => {
      const store = await fresh();
      expect(await store.version()).toBe(0);
      await store.append([logged('g1')], logVersion(0));
      expect(await store.version()).toBe(1);
      await store.append([logged('g1'), logged('g1'), logged('g1')], logVersion(1));
      expect(await store.version()).toBe(4);
    });

    it(
      'head() is the seq and hash of the last event; with an expected hash, an append is refused unless the log ' +
        'still ends with that event',
      async () => {
        const store = await fresh();
        expect(await store.head()).toEqual({ seq: 0, hash: headerLine().hash });
        const { events } = await store.append([logged('g1'), logged('g1')], logVersion(0));
        const last = events[1]?.hash as string;
        expect(await store.head()).toEqual({ seq: 2, hash: last });
        // Another event 2 than the one the caller read, or no event 3 where the caller read one: the log changed.
        await expect(store.append([logged('g1')], logVersion(2), 'f'.repeat(64))).rejects.toMatchObject({
          name: 'ConcurrencyError',
          expected: 2,
          actual: 2,
          changed: true,
        });
        await expect(store.append([logged('g1')], logVersion(3), last)).rejects.toMatchObject({
          name: 'ConcurrencyError',
          expected: 3,
          actual: 2,
          changed: true,
        });
        // A log that only grew is a plain stale version: the caller reads on from its last event.
        await expect(store.append([logged('g1')], logVersion(1), events[0]?.hash)).rejects.toMatchObject({
          name: 'ConcurrencyError',
          expected: 1,
          actual: 2,
          changed: false,
        });
        expect(await store.version()).toBe(2);
        expect((await store.append([logged('g1')], logVersion(2), last)).version).toBe(3);
      },
    );

    it('a closed store refuses to append: a StoreError of kind closed', async () => {
      const store = await fresh();
      await store.close();
      await expect(store.append([logged('g1')], logVersion(0))).rejects.toMatchObject({
        name: 'StoreError',
        kind: 'closed',
        message: expect.stringMatching(/the event store is closed$/),
      });
    });
  });
}

const turn = { year: 1941, season: 'spring' } as const;
