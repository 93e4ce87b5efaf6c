// The stores of one shared log (memory, JSON Lines) as game streams: a game's version is the log seq of its last
// event, however the log was appended to (the log whole, a game's stream, another writer of the same file).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import type { StreamChange } from '../../src/store/game-streams.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { headerLine } from '../../src/store/line-format.js';
import { LogGameStreams } from '../../src/store/log-streams.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { describeGameStreamContract } from './stream-contract.js';
import { counterSource, logged, readAll, tempLogFiles } from './support.js';

// The adapter of the public API, over any one-log store, holds the same contract.
describeGameStreamContract(
  'LogGameStreams over MemoryEventStore',
  async (source) => new LogGameStreams(new MemoryEventStore({ source })),
);

const temp = tempLogFiles('shared');
let files = 0;
const newPath = (): string => join(temp.dir(), `shared-${++files}.jsonl`);

describe('one shared log as game streams', () => {
  it("a game's version is the log seq of its last event; appends to the log whole are read first", async () => {
    const store = new MemoryEventStore({ source: counterSource() });
    await store.appendToGame('g1', [logged('g1')], logVersion(0));
    await store.append([logged('g2'), logged('g2')], logVersion(1));
    const result = await store.appendToGame('g1', [logged('g1', 'after')], logVersion(1));
    expect(result.events.map((e) => e.seq)).toEqual([4]);
    expect(result.version).toBe(4);
    expect(result.position).toBe(4);
    const log = await readAll(store);
    expect(log.map((e) => [e.seq, e.game])).toEqual([
      [1, 'g1'],
      [2, 'g2'],
      [3, 'g2'],
      [4, 'g1'],
    ]);
    expect(await store.gameHead('g2')).toEqual({ seq: 3, hash: log[2]?.hash });
    expect(await store.games()).toEqual(['g1', 'g2']);
    expect(await store.version()).toBe(4);
  });

  it(
    "another writer's appends to the same file are read first: the game's head moves, the other game's append " +
      "goes on at the log's seq",
    async () => {
      const path = newPath();
      const mine = await JsonlFileStore.open(path, { create: true, source: counterSource('a') });
      const other = await JsonlFileStore.open(path, { source: counterSource('b') });
      const first = await mine.appendToGame('g1', [logged('g1')], logVersion(0));
      const theirs = await other.appendToGame('g2', [logged('g2'), logged('g2')], logVersion(0));
      expect(theirs.events.map((e) => e.seq)).toEqual([2, 3]);
      expect(await mine.gameHead('g2')).toEqual(theirs.head);
      const next = await mine.appendToGame('g1', [logged('g1', 'next')], first.version, first.head.hash);
      expect(next.events.map((e) => [e.seq, e.id])).toEqual([[4, 'a-0000000000000000002']]);
      expect(await other.games()).toEqual(['g1', 'g2']);
      await Promise.all([mine.close(), other.close()]);
    },
  );

  it('a subscriber hears the appends to the whole log too: per game its last event, in log order', async () => {
    const store = new MemoryEventStore({ source: counterSource() });
    const heard: StreamChange[] = [];
    await store.subscribe((change) => heard.push(change));
    await store.append([logged('g1'), logged('g2'), logged('g1'), logged('g3')], logVersion(0));
    await store.appendToGame('g2', [logged('g2')], logVersion(2));
    expect(heard).toEqual([
      { game: 'g2', version: 2, position: 2 },
      { game: 'g1', version: 3, position: 3 },
      { game: 'g3', version: 4, position: 4 },
      { game: 'g2', version: 5, position: 5 },
    ]);
  });

  it(
    'a log cut back (as `verify --repair` does) is read again from its start: the heads are those of the log as ' +
      'it now is',
    async () => {
      const path = newPath();
      const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
      const kept = await store.appendToGame('g1', [logged('g1'), logged('g1')], logVersion(0));
      await store.appendToGame('g2', [logged('g2')], logVersion(0));
      expect(await store.games()).toEqual(['g1', 'g2']);
      // The header and the first two events stay: g2's only event is gone.
      const lines = (await readFile(path, 'utf8')).split('\n');
      await writeFile(path, `${lines.slice(0, 3).join('\n')}\n`);
      expect(await store.gameHead('g2')).toEqual({ seq: 0, hash: headerLine().hash });
      expect(await store.gameHead('g1')).toEqual(kept.head);
      expect(await store.games()).toEqual(['g1']);
      const again = await store.appendToGame('g2', [logged('g2', 'again')], logVersion(0));
      expect(again.events.map((e) => e.seq)).toEqual([3]);
      await store.close();
    },
  );
});
