// A record of unknown values (`Type.Record(Type.String(), Type.Unknown())`, the host's own data in `host.logged`)
// accepts any object whatever its entries hold, yet TypeBox's compiled check lists its entries (`Object.entries`)
// and tests each key against a pattern that accepts every key either way: a third of the check of a `host.logged`
// payload. For checking only, such a record becomes this kind, which asks what TypeBox's check of a record asks of
// the object itself and nothing of its entries. The schema itself, its JSON Schema form and its error messages are
// unchanged (./validate.ts reports errors from the schema as written).
import { Kind, TypeRegistry, type TSchema } from '@sinclair/typebox';
import { TypeSystemPolicy } from '@sinclair/typebox/system';
import { charactersForChecking } from './characters.js';

const OpenRecordKind = 'AwawOpenRecord';

// TypeBox's own test that a value may be a record (its `IsRecordLike` policy), on the value itself.
TypeRegistry.Set<TSchema>(
  OpenRecordKind,
  (_schema, value) =>
    typeof value === 'object' &&
    value !== null &&
    (TypeSystemPolicy.AllowArrayObject || !Array.isArray(value)) &&
    !(value instanceof Date) &&
    !(value instanceof Uint8Array),
);

const acceptsAnything = (schema: unknown): boolean =>
  typeof schema === 'object' &&
  schema !== null &&
  ((schema as TSchema)[Kind] === 'Unknown' || (schema as TSchema)[Kind] === 'Any');

/** A record whose every entry is accepted, whatever its key and value. */
function isOpenRecord(schema: TSchema): boolean {
  if (schema[Kind] !== 'Record' || schema['minProperties'] !== undefined || schema['maxProperties'] !== undefined)
    return false;
  const patterns = Object.values((schema['patternProperties'] as Record<string, unknown> | undefined) ?? {});
  const others: unknown = schema['additionalProperties'];
  return (
    patterns.length === 1 &&
    acceptsAnything(patterns[0]) &&
    (others === undefined || others === true || acceptsAnything(others))
  );
}

/**
 * The schema to compile for checks: every open record inside objects, arrays and unions replaced by the open-record
 * kind (its other fields kept, an optional property stays optional), every string counted in characters by the kind
 * that counts them (./characters.ts). The same schema when it holds none.
 */
export function forChecking(schema: TSchema): TSchema {
  if (isOpenRecord(schema)) return { ...schema, [Kind]: OpenRecordKind };
  const counted = charactersForChecking(schema);
  if (counted !== schema) return counted;
  let changed = false;
  const visit = (child: TSchema): TSchema => {
    const next = forChecking(child);
    if (next !== child) changed = true;
    return next;
  };
  const copy: TSchema = { ...schema };
  const properties = schema['properties'] as Record<string, TSchema> | undefined;
  if (schema[Kind] === 'Object' && properties !== undefined) {
    copy['properties'] = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, visit(child)]));
  }
  const items: unknown = schema['items'];
  if (schema[Kind] === 'Array' && typeof items === 'object' && items !== null && !Array.isArray(items))
    copy['items'] = visit(items as TSchema);
  const anyOf: unknown = schema['anyOf'];
  if (schema[Kind] === 'Union' && Array.isArray(anyOf)) copy['anyOf'] = anyOf.map((child: TSchema) => visit(child));
  return changed ? copy : schema;
}
