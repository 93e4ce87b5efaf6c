import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { territories1941 } from '../support/concessions-fixtures.js';
import { concessionsExample as example } from '../support/calculator-examples.js';

const territories = territories1941;

async function run(doc: unknown, json = true) {
  const io = memoryIo({ 'in.json': typeof doc === 'string' ? doc : JSON.stringify(doc) });
  const code = await runCli(['concessions', ...(json ? ['--json'] : []), 'in.json'], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

const withDemand = (demand: Partial<(typeof example)['demand']>) => ({
  ...example,
  demand: { ...example.demand, ...demand },
});

describe('concessions CLI', () => {
  it('59.6: --json prints exactly the contract output for a legal demand (exit 0)', async () => {
    const { code, stdout, stderr } = await run(example);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      `${JSON.stringify(
        {
          legal: true,
          violations: [],
          pointsAvailable: 6,
          pointsUsed: 3,
          pointsNotTaken: 3,
          pointsReturned: 0,
          resistanceModifier: -1,
          usatChange: -6,
        },
        null,
        2,
      )}\n`,
    );
  });

  it('59.66/59.68: a demand that breaks rules exits 1 listing each violation with its rule', async () => {
    const { code, stdout } = await run(withDemand({ take: ['egypt', 'iraq', 'gibraltar'] }));
    expect(code).toBe(1);
    const out = JSON.parse(stdout) as { legal: boolean; violations: { rule: string }[]; pointsUsed: number };
    expect(out.legal).toBe(false);
    expect(out.pointsUsed).toBe(8);
    expect(out.violations.map((v) => v.rule)).toEqual(['59.66', '59.66', '59.66', '59.68']);
  });

  it('59.6: the readable output lists the demand, the points and every violation with its rule', async () => {
    const { code, stdout } = await run(withDemand({ take: ['egypt'] }), false);
    expect(code).toBe(1);
    expect(stdout).toContain('59.65  take egypt');
    expect(stdout).toContain('59.75A  resistanceModifier');
    expect(stdout).toContain(
      '59.66  egypt (priority 4) may not be demanded while eligible lower-priority concessions are not: malta ' +
        '(priority 3), palestine (priority 3), transjordan (priority 3)',
    );
    const legal = await run(example, false);
    expect(legal.code).toBe(0);
    expect(legal.stdout).toContain('The demand is legal.');
    expect(legal.stdout).toContain('59.65/59.872: surrender level -3: 2 points per level');
  });

  const malformed: [string, unknown, string][] = [
    ['a repeated territory', withDemand({ take: ['malta', 'malta'] }), 'demand.take[1]: repeats "malta"'],
    [
      'an unknown territory name',
      withDemand({ take: ['cyprus'] }),
      'demand.take[0]: unknown territory "cyprus" (not on the British Concession Table, 59.65)',
    ],
    [
      'an unknown minor in the demand',
      withDemand({ minors: [{ name: 'turkey', to: 'neutral' }] } as never),
      'demand.minors[0].name: unknown minor "turkey" (not listed in minors)',
    ],
    [
      'a repeated minor name',
      { ...example, minors: [example.minors[0], example.minors[0]] },
      'minors[1].name: repeats "greece"',
    ],
    [
      'an unknown name in originallyBritish',
      { ...example, originallyBritish: ['kuwait'] },
      'originallyBritish[0]: unknown territory "kuwait" (not on the British Concession Table, 59.65)',
    ],
    [
      'a repeat in returnedInEarlierSurrender',
      { ...example, returnedInEarlierSurrender: ['malta', 'malta'] },
      'returnedInEarlierSurrender[1]: repeats "malta"',
    ],
    ['surrenderLevel 1', { ...example, surrenderLevel: 1 }, 'surrenderLevel: expected an integer from -10 to 0'],
    [
      'a previousSurrenderLevel not above surrenderLevel',
      { ...example, previousSurrenderLevel: -3 },
      'previousSurrenderLevel: must be above surrenderLevel (-3): 59.87, a further surrender is below the previous one',
    ],
    [
      'a missing territory key',
      { ...example, territories: { ...territories, malta: undefined } },
      'territories.malta: missing territory key (all 18 table territories are required, 59.65)',
    ],
    [
      'an extra territory key',
      { ...example, territories: { ...territories, cyprus: 'british' } },
      'territories.cyprus: unknown territory key (not on the British Concession Table, 59.65)',
    ],
    ['an unknown field', { ...example, demand: { ...example.demand, tribute: 5 } }, 'demand.tribute: unknown field'],
    [
      'an indemnity not 0, 10, 20 or 30',
      withDemand({ indemnityBrps: 15 }),
      'demand.indemnityBrps: expected one of 0, 10, 20, 30',
    ],
    ['not JSON', '{', ''],
  ];
  for (const [what, doc, line] of malformed) {
    it(`59.6: ${what} is malformed input (exit 2, the JSON path on stderr)`, async () => {
      const { code, stdout, stderr } = await run(doc);
      expect(code).toBe(2);
      if (line === '') {
        expect(stderr).toMatch(/^\$: not valid JSON/);
        return;
      }
      expect(stderr).toBe(`${line}\n`);
      const sep = line.indexOf(': ');
      expect(JSON.parse(stdout)).toEqual({ error: { path: line.slice(0, sep), message: line.slice(sep + 2) } });
    });
  }

  it('59.6: the built binary reads standard input and exits 1 on a broken rule', () => {
    const r = spawnSync(process.execPath, ['dist/src/cli/main.js', 'concessions', '--json', '-'], {
      input: JSON.stringify({ ...example, usAtWarWithGermany: true }),
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      legal: false,
      violations: [
        {
          rule: '59.61',
          message:
            'the U.S. is at war with Germany, so no concessions or ' +
            'territorial transfers are made: cannot take malta, palestine',
        },
        {
          rule: '59.61',
          message:
            'the U.S. is at war with Germany, so no concessions or ' +
            'territorial transfers are made: cannot impose an indemnity of 10 BRPs',
        },
      ],
      pointsAvailable: 0,
      pointsUsed: 3,
      pointsNotTaken: 0,
      pointsReturned: 0,
      resistanceModifier: 0,
      usatChange: 0,
    });
  });
});
