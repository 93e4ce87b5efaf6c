import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { britishResistanceExample as example } from '../support/calculator-examples.js';

async function run(input: unknown, json = true) {
  const io = memoryIo({ 'in.json': typeof input === 'string' ? input : JSON.stringify(input) });
  const code = await runCli(['british-resistance', ...(json ? ['--json'] : []), 'in.json'], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** Runs a malformed input with --json: exit 2, one stderr line, the error document on stdout. */
async function rejects(input: unknown) {
  const { code, stdout, stderr } = await run(input);
  expect(code).toBe(2);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  const parsed = JSON.parse(stdout) as { error: { path: string; message: string } };
  expect(stderr.trimEnd()).toBe(`${parsed.error.path}: ${parsed.error.message}`);
  return parsed.error;
}

describe('british-resistance --json', () => {
  it('59.21: prints exactly the contract document for a full example', async () => {
    const { code, stdout, stderr } = await run(example);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const output = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(output)).toEqual([
      'level',
      'offersSurrender',
      'germanyMustAccept',
      'surrenderLevelIfAccepted',
      'naval',
      'lines',
    ]);
    expect(output).toStrictEqual({
      level: -1,
      offersSurrender: true,
      germanyMustAccept: false,
      surrenderLevelIfAccepted: -1,
      naval: { alliedFactors: 13, axisFactors: 5, modifier: 3 },
      lines: [
        {
          key: 'dpLevel',
          rule: '59.22A',
          value: 3,
          detail: 'British DP level, calculated as though a YSS were taking place: +3',
        },
        {
          key: 'maltaSingapore',
          rule: '59.22B',
          value: -1,
          detail: 'Axis control Singapore (european scenario: Singapore captured by Japan in Winter 1941), -1 each: -1',
        },
        { key: 'australiaIndia', rule: '59.21', value: 0, detail: 'neither Australia nor India has surrendered: 0' },
        {
          key: 'atomicAttacks',
          rule: '59.21',
          value: 0,
          detail: '0 atomic attacks on Britain (43.321A: -3, then -2, then -1 each): 0',
        },
        { key: 'firestorms', rule: '59.21', value: -1, detail: '1 British city firestormed, -1 each: -1' },
        { key: 'oilEffects', rule: '59.22C', value: -2, detail: '2 oil effects on Britain not offset, -1 each: -2' },
        {
          key: 'atlanticTransports',
          rule: '59.22D',
          value: -3,
          detail: '7 transports in the Atlantic SW box: 3 missing, -1 each: -3',
        },
        {
          key: 'noRussianUnitInEasternEurope',
          rule: '59.21',
          value: 0,
          detail: 'a Russian armor or infantry unit is in eastern Europe: 0',
        },
        {
          key: 'unbuiltFactors',
          rule: '59.22E',
          value: -2,
          detail: '23 unbuilt British and Commonwealth ground/air factors, -1 per full ten: -2',
        },
        {
          key: 'navalRatio',
          rule: '59.22F',
          value: 3,
          detail:
            'naval factors Allied 13 (11 full + 4 at half strength = 2) vs Axis 5, 4 units not counted (U.S. not ' +
            'at war with Germany: 1; submarine: 1; uncompleted on the "3" row or higher: 1; location ' +
            "pacific: 1): 13:5 in the Allies' favour reaches 2:1: +3",
        },
        {
          key: 'majorPowersAtWar',
          rule: '59.21',
          value: 1,
          detail: 'Russia at war with the European Axis, +1 each: +1',
        },
        { key: 'usat30to39', rule: '59.21', value: 1, detail: 'USAT level 33 is between 30 and 39: +1' },
        { key: 'usat40Plus', rule: '59.21', value: 0, detail: 'USAT level 33 is under 40: 0' },
        {
          key: 'westernFrontFactors',
          rule: '59.21',
          value: 0,
          detail: '4 Western Allied ground/air factors on the western front, +1 per full five: 0',
        },
        {
          key: 'westernAlliedUnitInGermany',
          rule: '59.21',
          value: 0,
          detail: 'no Western Allied armor or infantry unit in Germany: 0',
        },
        {
          key: 'russianUnitInWesternPolandOrRumania',
          rule: '59.21',
          value: 0,
          detail: 'no Russian armor or infantry unit in western Poland or Rumania: 0',
        },
        {
          key: 'concessionsForgone',
          rule: '59.75A',
          value: 0,
          detail: '0 concession points returned or not taken by Germany, -1 per two full points: 0',
        },
      ],
    });
  });
});

describe('british-resistance readable output', () => {
  it('59.2: the table names every rule and every line, then the verdicts', async () => {
    const { code, stdout } = await run(example, false);
    expect(code).toBe(0);
    for (const rule of [
      '59.22A',
      '59.22B',
      '59.21',
      '59.22C',
      '59.22D',
      '59.22E',
      '59.22F',
      '59.75A',
      '59.12',
      '59.23',
      '59.41',
    ]) {
      expect(stdout).toContain(rule);
    }
    for (const key of ['dpLevel', 'maltaSingapore', 'navalRatio', 'usat40Plus', 'concessionsForgone'])
      expect(stdout).toContain(key);
    expect(stdout).toContain('7 transports in the Atlantic SW box: 3 missing, -1 each: -3');
    expect(stdout).toContain('British resistance level: -1');
    expect(stdout).toContain('Britain offers to surrender (59.12/59.21: level zero or less)');
    expect(stdout).toContain('Germany may accept or decline the offer (59.23: level above -10)');
    expect(stdout).toContain('British surrender level if accepted (59.41, never below -10): -1');
    expect(stdout).toContain('Naval force ratio (59.22F): Allied 13 vs Axis 5 factors: +3');
  });
  it('59.87: a level not below the previous surrender level is no offer', async () => {
    const { stdout } = await run({ ...example, previousSurrenderLevel: -1 }, false);
    expect(stdout).toContain(
      'Britain does not offer to surrender (59.87: level not below the previous surrender level -1)',
    );
    expect(stdout).toContain('Germany has no offer to answer (59.23)');
  });
  it('59.23: at -10 or lower the readable output says Germany must accept', async () => {
    const { stdout } = await run({ ...example, britishDpLevel: -8 }, false);
    expect(stdout).toContain('British resistance level: -12');
    expect(stdout).toContain('Germany must accept the offer (59.23: level -10 or lower)');
    expect(stdout).toContain('British surrender level if accepted (59.41, never below -10): -10');
  });
});

describe('british-resistance malformed input (exit 2)', () => {
  it('a wrong type names the JSON path: naval[3].factors', async () => {
    const naval = example.naval.map((unit, i) => (i === 3 ? { ...unit, factors: '6' } : unit));
    expect(await rejects({ ...example, naval })).toEqual({
      path: 'naval[3].factors',
      message: 'expected a non-negative integer',
    });
  });
  it('an unknown field is an error, at the top level and inside a naval unit', async () => {
    expect(await rejects({ ...example, britishDpLevl: 3 })).toEqual({
      path: 'britishDpLevl',
      message: 'unknown field',
    });
    const naval = example.naval.map((unit, i) => (i === 0 ? { ...unit, speed: 2 } : unit));
    expect(await rejects({ ...example, naval })).toEqual({ path: 'naval[0].speed', message: 'unknown field' });
  });
  it('an unknown enum value is an error', async () => {
    const naval = example.naval.map((unit, i) => (i === 1 ? { ...unit, status: 'scuttled' } : unit));
    expect(await rejects({ ...example, naval })).toEqual({
      path: 'naval[1].status',
      message: 'expected one of "operational", "damaged", "launch", "row-2", "row-3-plus", "sunk"',
    });
    expect((await rejects({ ...example, scenario: 'pacific' })).path).toBe('scenario');
  });
  it('59.22C: oil effects 5 is out of range', async () => {
    expect(await rejects({ ...example, oilEffectsOnBritain: 5 })).toEqual({
      path: 'oilEffectsOnBritain',
      message: 'expected an integer from 0 to 4',
    });
  });
  it('59.87: previousSurrenderLevel 1 is out of range', async () => {
    expect(await rejects({ ...example, previousSurrenderLevel: 1 })).toEqual({
      path: 'previousSurrenderLevel',
      message: 'expected an integer from -9 to 0',
    });
  });
  it('a missing field and a negative count are errors', async () => {
    const { usatLevel: _omitted, ...missing } = example;
    expect((await rejects(missing)).path).toBe('usatLevel');
    expect(await rejects({ ...example, atlanticSwTransports: -1 })).toEqual({
      path: 'atlanticSwTransports',
      message: 'expected a non-negative integer',
    });
  });
  it('text that is not JSON is an error at $', async () => {
    expect((await rejects('{"scenario": ')).path).toBe('$');
  });
});

describe('british-resistance as a process', () => {
  it('59.2: the built binary reads standard input and prints the JSON document', () => {
    const main = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
    const result = spawnSync(process.execPath, [main, 'british-resistance', '--json', '-'], {
      input: JSON.stringify(example),
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const output = JSON.parse(result.stdout) as { level: number; naval: unknown };
    expect(output.level).toBe(-1);
    expect(output.naval).toEqual({ alliedFactors: 13, axisFactors: 5, modifier: 3 });
    const bad = spawnSync(process.execPath, [main, 'british-resistance', '-'], {
      input: JSON.stringify({ ...example, oilEffectsOnBritain: 5 }),
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('oilEffectsOnBritain: expected an integer from 0 to 4\n');
  });
});
