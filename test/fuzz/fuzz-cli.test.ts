// Fuzzing the five calculators and the command line itself, in-process (runCli + memoryIo): mutated inputs
// (wrong types, missing and extra fields, huge numbers, NaN-like text, deep nesting, random bytes, cut JSON)
// must end in a typed answer: exit 2 with one `path: message` line for malformed input, 0 or 1 only for an
// input its schema accepts; never a throw, a stack trace or a hang. FUZZ_RUNS and FUZZ_SEED: ./support.ts.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { britishResistanceInput } from '../../src/rules/british-resistance.js';
import { concessionsInput } from '../../src/rules/concessions.js';
import { forceReductionInput } from '../../src/rules/force-reduction.js';
import { germanSurrenderInput } from '../../src/rules/german-resistance.js';
import { italianSurrenderInput } from '../../src/rules/italian-surrender.js';
import type { Validator } from '../../src/schema/validate.js';
import {
  britishResistanceExample,
  concessionsExample,
  forceReductionExample,
  italianSurrenderExample,
} from '../support/calculator-examples.js';
import {
  expectTypedAnswer,
  expectUsageOrInputError,
  fuzzParameters,
  mutatedDocument,
  Tally,
  type CliAnswer,
  type Json,
} from './support.js';

/** A plain JSON copy of an example input. */
const asJson = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

/** One valid input per calculator (docs/cli.md), each the seed of its mutations. */
const calculators: readonly { readonly name: string; readonly valid: Json; readonly schema: Validator<unknown> }[] = [
  {
    name: 'german-surrender',
    schema: germanSurrenderInput,
    valid: {
      berlin: 'allied',
      germanDpTotal: 2,
      germanyControlsBerchtesgaden: true,
      germanCitiesFirestormed: 3,
      atomicAttacksOnGermany: 1,
      allGermanHexesAlliedOrAtomic: false,
    },
  },
  {
    name: 'british-resistance',
    schema: britishResistanceInput,
    valid: asJson(britishResistanceExample),
  },
  {
    name: 'italian-surrender',
    schema: italianSurrenderInput,
    valid: asJson(italianSurrenderExample),
  },
  {
    name: 'concessions',
    schema: concessionsInput,
    valid: asJson(concessionsExample),
  },
  {
    name: 'force-reduction',
    schema: forceReductionInput,
    valid: asJson(forceReductionExample),
  },
];

const tally = new Tally('fuzz-cli');
afterAll(() => {
  console.log(tally.report());
});

/** Runs one command in-process, with a hang counted as a failure. */
async function answer(argv: readonly string[], inputs: Record<string, string | Uint8Array>): Promise<CliAnswer> {
  const io = memoryIo(inputs);
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

const parsedOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
};

describe('fuzz: the five calculators on mutated inputs', () => {
  for (const calculator of calculators) {
    it(
      `${calculator.name}: every mutated input ends in exit ` +
        `2 with its path, or 0/1 for an input the schema accepts`,
      async () => {
        expect(calculator.schema.check(calculator.valid)).toBe(true);
        await fc.assert(
          fc.asyncProperty(
            mutatedDocument(calculator.valid),
            fc.boolean(),
            fc.constantFrom('in.json', '-'),
            async ({ text }, json, source) => {
              const result = await answer([calculator.name, ...(json ? ['--json'] : []), source], { [source]: text });
              expectTypedAnswer(result);
              tally.add(calculator.name, result.code !== 0);
              const parsed = parsedOrUndefined(text);
              if (result.code === 2) {
                expectUsageOrInputError(result, json);
                return;
              }
              // Computed (0) or a decision that breaks a rule (1): only ever for input the schema accepts.
              expect(parsed).not.toBeUndefined();
              expect(calculator.schema.check(parsed)).toBe(true);
              expect(result.stderr).toBe('');
              if (json) expect(() => JSON.parse(result.stdout) as unknown).not.toThrow();
              else expect(result.stdout.length).toBeGreaterThan(0);
            },
          ),
          // The valid input itself runs first, whatever the seed: the computing branch is always taken.
          fuzzParameters(0.1, [
            [{ how: 'unchanged', text: JSON.stringify(calculator.valid) }, false, 'in.json'],
            [{ how: 'unchanged', text: JSON.stringify(calculator.valid) }, true, '-'],
          ] as [{ how: string; text: string }, boolean, string][]),
        );
        expect(tally.accepted(calculator.name)).toBeGreaterThanOrEqual(2);
      },
    );
  }
});

describe('fuzz: the command line', () => {
  // Calculators read these names from memory; log commands look for them on disk, in an empty directory.
  const dir = mkdtempSync(join(tmpdir(), 'awaw-fuzz-argv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const input = join(dir, 'in.json');
  const words = fc.constantFrom(
    'german-surrender',
    'british-resistance',
    'italian-surrender',
    'concessions',
    'force-reduction',
    'replay',
    'audit',
    'verify',
    'help',
    'nonsense',
    '--json',
    '--repair',
    '--full',
    '-h',
    '--help',
    '--',
    '--json=1',
    '--nope',
    '-x',
    '-',
    input,
    join(dir, 'missing.json'),
    dir,
    '',
    ' ',
    '💥',
  );
  it('any argument list ends in a typed answer, and leaves no file behind', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(words, { maxLength: 5 }), async (argv) => {
        const result = await answer(argv, { [input]: JSON.stringify(calculators[0]?.valid), '-': '{' });
        expectTypedAnswer(result);
        tally.add('argv', result.code !== 0);
        // After `--`, `--json` is an operand, not the option.
        const end = argv.indexOf('--');
        const json = argv.slice(0, end < 0 ? argv.length : end).includes('--json');
        if (result.code === 2) expectUsageOrInputError(result, json);
        expect(readdirSync(dir)).toEqual([]);
      }),
      fuzzParameters(0.05),
    );
  });
});

describe('fuzz: calculator input that is not UTF-8', () => {
  // Bytes no UTF-8 text holds where they stand: stray continuations, overlong forms, surrogates, cut sequences.
  const badBytes = fc.oneof(
    fc.constantFrom(
      [0xff],
      [0xfe],
      [0x80],
      [0xc0, 0xaf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
      [0xf0, 0x9f, 0x92],
    ),
    fc.uint8Array({ minLength: 1, maxLength: 6 }).map((b) => [0xff, ...b]),
  );
  /** The offset of the first bad byte, found independently: where the WHATWG decoder puts its first U+FFFD. */
  const firstReplaced = (bytes: Buffer): number => {
    const text = new TextDecoder('utf-8').decode(bytes);
    return Buffer.byteLength(text.slice(0, text.indexOf('\uFFFD')), 'utf8');
  };
  for (const calculator of calculators) {
    it(
      `${calculator.name}: invalid UTF-8 anywhere in a valid ` +
        `input is exit 2 naming the offset of its first bad byte`,
      async () => {
        const text = Buffer.from(JSON.stringify(calculator.valid), 'utf8');
        await fc.assert(
          fc.asyncProperty(fc.nat({ max: text.length }), badBytes, fc.boolean(), async (at, bad, json) => {
            const input = Buffer.concat([text.subarray(0, at), Buffer.from(bad), text.subarray(at)]);
            const io = memoryIo({ 'in.json': input });
            const result = {
              code: await runCli([calculator.name, ...(json ? ['--json'] : []), 'in.json'], io),
              stdout: io.stdout,
              stderr: io.stderr,
            };
            expectTypedAnswer(result);
            tally.add(`${calculator.name} (not UTF-8)`, result.code !== 0);
            expectUsageOrInputError(result, json);
            const offset = firstReplaced(input);
            expect(result.stderr).toBe(
              `$: not valid UTF-8: byte 0x${(input[offset] ?? 0).toString(16).padStart(2, '0')} at offset ${offset}\n`,
            );
          }),
          fuzzParameters(0.02),
        );
      },
    );
  }
});
