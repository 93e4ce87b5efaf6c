// The operator's token, the rate limit by verified seat and the viewer (./access-suite.ts) on real `serve`
// processes: on a directory of logs (a game brought in as a log copied into it) and on PostgreSQL (a game brought
// in by `import`).
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { linesByGame } from '../../src/store/game-lines.js';
import { PostgresEventStore } from '../../src/store/postgres/postgres.js';
import { ROOT } from '../support/build.js';
import { describePg, usePgDatabase } from '../support/pg.js';
import { accessSuite } from './access-suite.js';

const EXAMPLE = join(ROOT, 'examples', 'sea-lion-1941.jsonl');
/** The example log's events: its lines after the header. */
const EXAMPLE_EVENTS = readFileSync(EXAMPLE, 'utf8').trimEnd().split('\n').length - 1;

describe('serve on a directory: operator, rate limit, viewer', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  accessSuite({
    fresh: () => {
      const dir = mkdtempSync(join(tmpdir(), 'awaw-serve-access-'));
      dirs.push(dir);
      return [dir];
    },
    bringIn: async ([dir], game) => {
      copyFileSync(EXAMPLE, join(dir as string, `${game}.jsonl`));
      return EXAMPLE_EVENTS;
    },
  });
});

describePg('serve on PostgreSQL: operator, rate limit, viewer', () => {
  const db = usePgDatabase();
  accessSuite({
    fresh: () => [db.url(), '--schema', db.schema()],
    bringIn: async ([url, , schema], game) => {
      const lines = linesByGame(readFileSync(EXAMPLE, 'utf8')).get(game);
      if (lines === undefined) throw new Error(`the example log holds no game ${game}`);
      const store = await PostgresEventStore.open({ url: url as string, ...(schema === undefined ? {} : { schema }) });
      try {
        return (await store.importGame(game, lines)).version;
      } finally {
        await store.close();
      }
    },
  });
});
