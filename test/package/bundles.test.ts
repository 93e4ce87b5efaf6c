// The command line's bundles hold what they run: copied alone into an empty directory, with no node_modules
// beside or above them, `serve` (Fastify, its plugins, the metrics and pg inside dist/serve.cjs) answers on a
// directory and on PostgreSQL, and a calculator runs. A host that embeds the library therefore installs neither
// the server's framework nor the charting library, nor pg unless it opens a PostgreSQL store itself.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../support/build.js';
import { describePg, usePgDatabase } from '../support/pg.js';

const dir = mkdtempSync(join(tmpdir(), 'awaw-bundles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => {
  ensureBuilt();
  for (const file of ['awaw-surrender.cjs', 'cli.cjs', 'cli.cjs.v8cache', 'serve.cjs', 'report.cjs'])
    copyFileSync(join(ROOT, 'dist', file), join(dir, file));
  mkdirSync(join(dir, 'games'));
}, 120_000);

/** Runs `serve` from the copied bundles with `args`; GET /health once it listens, then stops it. */
async function health(args: readonly string[], store: string): Promise<[number, unknown]> {
  const child = spawn(process.execPath, [join(dir, 'awaw-surrender.cjs'), 'serve', ...args, '--port', '0', '--open'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const address = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const found = new RegExp(`listening on (http://\\S+) \\(${store} store\\)`).exec(out);
        if (found?.[1] !== undefined) resolve(found[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
      });
      child.once('exit', (code) => reject(new Error(`serve exited ${String(code)}: ${out}`)));
    });
    const reply = await fetch(`${address}/health`);
    return [reply.status, await reply.json()];
  } finally {
    child.kill('SIGTERM');
  }
}

it('serve runs from its bundle alone: GET /health on a directory store', async () => {
  expect(await health(['--store', 'games'], 'directory')).toEqual([200, { ok: true, store: 'directory' }]);
}, 30_000);

describePg('serve on PostgreSQL from its bundle alone', () => {
  const db = usePgDatabase();
  // pg is an optional peer dependency of the library; the server's bundle carries its own, loaded on the store's open.
  it('GET /health on a PostgreSQL store, with no pg installed beside the bundles', async () => {
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    expect(await health(['--store', db.url(), '--schema', db.schema()], 'postgres')).toEqual([
      200,
      { ok: true, store: 'postgres' },
    ]);
  }, 30_000);
});

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
