// Every line of every bundled log, read as a host in another language reads it: the header against
// schemas/log-header.json, each event line against schemas/envelope.json and the schema of its type and version
// (schemas/event/TYPE.json, or event/TYPE/vN.json for an older version still read), with Ajv (./support.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventDefinitions, type EventDefinition } from '../../events/index.js';
import { ajvErrors, ajvValidator, shippedIndex } from './support.js';

const dirs = ['../../examples/', '../../test/fixtures/v1/', '../../test/engine/fixtures/'].map((d) =>
  fileURLToPath(new URL(d, import.meta.url)),
);
const logs = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => `${dir}${f}`),
);

const lines = (path: string): unknown[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);

/** The schema of an event line by its type and version: the current one, or an older one still read. */
function eventSchemaName(line: { type: string; v: number }): string {
  const definition = (eventDefinitions as Record<string, EventDefinition>)[line.type];
  return definition?.version === line.v ? `event/${line.type}` : `event/${line.type}/v${line.v}`;
}

describe('the bundled logs against the shipped JSON Schemas (Ajv)', () => {
  it('Ajv compiles every shipped schema in strict mode', () => {
    const names = shippedIndex().map((e) => e.name);
    for (const name of names) expect(typeof ajvValidator(name), name).toBe('function');
    expect(names.length).toBeGreaterThan(60);
  });

  it('reads the example games, the version 1 fixtures and the legacy logs', () => {
    for (const dir of dirs) expect(logs.filter((l) => l.startsWith(dir)).length, dir).toBeGreaterThan(0);
    expect(logs.map((l) => l.slice(l.lastIndexOf('/') + 1))).toEqual(
      expect.arrayContaining(['sea-lion-1941.jsonl', 'legacy-sea-lion-1941.jsonl']),
    );
    expect(logs.length).toBeGreaterThanOrEqual(12);
  });

  for (const path of logs) {
    it(`every line of ${path.slice(path.lastIndexOf('/', path.lastIndexOf('/') - 1) + 1)} validates`, () => {
      const [header, ...events] = lines(path);
      expect(ajvErrors('log-header', header)).toBeNull();
      expect(events.length).toBeGreaterThan(0);
      for (const [i, event] of events.entries()) {
        const at = `line ${i + 2}`;
        expect(ajvErrors('envelope', event), at).toBeNull();
        expect(ajvErrors(eventSchemaName(event as { type: string; v: number }), event), at).toBeNull();
      }
    });
  }

  it('a changed line fails its event schema', () => {
    const [, event] = lines(logs[0] as string) as [unknown, { type: string; v: number; data: Record<string, unknown> }];
    expect(ajvErrors(eventSchemaName(event), { ...event, data: { ...event.data, extra: 1 } })).toEqual([
      '/data: must NOT have additional properties',
    ]);
    expect(ajvErrors(eventSchemaName(event), { ...event, v: event.v + 1 })).toEqual(['/v: must be equal to constant']);
    expect(ajvErrors('envelope', { ...event, seq: 0 })).toEqual(['/seq: must be >= 1']);
  });
});
