// docs/cli.md holds the whole command-line contract: every field the calculators' input schemas name (with every
// enum value), every field of their outputs and every line key is listed in that calculator's section; every
// ruling option appears with its values; and README and docs point at nothing outside the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { calculators } from '../../src/cli/commands.js';
import { commandHelps } from '../../src/cli/help.js';
import { britishResistanceCommand } from '../../src/cli/british-resistance.js';
import { concessionsCommand } from '../../src/cli/concessions.js';
import { forceReductionCommand } from '../../src/cli/force-reduction.js';
import { germanSurrenderCommand } from '../../src/cli/german-surrender.js';
import { italianSurrenderCommand } from '../../src/cli/italian-surrender.js';
import { TerritoryKeys } from '../../src/rules/british-concession-table.js';
import { defaultRulingOptions, rulingOptionValues } from '../../src/rules/options.js';
import { ROOT } from '../support/build.js';
import {
  britishResistanceExample,
  concessionsExample,
  forceReductionExample,
  italianSurrenderExample,
} from '../support/calculator-examples.js';

const doc = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');

/** The text of the `## \`name\`` section. */
function section(name: string): string {
  const start = doc.indexOf(`\n## \`${name}\``);
  expect(start, `docs/cli.md has a section for ${name}`).toBeGreaterThan(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? doc.length : end);
}

/** Property names and string/number literals anywhere in a schema. */
function schemaWords(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) schemaWords(s, into);
  else if (typeof schema === 'object' && schema !== null) {
    const record = schema as Record<string, unknown>;
    if ('const' in record && (typeof record['const'] === 'string' || typeof record['const'] === 'number'))
      into.add(String(record['const']));
    const properties = record['properties'];
    if (typeof properties === 'object' && properties !== null) for (const key of Object.keys(properties)) into.add(key);
    for (const value of Object.values(record)) schemaWords(value, into);
  }
  return into;
}

/** Keys of an output document, nested ones included, and the `key` of each line. */
function outputWords(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) outputWords(v, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      into.add(key);
      if (key === 'key' && typeof v === 'string') into.add(v);
      outputWords(v, into);
    }
  }
  return into;
}

const word = (text: string, w: string): boolean =>
  new RegExp(`(^|[^A-Za-z0-9-])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z0-9-]|$)`).test(text);

const cases = [
  {
    spec: germanSurrenderCommand,
    example: {
      berlin: 'allied',
      germanDpTotal: -1,
      germanyControlsBerchtesgaden: false,
      germanCitiesFirestormed: 1,
      atomicAttacksOnGermany: 0,
      allGermanHexesAlliedOrAtomic: false,
    },
  },
  { spec: britishResistanceCommand, example: britishResistanceExample },
  { spec: italianSurrenderCommand, example: italianSurrenderExample },
  { spec: concessionsCommand, example: concessionsExample },
  { spec: forceReductionCommand, example: forceReductionExample },
] as const;

describe('docs/cli.md', () => {
  it('has a section for every calculator and every log command', () => {
    for (const name of [...calculators.map((c) => c.name), 'replay', 'audit', 'verify'])
      expect(doc).toContain(`\`${name}`);
    expect(cases.map((c) => c.spec.name).sort()).toEqual(calculators.map((c) => c.name).sort());
  });

  it('documents every command the CLI has help for, each with a section or a row of its own', () => {
    const undocumented = commandHelps
      .map((h) => h.name)
      .filter((name) => !doc.includes(`## \`${name}`) && !doc.includes(`| \`${name}`));
    expect(undocumented).toEqual([]);
  });

  for (const { spec, example } of cases) {
    it(
      `${spec.name}: every input field and enum value of its ` +
        `schema, and every output field and line key, is in its section`,
      () => {
        const text = section(spec.name);
        const missingInput = [...schemaWords(spec.input.schema as TSchema)].filter((w) => !word(text, w));
        expect(missingInput).toEqual([]);
        const input = spec.input.parse(example as unknown);
        const missingOutput = [...outputWords(spec.compute(input as never, defaultRulingOptions))].filter(
          (w) => !word(text, w),
        );
        expect(missingOutput).toEqual([]);
        for (const option of spec.options)
          expect(text).toContain(`--option ${option}=${rulingOptionValues[option].join('|')}`);
      },
    );
  }

  it('concessions: every territory key of the table is in its section', () => {
    const text = section('concessions');
    expect(TerritoryKeys.filter((k) => !word(text, k))).toEqual([]);
  });

  it('every ruling option is in the options table with its values, the default first', () => {
    for (const [name, values] of Object.entries(rulingOptionValues)) {
      expect(doc).toContain(`| \`${name}\` | ${values.map((v) => `\`${v}\``).join(', ')} |`);
    }
  });

  it('names every exit code and the error document', () => {
    for (const code of ['| 0 |', '| 1 |', '| 2 |']) expect(doc).toContain(code);
    expect(doc).toContain('{"error": {"path": "naval[3].factors", "message": "expected a non-negative integer"}}');
  });
});

describe('README and docs point at nothing outside the repository', () => {
  const files = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  for (const file of files) {
    it(`${file}: no path outside the repository, and every relative link names a file of it`, () => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text.match(/\.\.\/shared|\/work\/|CONTRACT\.md|DESIGN\.md|\/shared\/rules/g) ?? []).toEqual([]);
      for (const [, target = ''] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target)) continue; // a web address
        expect(existsSync(join(ROOT, dirname(file), target)), `${file} links to ${target}`).toBe(true);
      }
    });
  }
});
