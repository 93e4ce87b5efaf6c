// `--help`, `help COMMAND`, `COMMAND --help`, `--version`, and usage errors in the CLI's own words.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { calculators } from '../../src/cli/commands.js';
import { britishResistanceCommand } from '../../src/cli/british-resistance.js';
import { concessionsCommand } from '../../src/cli/concessions.js';
import { forceReductionCommand } from '../../src/cli/force-reduction.js';
import { germanSurrenderCommand } from '../../src/cli/german-surrender.js';
import { italianSurrenderCommand } from '../../src/cli/italian-surrender.js';
import { commandHelps, renderHelp } from '../../src/cli/help.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { ensureBuilt, ROOT } from '../support/build.js';

async function cli(argv: string[], files: Record<string, string> = {}) {
  const io = memoryIo(files);
  const code = await runCli(argv, io, { engineId: null });
  return { code, stdout: io.stdout, stderr: io.stderr };
}

const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The JSON document of a calculator example: the lines between `<<'EOF'` and `EOF`. */
function exampleInput(example: string): { argv: string[]; input: string } {
  const [command = '', ...rest] = example.split('\n');
  expect(rest.at(-1)).toBe('EOF');
  expect(command).toMatch(/^awaw-surrender [a-z-]+ .*- <<'EOF'$/);
  return {
    argv: command
      .replace(/ <<'EOF'$/, '')
      .split(' ')
      .slice(1),
    input: rest.slice(0, -1).join('\n'),
  };
}

describe('help COMMAND and COMMAND --help', () => {
  it('cover every command, calculators and log commands, each with usage, fields and an example', () => {
    expect(commandHelps.map((h) => h.name)).toEqual([
      ...calculators.map((c) => c.name),
      'replay',
      'audit',
      'verify',
      'export',
      'import',
      'exec',
      'append',
      'schema',
      'serve',
      'report',
    ]);
    for (const h of commandHelps) {
      expect(h.usage.startsWith(`awaw-surrender ${h.name} `)).toBe(true);
      expect(h.fields.length).toBeGreaterThan(0);
      expect(h.example).toContain(`awaw-surrender ${h.name} `);
    }
  });

  for (const help of commandHelps) {
    it(`${help.name}: \`help ${help.name}\`, \`--help\` and \`-h\` print the same page, exit 0`, async () => {
      const page = `${renderHelp(help)}\n`;
      // A line's continuations (4 columns in or more) joined back to it: each field and usage line whole again.
      const unwrapped = page.replace(/\n {4,}/g, ' ');
      expect(unwrapped).toContain(`usage:\n  ${help.usage.split('\n')[0]}\n`);
      for (const field of help.fields) expect(unwrapped).toContain(`\n  ${field}\n`);
      expect(page).toContain(`example:\n  ${help.example.split('\n')[0]}`);
      for (const argv of [
        ['help', help.name],
        [help.name, '--help'],
        [help.name, '-h'],
        [help.name, 'in.json', '--json', '--help'],
      ]) {
        expect(await cli(argv)).toEqual({ code: 0, stdout: page, stderr: '' });
      }
    });
  }

  const specs = [
    germanSurrenderCommand,
    britishResistanceCommand,
    italianSurrenderCommand,
    concessionsCommand,
    forceReductionCommand,
  ];
  for (const spec of specs) {
    it(
      `${spec.name}: the help names every input field of the ` +
        `contract's schema, every --option it takes, and --json`,
      () => {
        const properties = Object.keys(
          (spec.input.schema as TSchema & { properties: Record<string, unknown> }).properties,
        );
        const named = spec.help.fields.filter((f) => !f.startsWith('--')).map((f) => f.slice(0, f.indexOf(':')));
        expect(named).toEqual(properties);
        const options = spec.help.fields
          .filter((f) => f.startsWith('--option '))
          .map((f) => f.slice('--option '.length, f.indexOf('=')));
        expect(options).toEqual(spec.options);
        expect(spec.help.fields.some((f) => f.startsWith('--json: '))).toBe(true);
      },
    );

    it(`${spec.name}: the help's example runs as printed (a legal decision: exit 0)`, async () => {
      const { argv, input } = exampleInput(spec.help.example);
      const r = await cli(argv, { '-': input });
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout).toContain(spec.rule.split(',')[0] ?? '');
    });
  }

  it("the log commands' examples run as printed against the bundled example games", async () => {
    for (const name of ['replay', 'audit', 'verify']) {
      const example = commandHelps.find((h) => h.name === name)?.example ?? '';
      const argv = example
        .split(' ')
        .slice(1)
        .map((a) => (a.startsWith('examples/') ? join(ROOT, a) : a));
      const r = await cli(argv);
      expect([name, r.code, r.stderr]).toEqual([name, 0, '']);
    }
  });

  it('help of an unknown command, or of two, is a usage error; a mistyped one names the nearest command', async () => {
    expect(await cli(['help', 'german-surender'])).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: help: unknown command "german-surender": did you mean "german-surrender"?\n',
    });
    expect(await cli(['help', 'nothing'])).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: help: unknown command "nothing" (see awaw-surrender --help)\n',
    });
    expect(await cli(['help', 'replay', 'audit'])).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: help takes one command name (see awaw-surrender --help)\n',
    });
  });

  it('`help` alone and `--help` print the overview, naming `help COMMAND` and `--version`', async () => {
    const overview = await cli(['--help']);
    expect(overview.code).toBe(0);
    expect(await cli(['help'])).toEqual(overview);
    expect(overview.stdout).toContain(
      '       awaw-surrender help COMMAND   (or COMMAND --help: its input fields, options and an example)\n',
    );
    expect(overview.stdout).toContain('       awaw-surrender --version   (or -v)\n');
  });
});

describe('help is at most 100 columns a line', () => {
  const columns = (line: string): number => [...line].length;
  const over = (page: string): string[] => page.split('\n').filter((line) => columns(line) > 100);

  it('the page of every command, its example included, and the overview', async () => {
    for (const help of commandHelps) {
      const page = await cli(['help', help.name]);
      expect([help.name, page.code, over(page.stdout)]).toEqual([help.name, 0, []]);
    }
    const overview = await cli(['--help']);
    expect([overview.code, over(overview.stdout)]).toEqual([0, []]);
  });

  it('a long field goes on under itself, 2 columns further in; one written as a column, under its meaning', () => {
    const verify = renderHelp(commandHelps.find((h) => h.name === 'verify') as (typeof commandHelps)[number]);
    expect(verify).toContain(
      '\n  --repair: truncate a torn last line, and with it an append a crash cut in two, and record the\n' +
        '    repair in the log (as the next writer does; docs/log-format.md)\n',
    );
    const exported = renderHelp(commandHelps.find((h) => h.name === 'export') as (typeof commandHelps)[number]);
    expect(exported).toContain(
      '\n  --db URL       the PostgreSQL database, e.g. postgresql://user:password@host:5432/games or\n' +
        '                 postgresql://user@/games?host=/run/postgresql (default: $AWAW_PG_URL)\n',
    );
  });

  it("the overview's summaries go on under themselves", async () => {
    expect((await cli(['--help'])).stdout).toContain(
      '\n  italian-surrender   Italian surrender, surrender level and post-surrender forces (56.11, 56.12,\n' +
        '                      56.31, 56.32) [56.1, 56.3]\n',
    );
  });
});

describe('--version', () => {
  it('prints the package version, exit 0', async () => {
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
  it('-v is the same', async () => {
    expect(await cli(['-v'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
  it('-v with a command is a usage error, as --version is', async () => {
    expect(await cli(['german-surrender', '-v', 'in.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: german-surrender: unknown option -v (german-surrender takes --json, --help)\n',
    });
    expect(await cli(['verify', '-v', 'g.jsonl'])).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: verify: unknown option -v (verify takes --json, --repair, --expect-head SEQ:HASH, --help)\n',
    });
  });
  it('with a command it is a usage error', async () => {
    expect(await cli(['german-surrender', '--version', 'in.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr: '$: usage: german-surrender: unknown option --version (german-surrender takes --json, --help)\n',
    });
  });
  describe('the bundled bin', () => {
    beforeAll(ensureBuilt, 120_000);
    it('prints the same version', () => {
      for (const flag of ['--version', '-v']) {
        const r = spawnSync(process.execPath, [join(ROOT, 'dist/awaw-surrender.cjs'), flag], { encoding: 'utf8' });
        expect([flag, r.status, r.stdout, r.stderr]).toEqual([flag, 0, `${version}\n`, '']);
      }
    });
  });
});

describe('a mistyped command: exit 2, naming the command it is nearest to when that is close', () => {
  it.each([
    ['two letters swapped', ['replya', 'g.jsonl'], 'unknown command "replya": did you mean "replay"?'],
    [
      'a letter left out',
      ['german-surender', 'in.json'],
      'unknown command "german-surender": did you mean "german-surrender"?',
    ],
    ['a command that reads its own arguments', ['exce', 'g.jsonl'], 'unknown command "exce": did you mean "exec"?'],
    ['a capital letter', ['Verify', 'g.jsonl'], 'unknown command "Verify": did you mean "verify"?'],
    ['help itself', ['hlep'], 'unknown command "hlep": did you mean "help"?'],
    ['nothing near', ['frobnicate', 'in.json'], 'unknown command "frobnicate" (see awaw-surrender --help)'],
  ])('%s', async (_what, argv, message) => {
    expect(await cli(argv, { 'in.json': '{}' })).toEqual({ code: 2, stdout: '', stderr: `$: usage: ${message}\n` });
    const json = await cli([...argv, '--json'], { 'in.json': '{}' });
    expect([json.code, JSON.parse(json.stdout)]).toEqual([2, { error: { path: '$', message: `usage: ${message}` } }]);
  });
});

describe("usage errors in the CLI's own words, naming the option and the command", () => {
  it.each([
    [
      'an unknown option of a log command',
      ['replay', '--jsno', 'g.jsonl'],
      'replay: unknown option --jsno (replay takes --json, --full, --expect-head SEQ:HASH, --help)',
    ],
    [
      'an unknown option of verify',
      ['verify', '--fast', 'g.jsonl'],
      'verify: unknown option --fast (verify takes --json, --repair, --expect-head SEQ:HASH, --help)',
    ],
    [
      'an unknown short option',
      ['british-resistance', '-x', 'in.json'],
      'british-resistance: unknown option -x (british-resistance takes --json, --option NAME=VALUE, --help)',
    ],
    ['an unknown option without a command', ['--jsno'], 'unknown option --jsno (see awaw-surrender --help)'],
    ['a flag given a value', ['german-surrender', '--json=1', 'in.json'], '--json takes no value (given "--json=1")'],
    ['--expect-head without its value', ['verify', 'g.jsonl', '--expect-head'], '--expect-head needs a value'],
    [
      '--expect-head twice',
      ['verify', '--expect-head', `1:${'a'.repeat(64)}`, '--expect-head', `2:${'a'.repeat(64)}`, 'g.jsonl'],
      'verify: --expect-head is given twice',
    ],
    [
      '--full on verify',
      ['verify', '--full', 'g.jsonl'],
      '--full applies to replay and audit only (verify always checks every line)',
    ],
  ])('%s', async (_what, argv, message) => {
    const r = await cli(argv, { 'in.json': '{}' });
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `$: usage: ${message}\n`]);
    expect(r.stderr).not.toMatch(/Unknown option '|ERR_PARSE_ARGS|To specify a positional argument/);
  });

  it('options may come before the command, and `--` ends them', async () => {
    const input = JSON.stringify({
      berlin: 'axis',
      germanDpTotal: 3,
      germanyControlsBerchtesgaden: true,
      germanCitiesFirestormed: 0,
      atomicAttacksOnGermany: 0,
      allGermanHexesAlliedOrAtomic: false,
    });
    const before = await cli(['--json', 'german-surrender', 'in.json'], { 'in.json': input });
    expect(before.code).toBe(0);
    expect(JSON.parse(before.stdout)).toMatchObject({ resistance: 4, surrenders: false });
    const operand = await cli(['german-surrender', '--', '--json'], { '--json': input });
    expect(operand.code).toBe(0);
    expect(operand.stdout).toContain('55.11B: German resistance level: +4');
  });
});
