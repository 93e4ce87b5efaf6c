// The layers of docs/architecture.md, as .dependency-cruiser.cjs holds them (`npm run deps` checks the tree): each
// rule here is shown the import it forbids, in a small tree written for the test, and must name it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
// The tree's own options, but for its tsconfig.json: the small trees import by file name.
const { tsConfig, ...options } = config.options ?? {};

/** The violations found in a tree of the given files (path: its lines), as `rule: from -> to`, sorted. */
async function violations(files: Readonly<Record<string, string | readonly string[]>>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'deps-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), typeof text === 'string' ? text : text.join('\n'));
    }
    const roots = [...new Set(Object.keys(files).map((path) => path.split('/')[0] ?? path))];
    const ruleSet = { forbidden: config.forbidden ?? [] };
    const { output } = await cruise(roots, { ...options, baseDir: dir, validate: true, ruleSet });
    return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('dependency rules', () => {
  it('the core imports no store, CLI, Node.js module or database; engine.ts may use the store contract', async () => {
    expect(
      await violations({
        'src/engine/decide.ts': [
          "import type { S } from '../store/store.ts';",
          "import { readFileSync } from 'node:fs';",
          'export const f = [readFileSync];',
        ],
        'src/host/engine.ts': "import type { S } from '../store/store.ts';\nexport type E = S;",
        'src/rules/lines.ts': "import { io } from '../cli/io.ts';\nexport const l = io;",
        'src/store/store.ts': 'export type S = number;',
        'src/cli/io.ts': 'export const io = 1;',
      }),
    ).toEqual([
      'core-is-pure: src/engine/decide.ts -> src/store/store.ts',
      'core-is-pure: src/rules/lines.ts -> src/cli/io.ts',
      'core-no-node-builtins: src/engine/decide.ts -> fs',
      'only-cli-imports-cli: src/rules/lines.ts -> src/cli/io.ts',
    ]);
  });

  it('the browser-safe entry reaches no Node.js module through any chain of imports, nor a store', async () => {
    expect(
      await violations({
        'src/core.ts': "export { d } from './engine/decide.ts';\nexport { h } from './engine/hash.ts';",
        'src/engine/decide.ts': "import { s } from '../store/seal.ts';\nexport const d = s;",
        'src/engine/hash.ts': "import { createHash } from 'node:crypto';\nexport const h = createHash;",
        'src/store/seal.ts': "import { Buffer } from 'node:buffer';\nexport const s = Buffer;",
      }),
    ).toEqual([
      'core-entry-reaches-no-node: src/core.ts -> buffer',
      'core-entry-reaches-no-node: src/core.ts -> crypto',
      'core-entry-reaches-no-node: src/core.ts -> src/store/seal.ts',
      'core-is-pure: src/engine/decide.ts -> src/store/seal.ts',
      'core-no-node-builtins: src/engine/hash.ts -> crypto',
    ]);
  });

  it('pg is imported for its types, loaded by import() only; the main entry reaches no PostgreSQL module', async () => {
    expect(
      await violations({
        'src/index.ts': "export { b } from './server/postgres-backend.ts';",
        'src/server/postgres-backend.ts': "import { f } from '../store/postgres/pg-driver.ts';\nexport const b = f;",
        'src/store/postgres/pg-driver.ts': [
          "import type pg from 'pg';",
          "export const f = (): Promise<typeof pg> => import('pg').then((m) => m.default);",
        ],
        'src/store/postgres/pg-error.ts': "import pg from 'pg';\nexport const e = pg.DatabaseError;",
        'node_modules/pg/package.json': '{ "name": "pg", "main": "index.js" }',
        'node_modules/pg/index.js': 'module.exports = { DatabaseError: class {} };',
      }),
    ).toEqual([
      'bundled-parts-stay-apart: src/index.ts -> src/server/postgres-backend.ts',
      'main-entry-no-postgres: src/index.ts -> src/store/postgres/pg-driver.ts',
      'pg-loaded-lazily: src/store/postgres/pg-error.ts -> node_modules/pg/index.js',
    ]);
  });

  it('the machines know nothing of the engine', async () => {
    expect(
      await violations({
        'machines/italy.ts': "import { d } from '../src/engine/decide.ts';\nexport const m = d;",
        'src/engine/decide.ts': 'export const d = 1;',
      }),
    ).toEqual(['machines-not-engine: machines/italy.ts -> src/engine/decide.ts']);
  });

  it('each store imports the contract only; the contract imports no store', async () => {
    // One tree per offender: a store folder importing another and the contract importing it would be a folder loop too.
    const contract = { 'src/store/log-games.ts': 'export const c = 1;', 'src/store/store.ts': 'export const s = 1;' };
    expect(
      await violations({
        'src/store/game-log.ts': "import { v } from './file/verify.ts';\nexport const g = v;",
        'src/store/file/verify.ts': 'export const v = 1;',
      }),
    ).toEqual(['store-contract-names-no-backend: src/store/game-log.ts -> src/store/file/verify.ts']);
    expect(
      await violations({
        ...contract,
        'src/store/memory.ts': [
          "import { p } from './postgres/postgres.ts';",
          "import { c } from './log-games.ts';",
          'export const m = [p, c];',
        ],
        'src/store/postgres/postgres.ts': 'export const p = 1;',
      }),
    ).toEqual(['memory-store-alone: src/store/memory.ts -> src/store/postgres/postgres.ts']);
    expect(
      await violations({
        ...contract,
        'src/store/memory.ts': 'export const m = 1;',
        'src/store/file/jsonl-file.ts': [
          "import { r } from '../postgres/postgres-rows.ts';",
          "import { m } from '../memory.ts';",
          "import { c } from '../log-games.ts';",
          'export const j = [r, m, c];',
        ],
        'src/store/postgres/postgres-rows.ts': "import { s } from '../store.ts';\nexport const r = s;",
      }),
    ).toEqual([
      'file-store-alone: src/store/file/jsonl-file.ts -> src/store/memory.ts',
      'file-store-alone: src/store/file/jsonl-file.ts -> src/store/postgres/postgres-rows.ts',
    ]);
    expect(
      await violations({
        ...contract,
        'src/store/memory.ts': 'export const m = 1;',
        'src/store/postgres/postgres.ts': [
          "import { v } from '../file/verify.ts';",
          "import { m } from '../memory.ts';",
          "import { s } from '../store.ts';",
          'export const p = [v, m, s];',
        ],
        'src/store/file/verify.ts': "import { c } from '../log-games.ts';\nexport const v = c;",
      }),
    ).toEqual([
      'postgres-store-alone: src/store/postgres/postgres.ts -> src/store/file/verify.ts',
      'postgres-store-alone: src/store/postgres/postgres.ts -> src/store/memory.ts',
    ]);
  });

  it(
    'the host protocol and the host layer name no store, only the contract (a failure is a StoreError); the host ' +
      'of one log file opens the file store alone',
    async () => {
      expect(
        await violations({
          'src/host-protocol/handle.ts': [
            "import { j } from '../store/file/jsonl-file.ts';",
            "import type { S } from '../store/store.ts';",
            'export const h = j;',
          ],
          'src/host/store-failure.ts': [
            "import { r } from '../store/postgres/row-error.ts';",
            "import { E } from '../store/store-error.ts';",
            'export const f = [r, E];',
          ],
          'src/host/file/open-log.ts': [
            "import { j } from '../../store/file/jsonl-file.ts';",
            "import { r } from '../../store/postgres/row-error.ts';",
            'export const o = [j, r];',
          ],
          'src/store/file/jsonl-file.ts': 'export const j = 1;',
          'src/store/postgres/row-error.ts': 'export const r = 1;',
          'src/store/store.ts': 'export type S = number;',
          'src/store/store-error.ts': 'export const E = 1;',
        }),
      ).toEqual([
        'host-file-is-files: src/host/file/open-log.ts -> src/store/postgres/row-error.ts',
        'host-names-no-backend: src/host-protocol/handle.ts -> src/store/file/jsonl-file.ts',
        'host-names-no-backend: src/host/store-failure.ts -> src/store/postgres/row-error.ts',
      ]);
    },
  );

  it('the schemas and the server import nothing from the command line, and no folder loop is left', async () => {
    expect(
      await violations({
        'src/schemas/catalog.ts': "import { io } from '../cli/io.ts';\nexport const c = io;",
        'src/server/run.ts': "import { io } from '../cli/io.ts';\nexport const r = io;",
        'src/cli/io.ts': 'export const io = 1;',
        'src/cli/serve.ts': "import { r } from '../server/run.ts';\nexport const s = r;",
      }),
    ).toEqual([
      'no-circular-folders: src/cli -> src/server',
      'no-circular-folders: src/server -> src/cli',
      'only-cli-imports-cli: src/schemas/catalog.ts -> src/cli/io.ts',
      'only-cli-imports-cli: src/server/run.ts -> src/cli/io.ts',
      'schemas-below-hosts: src/schemas/catalog.ts -> src/cli/io.ts',
      'server-not-cli: src/server/run.ts -> src/cli/io.ts',
    ]);
  });

  it('the audit imports no engine; nothing shipped imports test code', async () => {
    expect(
      await violations({
        'src/audit/world.ts': "import { t } from '../engine/turns.ts';\nexport const w = t;",
        'src/engine/turns.ts': 'export const t = 1;',
        'src/report/page.ts': "import { x } from '../../test/support/x.ts';\nexport const p = x;",
        'test/support/x.ts': 'export const x = 1;',
      }),
    ).toEqual([
      'audit-not-engine: src/audit/world.ts -> src/engine/turns.ts',
      'no-test-code: src/report/page.ts -> test/support/x.ts',
    ]);
  });

  it('the text helpers import nothing of the project; the audit and the command line import them', async () => {
    expect(
      await violations({
        'src/text/wrap.ts': "import { l } from '../rules/lines.ts';\nexport const w = l;",
        'src/rules/lines.ts': 'export const l = 1;',
        'src/audit/audit.ts': "import { w } from '../text/wrap.ts';\nexport const a = w;",
        'src/cli/help.ts': "import { w } from '../text/wrap.ts';\nexport const h = w;",
      }),
    ).toEqual(['text-imports-nothing: src/text/wrap.ts -> src/rules/lines.ts']);
  });

  it('no import cycle, a type-only one included', async () => {
    expect(
      await violations({
        'src/rules/a.ts': "import type { B } from './b.ts';\nexport type A = B | 1;",
        'src/rules/b.ts': "import type { A } from './a.ts';\nexport type B = A | 2;",
      }),
    ).toEqual(['no-circular: src/rules/a.ts -> src/rules/b.ts']);
  });
});
