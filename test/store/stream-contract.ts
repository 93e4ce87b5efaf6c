// The store contract (GameStreamStore): one suite, run against every store: memory (memory-store.test.ts), a JSON
// Lines file (jsonl-file-contract.test.ts), PostgreSQL (postgres-store.test.ts), and the older adapter over a log
// (log-games.test.ts). Versions are compared through what each store reports (a game's version is the seq of its
// last event), so the same assertions hold for a stream per game (1..n) and a shared log (the log's seq).
import { afterEach, describe, expect, it } from 'vitest';
import { logVersion, type NewEvent, type StoredEvent } from '../../events/index.js';
import type { FeedEvent, GameStreamStore, StreamChange } from '../../src/store/game-streams.js';
import { headerLine } from '../../src/store/line-format.js';
import { StoreError } from '../../src/store/store-error.js';
import { ConcurrencyError, type EnvelopeSource } from '../../src/store/store.js';
import { counterSource, gameStarted, logged, turn, waitUntil } from './support.js';
import { describeCommandContract } from './command-contract.js';

export type MakeStreams = (source: EnvelopeSource) => Promise<GameStreamStore>;

async function collect<T>(batches: AsyncIterable<readonly T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

const kinds = (events: readonly StoredEvent[]): unknown[] =>
  events.map((e) => (e.data as { kind?: unknown }).kind ?? e.type);

export interface ContractOptions {
  /**
   * The store seals an append that names its expected head before the check (PostgreSQL: the whole transaction in
   * one round trip), so a stale one may have drawn envelope ids from the source; it still writes nothing.
   */
  readonly sealsBeforeCheck?: boolean;
}

export function describeGameStreamContract(
  name: string,
  makeStreams: MakeStreams,
  options: ContractOptions = {},
): void {
  describe(`${name}: game stream contract`, () => {
    const open: GameStreamStore[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((store) => store.close()));
    });
    const fresh = async (source: EnvelopeSource = counterSource()): Promise<GameStreamStore> => {
      const store = await makeStreams(source);
      open.push(store);
      return store;
    };

    it('a game without events is at version 0 with the header hash, and reads nothing', async () => {
      const store = await fresh();
      expect(await store.gameHead('g1')).toEqual({ seq: 0, hash: headerLine().hash });
      expect(await collect(store.readGame('g1'))).toEqual([]);
      expect(await store.games()).toEqual([]);
    });

    it('each game has its own version: an append to one game never conflicts with appends to another', async () => {
      const store = await fresh();
      const a = await store.appendToGame('g1', [gameStarted('g1'), logged('g1', 'a1')], logVersion(0));
      const b = await store.appendToGame('g2', [gameStarted('g2')], logVersion(0));
      const a2 = await store.appendToGame('g1', [logged('g1', 'a2')], a.version, a.head.hash);
      const b2 = await store.appendToGame('g2', [logged('g2', 'b2')], b.version, b.head.hash);
      expect(await store.gameHead('g1')).toEqual(a2.head);
      expect(await store.gameHead('g2')).toEqual(b2.head);
      expect(kinds(await collect(store.readGame('g1')))).toEqual(['host.game-started', 'a1', 'a2']);
      expect(kinds(await collect(store.readGame('g2')))).toEqual(['host.game-started', 'b2']);
      expect(await store.games()).toEqual(['g1', 'g2']);
    });

    it('an append to a game at a stale version throws ConcurrencyError and writes nothing', async () => {
      const source = counterSource();
      const store = await fresh(source);
      const first = await store.appendToGame('g1', [logged('g1', 'one')], logVersion(0));
      const second = await store.appendToGame('g1', [logged('g1', 'two')], first.version);
      const ids = source.ids();
      const stale = store.appendToGame('g1', [logged('g1', 'late')], first.version);
      await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(stale).rejects.toBeInstanceOf(StoreError);
      await expect(stale).rejects.toMatchObject({
        kind: 'conflict',
        expected: first.version,
        actual: second.version,
        changed: false,
      });
      expect(source.ids()).toBe(ids);
      await expect(
        store.appendToGame('g1', [logged('g1', 'changed')], second.version, 'f'.repeat(64)),
      ).rejects.toMatchObject({ name: 'ConcurrencyError', kind: 'conflict', changed: true });
      // Sealed before the check: one id drawn for the one event, no more (the long way that refuses it seals nothing).
      expect(source.ids()).toBe(options.sealsBeforeCheck === true ? ids + 1 : ids);
      expect(kinds(await collect(store.readGame('g1')))).toEqual(['one', 'two']);
    });

    it('an event of another game in an append is refused with its path, and nothing is written', async () => {
      const store = await fresh();
      await expect(store.appendToGame('g1', [logged('g1'), logged('g2')], logVersion(0))).rejects.toMatchObject({
        name: 'InputError',
        path: 'events[1].game',
      });
      expect(await collect(store.readAll())).toEqual([]);
    });

    it('readGame from a seq yields that event and the later ones of that game, checked or fast alike', async () => {
      const store = await fresh();
      await store.appendToGame('g1', [logged('g1', 'k1'), logged('g1', 'k2')], logVersion(0));
      const other = await store.appendToGame('g2', [logged('g2', 'x')], logVersion(0));
      const head = await store.gameHead('g1');
      const third = await store.appendToGame('g1', [logged('g1', 'k3')], head.seq, head.hash);
      const all = await collect(store.readGame('g1'));
      const from = all[1]?.seq ?? 0;
      for (const validate of [true, false]) {
        expect(kinds(await collect(store.readGame('g1', { from, validate })))).toEqual(['k2', 'k3']);
        expect(await collect(store.readGame('g1', { from: third.version + 1, validate }))).toEqual([]);
      }
      expect(await collect(store.readGame('g1', { validate: false }))).toEqual(all);
      expect(kinds(await collect(store.readGame('g2')))).toEqual(['x']);
      expect(other.events.map((e) => e.game)).toEqual(['g2']);
    });

    it('readAll is every game in commit order, with increasing positions, and reads on from a position', async () => {
      const store = await fresh();
      const a = await store.appendToGame('g1', [logged('g1', 'a1'), logged('g1', 'a2')], logVersion(0));
      const b = await store.appendToGame('g2', [logged('g2', 'b1')], logVersion(0));
      await store.appendToGame('g1', [logged('g1', 'a3')], a.version, a.head.hash);
      const feed: FeedEvent[] = await collect(store.readAll());
      expect(feed.map((f) => [f.event.game, (f.event.data as { kind: string }).kind])).toEqual([
        ['g1', 'a1'],
        ['g1', 'a2'],
        ['g2', 'b1'],
        ['g1', 'a3'],
      ]);
      const positions = feed.map((f) => f.position);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(new Set(positions).size).toBe(4);
      expect(b.position).toBe(positions[2]);
      expect((await collect(store.readAll(b.position))).map((f) => f.position)).toEqual(positions.slice(2));
    });

    it('an empty append at the current version changes nothing; at a stale one it is refused', async () => {
      const store = await fresh();
      expect(await store.appendToGame('g1', [], logVersion(0))).toMatchObject({
        version: 0,
        events: [],
        head: { seq: 0, hash: headerLine().hash },
        position: 0,
      });
      const first = await store.appendToGame('g1', [logged('g1')], logVersion(0));
      await expect(store.appendToGame('g1', [], logVersion(0))).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.appendToGame('g1', [], first.version)).toMatchObject({
        version: first.version,
        events: [],
        head: first.head,
      });
    });

    it('a subscriber hears each append with its game, version and position', async () => {
      const store = await fresh();
      const heard: StreamChange[] = [];
      const unsubscribe = await store.subscribe((change) => heard.push(change));
      const a = await store.appendToGame('g1', [logged('g1'), logged('g1')], logVersion(0));
      const b = await store.appendToGame('g2', [logged('g2')], logVersion(0));
      await waitUntil(() => heard.length >= 2);
      expect(heard).toEqual([
        { game: 'g1', version: a.version, position: a.position },
        { game: 'g2', version: b.version, position: b.position },
      ]);
      await unsubscribe();
    });

    it('an append naming the head it read goes ahead; naming an event the stream lacks is a changed head', async () => {
      const store = await fresh();
      const first = await store.appendToGame('g1', [logged('g1', 'one')], logVersion(0));
      const second = await store.appendToGame('g1', [logged('g1', 'two')], first.version, first.head.hash);
      expect(second.head).toEqual(await store.gameHead('g1'));
      // The caller read one event more than the game holds: the stream is not what it read.
      await expect(
        store.appendToGame('g1', [logged('g1', 'ahead')], logVersion(second.version + 1), second.head.hash),
      ).rejects.toMatchObject({ kind: 'conflict', changed: true });
      expect(kinds(await collect(store.readGame('g1')))).toEqual(['one', 'two']);
    });

    it('the games are listed in the order they began, each once', async () => {
      const store = await fresh();
      const b = await store.appendToGame('g2', [gameStarted('g2')], logVersion(0));
      await store.appendToGame('g1', [gameStarted('g1')], logVersion(0));
      await store.appendToGame('g2', [logged('g2')], b.version, b.head.hash);
      await store.appendToGame('g3', [], logVersion(0));
      expect(await store.games()).toEqual(['g2', 'g1']);
    });

    it(
      'events are stored with the envelope source: its ids ' +
        'in order, one time per append, the game, type and payload',
      async () => {
        const store = await fresh(counterSource('ev'));
        const a = await store.appendToGame('g1', [logged('g1', 'a1', { n: 1 }), logged('g1', 'a2')], logVersion(0));
        await store.appendToGame('g2', [logged('g2', 'b1')], logVersion(0));
        const read = await collect(store.readGame('g1'));
        expect(read).toEqual(a.events);
        expect(read.map((e) => [e.id, e.at, e.game, e.type, e.v])).toEqual([
          ['ev-000000000000000001', '2024-01-01T00:00:01.000Z', 'g1', 'host.logged', 1],
          ['ev-000000000000000002', '2024-01-01T00:00:01.000Z', 'g1', 'host.logged', 1],
        ]);
        expect(read[0]?.data).toEqual({ turn: { year: 1941, season: 'spring' }, kind: 'a1', data: { n: 1 } });
        expect((await collect(store.readGame('g2'))).map((e) => [e.id, e.at])).toEqual([
          ['ev-000000000000000003', '2024-01-01T00:00:02.000Z'],
        ]);
      },
    );

    it(
      'an invalid event is refused with its path (an ' +
        'InputError, no StoreError) and nothing of the batch is written',
      async () => {
        const store = await fresh();
        const badYear: NewEvent = {
          type: 'host.logged',
          game: 'g1',
          data: { turn: { year: 1800, season: 'spring' }, kind: 'move', data: {} },
        };
        const refused = store.appendToGame('g1', [logged('g1', 'fine'), badYear], logVersion(0));
        await expect(refused).rejects.toMatchObject({
          name: 'InputError',
          path: 'events[1].data.turn.year',
          detail: 'expected an integer from 1900 to 2100',
        });
        await expect(refused).rejects.not.toBeInstanceOf(StoreError);
        const extra = {
          type: 'host.logged',
          game: 'g1',
          data: { turn, kind: 'move', data: {}, extra: 1 },
        } as unknown as NewEvent;
        await expect(store.appendToGame('g1', [extra], logVersion(0))).rejects.toMatchObject({
          path: 'events[0].data.extra',
          detail: 'unknown field',
        });
        expect(await store.gameHead('g1')).toEqual({ seq: 0, hash: headerLine().hash });
        expect(await collect(store.readAll())).toEqual([]);
      },
    );

    it('a listener no longer subscribed hears nothing more; another one still does', async () => {
      const store = await fresh();
      const gone: StreamChange[] = [];
      const kept: StreamChange[] = [];
      const unsubscribe = await store.subscribe((change) => gone.push(change));
      const unsubscribeKept = await store.subscribe((change) => kept.push(change));
      const a = await store.appendToGame('g1', [logged('g1')], logVersion(0));
      await waitUntil(() => gone.length >= 1 && kept.length >= 1);
      await unsubscribe();
      const b = await store.appendToGame('g1', [logged('g1')], a.version, a.head.hash);
      await waitUntil(() => kept.length >= 2);
      expect(gone).toEqual([{ game: 'g1', version: a.version, position: a.position }]);
      expect(kept).toEqual([
        { game: 'g1', version: a.version, position: a.position },
        { game: 'g1', version: b.version, position: b.position },
      ]);
      await unsubscribeKept();
    });

    it('a closed store refuses every call with a StoreError of kind closed', async () => {
      const store = await fresh();
      await store.appendToGame('g1', [logged('g1')], logVersion(0));
      await store.close();
      const closed = {
        name: 'StoreError',
        kind: 'closed',
        message: expect.stringMatching(/the event store is closed$/),
      };
      await expect(store.appendToGame('g1', [logged('g1')], logVersion(1))).rejects.toMatchObject(closed);
      await expect(store.gameHead('g1')).rejects.toMatchObject(closed);
      await expect(collect(store.readGame('g1'))).rejects.toMatchObject(closed);
      await expect(collect(store.readAll())).rejects.toMatchObject(closed);
      await expect(store.games()).rejects.toMatchObject(closed);
      await expect(store.subscribe(() => undefined)).rejects.toMatchObject(closed);
    });
  });
  describeCommandContract(name, makeStreams);
}
