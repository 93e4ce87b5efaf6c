// Effects (`code`) and breakdown lines (`key`) are checked by the member their tag names (src/schema/tagged-union.ts):
// the same verdicts and JSON paths as a union tried member by member, and the plain `anyOf` as their JSON Schema.
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { EffectSchema, effectCodeList } from '../../events/effects.js';
import { Strict } from '../../src/schema/types.js';
import { TaggedUnion } from '../../src/schema/tagged-union.js';
import { compile } from '../../src/schema/validate.js';
import { jsonSchemaOf } from '../../src/schemas/json-schema.js';

const effects = compile(Strict({ effects: Type.Array(EffectSchema) }));
const folgore = (params: unknown) => ({
  effects: [
    { rule: '56.31', code: 'folgore-to-german-force-pool', params: {} },
    { rule: '56.31', code: 'folgore-removed', params },
  ],
});

describe('effects checked by their code', () => {
  it('56.31: an effect whose params match its code passes; the params of another code do not', () => {
    expect(effects.check(folgore({ germany: 'surrendered-earlier' }))).toBe(true);
    expect(effects.firstError(folgore({ germany: 'surrendered-earlier' }))).toBeNull();
    expect(effects.check(folgore({}))).toBe(false);
    expect(effects.firstError(folgore({}))?.message).toBe(
      'effects[1].params.germany: missing required field ' +
        '(expected one of "surrendered-earlier", "surrenders-same-turn")',
    );
  });

  it('an unknown code is refused at the code, a missing one names the field, a non-object is not an effect', () => {
    expect(effects.firstError({ effects: [{ rule: '55.31', code: 'remove-units-55.31', params: {} }] })?.message).toBe(
      'effects[0].code: unknown code "remove-units-55.31"',
    );
    expect(effects.firstError({ effects: [{ rule: '55.31', params: {} }] })?.message).toBe(
      `effects[0].code: missing required field (one of ${effectCodeList.length} codes)`,
    );
    expect(effects.firstError({ effects: [7] })?.message).toBe('effects[0]: expected an object');
    expect(effects.check({ effects: [null] })).toBe(false);
    expect(effects.check({ effects: [[]] })).toBe(false);
  });

  it('a tag inherited rather than owned names no member (a hostile prototype)', () => {
    const inherited = Object.create({ code: 'italy-fights-on' }) as Record<string, unknown>;
    Object.assign(inherited, { rule: '55.2', params: {} });
    expect(effects.check({ effects: [inherited] })).toBe(false);
  });

  it('an unknown field beside a known code is refused at that field', () => {
    expect(
      effects.firstError({ effects: [{ rule: '55.2', code: 'italy-fights-on', params: {}, text: 'words' }] })?.message,
    ).toBe('effects[0].text: unknown field');
  });
});

describe('the tagged union as a schema', () => {
  it('its JSON Schema form is the anyOf of its members, no more', () => {
    const schema = TaggedUnion<{ kind: 'a' } | { kind: 'b'; n: number }>('kind', [
      Strict({ kind: Type.Literal('a') }),
      Strict({ kind: Type.Literal('b'), n: Type.Integer() }),
    ]);
    expect(jsonSchemaOf({ name: 't', description: 'd', schema })).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:awaw-surrender:schema:t',
      title: 't',
      description: 'd',
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind'],
          properties: { kind: { type: 'string', const: 'a' } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'n'],
          properties: { kind: { type: 'string', const: 'b' }, n: { type: 'integer' } },
        },
      ],
    });
  });

  it('members without their own literal tag are a programming error, found when the schema is built', () => {
    expect(() =>
      TaggedUnion('kind', [Strict({ kind: Type.Literal('a') }), Strict({ kind: Type.Literal('a') })]),
    ).toThrow('TaggedUnion: every member needs its own literal kind');
    expect(() => TaggedUnion('kind', [Strict({ kind: Type.String() })])).toThrow(
      'TaggedUnion: every member needs its own literal kind',
    );
  });
});
