// What a CLI process loads (docs/performance.md): a calculator call loads neither the engine nor the event vocabulary
// nor the schema catalogue, and the log commands it lists without loading them are the log commands there are.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { logCommands as listed } from '../../src/cli/log-command-list.js';
import { logCommands } from '../../src/cli/log-commands.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'awaw-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The modules a `node dist/src/cli/main.js ...` process loads, as paths relative to the project root. */
function modulesLoaded(args: readonly string[]): string[] {
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    [
      "import { writeSync } from 'node:fs';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source that holds a template literal
      'export async function load(url, context, next) { writeSync(2, `LOADED ${url}\\n`); return next(url, context); }',
      '',
    ].join('\n'),
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const run = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(register).href, join(ROOT, 'dist/src/cli/main.js'), ...args],
    { encoding: 'utf8' },
  );
  const root = pathToFileURL(ROOT).href;
  return run.stderr
    .split('\n')
    .filter((line) => line.startsWith('LOADED file:'))
    .map((line) => line.slice('LOADED '.length).replace(root, ''));
}

describe('CLI startup', () => {
  it('the log commands listed at startup are exactly the log commands, with the same summaries', () => {
    expect(listed.map((c) => [c.name, c.summary])).toEqual(logCommands.map((c) => [c.name, c.summary]));
  });

  it('a calculator call loads no engine, store, audit or event module, nor xstate or immer', () => {
    const input = join(dir, 'german.json');
    writeFileSync(
      input,
      JSON.stringify({
        berlin: 'axis',
        germanDpTotal: 3,
        germanyControlsBerchtesgaden: true,
        germanCitiesFirestormed: 0,
        atomicAttacksOnGermany: 0,
        allGermanHexesAlliedOrAtomic: false,
      }),
    );
    const loaded = modulesLoaded(['german-surrender', input]);
    expect(loaded).toContain('dist/src/rules/german-resistance.js');
    expect(
      loaded.filter((m) =>
        /^dist\/(events|machines|src\/engine|src\/store|src\/audit|src\/schemas)\/|node_modules\/(xstate|immer)\//.test(
          m,
        ),
      ),
    ).toEqual([]);
  });

  it('the schema catalogue is loaded when `schema` runs, and only then', () => {
    expect(modulesLoaded(['schema', 'log-header'])).toContain('dist/src/schemas/catalog.js');
  });

  it('a log command loads them once it runs', () => {
    const loaded = modulesLoaded(['verify', join(dir, 'missing.jsonl')]);
    expect(loaded).toContain('dist/src/store/file/verify.js');
    expect(loaded).toContain('dist/events/index.js');
  });
});
