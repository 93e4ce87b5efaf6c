// A store of a consumer's own, typed with the package's exported names only: an EventStream that wraps the
// memory store and counts what passes through it. If a name it needs stops being exported, this file no longer
// compiles (`npm run typecheck`); at run time, the engine works through it as through any store.
import { expect, it } from 'vitest';
import {
  type AppendResult,
  type Command,
  defaultRulingOptions,
  type EventStream,
  type LogHead,
  type LogVersion,
  logVersion,
  MemoryEventStore,
  type MemoryStoreOptions,
  type NewEvent,
  type PreviewResult,
  type ReadOptions,
  type StoredEvent,
  SurrenderEngine,
} from '../../src/index.js';

class CountingStore implements EventStream {
  readonly appended: number[] = [];
  readonly #inner: MemoryEventStore;

  constructor(options: MemoryStoreOptions) {
    this.#inner = new MemoryEventStore(options);
  }

  version(): Promise<LogVersion> {
    return this.#inner.version();
  }
  head(): Promise<LogHead> {
    return this.#inner.head();
  }
  async append(events: readonly NewEvent[], expected: LogVersion, expectedHash?: string): Promise<AppendResult> {
    this.appended.push(events.length);
    return this.#inner.append(events, expected, expectedHash);
  }
  read(options?: ReadOptions): AsyncIterable<readonly StoredEvent[]> {
    return this.#inner.read(options);
  }
  close(): Promise<void> {
    return this.#inner.close();
  }
}

const turn = { season: 'summer', year: 1941 } as const;
const start: Command = {
  type: 'host.game-started',
  data: {
    scenario: 'european',
    turn,
    options: defaultRulingOptions,
    wars: [{ axis: 'germany', allied: 'britain' }],
    italy: { declaredWarOnWesternAlliesYear: 1940, westernAlliesDeclaredWar: false },
  },
};

it('a consumer-typed store: the engine appends through it, and a preview appends nothing', async () => {
  const store = new CountingStore({});
  const engine = await SurrenderEngine.open(store);
  const preview: PreviewResult = await engine.preview('g1', start);
  expect(preview.ok).toBe(true);
  expect(store.appended).toEqual([]);
  const started = await engine.execute('g1', start);
  expect(started.ok).toBe(true);
  expect(store.appended).toEqual([1]);
  expect(await store.version()).toBe(logVersion(1));
});
