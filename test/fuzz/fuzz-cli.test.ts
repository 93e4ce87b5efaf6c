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
import { expectTypedAnswer, expectUsageOrInputError, fuzzParameters, mutatedDocument, Tally, type CliAnswer, type Json } from './support.js';

const territories = {
  'lebanon-syria': 'axis',
  tunisia: 'axis',
  algeria: 'axis',
  morocco: 'axis',
  libya: 'axis',
  albania: 'axis',
  malta: 'british',
  palestine: 'british',
  transjordan: 'british',
  egypt: 'british',
  iraq: 'british',
  gibraltar: 'british',
  ulster: 'british',
  ireland: 'independent',
  'scapa-flow': 'british',
  scotland: 'british',
  'central-england': 'british',
  'southern-england': 'british',
};

/** One valid input per calculator (CONTRACT.md), each the seed of its mutations. */
const calculators: readonly { readonly name: string; readonly valid: Json; readonly schema: Validator<unknown> }[] = [
  {
    name: 'german-surrender',
    schema: germanSurrenderInput,
    valid: { berlin: 'allied', germanDpTotal: 2, germanyControlsBerchtesgaden: true, germanCitiesFirestormed: 3, atomicAttacksOnGermany: 1, allGermanHexesAlliedOrAtomic: false },
  },
  {
    name: 'british-resistance',
    schema: britishResistanceInput,
    valid: {
      scenario: 'european',
      turn: { year: 1941, season: 'winter' },
      britishDpLevel: 3,
      axisControlsMalta: false,
      axisControlsSingapore: false,
      australiaSurrendered: false,
      indiaSurrendered: false,
      atomicAttacksOnBritain: 0,
      britishCitiesFirestormed: 1,
      oilEffectsOnBritain: 2,
      atlanticSwTransports: 7,
      russianGroundUnitInEasternEurope: true,
      unbuiltBritishGroundAirFactors: 23,
      atWarWithEuropeanAxis: { us: false, russia: true, france: false },
      italyAtWarWithBritain: true,
      usatLevel: 33,
      westernAlliedGroundAirFactorsOnWesternFront: 4,
      westernAlliedGroundUnitInGermany: false,
      russianGroundUnitInWesternPolandOrRumania: false,
      concessionPointsForgone: 0,
      previousSurrenderLevel: -2,
      naval: [
        { side: 'allied', nationality: 'british', type: 'battleship', factors: 9, location: 'map', status: 'operational' },
        { side: 'allied', nationality: 'american', type: 'carrier', factors: 6, location: 'us-atlantic', status: 'damaged' },
        { side: 'axis', nationality: 'german', type: 'battleship', factors: 3, location: 'map', status: 'operational' },
        { side: 'axis', nationality: 'italian', type: 'cruiser', factors: 2, location: 'map', status: 'row-2' },
      ],
    },
  },
  {
    name: 'italian-surrender',
    schema: italianSurrenderInput,
    valid: {
      italianDpTotal: 1,
      romeAlliedControlled: true,
      axisUnitsInAfrica: true,
      westernAlliesDeclaredWarOnItaly: false,
      italyDeclaredWarOnWesternAlliesYear: 1942,
      dpsInItaly: { axis: 1, allied: 3 },
      covertOperationsModifier: -1,
    },
  },
  {
    name: 'concessions',
    schema: concessionsInput,
    valid: {
      surrenderLevel: -3,
      previousSurrenderLevel: -1,
      usAtWarWithGermany: false,
      territories,
      minors: [
        { name: 'greece', brps: 4, status: 'british' },
        { name: 'persia', brps: 10, status: 'british' },
      ],
      originallyBritish: ['malta', 'palestine', 'transjordan', 'egypt', 'iraq', 'gibraltar'],
      returnedInEarlierSurrender: [],
      axisControls: { london: false, birmingham: false, manchester: false, allOfScotland: false },
      demand: { take: ['malta'], minors: [{ name: 'persia', to: 'neutral' }], indemnityBrps: 10, return: [] },
    },
  },
  {
    name: 'force-reduction',
    schema: forceReductionInput,
    valid: {
      surrenderLevel: -1,
      scenario: 'global',
      units: [
        { id: 'raf-1', nationality: 'british', kind: 'aaf', factors: 2, brps: 10, theater: 'unbuilt' },
        { id: 'inf-1', nationality: 'british', kind: 'ground', factors: 3, brps: 4, theater: 'europe' },
        { id: 'bb-1', nationality: 'british', kind: 'naval', factors: 3, brps: 0, theater: 'europe', naval: { type: 'battleship', status: 'operational' } },
        { id: 'bb-2', nationality: 'british', kind: 'naval', factors: 3, brps: 0, theater: 'europe', naval: { type: 'battleship', status: 'damaged' } },
        { id: 'bb-3', nationality: 'british', kind: 'naval', factors: 9, brps: 0, theater: 'pacific', naval: { type: 'battleship', status: 'operational' } },
      ],
      selection: ['raf-1', 'inf-1', 'bb-1', 'bb-3'],
    },
  },
];

const tally = new Tally('fuzz-cli');
afterAll(() => {
  console.log(tally.report());
});

/** Runs one command in-process, with a hang counted as a failure. */
async function answer(argv: readonly string[], inputs: Record<string, string>): Promise<CliAnswer> {
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
    it(`${calculator.name}: every mutated input ends in exit 2 with its path, or 0/1 for an input the schema accepts`, async () => {
      expect(calculator.schema.check(calculator.valid)).toBe(true);
      await fc.assert(
        fc.asyncProperty(mutatedDocument(calculator.valid), fc.boolean(), fc.constantFrom('in.json', '-'), async ({ text }, json, source) => {
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
        }),
        fuzzParameters(0.1),
      );
    });
  }
});

describe('fuzz: the command line', () => {
  // Calculators read these names from memory; log commands look for them on disk, in an empty directory.
  const dir = mkdtempSync(join(tmpdir(), 'awaw-fuzz-argv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const input = join(dir, 'in.json');
  const words = fc.constantFrom(
    'german-surrender', 'british-resistance', 'italian-surrender', 'concessions', 'force-reduction', 'replay', 'audit', 'verify', 'help', 'nonsense',
    '--json', '--repair', '-h', '--help', '--', '--json=1', '--nope', '-x', '-', input, join(dir, 'missing.json'), dir, '', ' ', '💥',
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
