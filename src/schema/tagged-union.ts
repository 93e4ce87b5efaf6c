// A union of closed objects told apart by one literal field: an effect's `code`, a breakdown line's `key`.
// TypeBox checks a union by trying each member in turn and compiles every member into every schema that holds the
// union: with sixty effect codes that is ~50 kB of checking code per event type that carries effects, compiled on
// the first read of each (most of a log check's start-up). This kind looks the member up by its tag and compiles a
// member only when a value first names it, once per process. Its JSON Schema form is the plain `anyOf`.
import { Kind, Type, TypeRegistry, type TObject, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';

export const TaggedUnionKind = 'AwawTaggedUnion';
/** The name of the tag field, kept off the JSON form (a symbol key). */
const TagField = Symbol('awaw.taggedUnion.tag');

export interface TTaggedUnion<T = unknown> extends TUnsafe<T> {
  readonly anyOf: readonly TObject[];
  readonly [TagField]: string;
}

type Members = ReadonlyMap<unknown, { readonly schema: TObject; check(): TypeCheck<TObject> }>;
const tables = new WeakMap<TSchema, Members>();

const tagOf = (member: TObject, tag: string): unknown => {
  const property = member.properties[tag];
  return property !== undefined && property[Kind] === 'Literal' ? property['const'] : undefined;
};

function membersOf(schema: TTaggedUnion): Members {
  let table = tables.get(schema);
  if (table === undefined) {
    const tag = schema[TagField];
    table = new Map(
      schema.anyOf.map((member) => {
        let compiled: TypeCheck<TObject> | undefined;
        return [
          tagOf(member, tag),
          { schema: member, check: () => (compiled ??= TypeCompiler.Compile(member)) },
        ] as const;
      }),
    );
    tables.set(schema, table);
  }
  return table;
}

export const isTaggedUnion = (schema: TSchema): schema is TTaggedUnion =>
  schema[Kind] === TaggedUnionKind && typeof Reflect.get(schema, TagField) === 'string';

/**
 * The member a value's tag names: `{ tag, member }`, with `member` undefined when no member has the value's tag;
 * null when the value is not an object.
 */
export function taggedMember(
  schema: TTaggedUnion,
  value: unknown,
): { readonly tag: string; readonly member: TObject | undefined } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const tag = schema[TagField];
  const own = Object.hasOwn(value, tag) ? (value as Record<string, unknown>)[tag] : undefined;
  return { tag, member: membersOf(schema).get(own)?.schema };
}

TypeRegistry.Set<TSchema>(TaggedUnionKind, (schema, value) => {
  if (!isTaggedUnion(schema) || typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const tag = schema[TagField];
  if (!Object.hasOwn(value, tag)) return false;
  const entry = membersOf(schema).get((value as Record<string, unknown>)[tag]);
  return entry?.check().Check(value) === true;
});

/** The union of `members`, each a closed object whose field `tag` is a distinct literal. */
export function TaggedUnion<T>(tag: string, members: readonly TObject[]): TUnsafe<T> {
  const tags = members.map((m) => tagOf(m, tag));
  if (tags.some((t) => t === undefined) || new Set(tags).size !== tags.length)
    throw new Error(`TaggedUnion: every member needs its own literal ${tag}`);
  return Type.Unsafe<T>({ [Kind]: TaggedUnionKind, anyOf: members, [TagField]: tag });
}
