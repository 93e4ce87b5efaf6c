import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { LogGameStreams } from '../../src/store/log-streams.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { describeGameStreamContract } from './stream-contract.js';
import { counterSource, logged, tempLogFiles } from './support.js';

describeGameStreamContract('LogGameStreams over MemoryEventStore', async (source) => new LogGameStreams(new MemoryEventStore({ source })));

const temp = tempLogFiles('streams');
let files = 0;
describeGameStreamContract('LogGameStreams over JsonlFileStore', async (source) =>
  new LogGameStreams(await JsonlFileStore.open(join(temp.dir(), `streams-${(files += 1)}.jsonl`), { create: true, source })),
);

describe('LogGameStreams', () => {
  it("a game's version is the log seq of its last event; appends by another writer of the log are read first", async () => {
    const log = new MemoryEventStore({ source: counterSource() });
    const streams = new LogGameStreams(log);
    await streams.appendToGame('g1', [logged('g1')], logVersion(0));
    // Another writer of the same log appends to g2 behind the adapter's back.
    await log.append([logged('g2'), logged('g2')], logVersion(1));
    const result = await streams.appendToGame('g1', [logged('g1', 'after')], logVersion(1));
    expect(result.events.map((e) => e.seq)).toEqual([4]);
    expect(result.head.seq).toBe(4);
    expect(await streams.gameHead('g2')).toMatchObject({ seq: 3 });
    expect(await streams.games()).toEqual(['g1', 'g2']);
  });
});
