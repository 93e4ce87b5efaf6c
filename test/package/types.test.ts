// The packed tarball's types, checked by arethetypeswrong: under node10, node16 from CommonJS and from ESM, and
// bundlers, each entry's types are those of the JavaScript it loads (an ESM import typed by CommonJS declarations,
// a subpath node10 cannot resolve ... is a problem it names).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../support/build.js';
import { packTarball } from './pack.js';

const dir = mkdtempSync(join(tmpdir(), 'awaw-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(ensureBuilt, 120_000);

it('every entry of the package is typed by the declarations of what it loads, in every resolution', () => {
  const tarball = packTarball(dir);
  const attw = join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js');
  const r = spawnSync(process.execPath, [attw, tarball, '--format', 'json'], { encoding: 'utf8', timeout: 60_000 });
  expect(r.status).toBe(0);
  const report = JSON.parse(r.stdout) as { problems: unknown; analysis: { entrypoints: Record<string, unknown> } };
  expect(report.problems).toEqual({});
  expect(Object.keys(report.analysis.entrypoints)).toEqual([
    '.',
    './machines',
    './events',
    './core',
    './postgres',
    './schemas/*',
    './package.json',
  ]);
}, 120_000);
