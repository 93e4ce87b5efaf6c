// The README's host API example, run as printed: the block is saved as host.mjs in an empty directory whose
// node_modules/awaw-surrender is this package (built), and run with node. Its own asserts check each result.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyLog } from '../../src/index.js';
import { ensureBuilt, ROOT } from '../support/build.js';
import { README_EXAMPLE_OUTPUT, readmeHostExample } from '../support/readme.js';

const dir = mkdtempSync(join(tmpdir(), 'awaw-readme-'));
beforeAll(ensureBuilt, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(
  '59.12, 59.23: the README example runs as printed: it ' +
    'offers, accepts and waits for the reductions and the hex control',
  async () => {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'awaw-surrender'), 'dir');
    writeFileSync(join(dir, 'host.mjs'), readmeHostExample());
    for (let run = 1; run <= 2; run += 1) {
      // A second run starts the game afresh: the example creates what it needs each time.
      const r = spawnSync(process.execPath, ['host.mjs'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      expect([r.status, r.stderr]).toEqual([0, '']);
      expect(r.stdout).toMatch(README_EXAMPLE_OUTPUT);
      expect(await verifyLog(join(dir, 'games', 'g42.jsonl'))).toMatchObject({ ok: true, events: 6 });
    }
  },
);
