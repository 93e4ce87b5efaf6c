// Bundles the command line into one file and gives it a V8 code cache (dist/awaw-surrender.cjs is the
// package's `bin`): loading one precompiled file instead of some 250 modules is what keeps a calculator call
// under 150 ms (docs/performance.md).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

// The bundle's id (src/cli/engine-id.ts) is the SHA-256 of the bundle itself, written in place of this
// placeholder once the bundle is built: a verification mark is trusted only by the build that wrote it.
const PLACEHOLDER = 'awaw-surrender-engine-id-placeholder-0123456789abcdef0123456789';
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
/** How the command line and the report are bundled: one minified CommonJS file each, for Node 20. */
const commandBundle = {
  bundle: true,
  minify: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  logLevel: 'warning',
};

/** The report (src/report/page.ts, with its charting library) is a bundle of its own, dist/report.cjs. */
const reportBundle = {
  name: 'report-bundle',
  setup: (b) => b.onResolve({ filter: /\/report\/page\.js$/ }, () => ({ path: './report.cjs', external: true })),
};
/** The server (src/cli/serve-run.ts, with Fastify, its plugins and the metrics) is one too, dist/serve.cjs. */
const serveBundle = {
  name: 'serve-bundle',
  setup: (b) => b.onResolve({ filter: /\/serve-run\.js$/ }, () => ({ path: './serve.cjs', external: true })),
};
// The version is written in (src/cli/version.ts), so the bundle never looks for its package.json: the
// unbundled modules' way to find it, import.meta.url, does not exist in a CommonJS bundle.
const define = {
  AWAW_SURRENDER_ENGINE_ID: JSON.stringify(PLACEHOLDER),
  AWAW_SURRENDER_VERSION: JSON.stringify(pkg.version),
  'import.meta.url': 'undefined',
};

// The command line. The report and the server are required only by the commands that use them (`report`, `serve`),
// so that a calculator call loads neither; fs-ext (the log's lock) is a native module, loaded on the first lock. pg is
// inside, loaded by the first PostgreSQL store opened: the installed command needs no pg of the host's.
await build({
  ...commandBundle,
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/cli.cjs',
  external: ['fs-ext'],
  plugins: [reportBundle, serveBundle],
  define,
});
// `serve`: the HTTP framework, the metrics and pg inside, so that a host that embeds the library installs none of them.
await build({
  ...commandBundle,
  entryPoints: ['src/cli/serve-run.ts'],
  outfile: 'dist/serve.cjs',
  external: ['fs-ext'],
  plugins: [reportBundle],
  define,
});
// Vega's module for Node awaits an optional `canvas` package at its top level, which no CommonJS bundle can do:
// its browser module, which draws no canvas either, takes its place (SVG needs none; text is measured by estimate,
// as it is without `canvas` installed).
await build({
  ...commandBundle,
  entryPoints: ['src/report/page.ts'],
  outfile: 'dist/report.cjs',
  alias: { 'vega-canvas': './node_modules/vega-canvas/build/vega-canvas.browser.js' },
});
const bundled = readFileSync('dist/cli.cjs', 'utf8');
if (!bundled.includes(PLACEHOLDER)) throw new Error('bundle: the engine id placeholder is missing from dist/cli.cjs');
writeFileSync('dist/cli.cjs', bundled.replaceAll(PLACEHOLDER, createHash('sha256').update(bundled).digest('hex')));
// The server writes no verification mark: its bundle must not need the id.
if (readFileSync('dist/serve.cjs', 'utf8').includes(PLACEHOLDER))
  throw new Error('bundle: dist/serve.cjs uses the engine id, which only dist/cli.cjs is given');
copyFileSync('scripts/launcher.cjs', 'dist/awaw-surrender.cjs');
chmodSync('dist/awaw-surrender.cjs', 0o755);
chmodSync('dist/src/cli/main.js', 0o755);

// One real calculator call (it exits 2: the input is empty) writes the code cache.
rmSync('dist/cli.cjs.v8cache', { force: true });
const run = spawnSync(process.execPath, ['dist/awaw-surrender.cjs', 'german-surrender', '-'], {
  input: '',
  env: { ...process.env, AWAW_SURRENDER_WRITE_CODE_CACHE: '1' },
  encoding: 'utf8',
});
if (run.status !== 2) throw new Error(`bundle: the bundled CLI did not run (${run.status}): ${run.stderr}`);

// The library for CommonJS hosts (`require('awaw-surrender')`, and its `machines`, `events`, `core` and `postgres`
// subpaths): one bundle holding all five, so that they share one copy of the code (one StoreError class, which the
// host layer matches with instanceof), with nanoid inside (nanoid 5 is ESM-only) and the other dependencies left to
// the host's node_modules (each ships CommonJS). pg, an optional peer dependency, is required when a PostgreSQL
// store first opens (src/store/postgres/pg-driver.ts), never when the library loads. Each subpath is a
// two-line module picking its part; the types are the ESM declarations copied as .d.cts with `.cjs` specifiers.
rmSync('dist/cjs', { recursive: true, force: true });
await build({
  stdin: {
    contents: [
      "export * as main from './src/index.ts';",
      "export * as machines from './machines/index.ts';",
      "export * as events from './events/index.ts';",
      "export * as core from './src/core.ts';",
      "export * as postgres from './src/postgres.ts';",
    ].join('\n'),
    resolveDir: '.',
    sourcefile: 'cjs-entry.ts',
    loader: 'ts',
  },
  outfile: 'dist/cjs/library.cjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['@sinclair/typebox', 'xstate', 'immer', 'fs-ext', 'pg'],
  logLevel: 'warning',
});
const subpaths = { index: 'main', machines: 'machines', events: 'events', core: 'core', postgres: 'postgres' };
const declarations = {
  index: './src/index.cjs',
  machines: './machines/index.cjs',
  events: './events/index.cjs',
  core: './src/core.cjs',
  postgres: './src/postgres.cjs',
};
for (const [file, part] of Object.entries(subpaths)) {
  writeFileSync(`dist/cjs/${file}.cjs`, `'use strict';\nmodule.exports = require('./library.cjs').${part};\n`);
  writeFileSync(`dist/cjs/${file}.d.cts`, `export * from '${declarations[file]}';\n`);
}
/** Each .d.ts under `dir` (relative to dist/), copied to dist/cjs/ as .d.cts, its relative `.js` imports as `.cjs`. */
function copyDeclarations(dir) {
  for (const entry of readdirSync(join('dist', dir), { withFileTypes: true })) {
    const rel = join(dir, entry.name);
    if (entry.isDirectory()) copyDeclarations(rel);
    else if (entry.name.endsWith('.d.ts')) {
      const out = join('dist/cjs', rel.replace(/\.d\.ts$/, '.d.cts'));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(
        out,
        readFileSync(join('dist', rel), 'utf8').replace(/(['"])(\.{1,2}\/[^'"]*?)\.js\1/g, '$1$2.cjs$1'),
      );
    }
  }
}
for (const dir of ['src', 'machines', 'events']) copyDeclarations(dir);

// The JSON Schemas as the package ships them (`awaw-surrender/schemas/*`): those of schemas/ without their
// indentation, a third of the bytes, the same JSON. `awaw-surrender schema NAME` prints one indented.
rmSync('dist/schemas', { recursive: true, force: true });
for (const entry of readdirSync('schemas', { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
  const from = join(entry.parentPath, entry.name);
  const out = join('dist', from);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(JSON.parse(readFileSync(from, 'utf8')))}\n`);
}
