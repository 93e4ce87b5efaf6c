import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { forceReductionExample as example } from '../support/calculator-examples.js';

async function run(doc: unknown, json = true) {
  const io = memoryIo({ 'in.json': typeof doc === 'string' ? doc : JSON.stringify(doc) });
  const code = await runCli(['force-reduction', ...(json ? ['--json'] : []), 'in.json'], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('force-reduction CLI', () => {
  it('59.513F: --json prints exactly the contract output for a legal selection (exit 0)', async () => {
    const { code, stdout, stderr } = await run(example);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      `${JSON.stringify(
        {
          legal: true,
          violations: [],
          required: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
          selected: { aafFactors: 2, groundNasBrps: 4, navalFactors: 12 },
        },
        null,
        2,
      )}\n`,
    );
  });

  it('59.514: a selection naming ineligible units exits 1 with the specific letters', async () => {
    const { code, stdout } = await run({
      ...example,
      selection: ['raf-1', 'can-1', 'asw-1', 'bb-1', 'bb-2', 'bb-3', 'bb-5'],
    });
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      legal: false,
      violations: [
        {
          rule: '59.514C',
          message: 'can-1: Canadian, South African, Australian and Indian units are not subject to elimination',
        },
        { rule: '59.514B', message: 'asw-1: ASW and transports are not subject to elimination' },
        { rule: '59.513F', message: '0 BRPs of ground units and NAS selected: at least 4 are required' },
      ],
      required: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
      selected: { aafFactors: 2, groundNasBrps: 0, navalFactors: 12 },
    });
  });

  it('59.51: the readable output shows the requirements table and every violation with its rule', async () => {
    const { code, stdout } = await run({ ...example, selection: ['raf-1', 'inf-1', 'bb-1', 'bb-2', 'bb-3'] }, false);
    expect(code).toBe(1);
    expect(stdout).toContain('59.512  naval factors (59.513D discount)  10');
    expect(stdout).toContain('59.513F  9 naval factors selected: at least 10 are required');
    expect((await run(example, false)).stdout).toContain('The selection is legal.');
  });

  const unit = example.units[1] as (typeof example.units)[number];
  const malformed: [string, unknown, string][] = [
    ['a repeated unit id', { ...example, units: [...example.units, unit] }, 'units[9].id: repeats "inf-1"'],
    ['a repeated selection id', { ...example, selection: ['inf-1', 'inf-1'] }, 'selection[1]: repeats "inf-1"'],
    ['an unknown selection id', { ...example, selection: ['inf-9'] }, 'selection[0]: unknown unit id "inf-9"'],
    ['surrenderLevel 1', { ...example, surrenderLevel: 1 }, 'surrenderLevel: expected an integer from -10 to 0'],
    [
      'a previousSurrenderLevel not above surrenderLevel',
      { ...example, previousSurrenderLevel: -2 },
      'previousSurrenderLevel: must be above surrenderLevel (-1): 59.87, a further surrender is below the previous one',
    ],
    [
      'a previousSurrenderLevel of -10',
      { ...example, surrenderLevel: -10, previousSurrenderLevel: -10 },
      'previousSurrenderLevel: expected an integer from -9 to 0',
    ],
    ['an unknown field', { ...example, units: [{ ...unit, strength: 3 }] }, 'units[0].strength: unknown field'],
    [
      'a naval unit without naval',
      { ...example, units: [{ ...unit, kind: 'naval' }] },
      'units[0].naval: missing required field for a naval unit (type and status)',
    ],
    [
      'naval on a unit that is not naval',
      { ...example, units: [{ ...unit, naval: { type: 'cruiser', status: 'operational' } }] },
      'units[0].naval: only naval units have it (kind is "ground")',
    ],
    [
      'negative factors',
      { ...example, units: [{ ...unit, factors: -1 }] },
      'units[0].factors: expected a non-negative integer',
    ],
    [
      'an unknown theater',
      { ...example, units: [{ ...unit, theater: 'africa' }] },
      'units[0].theater: expected one of "unbuilt", "europe", "pacific", "asia"',
    ],
  ];
  for (const [what, doc, line] of malformed) {
    it(`59.51: ${what} is malformed input (exit 2, the JSON path on stderr)`, async () => {
      const { code, stdout, stderr } = await run(doc);
      expect(code).toBe(2);
      expect(stderr).toBe(`${line}\n`);
      const sep = line.indexOf(': ');
      expect(JSON.parse(stdout)).toEqual({ error: { path: line.slice(0, sep), message: line.slice(sep + 2) } });
    });
  }

  it('59.51: the built binary reads standard input and exits 0 for a legal selection', () => {
    const r = spawnSync(process.execPath, ['dist/src/cli/main.js', 'force-reduction', '--json', '-'], {
      input: JSON.stringify(example),
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ legal: true, selected: { navalFactors: 12 } });
  });
});
