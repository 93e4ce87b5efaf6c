// `npm start` builds only when dist/ is not built from the sources as they are (scripts/build-if-stale.mjs): the
// stamp the build writes (scripts/build-stamp.mjs) against the hash of the build's inputs now. Run in a small tree
// of its own, the build a command that leaves a mark (AWAW_BUILD_COMMAND), so that no real build runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/build.js';

const STAMP_SCRIPT = join(ROOT, 'scripts', 'build-stamp.mjs');
const IF_STALE = join(ROOT, 'scripts', 'build-if-stale.mjs');

let tree = '';
beforeEach(() => {
  tree = mkdtempSync(join(tmpdir(), 'awaw-stamp-'));
  mkdirSync(join(tree, 'src'));
  mkdirSync(join(tree, 'bench'));
  writeFileSync(join(tree, 'package.json'), '{"name":"tree","version":"1.0.0"}\n');
  writeFileSync(join(tree, 'tsconfig.json'), '{}\n');
  writeFileSync(join(tree, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(tree, 'bench', 'results.json'), '{}\n');
});
afterEach(() => rmSync(tree, { recursive: true, force: true }));

/** The build as npm runs it: the stamp begun, the build (here: nothing), the stamp ended. */
function stamp(steps: readonly ('begin' | 'end')[] = ['begin', 'end']): void {
  for (const step of steps) {
    const run = spawnSync(process.execPath, [STAMP_SCRIPT, step], { cwd: tree, encoding: 'utf8' });
    expect([step, run.status, run.stderr]).toEqual([step, 0, '']);
  }
}

/** `npm start`'s prestart in the tree: its exit code, what it said, and how many times it built. */
function prestart(command = 'echo built >> built.txt') {
  const run = spawnSync(process.execPath, [IF_STALE], {
    cwd: tree,
    env: { ...process.env, AWAW_BUILD_COMMAND: command },
    encoding: 'utf8',
  });
  const marks = existsSync(join(tree, 'built.txt')) ? readFileSync(join(tree, 'built.txt'), 'utf8') : '';
  return { code: run.status, stderr: run.stderr, builds: marks.split('\n').filter((l) => l === 'built').length };
}

describe('npm start after a build', () => {
  it('a stamp that matches: no build', () => {
    stamp();
    expect(readFileSync(join(tree, 'dist', '.build-stamp'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(prestart()).toEqual({
      code: 0,
      stderr: 'dist/ is built from the sources as they are: no build\n',
      builds: 0,
    });
  });

  it('a changed, added or removed input: builds', () => {
    const changes: (() => void)[] = [
      () => writeFileSync(join(tree, 'src', 'a.ts'), 'export const a = 2;\n'),
      () => writeFileSync(join(tree, 'src', 'b.ts'), 'export const b = 1;\n'),
      () => rmSync(join(tree, 'src', 'b.ts')),
      () => writeFileSync(join(tree, 'package.json'), '{"name":"tree","version":"1.0.1"}\n'),
      () => writeFileSync(join(tree, 'tsconfig.build.json'), '{}\n'),
    ];
    let builds = 0;
    for (const change of changes) {
      stamp();
      change();
      builds += 1;
      expect(prestart()).toEqual({ code: 0, stderr: 'the sources changed since the build: building\n', builds });
    }
  });

  it('data beside the code (the bench figures) is no input: no build', () => {
    stamp();
    writeFileSync(join(tree, 'bench', 'results.json'), '{"figures":1}\n');
    writeFileSync(join(tree, 'bench', 'results.local.json'), '{}\n');
    expect(prestart().builds).toBe(0);
  });

  it('no stamp, or the stamp of a build that did not finish (begun, never ended): builds', () => {
    expect(prestart()).toEqual({ code: 0, stderr: 'dist/ has no build stamp: building\n', builds: 1 });
    stamp();
    stamp(['begin']);
    expect(prestart()).toEqual({ code: 0, stderr: 'dist/ has no build stamp: building\n', builds: 2 });
  });

  it("a build that fails fails the start, with the build's exit code", () => {
    expect(prestart('exit 3').code).toBe(3);
  });

  it('the package runs it: prestart checks the stamp, the build writes it around its steps', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect([scripts['prebuild'], scripts['postbuild'], scripts['prestart'], scripts['prepare']]).toEqual([
      'node scripts/build-stamp.mjs begin',
      'node scripts/bundle.mjs && node scripts/build-stamp.mjs end',
      'node scripts/build-if-stale.mjs',
      'npm run build',
    ]);
  });
});
