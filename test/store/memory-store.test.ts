import { describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { gameLog } from '../../src/store/game-log.js';
import { describeEventStoreContract } from './contract.js';
import { describeGameStreamContract } from './stream-contract.js';
import { counterSource, logged } from './support.js';

describeEventStoreContract('MemoryEventStore', async (source) => new MemoryEventStore({ source }));
describeGameStreamContract('MemoryEventStore', async (source) => new MemoryEventStore({ source }));
describeEventStoreContract(
  "MemoryEventStore, one game's stream",
  async (source) => {
    const store = new MemoryEventStore({ source });
    return { ...gameLog(store, 'g1'), close: () => store.close() };
  },
  { singleGame: true },
);

describe('MemoryEventStore', () => {
  it('yields batches of the configured size', async () => {
    const store = new MemoryEventStore({ source: counterSource(), batchSize: 2 });
    await store.append([logged('g1'), logged('g1'), logged('g1'), logged('g1'), logged('g1')], logVersion(0));
    const sizes: number[] = [];
    for await (const batch of store.read()) sizes.push(batch.length);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('hands out copies: changing a read event does not change the log', async () => {
    const store = new MemoryEventStore({ source: counterSource() });
    await store.append([logged('g1', 'move')], logVersion(0));
    for await (const batch of store.read()) (batch[0] as { game: string }).game = 'changed';
    for await (const batch of store.read()) expect(batch[0]?.game).toBe('g1');
  });

  it('toJsonl() is a header line and one sealed line per event, each ending in a line break', async () => {
    const store = new MemoryEventStore({ source: counterSource() });
    await store.append([logged('g1')], logVersion(0));
    const lines = store.toJsonl().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ format: 'awaw-surrender-log', formatVersion: 1 });
    expect(
      lines[1]?.startsWith(
        '{"seq":1,"id":"id-000000000000000001","game":"g1","type":"host.logged","v":1,' +
          '"at":"2024-01-01T00:00:01.000Z","data":{',
      ),
    ).toBe(true);
  });
});
