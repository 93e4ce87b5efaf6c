// What a consumer installs: the packed tarball installed into an empty project as a host installs it, its
// dependencies fetched from the registry (`npm install --engine-strict --no-audit --no-fund <tarball>`: this test
// needs the network), then the packages in node_modules counted and their files' bytes summed. At most 15 packages,
// the package itself included, and 15 MiB; pg, an optional peer dependency, is not among them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt } from '../support/build.js';
import { packTarball } from './pack.js';

const MAX_PACKAGES = 15;
const MAX_BYTES = 15 * 1024 * 1024;

interface Installed {
  readonly name: string;
  /** The bytes of its files, its own node_modules left out (those packages are counted apart). */
  readonly bytes: number;
}

const dir = mkdtempSync(join(tmpdir(), 'awaw-install-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The bytes of the files under `path`, but for the node_modules folders in it. */
function fileBytes(path: string): number {
  return readdirSync(path, { withFileTypes: true }).reduce((sum, entry) => {
    const at = join(path, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? sum : sum + fileBytes(at);
    return entry.isFile() ? sum + statSync(at).size : sum;
  }, 0);
}

/** Every package under `modules` (a node_modules folder), scoped ones and those nested in a package's own. */
function packagesIn(modules: string): Installed[] {
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) =>
      entry.name.startsWith('@')
        ? readdirSync(join(modules, entry.name)).map((name) => `${entry.name}/${name}`)
        : [entry.name],
    )
    .flatMap((name) => {
      const at = join(modules, name);
      let nested: Installed[] = [];
      try {
        nested = packagesIn(join(at, 'node_modules'));
      } catch {
        // No node_modules of its own.
      }
      return [{ name, bytes: fileBytes(at) }, ...nested];
    });
}

let installed: Installed[] = [];
beforeAll(() => {
  ensureBuilt();
  const tarball = packTarball(dir);
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }));
  execFileSync('npm', ['install', '--engine-strict', '--no-audit', '--no-fund', tarball], {
    cwd: app,
    encoding: 'utf8',
    timeout: 180_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  installed = packagesIn(join(app, 'node_modules'));
}, 240_000);

it('a consumer installs at most 15 packages and 15 MiB, and no pg (an optional peer dependency)', () => {
  const bytes = installed.reduce((sum, p) => sum + p.bytes, 0);
  const mib = (n: number): string => `${(n / 1024 / 1024).toFixed(2)} MiB`;
  const figures =
    `${installed.length} packages, ${mib(bytes)}: ` +
    [...installed]
      .sort((a, b) => b.bytes - a.bytes)
      .map((p) => `${p.name} ${mib(p.bytes)}`)
      .join(', ');
  expect(installed.map((p) => p.name)).toContain('awaw-surrender');
  expect(installed.map((p) => p.name)).not.toContain('pg');
  expect(installed.length, figures).toBeLessThanOrEqual(MAX_PACKAGES);
  expect(bytes, figures).toBeLessThanOrEqual(MAX_BYTES);
});
