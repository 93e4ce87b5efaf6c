// The package a consumer installs: what the tarball holds (`npm pack --dry-run --json`), and the tarball itself
// installed into an empty project, offline (`npm ci --offline` from the npm cache `npm ci` filled here), then
// required from CommonJS, imported from ESM, type-checked from both, and its command run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../support/build.js';
import { README_EXAMPLE_OUTPUT, readmeHostExample } from '../support/readme.js';
import { jsonFilesUnder } from '../../src/schemas/write.js';
import { packTarball } from './pack.js';

interface PackedFile {
  readonly path: string;
}
interface LockEntry {
  readonly version: string;
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}
interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly repository?: { readonly type: string; readonly url: string };
  readonly homepage?: string;
  readonly bugs?: { readonly url: string };
  readonly sideEffects?: boolean;
  readonly keywords?: readonly string[];
  readonly bin: Record<string, string>;
  readonly dependencies: Record<string, string>;
  readonly exports: Record<string, string | Record<string, Record<string, string>>>;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const npm = (args: readonly string[], cwd: string): string =>
  execFileSync('npm', [...args], { cwd, encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
const dir = mkdtempSync(join(tmpdir(), 'awaw-package-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(ensureBuilt, 120_000);

/** Every file an exports target names (a `./schemas/*` pattern names a folder). */
function exportTargets(): string[] {
  return Object.values(pkg.exports).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target).flatMap((c) => Object.values(c)),
  );
}

describe('the tarball', () => {
  let files: string[] = [];
  beforeAll(() => {
    const [packed] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT)) as {
      files: PackedFile[];
    }[];
    files = (packed?.files ?? []).map((f) => f.path);
  }, 60_000);

  it('holds the LICENSE (MIT, as package.json says), the README, the changelog, the docs, the fields npm shows', () => {
    expect(files).toEqual(
      expect.arrayContaining(['LICENSE', 'README.md', 'CHANGELOG.md', 'SECURITY.md', 'docs/cli.md', 'package.json']),
    );
    expect([pkg.homepage, pkg.bugs?.url, pkg.sideEffects, pkg.keywords?.includes('a-world-at-war')]).toEqual([
      'https://github.com/awaw-surrender/awaw-surrender#readme',
      'https://github.com/awaw-surrender/awaw-surrender/issues',
      false,
      true,
    ]);
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8').split('\n')[0]).toBe('MIT License');
    expect(pkg.repository?.type).toBe('git');
  });

  it('holds every file the exports and the bin name', () => {
    for (const target of [...exportTargets().filter((t) => !t.includes('*')), ...Object.values(pkg.bin)])
      expect(files).toContain(target.replace(/^\.\//, ''));
  });

  it(
    'holds no verification mark, no build stamp, no benchmark code, no build-time generators, no source maps ' +
      'nor comments pointing at them (their sources are not shipped), no tests or TypeScript sources',
    () => {
      const unshipped =
        /\.verified\.json$|\.map$|^bench\/|^dist\/bench\/|^test\/|^src\/|\.tsbuildinfo$|^dist\/src\/(examples|docs)\//;
      const generated = /^dist\/src\/schemas\/(main|write)\.|^dist\/\.build-stamp/;
      expect(files.filter((f) => unshipped.test(f) || generated.test(f))).toEqual([]);
      const code = files.filter((f) => /\.(c|m)?js$/.test(f));
      expect(code.filter((f) => readFileSync(join(ROOT, f), 'utf8').includes('sourceMappingURL='))).toEqual([]);
      expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    },
  );
});

describe('installed from the tarball into an empty project, offline', () => {
  const app = join(dir, 'app');
  const run = (file: string) => spawnSync(process.execPath, [file], { cwd: app, encoding: 'utf8', timeout: 30_000 });

  beforeAll(() => {
    const tarball = basename(packTarball(dir));
    mkdirSync(app);
    // The lock names the tarball and the dependencies' versions this repository locks, whose tarballs `npm ci`
    // left in the npm cache: nothing is fetched.
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const packages: Record<string, unknown> = {
      '': { name: 'app', dependencies: { 'awaw-surrender': `file:../${tarball}` } },
      'node_modules/awaw-surrender': {
        version: pkg.version,
        resolved: `file:../${tarball}`,
        license: pkg.license,
        dependencies: pkg.dependencies,
        bin: pkg.bin,
      },
    };
    // As npm resolves a dependency of the package at `from`: its own node_modules first, then each one above it.
    const resolve = (from: string, name: string): string | undefined => {
      for (
        let base = from;
        ;
        base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : ''
      ) {
        const key = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
        if (key in lock.packages) return key;
        if (base === '') return undefined;
      }
    };
    const add = (from: string, name: string): void => {
      const key = resolve(from, name);
      const entry = key === undefined ? undefined : lock.packages[key];
      if (key === undefined || entry === undefined || key in packages) return;
      packages[key] = entry;
      for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) add(key, dep);
    };
    for (const dep of Object.keys(pkg.dependencies)) add('', dep);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'app', private: true, dependencies: { 'awaw-surrender': `file:../${tarball}` } }),
    );
    writeFileSync(
      join(app, 'package-lock.json'),
      JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }),
    );
    // The dependencies' install scripts run, as in a consumer's install: fs-ext (the log's lock) builds its native
    // module with node-gyp.
    npm(['ci', '--offline', '--no-audit', '--no-fund'], app);
  }, 120_000);

  it('require() from CommonJS loads the library and each subpath', () => {
    writeFileSync(
      join(app, 'main.cjs'),
      [
        "const lib = require('awaw-surrender');",
        "const machines = require('awaw-surrender/machines');",
        "const events = require('awaw-surrender/events');",
        "const core = require('awaw-surrender/core');",
        'console.log(JSON.stringify([typeof lib.SurrenderEngine, typeof lib.JsonlFileStore, ' +
          'lib.defaultRulingOptions.usat30to39WhenUsAtWar,',
        '  typeof machines.britainMachine.transition, typeof machines.refusalOf, ' +
          "Object.keys(events.eventDefinitions).includes('britain.surrender-offered'),",
        '  core.decide === lib.decide, core.britainMachine === machines.britainMachine, ' +
          'core.eventDefinitions === events.eventDefinitions,',
        "  require('awaw-surrender/package.json').version]));",
      ].join('\n'),
    );
    const r = run('main.cjs');
    expect([r.status, r.stderr]).toEqual([0, '']);
    // The subpaths share the one CommonJS library: the core's decide is the main entry's.
    expect(JSON.parse(r.stdout)).toEqual([
      'function',
      'function',
      'counts',
      'function',
      'function',
      true,
      true,
      true,
      true,
      pkg.version,
    ]);
  });

  it('import from ESM loads the library and each subpath', () => {
    writeFileSync(
      join(app, 'main.mjs'),
      [
        "import { SurrenderEngine, JsonlFileStore, defaultRulingOptions } from 'awaw-surrender';",
        "import { britainMachine, refusalOf } from 'awaw-surrender/machines';",
        "import { eventDefinitions } from 'awaw-surrender/events';",
        "import * as core from 'awaw-surrender/core';",
        'console.log(JSON.stringify([typeof SurrenderEngine, typeof JsonlFileStore, ' +
          'defaultRulingOptions.usat30to39WhenUsAtWar,',
        '  typeof britainMachine.transition, typeof refusalOf, ' +
          "Object.keys(eventDefinitions).includes('britain.surrender-offered'),",
        '  core.britainMachine === britainMachine, core.eventDefinitions === eventDefinitions, ' +
          'typeof core.SurrenderEngine, typeof core.germanSurrenderCalculator.compute]));',
      ].join('\n'),
    );
    const r = run('main.mjs');
    expect([r.status, r.stderr]).toEqual([0, '']);
    // The core holds no host nor store: SurrenderEngine is the main entry's alone.
    expect(JSON.parse(r.stdout)).toEqual([
      'function',
      'function',
      'counts',
      'function',
      'function',
      true,
      true,
      true,
      'undefined',
      'function',
    ]);
  });

  it(
    'without pg (an optional peer dependency) the library and awaw-surrender/postgres load, and opening a ' +
      'PostgreSQL store says to install pg, from CommonJS and from ESM',
    () => {
      const url = "{ url: 'postgresql://nobody@/nothing?host=/nonexistent' }";
      writeFileSync(
        join(app, 'pg.cjs'),
        [
          "const lib = require('awaw-surrender');",
          "const { PostgresEventStore } = require('awaw-surrender/postgres');",
          `PostgresEventStore.open(${url}).then(() => console.log('opened'), (e) =>`,
          '  console.log(JSON.stringify([e instanceof lib.StoreError, e.kind, e.message, e.code])));',
        ].join('\n'),
      );
      writeFileSync(
        join(app, 'pg.mjs'),
        [
          "import { StoreError } from 'awaw-surrender';",
          "import { PostgresEventStore } from 'awaw-surrender/postgres';",
          `await PostgresEventStore.open(${url}).then(() => console.log('opened'), (e) =>`,
          '  console.log(JSON.stringify([e instanceof StoreError, e.kind, e.message, e.code])));',
        ].join('\n'),
      );
      expect(existsSync(join(app, 'node_modules/pg'))).toBe(false);
      // One StoreError class in each entry: the CommonJS library's postgres part throws the main part's.
      const told = [
        true,
        'failed',
        'the PostgreSQL store needs the pg package: npm install pg',
        'ERR_MODULE_NOT_FOUND',
      ];
      for (const file of ['pg.cjs', 'pg.mjs']) {
        const r = run(file);
        expect([file, r.status, r.stderr]).toEqual([file, 0, '']);
        expect(JSON.parse(r.stdout)).toEqual(told);
      }
    },
  );

  it('every JSON Schema of schemas/ resolves through awaw-surrender/schemas/*: the same JSON, unindented', () => {
    const files = jsonFilesUnder(join(ROOT, 'schemas'));
    expect(jsonFilesUnder(join(app, 'node_modules/awaw-surrender/dist/schemas'))).toEqual(files);
    writeFileSync(
      join(app, 'schemas.cjs'),
      `const paths = ${JSON.stringify(files)}.map((f) => require.resolve('awaw-surrender/schemas/' + f));\n` +
        'console.log(JSON.stringify(paths));',
    );
    const r = run('schemas.cjs');
    expect([r.status, r.stderr]).toEqual([0, '']);
    const texts = (JSON.parse(r.stdout) as string[]).map((path) => readFileSync(path, 'utf8'));
    expect(texts.map((text) => JSON.parse(text) as unknown)).toEqual(
      files.map((f) => JSON.parse(readFileSync(join(ROOT, 'schemas', f), 'utf8')) as unknown),
    );
    // One line each: no indentation shipped.
    expect(texts.filter((text) => text.trimEnd().includes('\n'))).toEqual([]);
  });

  it('its types resolve from a .cts and a .mts file (module nodenext): the right types, not any', () => {
    // Node's types from this repository (a devDependency); the package's own dependencies may bring other @types.
    mkdirSync(join(app, 'node_modules/@types'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules/@types/node'), join(app, 'node_modules/@types/node'), 'dir');
    const body = [
      "import { SurrenderEngine, defaultRulingOptions, type PendingDecision } from 'awaw-surrender';",
      "import { britainMachine } from 'awaw-surrender/machines';",
      "import { eventDefinitions, type StoredEvent } from 'awaw-surrender/events';",
      "import { decider, pendingDecisions, type DeciderState } from 'awaw-surrender/core';",
      "import { PostgresEventStore } from 'awaw-surrender/postgres';",
      'export const postgres: (options: { url: string }) => Promise<PostgresEventStore> = PostgresEventStore.open;',
      'export const core: [typeof decider.decide, (view: DeciderState) => PendingDecision[]] = [decider.decide, ' +
        'pendingDecisions];',
      'export const used: [PendingDecision[], typeof SurrenderEngine.open, string, StoredEvent | null] = [[], ' +
        'SurrenderEngine.open, britainMachine.id, null];',
      "export const usat: 'counts' | 'ignored' = defaultRulingOptions.usat30to39WhenUsAtWar;",
      'export const events: number = Object.keys(eventDefinitions).length;',
      '// @ts-expect-error: the option is a string union, not a number (the types are real, not any)',
      'export const wrong: number = defaultRulingOptions.usat30to39WhenUsAtWar;',
      "// @ts-expect-error: the core's decide takes a command, not a number",
      'export const refused = decider.decide(undefined, 42);',
    ].join('\n');
    writeFileSync(join(app, 'host.cts'), body);
    writeFileSync(join(app, 'host.mts'), body);
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: ['host.cts', 'host.mts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: app,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect([tsc.status, tsc.stdout]).toEqual([0, '']);
  }, 60_000);

  it('the installed command answers --version and a calculator', () => {
    const bin = join(app, 'node_modules/.bin/awaw-surrender');
    const version = spawnSync(bin, ['--version'], { cwd: app, encoding: 'utf8' });
    expect([version.status, version.stdout]).toEqual([0, `${pkg.version}\n`]);
    const input = JSON.stringify({
      berlin: 'allied',
      germanDpTotal: -1,
      germanyControlsBerchtesgaden: false,
      germanCitiesFirestormed: 1,
      atomicAttacksOnGermany: 0,
      allGermanHexesAlliedOrAtomic: false,
    });
    const calc = spawnSync(bin, ['german-surrender', '--json', '-'], { cwd: app, input, encoding: 'utf8' });
    expect(calc.status).toBe(0);
    expect(JSON.parse(calc.stdout)).toMatchObject({
      resistance: -2,
      surrenders: true,
      reason: 'berlin-and-resistance',
    });
    // The report, with its charting library in a bundle of its own (dist/report.cjs).
    const report = spawnSync(bin, ['report', join(app, 'node_modules/awaw-surrender/examples/sea-lion-1941.jsonl')], {
      cwd: app,
      encoding: 'utf8',
    });
    expect([report.status, report.stderr]).toEqual([0, '']);
    expect(report.stdout).toMatch(/^<!DOCTYPE html>[\s\S]*<svg[\s\S]*Britain surrenders at level -4/);
  });

  it("a StoreError from the CommonJS entry is one to the ESM entry's isStoreError, by its kind", () => {
    writeFileSync(
      join(app, 'both.mjs'),
      [
        "import { createRequire } from 'node:module';",
        "import { isStoreError, StoreError } from 'awaw-surrender';",
        "const cjs = createRequire(import.meta.url)('awaw-surrender');",
        "const error = new cjs.StoreError('locked', 'held');",
        "console.log(JSON.stringify([error instanceof StoreError, isStoreError(error), isStoreError(error, 'locked'),",
        "  isStoreError(error, 'torn'), isStoreError(new Error('x')),",
        "  cjs.isStoreError(new StoreError('full', 'f'))]));",
      ].join('\n'),
    );
    const r = run('both.mjs');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toEqual([false, true, true, false, false, true]);
  });

  it('59.12, 59.23: the README host example runs as printed against the installed package', () => {
    writeFileSync(join(app, 'host.mjs'), readmeHostExample());
    const r = run('host.mjs');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(README_EXAMPLE_OUTPUT);
  });
});
