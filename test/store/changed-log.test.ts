// A log changed other than by appends while a store has it open (docs/log-format.md, "Concurrency"): a
// repair cut it back, another writer appended again. The store must see the log as it is now, not as its
// size last said: a log cut back by one event and grown again by one of the same length has its old size.
import { readFile, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { counterSource, gameStarted, logged, makeTempDir } from './support.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir());
});
afterAll(async () => {
  await cleanup();
});

/** Cuts the log at `path` back by its last event, as `verify --repair` removes a cut batch. */
async function cutLastEvent(path: string): Promise<void> {
  const bytes = await readFile(path);
  await truncate(path, bytes.lastIndexOf(0x0a, bytes.length - 2) + 1);
}

describe('JsonlFileStore: a log changed under an open store', () => {
  it(
    'cut back and grown again to its old size: head() names the ' +
      'new last event, and an append expecting the old one is refused',
    async () => {
      const path = join(dir, 'same-size.jsonl');
      const store = await JsonlFileStore.open(path, { create: true, source: counterSource('a') });
      await store.append([gameStarted('g1'), logged('g1', 'move', { k: 'a' })], logVersion(0));
      const read = await store.head();
      const size = (await stat(path)).size;

      await cutLastEvent(path);
      const other = await JsonlFileStore.open(path, { source: counterSource('b') });
      const replaced = await other.append([logged('g1', 'move', { k: 'b' })], logVersion(1));
      expect((await stat(path)).size).toBe(size);
      const now = replaced.events[0]?.hash;
      expect(now).not.toBe(read.hash);

      expect(await store.head()).toEqual({ seq: 2, hash: now });
      const before = await readFile(path);
      await expect(store.append([logged('g1')], logVersion(2), read.hash)).rejects.toMatchObject({
        name: 'ConcurrencyError',
        expected: 2,
        actual: 2,
        changed: true,
      });
      expect((await readFile(path)).equals(before)).toBe(true);
      await Promise.all([store.close(), other.close()]);
    },
  );

  it(
    "cut back: the version is the shorter log's, and an append expecting the removed event is refused as a " +
      'changed log',
    async () => {
      const path = join(dir, 'shorter.jsonl');
      const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
      const { events } = await store.append([gameStarted('g1'), logged('g1'), logged('g1')], logVersion(0));
      await cutLastEvent(path);
      expect(await store.version()).toBe(2);
      expect(await store.head()).toEqual({ seq: 2, hash: events[1]?.hash });
      await expect(store.append([logged('g1')], logVersion(3), events[2]?.hash)).rejects.toMatchObject({
        name: 'ConcurrencyError',
        expected: 3,
        actual: 2,
        changed: true,
      });
      expect((await store.append([logged('g1')], logVersion(2), events[1]?.hash)).version).toBe(3);
      await store.close();
    },
  );
});
