import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { italianSurrenderExample as example } from '../support/calculator-examples.js';
import { ensureBuilt } from '../support/build.js';

const expected = {
  dpTotal: -1,
  surrenders: true,
  surrenderLevel: -2,
  axisSelectsFirst: false,
  forces: {
    germany: { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 },
    us: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
  },
  lines: [
    {
      key: 'dpTotal',
      rule: '56.12',
      value: 1,
      detail: 'Italian DP total at the end of the Allied player turn, as during a YSS: +1',
    },
    {
      key: 'westernAlliesDeclaredWar',
      rule: '56.12A',
      value: 0,
      detail: 'The Western Allies did not declare war on Italy: 0',
    },
    {
      key: 'italianDeclarationYear',
      rule: '56.12B',
      value: -2,
      detail: 'Italy declared war on the Western Allies in 1942 (-1 for 1941, -1 more per later year): -2',
    },
    { key: 'dpsInItaly', rule: '56.31', value: -2, detail: 'Axis DPs in Italy 1, Allied DPs in Italy 3: -2' },
    { key: 'covertOperations', rule: '56.31', value: -1, detail: 'Covert operations: -1' },
  ],
};

async function cli(input: unknown, json = true) {
  const io = memoryIo({ 'in.json': typeof input === 'string' ? input : JSON.stringify(input) });
  const code = await runCli(['italian-surrender', ...(json ? ['--json'] : []), 'in.json'], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('italian-surrender CLI (56.1, 56.3)', () => {
  it('56.12, 56.31: --json prints the contract document exactly', async () => {
    const r = await cli(example);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(expected);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual([
      'dpTotal',
      'surrenders',
      'surrenderLevel',
      'axisSelectsFirst',
      'forces',
      'lines',
    ]);
  });
  it('56.31: the readable table shows the DP total, the unclamped and the clamped level', async () => {
    const r = await cli(example, false);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Italian DP total (56.12): -1\n');
    expect(r.stdout).toContain('Italy surrenders (56.11: DP total zero or less; 56.11A: Rome is under Allied control)');
    expect(r.stdout).toContain(
      'Italian surrender level (56.31): DP total -1, modifiers -3: -4, treated as -2 (never beyond +/-2)',
    );
    expect(r.stdout).toContain('56.311: only the Allied player (U.S.) selects');
    expect(r.stdout).toMatch(/^U\.S\.\s+9\s+1\s+2\s+2$/m);
  });
  it('56.11: Italy fights on when Rome holds and Axis units remain in Africa; the level is still shown', async () => {
    const r = await cli(
      {
        ...example,
        romeAlliedControlled: false,
        italianDpTotal: 2,
        italyDeclaredWarOnWesternAlliesYear: null,
        dpsInItaly: { axis: 0, allied: 2 },
        covertOperationsModifier: 0,
      },
      false,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Italy fights on (56.11: the DP total is above zero)');
    expect(r.stdout).toContain('Italian surrender level (56.31): DP total +2, modifiers -2: 0\n');
    expect(r.stdout).toContain('56.311: both sides select, the Axis player first');
    expect(r.stdout).toContain('(if Italy surrendered)');
  });
  it.each([
    ['wrong type', { ...example, romeAlliedControlled: 'yes' }, 'romeAlliedControlled', 'expected true or false'],
    ['unknown field', { ...example, romeAllied: true }, 'romeAllied', 'unknown field'],
    [
      'unknown nested field',
      { ...example, dpsInItaly: { axis: 1, allied: 0, german: 1 } },
      'dpsInItaly.german',
      'unknown field',
    ],
    [
      'missing field',
      (({ covertOperationsModifier: _, ...rest }) => rest)(example),
      'covertOperationsModifier',
      'missing required field (expected an integer)',
    ],
    ['non-integer', { ...example, italianDpTotal: 1.5 }, 'italianDpTotal', 'expected an integer'],
    [
      'negative count',
      { ...example, dpsInItaly: { axis: -1, allied: 0 } },
      'dpsInItaly.axis',
      'expected a non-negative integer',
    ],
    [
      'year not an integer or null',
      { ...example, italyDeclaredWarOnWesternAlliesYear: '1942' },
      'italyDeclaredWarOnWesternAlliesYear',
      'expected an integer from 1900 to 2100 or null',
    ],
    [
      'year out of range',
      { ...example, italyDeclaredWarOnWesternAlliesYear: 42 },
      'italyDeclaredWarOnWesternAlliesYear',
      'expected an integer from 1900 to 2100 or null',
    ],
  ])('exit 2 on %s', async (_name, input, path, message) => {
    const r = await cli(input);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${path}: ${message}\n`);
    expect(JSON.parse(r.stdout)).toEqual({ error: { path, message } });
  });
  it('exit 2 on a document that is not JSON', async () => {
    const r = await cli('{italianDpTotal: 1');
    expect(r.code).toBe(2);
    expect((JSON.parse(r.stdout) as { error: { path: string } }).error.path).toBe('$');
  });

  it('the built binary reads standard input and prints the contract document', () => {
    const main = 'dist/src/cli/main.js';
    ensureBuilt();
    const ok = spawnSync(process.execPath, [main, 'italian-surrender', '--json', '-'], {
      input: JSON.stringify(example),
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual(expected);
    const bad = spawnSync(process.execPath, [main, 'italian-surrender', '-'], {
      input: '{"italianDpTotal": "x"}',
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});
