// `awaw-surrender german-surrender`: malformed input and usage errors are exit 2 with one line naming the JSON
// path or the option (docs/cli.md), in-process through runCli + memoryIo.
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { input, run, runArgs, rejected, type Input } from '../support/german-cli.js';

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

  it('a file that cannot be read is exit 2 naming it, and what is wrong in words', async () => {
    const r = await runArgs(['german-surrender', '--json', 'missing.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('$: cannot read missing.json: no such file or directory\n');
    expect(JSON.parse(r.stdout)).toEqual({
      error: { path: '$', message: 'cannot read missing.json: no such file or directory' },
    });
    for (const [code, words] of [
      ['EACCES', 'permission denied'],
      ['EISDIR', 'illegal operation on a directory'],
      ['EMFILE', 'too many open files'],
      [undefined, 'i/o error'],
    ] as const) {
      const io = memoryIo();
      io.readInput = async () => {
        throw Object.assign(new Error('refused'), { code });
      };
      expect([code, await runCli(['german-surrender', 'in.json'], io), io.stderr]).toEqual([
        code,
        2,
        `$: cannot read in.json: ${words}\n`,
      ]);
    }
  });
});

describe('german-surrender: usage errors are exit 2 with one stderr line', () => {
  it.each([
    [
      'an unknown command',
      ['german-surender', 'in.json'],
      '$: usage: unknown command "german-surender": did you mean "german-surrender"?',
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

describe('options end at --', () => {
  it('a --json after -- is not an option: the usage error is one plain line', async () => {
    const io = memoryIo();
    expect(await runCli(['-x', '--', '--json'], io)).toBe(2);
    expect(io.stdout).toBe('');
    expect(io.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});
