// The schema catalogue (src/schemas/catalog.ts) names a schema for every event type at its current version and
// every older version still read, every command, every calculator's input and output, the envelope, the log
// header and the pending decisions.
import { describe, expect, it } from 'vitest';
import { eventDefinitions, EnvelopeSchema, LogHeaderSchema, type EventDefinition } from '../../events/index.js';
import { Type } from '@sinclair/typebox';
import { catalog, catalogEntry, entriesOf } from '../../src/schemas/catalog.js';
import { calculators as cliCalculators } from '../../src/cli/commands.js';
import { calculators } from '../../src/schemas/calculator-schemas.js';
import { DescribedDecisionSchema } from '../../src/schemas/pending-decision.js';
import { jsonSchemaOf } from '../../src/schemas/json-schema.js';
import { defined } from '../support/defined.js';

const definitions = Object.values(eventDefinitions as Record<string, EventDefinition>);
const names = catalog.map((e) => e.name);
const properties = (name: string): Record<string, unknown> =>
  (catalogEntry(name)?.schema['properties'] ?? {}) as Record<string, unknown>;

describe('the schema catalogue', () => {
  it('names every schema once', () => {
    expect(new Set(names).size).toBe(names.length);
  });

  it(
    'has the envelope, the log header and the pending decisions (as delivered, with their words), from the ' +
      'schemas the engine checks with',
    () => {
      expect(catalogEntry('envelope')?.schema).toBe(EnvelopeSchema);
      expect(catalogEntry('log-header')?.schema).toBe(LogHeaderSchema);
      expect(catalogEntry('pending-decision')?.schema).toBe(DescribedDecisionSchema);
    },
  );

  it('has every event type of the registry at its current version, with the registry payload schema', () => {
    for (const d of definitions) {
      const props = properties(`event/${d.type}`);
      expect(props['data'], d.type).toBe(d.schema);
      expect(props['type'], d.type).toMatchObject({ const: d.type });
      expect(props['v'], d.type).toMatchObject({ const: d.version });
    }
    expect(names.filter((n) => /^event\/[^/]+$/.test(n)).sort()).toEqual(
      definitions.map((d) => `event/${d.type}`).sort(),
    );
  });

  it('has every older event version still read, with its upcaster schema, and no other', () => {
    const older = definitions.flatMap((d) =>
      [...d.upcasters.values()].map((u) => ({ name: `event/${d.type}/v${u.from}`, schema: u.data.schema, v: u.from })),
    );
    expect(older.length).toBeGreaterThan(0);
    for (const { name, schema, v } of older) {
      expect(properties(name)['data'], name).toBe(schema);
      expect(properties(name)['v'], name).toMatchObject({ const: v });
    }
    expect(names.filter((n) => /^event\/[^/]+\/v\d+$/.test(n)).sort()).toEqual(older.map((o) => o.name).sort());
  });

  it('has a command for every host fact and player decision, and none for the rule decisions or log records', () => {
    const origins = definitions.filter((d) => d.source === 'host' || d.source === 'player');
    expect(names).not.toContain('command/log.repaired');
    for (const d of origins) expect(properties(`command/${d.type}`)['data'], d.type).toBe(d.schema);
    expect(names.filter((n) => n.startsWith('command/')).sort()).toEqual(
      origins.map((d) => `command/${d.type}`).sort(),
    );
    expect((defined(catalogEntry('command'), 'the command entry').schema['anyOf'] as unknown[]).length).toBe(
      origins.length,
    );
  });

  it("has every calculator's input, the schema it parses with, and its output", () => {
    expect(calculators.map((c) => c.spec.name)).toEqual(cliCalculators.map((c) => c.name));
    for (const { spec, output } of calculators) {
      expect(catalogEntry(`calculator/${spec.name}/input`)?.schema).toBe(spec.input.schema);
      expect(catalogEntry(`calculator/${spec.name}/output`)?.schema).toBe(output);
    }
  });

  it('says what a calculator checks beyond its input schema exactly when it refines its input', () => {
    for (const c of calculators) expect(c.beyond !== undefined, c.spec.name).toBe(c.spec.refine !== undefined);
    expect(catalogEntry('calculator/concessions/input')?.description).toContain(
      '`territories` holds exactly the 18 keys',
    );
    expect(catalogEntry('calculator/german-surrender/input')?.description).toContain('at most 9007199254740991');
  });

  it(
    'entriesOf names a record of schemas under a prefix, ' +
      'each described by its own description, once in its document',
    () => {
      const request = Type.Object({ op: Type.Literal('pending') }, { description: 'Asks what is pending.' });
      const entries = entriesOf('exec', { 'request/pending': request, plain: Type.Null() });
      expect(entries).toEqual([
        { name: 'exec/request/pending', schema: request, description: 'Asks what is pending.' },
        { name: 'exec/plain', schema: Type.Null(), description: 'exec plain' },
      ]);
      expect(jsonSchemaOf(entries[0] as (typeof entries)[number])['description']).toBe('Asks what is pending.');
    },
  );

  it('gives every schema draft 2020-12, a stable $id from its name, its name as title and a description', () => {
    for (const entry of catalog) {
      const doc = jsonSchemaOf(entry);
      expect(doc['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(doc['$id']).toBe(`urn:awaw-surrender:schema:${entry.name}`);
      expect(doc['title']).toBe(entry.name);
      expect(doc['description']).toBe(entry.description);
    }
  });
});
