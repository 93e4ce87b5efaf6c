// The one error shape of every reply, from real `serve` processes on a directory of logs and on PostgreSQL
// (./reply-suite.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { describePg, usePgDatabase } from '../support/pg.js';
import { replySuite } from './reply-suite.js';

describe('serve on a directory: every reply in the one error shape', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  replySuite(() => {
    const dir = mkdtempSync(join(tmpdir(), 'awaw-serve-replies-'));
    dirs.push(dir);
    return { store: dir, args: [] };
  });
});

describePg('serve on PostgreSQL: every reply in the one error shape', () => {
  const db = usePgDatabase();
  replySuite(() => ({ store: db.url(), args: ['--schema', db.schema()] }));
});
