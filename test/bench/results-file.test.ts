// Where `npm run bench` writes its figures (bench/results-file.ts): the committed bench/results.json only with
// --write-results or BENCH_WRITE_RESULTS=1; else bench/results.local.json, which git ignores.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { previousResults, readBenchArgs, resultsFile, writeResults } from '../../bench/results-file.js';
import { ensureBuilt, ROOT } from '../support/build.js';

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'awaw-results-'));
  mkdirSync(join(root, 'bench'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the results file of a bench run', () => {
  it('a local run writes bench/results.local.json and leaves the committed figures as they are', () => {
    writeFileSync(join(root, 'bench', 'results.json'), '{"committed":true}\n');
    const file = resultsFile(root, false, {});
    expect([file.name, file.path]).toEqual(['bench/results.local.json', join(root, 'bench', 'results.local.json')]);
    writeResults(file, { run: 1 });
    expect(readFileSync(join(root, 'bench', 'results.local.json'), 'utf8')).toBe('{\n  "run": 1\n}\n');
    expect(readFileSync(join(root, 'bench', 'results.json'), 'utf8')).toBe('{"committed":true}\n');
  });

  it('--write-results, or BENCH_WRITE_RESULTS=1, writes the committed bench/results.json', () => {
    expect(resultsFile(root, true, {}).path).toBe(join(root, 'bench', 'results.json'));
    expect(resultsFile(root, false, { BENCH_WRITE_RESULTS: '1' }).name).toBe('bench/results.json');
    expect(resultsFile(root, false, { BENCH_WRITE_RESULTS: '0' }).name).toBe('bench/results.local.json');
  });

  it('a run of some lines alone merges into its own file, else into the committed figures, else into none', () => {
    const file = resultsFile(root, false, {});
    expect(previousResults(file)).toEqual({});
    writeFileSync(join(root, 'bench', 'results.json'), '{"from":"committed"}');
    expect(previousResults(file)).toEqual({ from: 'committed' });
    writeFileSync(join(root, 'bench', 'results.local.json'), '{"from":"local"}');
    expect(previousResults(file)).toEqual({ from: 'local' });
  });

  it('the bench takes --write-results and nothing else', () => {
    expect(readBenchArgs([])).toEqual({ writeResults: false });
    expect(readBenchArgs(['--write-results'])).toEqual({ writeResults: true });
    expect(readBenchArgs(['--write-result'])).toEqual({
      error: 'bench: unknown argument "--write-result" (bench takes --write-results)',
    });
  });

  it('git ignores bench/results.local.json', () => {
    const ignored = readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n');
    expect(ignored).toContain('bench/results.local.json');
  });

  it('a mistyped flag is refused in one line, exit 1, before anything is measured or written', () => {
    ensureBuilt();
    const run = spawnSync(process.execPath, [join(ROOT, 'dist/bench/bench.js'), '--write-result'], {
      encoding: 'utf8',
    });
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'bench: unknown argument "--write-result" (bench takes --write-results)\n',
    ]);
  }, 120_000);
});
