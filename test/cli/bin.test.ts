// The package's `bin` (the bundled CLI, scripts/bundle.mjs) answers exactly as the modules it bundles.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  bin: Record<string, string>;
};
const BIN = pkg.bin['awaw-surrender'] ?? '';
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
  });

let tempDir = '';
afterAll(() => {
  if (tempDir !== '') rmSync(tempDir, { recursive: true, force: true });
});
/** A copy of the sea-lion example in a temporary directory (replay and audit write a mark beside a log). */
function copyOfExample(): string {
  if (tempDir === '') tempDir = mkdtempSync(join(tmpdir(), 'awaw-bin-'));
  const path = join(tempDir, `sea-lion-${readdirSync(tempDir).length}.jsonl`);
  copyFileSync(join(ROOT, 'examples', 'sea-lion-1941.jsonl'), path);
  return path;
}

const surrender = JSON.stringify({
  berlin: 'allied',
  germanDpTotal: -1,
  germanyControlsBerchtesgaden: false,
  germanCitiesFirestormed: 1,
  atomicAttacksOnGermany: 0,
  allGermanHexesAlliedOrAtomic: false,
});

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
    const log = copyOfExample();
    expect(run(['verify', log]).status).toBe(0);
    const audit = run(['audit', log]);
    expect(audit.status).toBe(0);
    expect(audit.stdout).toContain(
      'Summer 1941  59.41    Britain surrenders at level -4: peace negotiations follow (59.62)\n',
    );
  });

  it("replay marks the log with the bundle's own id, and the next replay, trusting it, prints the same", () => {
    const log = copyOfExample();
    const first = run(['replay', '--json', log]);
    expect(first.status).toBe(0);
    const mark = JSON.parse(readFileSync(`${log}.verified.json`, 'utf8')) as { engine: string; events: number };
    expect(mark.engine).toMatch(/^[0-9a-f]{64}$/);
    expect(mark.events).toBe((JSON.parse(first.stdout) as { version: number }).version);
    const inode = statSync(`${log}.verified.json`).ino;
    const second = run(['replay', '--json', log]);
    expect([second.status, second.stdout, second.stderr]).toEqual([0, first.stdout, '']);
    expect(statSync(`${log}.verified.json`).ino).toBe(inode);
  });
});
