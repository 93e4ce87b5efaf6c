// The calculators' shipped JSON Schemas against the calculators themselves: every example input (the CLI tests'
// examples and every input the README and docs/ show) validates against schemas/calculator/NAME/input.json with
// Ajv, and the calculator's real output on it against .../output.json (with Ajv and TypeBox both); wrong inputs
// get the same verdict from Ajv and from the calculator.
import { defaultRulingOptions } from '../../src/rules/options.js';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCalculator } from '../../src/cli/calculator.js';
import { memoryIo } from '../../src/cli/io.js';
import { compile } from '../../src/schema/validate.js';
import { calculators } from '../../src/schemas/calculator-schemas.js';
import {
  britishResistanceExample,
  concessionsExample,
  forceReductionExample,
  italianSurrenderExample,
} from '../support/calculator-examples.js';
import { ajvErrors } from './support.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const docs = [
  'README.md',
  ...readdirSync(`${root}docs`)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Every `awaw-surrender NAME ... - <<'EOF'` input a document shows, with its calculator. */
const documented = docs.flatMap((file) =>
  [
    ...readFileSync(`${root}${file}`, 'utf8').matchAll(/awaw-surrender ([a-z-]+)[^\n]* - <<'?EOF'?\n([\s\S]*?)\nEOF/g),
  ].map((m) => ({
    where: `${file} (${m[1] ?? ''})`,
    name: m[1] as string,
    input: JSON.parse(m[2] as string) as unknown,
  })),
);

const examples: readonly { where: string; name: string; input: unknown }[] = [
  { where: 'british-resistance example', name: 'british-resistance', input: britishResistanceExample },
  { where: 'concessions example', name: 'concessions', input: concessionsExample },
  { where: 'force-reduction example', name: 'force-reduction', input: forceReductionExample },
  { where: 'italian-surrender example', name: 'italian-surrender', input: italianSurrenderExample },
  // A demand and a selection that break rules (exit 1): violations in the output.
  {
    where: 'concessions, a demand skipping priorities',
    name: 'concessions',
    input: { ...concessionsExample, demand: { ...concessionsExample.demand, take: ['southern-england'] } },
  },
  {
    where: 'force-reduction, too little selected',
    name: 'force-reduction',
    input: { ...forceReductionExample, selection: ['raf-1'] },
  },
  ...documented,
];

const specOf = (name: string) => {
  const calculator = calculators.find((c) => c.spec.name === name);
  if (calculator === undefined) throw new Error(`no calculator ${name}`);
  return calculator;
};

/** The calculator's exit code and JSON output for an input. */
async function run(name: string, input: unknown): Promise<{ code: number; output: unknown }> {
  const io = memoryIo({ 'in.json': JSON.stringify(input) });
  const { spec } = specOf(name);
  // The spec's input and output types are erased here: it is run on JSON, as the CLI runs it.
  const code = await runCalculator(
    spec as Parameters<typeof runCalculator>[0],
    'in.json',
    true,
    defaultRulingOptions,
    io,
  );
  return { code, output: JSON.parse(io.stdout) as unknown };
}

describe('the calculators against their shipped JSON Schemas', () => {
  it('the README shows a german-surrender input, and every calculator has examples', () => {
    expect(documented.map((d) => d.where)).toContain('README.md (german-surrender)');
    expect(new Set(examples.map((e) => e.name))).toEqual(new Set(calculators.map((c) => c.spec.name)));
  });

  for (const { where, name, input } of examples) {
    it(`${where}: the input validates, and so does the calculator's output on it`, async () => {
      expect(ajvErrors(`calculator/${name}/input`, input)).toBeNull();
      const { code, output } = await run(name, input);
      expect(code === 0 || code === 1).toBe(true);
      expect(ajvErrors(`calculator/${name}/output`, output)).toBeNull();
      expect(compile(specOf(name).output).firstError(output)).toBeNull();
    });
  }

  it('the outputs include a rule broken, with its violations', async () => {
    const { code, output } = await run('force-reduction', { ...forceReductionExample, selection: ['raf-1'] });
    expect(code).toBe(1);
    expect((output as { violations: unknown[] }).violations.length).toBeGreaterThan(0);
  });

  const wrong: readonly { what: string; name: string; input: unknown; ajv: string }[] = [
    {
      what: 'an unknown field',
      name: 'italian-surrender',
      input: { ...italianSurrenderExample, extra: true },
      ajv: ': must NOT have additional properties',
    },
    {
      what: 'a missing field',
      name: 'german-surrender',
      input: { berlin: 'axis' },
      ajv: ": must have required property 'germanDpTotal'",
    },
    {
      what: 'a negative count',
      name: 'british-resistance',
      input: { ...britishResistanceExample, atlanticSwTransports: -1 },
      ajv: '/atlanticSwTransports: must be >= 0',
    },
    {
      what: 'a fraction',
      name: 'italian-surrender',
      input: { ...italianSurrenderExample, italianDpTotal: 1.5 },
      ajv: '/italianDpTotal: must be integer',
    },
    {
      what: 'an unknown enum value',
      name: 'concessions',
      input: { ...concessionsExample, demand: { ...concessionsExample.demand, indemnityBrps: 15 } },
      ajv: '/demand/indemnityBrps: must match a schema in anyOf',
    },
    {
      what: 'a level out of range',
      name: 'force-reduction',
      input: { ...forceReductionExample, surrenderLevel: 1 },
      ajv: '/surrenderLevel: must be <= 0',
    },
  ];
  for (const { what, name, input, ajv } of wrong) {
    it(`${name}, ${what}: Ajv rejects it and the calculator exits 2`, async () => {
      expect(ajvErrors(`calculator/${name}/input`, input)).toContain(ajv);
      expect((await run(name, input)).code).toBe(2);
    });
  }

  it('what the schema cannot say, its description does: the calculator alone refuses it (exit 2)', async () => {
    const repeated = { ...forceReductionExample, selection: ['raf-1', 'raf-1'] };
    expect(ajvErrors('calculator/force-reduction/input', repeated)).toBeNull();
    expect((await run('force-reduction', repeated)).code).toBe(2);
    expect(specOf('force-reduction').beyond).toContain('`selection` names units of `units`, each at most once');
  });
});
