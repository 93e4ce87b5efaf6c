// `awaw-surrender german-surrender`: rule 55.1 exactly as docs/cli.md fixes it (input, --json output,
// readable table, exit codes), in-process through runCli + memoryIo, and twice as a spawned process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { ensureBuilt, ROOT } from '../support/build.js';

const MAIN = join(ROOT, 'dist/src/cli/main.js');

type Input = {
  berlin: 'axis' | 'allied' | 'atomic';
  germanDpTotal: number;
  germanyControlsBerchtesgaden: boolean;
  germanCitiesFirestormed: number;
  atomicAttacksOnGermany: number;
  allGermanHexesAlliedOrAtomic: boolean;
};

const input = (over: Partial<Input> = {}): Input => ({
  berlin: 'allied',
  germanDpTotal: -1,
  germanyControlsBerchtesgaden: false,
  germanCitiesFirestormed: 1,
  atomicAttacksOnGermany: 0,
  allGermanHexesAlliedOrAtomic: false,
  ...over,
});

async function run(document: unknown, options: { json?: boolean; raw?: boolean } = {}) {
  const text = options.raw === true ? (document as string) : JSON.stringify(document);
  const io = memoryIo({ 'in.json': text });
  const code = await runCli(['german-surrender', ...(options.json === false ? [] : ['--json']), 'in.json'], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

async function runArgs(argv: string[], files: Record<string, string> = { 'in.json': JSON.stringify(input()) }) {
  const io = memoryIo(files);
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** Exit 2: exactly one line on stderr, `path: message`, and with --json the same error on stdout. */
async function rejected(document: unknown, raw = false) {
  const r = await run(document, { raw });
  expect(r.code).toBe(2);
  expect(r.stderr.endsWith('\n')).toBe(true);
  expect(r.stderr.slice(0, -1).split('\n')).toHaveLength(1);
  const parsed = JSON.parse(r.stdout) as { error: { path: string; message: string } };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error)).toEqual(['path', 'message']);
  expect(r.stderr).toBe(`${parsed.error.path}: ${parsed.error.message}\n`);
  return parsed.error;
}

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

describe('german-surrender: malformed input is exit 2 naming the JSON path', () => {
  it.each([
    ['empty input', '', '$', 'not valid JSON (the input is empty)'],
    ['only white space', ' \n\t ', '$', 'not valid JSON (the input is empty)'],
    ['a JSON array', '[]', '$', 'expected an object'],
    ['a JSON string', '"allied"', '$', 'expected an object'],
    ['JSON null', 'null', '$', 'expected an object'],
  ])('%s', async (_name, text, path, message) => {
    expect(await rejected(text, true)).toEqual({ path, message });
  });

  it('not JSON (the parser\'s wording after "not valid JSON" is V8\'s)', async () => {
    const error = await rejected('{"berlin": "axis", "germanDpTotal": ', true);
    expect(error.path).toBe('$');
    expect(error.message).toMatch(/^not valid JSON \(.+\)$/);
  });

  const { germanyControlsBerchtesgaden: _dropped, ...missing } = input();
  it.each([
    ['a missing field', missing, 'germanyControlsBerchtesgaden', 'missing required field (expected true or false)'],
    ['a mistyped field', input({ germanDpTotal: '3' as unknown as number }), 'germanDpTotal', 'expected an integer'],
    [
      'a mistyped boolean',
      input({ allGermanHexesAlliedOrAtomic: 'no' as unknown as boolean }),
      'allGermanHexesAlliedOrAtomic',
      'expected true or false',
    ],
    [
      'an unknown enum value',
      input({ berlin: 'soviet' as Input['berlin'] }),
      'berlin',
      'expected one of "axis", "allied", "atomic"',
    ],
    [
      'a firestorm marker in Berlin (not a status the contract knows)',
      input({ berlin: 'firestorm' as Input['berlin'] }),
      'berlin',
      'expected one of "axis", "allied", "atomic"',
    ],
    ['an unknown field', { ...input(), berlinStatus: 'allied' }, 'berlinStatus', 'unknown field'],
    ['a non-integer', input({ germanDpTotal: 2.5 }), 'germanDpTotal', 'expected an integer'],
    [
      'a non-integer count',
      input({ atomicAttacksOnGermany: 0.5 }),
      'atomicAttacksOnGermany',
      'expected a non-negative integer',
    ],
    [
      'a negative count',
      input({ germanCitiesFirestormed: -1 }),
      'germanCitiesFirestormed',
      'expected a non-negative integer',
    ],
    [
      'a count out of range',
      input({ atomicAttacksOnGermany: 1e16 }),
      'atomicAttacksOnGermany',
      'out of range (expected a magnitude of at most 9007199254740991)',
    ],
    [
      'an int out of range',
      input({ germanDpTotal: -1e300 }),
      'germanDpTotal',
      'out of range (expected a magnitude of at most 9007199254740991)',
    ],
  ])('%s', async (_name, document, path, message) => {
    expect(await rejected(document)).toEqual({ path, message });
  });

  it('a number too large for JSON (1e400 reads as Infinity) is refused as written, at its path', async () => {
    const text = JSON.stringify(input()).replace('"germanDpTotal":-1', '"germanDpTotal":1e400');
    expect(await rejected(text, true)).toEqual({
      path: 'germanDpTotal',
      message: '1e400 cannot be represented exactly (too large: beyond the largest number, about 1.8e308)',
    });
  });

  it('the largest exact integer is still computed', async () => {
    const r = await run(
      input({
        germanDpTotal: Number.MAX_SAFE_INTEGER - 1,
        germanyControlsBerchtesgaden: true,
        germanCitiesFirestormed: 0,
      }),
    );
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { resistance: number }).resistance).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('without --json: the same single line on stderr and nothing on stdout', async () => {
    const r = await run(input({ germanCitiesFirestormed: -1 }), { json: false });
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', 'germanCitiesFirestormed: expected a non-negative integer\n']);
  });

  it('a syntax error quoting input across a line break stays on one stderr line', async () => {
    const error = await rejected('ab\ncd', true);
    expect(error.path).toBe('$');
    expect(error.message).toMatch(/^not valid JSON \(.*\)$/);
    expect(error.message).not.toContain('\n');
  });

  it('a byte order mark before the document is ignored (RFC 8259)', async () => {
    const r = await run(`\uFEFF${JSON.stringify(input())}`, { raw: true });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { reason: unknown }).reason).toBe('berlin-and-resistance');
  });

  it('a file that cannot be read is exit 2 naming it', async () => {
    const r = await runArgs(['german-surrender', '--json', 'missing.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('$: cannot read missing.json (ENOENT)\n');
    expect(JSON.parse(r.stdout)).toEqual({ error: { path: '$', message: 'cannot read missing.json (ENOENT)' } });
  });
});

describe('german-surrender: usage errors are exit 2 with one stderr line', () => {
  it.each([
    [
      'an unknown command',
      ['german-surender', 'in.json'],
      "$: usage: unknown command 'german-surender' (see awaw-surrender --help)",
    ],
    [
      'no file',
      ['german-surrender'],
      '$: usage: german-surrender takes exactly one file argument (or - for standard input)',
    ],
    [
      'two files',
      ['german-surrender', 'in.json', 'in.json'],
      '$: usage: german-surrender takes exactly one file argument (or - for standard input)',
    ],
    [
      '--repair on a calculator',
      ['german-surrender', '--repair', 'in.json'],
      '$: usage: --repair applies to verify only',
    ],
    ['no command at all', [], '$: usage: no command given (see awaw-surrender --help)'],
  ])('%s', async (_name, argv, line) => {
    const r = await runArgs(argv);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `${line}\n`]);
    const withJson = await runArgs([...argv, '--json']);
    expect(withJson.code).toBe(2);
    expect(withJson.stderr).toBe(`${line}\n`);
    expect(JSON.parse(withJson.stdout)).toEqual({ error: { path: '$', message: line.slice(3) } });
  });

  it('an unknown flag: the message names the option and the command, and what the command takes', async () => {
    for (const argv of [
      ['german-surrender', '--jsno', 'in.json'],
      ['german-surrender', '--jsno', 'in.json', '--json'],
    ]) {
      const r = await runArgs(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        '$: usage: german-surrender: unknown option --jsno (german-surrender takes --json, --help)\n',
      );
    }
  });

  it('--help prints the usage naming every command with its rule, and exits 0', async () => {
    const r = await runArgs(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('  german-surrender    German resistance level and surrender (55.11, 55.12) [55.1]\n');
    for (const name of [
      'british-resistance',
      'italian-surrender',
      'concessions',
      'force-reduction',
      'replay',
      'audit',
      'verify',
    ])
      expect(r.stdout).toContain(`  ${name} `);
  });
});

describe('german-surrender: properties', () => {
  const valid = fc.record({
    berlin: fc.constantFrom('axis' as const, 'allied' as const, 'atomic' as const),
    germanDpTotal: fc.integer({ min: -40, max: 40 }),
    germanyControlsBerchtesgaden: fc.boolean(),
    germanCitiesFirestormed: fc.nat(20),
    atomicAttacksOnGermany: fc.nat(8),
    allGermanHexesAlliedOrAtomic: fc.boolean(),
  });

  /**
   * Text that JSON.parse refuses: a valid document cut short, with a character dropped or one inserted, or any text at
   * all.
   */
  const notJson = fc
    .oneof(
      fc.tuple(valid, fc.nat()).map(([v, n]) => {
        const text = JSON.stringify(v);
        return text.slice(0, n % text.length);
      }),
      fc.tuple(valid, fc.nat()).map(([v, n]) => {
        const text = JSON.stringify(v);
        const at = n % text.length;
        return text.slice(0, at) + text.slice(at + 1);
      }),
      fc
        .tuple(
          valid,
          fc.nat(),
          fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\n', 'x', '\u2028', '\\', "'", '\u0000'),
        )
        .map(([v, n, c]) => {
          const text = JSON.stringify(v, null, n % 3);
          const at = n % (text.length + 1);
          return text.slice(0, at) + c + text.slice(at);
        }),
      fc.string({ unit: 'binary', maxLength: 60 }),
    )
    .filter((text) => {
      try {
        JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
        return false;
      } catch {
        return true;
      }
    });

  it('text that is not JSON is always exit 2, one stderr line at $, the error document on stdout', async () => {
    await fc.assert(
      fc.asyncProperty(notJson, async (text) => {
        const error = await rejected(text, true);
        expect(error.path).toBe('$');
        expect(error.message).toMatch(/^not valid JSON \(/);
      }),
      { numRuns: 300 },
    );
  });

  /** One fault in an otherwise valid document, and the path it must be reported at. */
  const fault = fc
    .tuple(
      valid,
      fc.constantFrom(
        ...([
          'berlin',
          'germanDpTotal',
          'germanyControlsBerchtesgaden',
          'germanCitiesFirestormed',
          'atomicAttacksOnGermany',
          'allGermanHexesAlliedOrAtomic',
        ] as const),
      ),
    )
    .chain(([v, key]) =>
      fc
        .oneof(
          fc.constant({ kind: 'missing' as const }),
          fc
            .oneof(
              fc.string().filter((s) => !['axis', 'allied', 'atomic'].includes(s)),
              fc.constant(null),
              fc.array(fc.nat(), { maxLength: 2 }),
              fc.double({ noInteger: true }),
              fc.constant({}),
            )
            .map((value) => ({ kind: 'value' as const, value })),
          fc
            .string({ minLength: 1, maxLength: 12 })
            .filter((k) => !(k in v) && k !== '__proto__')
            .map((extra) => ({ kind: 'extra' as const, extra })),
        )
        .map((f) => {
          const doc: Record<string, unknown> = { ...v };
          if (f.kind === 'missing') delete doc[key];
          else if (f.kind === 'value') doc[key] = f.value;
          else doc[f.extra] = true;
          return { doc, path: f.kind === 'extra' ? null : key };
        }),
    );

  it('a valid document with one field missing, mistyped or added is exit 2 naming that field', async () => {
    await fc.assert(
      fc.asyncProperty(fault, async ({ doc, path }) => {
        const error = await rejected(doc);
        if (path !== null) expect(error.path).toBe(path);
        else expect(error.message).toBe('unknown field');
      }),
      { numRuns: 200 },
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

describe('options end at --', () => {
  it('a --json after -- is not an option: the usage error is one plain line', async () => {
    const io = memoryIo();
    expect(await runCli(['-x', '--', '--json'], io)).toBe(2);
    expect(io.stdout).toBe('');
    expect(io.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});
