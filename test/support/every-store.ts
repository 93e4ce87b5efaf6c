// One suite on every store (memory, a JSON Lines file, PostgreSQL when it can start): `suite(name, stores)` is given a
// maker of store openers, each opening one more store over the same events (another process on the same log or
// database).
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import type { GameStreamStore } from '../../src/store/game-streams.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { makeTempDir } from '../store/support.js';
import { describePg, usePgDatabase } from './pg.js';

/** Opens one more store over the same events. */
export type Stores = () => Promise<GameStreamStore>;

export function onEveryStore(prefix: string, suite: (name: string, stores: () => Stores) => void): void {
  let dir = '';
  let cleanup: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir());
  });
  afterAll(() => cleanup());
  let logs = 0;
  suite('MemoryEventStore', () => {
    const store = new MemoryEventStore();
    return async () => store;
  });
  suite('JsonlFileStore', () => {
    const path = join(dir, `${prefix}-${++logs}.jsonl`);
    return () => JsonlFileStore.open(path, { create: true });
  });
  describePg('PostgreSQL', () => {
    const db = usePgDatabase();
    suite('PostgresEventStore', () => {
      const schema = db.schema();
      return () => PostgresEventStore.open({ url: db.url(), schema });
    });
  });
}
