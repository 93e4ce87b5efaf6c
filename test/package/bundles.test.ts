// The command line's bundles hold what they run: copied alone into an empty directory, with no node_modules
// beside or above them, `serve` (Fastify, its plugins and the metrics inside dist/serve.cjs) answers, and a
// calculator runs. A host that embeds the library therefore installs neither the server's framework nor the
// charting library.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../support/build.js';

const dir = mkdtempSync(join(tmpdir(), 'awaw-bundles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  ensureBuilt();
  for (const file of ['awaw-surrender.cjs', 'cli.cjs', 'cli.cjs.v8cache', 'serve.cjs', 'report.cjs'])
    copyFileSync(join(ROOT, 'dist', file), join(dir, file));
  mkdirSync(join(dir, 'games'));
}, 120_000);

it('serve runs from its bundle alone: GET /health on a directory store', async () => {
  const child = spawn(
    process.execPath,
    [join(dir, 'awaw-surrender.cjs'), 'serve', '--store', 'games', '--port', '0', '--open'],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    const address = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const found = /listening on (http:\/\/\S+) \(directory store\)/.exec(out);
        if (found?.[1] !== undefined) resolve(found[1]);
      });
      child.once('exit', (code) => reject(new Error(`serve exited ${String(code)}: ${out}`)));
    });
    const health = await fetch(`${address}/health`);
    expect([health.status, await health.json()]).toEqual([200, { ok: true, store: 'directory' }]);
  } finally {
    child.kill('SIGTERM');
  }
}, 30_000);

it('55.1: a calculator runs from the command-line bundle alone: DP total 4, +1 for Berchtesgaden, no surrender', () => {
  const input = JSON.stringify({
    berlin: 'axis',
    germanDpTotal: 4,
    germanyControlsBerchtesgaden: true,
    germanCitiesFirestormed: 0,
    atomicAttacksOnGermany: 0,
    allGermanHexesAlliedOrAtomic: false,
  });
  const r = spawnSync(process.execPath, [join(dir, 'awaw-surrender.cjs'), 'german-surrender', '--json', '-'], {
    cwd: dir,
    input,
    encoding: 'utf8',
  });
  expect([r.status, r.stderr]).toEqual([0, '']);
  expect(JSON.parse(r.stdout)).toMatchObject({ resistance: 5, surrenders: false });
});
