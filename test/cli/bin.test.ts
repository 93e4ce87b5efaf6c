// The package's `bin` (the bundled CLI, scripts/bundle.mjs) answers exactly as the modules it bundles.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { bin: Record<string, string> };
const BIN = pkg.bin['awaw-surrender'] ?? '';
const run = (args: string[], input?: string) => spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', ...(input === undefined ? {} : { input }) });

const surrender = JSON.stringify({ berlin: 'allied', germanDpTotal: -1, germanyControlsBerchtesgaden: false, germanCitiesFirestormed: 1, atomicAttacksOnGermany: 0, allGermanHexesAlliedOrAtomic: false });

describe('the bundled bin', () => {
  it('55.11: german-surrender --json prints what the CLI modules print, exit 0', async () => {
    const io = memoryIo({ '-': surrender });
    expect(await runCli(['german-surrender', '--json', '-'], io)).toBe(0);
    const r = run(['german-surrender', '--json', '-'], surrender);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, io.stdout, '']);
  });

  it('exit 2 with one line naming the JSON path for malformed input', () => {
    const r = run(['german-surrender', '-'], surrender.replace('"allied"', '"firestorm"'));
    expect([r.status, r.stderr]).toEqual([2, 'berlin: expected one of "axis", "allied", "atomic"\n']);
  });

  it('verify and audit read a bundled example log', () => {
    expect(run(['verify', 'examples/sea-lion-1941.jsonl']).status).toBe(0);
    const audit = run(['audit', 'examples/sea-lion-1941.jsonl']);
    expect(audit.status).toBe(0);
    expect(audit.stdout).toContain('59.41   Britain surrenders at level -4');
  });
});
