// The HTTP API on a directory of JSON Lines logs, one per game (the embedded default of `serve`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import { serverSuite } from './server-suite.js';

describe('serve on a directory of JSON Lines logs', () => {
  const dirs: string[] = [];
  let dir = '';
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  serverSuite(
    () => {
      dir = mkdtempSync(join(tmpdir(), 'awaw-serve-'));
      dirs.push(dir);
      return DirectoryBackend.open(dir);
    },
    () => DirectoryBackend.open(dir),
  );
});
