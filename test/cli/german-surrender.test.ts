// `awaw-surrender german-surrender`: rule 55.1 exactly as docs/cli.md fixes it (input, --json output, readable
// table), in-process through runCli + memoryIo, and twice as a spawned process. Malformed input and usage errors:
// german-surrender-errors.test.ts; properties over any document: german-surrender.property.test.ts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../support/build.js';
import { input, run, type Input } from '../support/german-cli.js';

const MAIN = join(ROOT, 'dist/src/cli/main.js');

describe('german-surrender --json: the contract document', () => {
  it(
    '55.11: Berlin under Allied control and resistance -2 ' +
      '(DP -1, no Berchtesgaden, one firestorm): Germany surrenders',
    async () => {
      const r = await run(input());
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual({
        resistance: -2,
        surrenders: true,
        reason: 'berlin-and-resistance',
        lines: [
          {
            key: 'dpTotal',
            rule: '55.11B',
            value: -1,
            detail: 'German DP total at the end of the Allied player turn: -1',
          },
          { key: 'berchtesgaden', rule: '55.11B', value: 0, detail: 'Germany does not control Berchtesgaden: 0' },
          { key: 'firestorms', rule: '55.11B', value: -1, detail: '1 German city firestormed (26.93A), -1 each: -1' },
          {
            key: 'atomicAttacks',
            rule: '55.11B',
            value: 0,
            detail: '0 atomic attacks on Germany (43.321A: -3, -2, then -1 each): 0',
          },
        ],
      });
      expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['resistance', 'surrenders', 'reason', 'lines']);
    },
  );

  it('55.12: every German hex Allied or atomic collapses Germany, Berlin still Axis and resistance +5', async () => {
    const r = await run(
      input({
        berlin: 'axis',
        germanDpTotal: 4,
        germanyControlsBerchtesgaden: true,
        germanCitiesFirestormed: 0,
        allGermanHexesAlliedOrAtomic: true,
      }),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      resistance: 5,
      surrenders: true,
      reason: 'collapse',
      lines: [
        {
          key: 'dpTotal',
          rule: '55.11B',
          value: 4,
          detail: 'German DP total at the end of the Allied player turn: +4',
        },
        { key: 'berchtesgaden', rule: '55.11B', value: 1, detail: 'Germany controls Berchtesgaden: +1' },
        { key: 'firestorms', rule: '55.11B', value: 0, detail: '0 German cities firestormed (26.93A), -1 each: 0' },
        {
          key: 'atomicAttacks',
          rule: '55.11B',
          value: 0,
          detail: '0 atomic attacks on Germany (43.321A: -3, -2, then -1 each): 0',
        },
      ],
    });
  });

  it('55.11, 55.12: both holding is "berlin-and-resistance"; 43.321A: two atomic attacks give -5', async () => {
    const r = await run(
      input({
        berlin: 'atomic',
        germanDpTotal: 2,
        germanyControlsBerchtesgaden: true,
        germanCitiesFirestormed: 2,
        atomicAttacksOnGermany: 2,
        allGermanHexesAlliedOrAtomic: true,
      }),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      resistance: -4,
      surrenders: true,
      reason: 'berlin-and-resistance',
      lines: [
        {
          key: 'dpTotal',
          rule: '55.11B',
          value: 2,
          detail: 'German DP total at the end of the Allied player turn: +2',
        },
        { key: 'berchtesgaden', rule: '55.11B', value: 1, detail: 'Germany controls Berchtesgaden: +1' },
        { key: 'firestorms', rule: '55.11B', value: -2, detail: '2 German cities firestormed (26.93A), -1 each: -2' },
        {
          key: 'atomicAttacks',
          rule: '55.11B',
          value: -5,
          detail: '2 atomic attacks on Germany (43.321A: -3, -2, then -1 each): -5',
        },
      ],
    });
  });

  it('55.11B: resistance +1 with Berlin Allied is not zero or less: no surrender, reason null', async () => {
    const r = await run(input({ germanDpTotal: 0, germanyControlsBerchtesgaden: true, germanCitiesFirestormed: 0 }));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ resistance: 1, surrenders: false, reason: null });
  });

  it('55.11B: resistance exactly 0 with Berlin Allied is zero or less: Germany surrenders', async () => {
    const r = await run(input({ germanDpTotal: 0, germanyControlsBerchtesgaden: true }));
    expect(JSON.parse(r.stdout)).toMatchObject({ resistance: 0, surrenders: true, reason: 'berlin-and-resistance' });
  });

  it('55.11A: resistance -12 (three atomic attacks, -6) with Berlin Axis-controlled: no surrender', async () => {
    const r = await run(
      input({ berlin: 'axis', germanDpTotal: -6, germanCitiesFirestormed: 0, atomicAttacksOnGermany: 3 }),
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      resistance: number;
      surrenders: boolean;
      reason: unknown;
      lines: { key: string; value: number }[];
    };
    expect([out.resistance, out.surrenders, out.reason]).toEqual([-12, false, null]);
    expect(out.lines.map((l) => [l.key, l.value])).toEqual([
      ['dpTotal', -6],
      ['berchtesgaden', 0],
      ['firestorms', 0],
      ['atomicAttacks', -6],
    ]);
  });
});

describe('german-surrender: the readable table', () => {
  it('55.1: every line with its rule number (55.11B, 26.93A, 43.321A), then 55.11A, 55.12, the verdict', async () => {
    const r = await run(
      input({
        berlin: 'atomic',
        germanDpTotal: 2,
        germanyControlsBerchtesgaden: true,
        germanCitiesFirestormed: 2,
        atomicAttacksOnGermany: 2,
        allGermanHexesAlliedOrAtomic: true,
      }),
      { json: false },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      [
        'rule    line           value  detail',
        '------  -------------  -----  ---------------------------------------------------------------',
        '55.11B  dpTotal        +2     German DP total at the end of the Allied player turn: +2',
        '55.11B  berchtesgaden  +1     Germany controls Berchtesgaden: +1',
        '55.11B  firestorms     -2     2 German cities firestormed (26.93A), -1 each: -2',
        '55.11B  atomicAttacks  -5     2 atomic attacks on Germany (43.321A: -3, -2, then -1 each): -5',
        '',
        '55.11B: German resistance level: -4',
        '55.11A: Berlin has an atomic attack marker',
        '55.12: every hex in Germany is under Allied control or holds an atomic attack marker',
        'Germany surrenders (55.11: Berlin fallen and resistance zero or less; 55.12 holds as well)',
        '',
      ].join('\n'),
    );
  });

  it('55.12: the collapse verdict names 55.12; 55.11A shows Berlin Axis-controlled', async () => {
    const r = await run(input({ berlin: 'axis', germanDpTotal: 4, allGermanHexesAlliedOrAtomic: true }), {
      json: false,
    });
    expect(r.stdout).toContain(
      '\n55.11A: Berlin is Axis-controlled\n55.12: every hex in Germany is under Allied control or holds an atomic ' +
        'attack marker\nGermany surrenders (55.12: German collapse)\n',
    );
  });

  it('55.11, 55.12: no surrender says which rules were not met', async () => {
    const r = await run(input({ germanDpTotal: 3 }), { json: false });
    expect(r.stdout).toContain(
      '\n55.11B: German resistance level: +2\n55.11A: Berlin is under Allied ' +
        'control\n55.12: not every hex in Germany is under Allied control or ' +
        'holds an atomic attack marker\nGermany fights on (55.11 and 55.12 not met)\n',
    );
  });
});

describe('german-surrender as a process', () => {
  beforeAll(ensureBuilt, 120_000);

  it('55.11: reads the document from standard input (-) and prints the contract document', () => {
    const r = spawnSync(process.execPath, [MAIN, 'german-surrender', '--json', '-'], {
      input: JSON.stringify(input()),
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ resistance: -2, surrenders: true, reason: 'berlin-and-resistance' });
  });

  it('malformed standard input: exit 2, one line naming the path, no stack trace', () => {
    const r = spawnSync(process.execPath, [MAIN, 'german-surrender', '-'], {
      input: JSON.stringify(input({ berlin: 'soviet' as Input['berlin'] })),
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('berlin: expected one of "axis", "allied", "atomic"\n');
  });
});
