// A record of unknown values (the host's own data in host.logged) is checked as an object alone, without listing its
// entries (src/schema/open-record.ts): the same verdicts as TypeBox's check of the schema as written, the same errors.
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostLogged } from '../../events/host-facts.js';
import { Strict } from '../../src/schema/types.js';
import { compile } from '../../src/schema/validate.js';
import { jsonSchemaOf } from '../../src/schemas/json-schema.js';

const asWritten = TypeCompiler.Compile(hostLogged.schema);
const turn = { year: 1942, season: 'summer' };
/** Anything in the place of the host's data: objects, arrays, null, numbers, strings, and what JSON never holds. */
const anyData = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.string(), fc.jsonValue()),
  fc.constant(new Date(0)),
  fc.constant(new Uint8Array(2)),
  fc.constant(undefined),
);

describe('an open record (host.logged data)', () => {
  it('property: a host.logged payload passes exactly when TypeBox passes the schema as written', () => {
    fc.assert(
      fc.property(anyData, fc.string({ maxLength: 70 }), fc.boolean(), (data, kind, extra) => {
        const payload: Record<string, unknown> = { turn, kind, data, ...(extra ? { more: 1 } : {}) };
        expect(hostLogged.data.check(payload)).toBe(asWritten.Check(payload));
      }),
      { numRuns: 2000 },
    );
  });

  it('an object of any entries passes; an array, null, a Date, bytes and a string do not', () => {
    const verdicts = [{ a: [1, { b: null }], 'c\nd': 'e' }, {}, [], null, new Date(0), new Uint8Array(1), 'text'].map(
      (data) => hostLogged.data.check({ turn, kind: 'movement', data }),
    );
    expect(verdicts).toEqual([true, true, false, false, false, false, false]);
  });

  it('the error names the field as before: expected an object', () => {
    expect(hostLogged.data.firstError({ turn, kind: 'movement', data: [] })?.message).toBe('data: expected an object');
    expect(hostLogged.data.firstError({ turn, kind: 'movement', data: null }, 'data')?.message).toBe(
      'data.data: expected an object',
    );
  });

  it('an optional open record stays optional, also inside an array and a union', () => {
    const schema = Strict({
      notes: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      list: Type.Array(Type.Union([Type.Null(), Type.Record(Type.String(), Type.Unknown())])),
    });
    const check = compile(schema);
    const cases = [
      { list: [] },
      { notes: { a: 1 }, list: [null, { b: 2 }] },
      { notes: [], list: [] },
      { list: [[]] },
      { list: [7] },
    ];
    expect(cases.map((c) => check.check(c))).toEqual([true, true, false, false, false]);
    expect(cases.map((c) => TypeCompiler.Compile(schema).Check(c))).toEqual([true, true, false, false, false]);
    expect(check.firstError({ list: [7] })?.message).toBe('list[0]: expected null or an object');
  });

  it('its JSON Schema form is the record as TypeBox writes it', () => {
    expect(jsonSchemaOf({ name: 'r', description: 'd', schema: Type.Record(Type.String(), Type.Unknown()) })).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:awaw-surrender:schema:r',
      title: 'r',
      description: 'd',
      type: 'object',
      patternProperties: { '^(.*)$': {} },
    });
  });
});
