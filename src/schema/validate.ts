// Runtime validation of outside input (CLI JSON, log lines) with TypeBox's compiled checkers.
// Every failure becomes an InputError naming the JSON path, e.g. `naval[3].factors`.
import { Kind, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, ValueErrorType, type TypeCheck } from '@sinclair/typebox/compiler';
import { Errors } from '@sinclair/typebox/errors';
import { forChecking } from './open-record.js';
import { isTaggedUnion, taggedMember, TaggedUnionKind, type TTaggedUnion } from './tagged-union.js';
import { statedBound } from './types.js';

/** Malformed input: exit code 2 on the CLI. `path` is `$` for the document itself. */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(`${path}: ${detail}`);
  }
}

export interface Validator<T> {
  readonly schema: TSchema;
  /** True when the value matches; no allocation on success. */
  check(value: unknown): value is T;
  /** The value typed, or an InputError for the first problem found. */
  parse(value: unknown, root?: string): T;
  /** The first problem, or null. */
  firstError(value: unknown, root?: string): InputError | null;
}

/**
 * Compiles once per schema, never per value: compilation costs milliseconds. Lazily, on first use, so that a
 * process compiles only the schemas it meets (a calculator call is not charged for every event schema).
 */
export function compile<S extends TSchema>(schema: S): Validator<Static<S>> {
  let compiled: TypeCheck<TSchema> | undefined;
  // The check compiled from the schema with its open records asking nothing of their entries (./open-record.ts);
  // problems are found in the schema as written.
  const checker = (): TypeCheck<TSchema> => (compiled ??= TypeCompiler.Compile(forChecking(schema)));
  const firstError = (value: unknown, root = ''): InputError | null => {
    if (checker().Check(value)) return null;
    const first = Errors(schema, [], value).First();
    if (first === undefined) return new InputError(root || '$', 'does not match the schema');
    const path = joinPath(root, pointerToPath(first.path));
    if (first.type === ValueErrorType.Union)
      return (
        unionError(first.schema, first.value, path) ?? new InputError(path, describeError(first.type, first.schema))
      );
    if (isTaggedUnion(first.schema)) return taggedError(first.schema, first.value, path);
    return new InputError(path, describeError(first.type, first.schema));
  };
  return {
    schema,
    check: (value): value is Static<S> => checker().Check(value),
    parse(value, root = '') {
      if (checker().Check(value)) return value;
      throw firstError(value, root) ?? new InputError(root || '$', 'does not match the schema');
    },
    firstError,
  };
}

const members = new WeakMap<TSchema, Validator<unknown>>();

/**
 * A union of objects told apart by one literal field (an effect's `code`): the problem is that field's, when no
 * member has its value, or else the first problem of the member it names, so that the message names a field.
 */
function unionError(schema: TSchema, value: unknown, path: string): InputError | null {
  const variants: unknown = schema['anyOf'];
  if (!Array.isArray(variants) || typeof value !== 'object' || value === null) return null;
  // An object where an object or null is expected: the problem is the object's own (a report inside a correction).
  const objects = (variants as TSchema[]).filter((v) => v[Kind] !== 'Null');
  if (objects.length === 1 && objects.length < variants.length) {
    const only = objects[0] as TSchema;
    return isTaggedUnion(only) ? taggedError(only, value, path) : validatorOf(only).firstError(value, path);
  }
  const literalAt = (variant: TSchema, key: string): unknown => {
    const property: unknown = (variant['properties'] as Record<string, TSchema> | undefined)?.[key];
    return typeof property === 'object' && property !== null && (property as TSchema)[Kind] === 'Literal'
      ? (property as TSchema)['const']
      : undefined;
  };
  const first = variants[0] as TSchema;
  const keys = Object.keys((first['properties'] as Record<string, TSchema> | undefined) ?? {});
  const key = keys.find((k) => variants.every((v: TSchema) => literalAt(v, k) !== undefined));
  if (key === undefined) return null;
  const tag: unknown = (value as Record<string, unknown>)[key];
  const member = (variants as TSchema[]).find((v) => literalAt(v, key) === tag);
  if (member === undefined) return new InputError(memberPath(path, key), `unknown ${key} ${JSON.stringify(tag)}`);
  return validatorOf(member).firstError(value, path);
}

/** A tagged union's problem: its tag's, when no member has the value's tag, or else the named member's first. */
function taggedError(schema: TTaggedUnion, value: unknown, path: string): InputError {
  const found = taggedMember(schema, value);
  if (found === null) return new InputError(path, 'expected an object');
  if (found.member === undefined) {
    const tag: unknown = (value as Record<string, unknown>)[found.tag];
    return new InputError(
      memberPath(path, found.tag),
      tag === undefined
        ? `missing required field (one of ${schema.anyOf.length} ${found.tag}s)`
        : `unknown ${found.tag} ${JSON.stringify(tag)}`,
    );
  }
  return validatorOf(found.member).firstError(value, path) ?? new InputError(path, 'does not match the schema');
}

const validatorOf = (member: TSchema): Validator<unknown> => {
  let validator = members.get(member);
  if (validator === undefined) {
    validator = compile(member);
    members.set(member, validator);
  }
  return validator;
};

/** `/naval/3/factors` -> `naval[3].factors`; the empty pointer is `$`. */
export function pointerToPath(pointer: string): string {
  if (pointer === '' || pointer === '/') return '';
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** The path of member `key` of the value at `parent`: `naval[3].factors`, `data["a b"]`. */
export function memberPath(parent: string, key: string): string {
  return joinPath(parent, /^[A-Za-z_$][\w$-]*$/.test(key) ? key : `[${JSON.stringify(key)}]`);
}

/** Joins a parent path and a child path; either may be empty. */
export function joinPath(parent: string, child: string): string {
  if (parent === '' || parent === '$') return child === '' ? '$' : child;
  if (child === '') return parent;
  return child.startsWith('[') ? `${parent}${child}` : `${parent}.${child}`;
}

function describeError(type: ValueErrorType, schema: TSchema): string {
  switch (type) {
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.IntegerMinimum: {
      const bound = schema[type === ValueErrorType.IntegerMaximum ? 'maximum' : 'minimum'] as number | undefined;
      if (bound !== undefined && Math.abs(bound) === Number.MAX_SAFE_INTEGER)
        return `out of range (expected a magnitude of at most ${Number.MAX_SAFE_INTEGER})`;
      return describeSchema(schema);
    }
    case ValueErrorType.ObjectAdditionalProperties:
      return 'unknown field';
    case ValueErrorType.ObjectRequiredProperty:
      return `missing required field (${describeSchema(schema)})`;
    default:
      return describeSchema(schema);
  }
}

/** What a value of this schema must be, in words a player understands. */
export function describeSchema(schema: TSchema): string {
  switch (schema[Kind]) {
    case 'Integer': {
      const min = statedBound(schema['minimum'] as number | undefined);
      const max = statedBound(schema['maximum'] as number | undefined);
      if (min !== undefined && max !== undefined) return `expected an integer from ${min} to ${max}`;
      if (min === 0) return 'expected a non-negative integer';
      if (min !== undefined) return `expected an integer of at least ${min}`;
      if (max !== undefined) return `expected an integer of at most ${max}`;
      return 'expected an integer';
    }
    case 'Number':
      return 'expected a number';
    case 'Boolean':
      return 'expected true or false';
    case 'String': {
      const pattern = schema['pattern'] as string | undefined;
      const minLength = schema['minLength'] as number | undefined;
      if (pattern !== undefined) return `expected a string matching ${pattern}`;
      if (minLength !== undefined && minLength > 0) return 'expected a non-empty string';
      return 'expected a string';
    }
    case 'Literal':
      return `expected ${JSON.stringify(schema['const'])}`;
    case 'Null':
      return 'expected null';
    case 'Array': {
      const maxItems = schema['maxItems'] as number | undefined;
      return maxItems !== undefined ? `expected an array of at most ${maxItems} items` : 'expected an array';
    }
    case 'Object':
    case 'Record':
    case TaggedUnionKind:
      return 'expected an object';
    case 'Union': {
      const members = (schema['anyOf'] as TSchema[]) ?? [];
      if (members.every((m) => m[Kind] === 'Literal')) {
        return `expected one of ${members.map((m) => JSON.stringify(m['const'])).join(', ')}`;
      }
      return `expected ${members.map((m) => describeSchema(m).replace(/^expected /, '')).join(' or ')}`;
    }
    default:
      return 'has the wrong type';
  }
}
