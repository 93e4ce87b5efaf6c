// The package as a consumer gets it: the tarball `npm pack` writes (its scripts not run: the tests build first, with
// ensureBuilt), and that tarball unpacked where an install puts it.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/build.js';

/** Packs the package into `dir`; the tarball's path. */
export function packTarball(dir: string): string {
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return join(dir, out.trim().split('\n').at(-1) ?? '');
}

/** Unpacks `tarball` as `project`/node_modules/awaw-surrender, without its dependencies; that folder. */
export function unpackInto(tarball: string, project: string): string {
  const at = join(project, 'node_modules', 'awaw-surrender');
  mkdirSync(at, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', at, '--strip-components=1'], { timeout: 60_000 });
  return at;
}
