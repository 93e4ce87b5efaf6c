// Breakdown lines as data: a line is `{ key, rule, value, params }`, its key from one typed registry per rule
// decision (the table's rows), each key with the schema of its params and how its words are rendered from them.
// Logs store the data only; the words (`detail`) are rendered when read: the audit and the calculators' output.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Strict } from '../schema/types.js';
import { TaggedUnion } from '../schema/tagged-union.js';
import { InputError } from '../schema/validate.js';
import type { Line } from './lines.js';

export interface LineSpec<S extends TSchema = TSchema> {
  readonly params: S;
  /** The words of the line, from its params and its value. */
  readonly render: (params: Static<S>, value: number) => string;
}

export const lineSpec = <S extends TSchema>(
  params: S,
  render: (params: Static<S>, value: number) => string,
): LineSpec<S> => ({ params, render });

/** `never`: any spec's render fits; each is only ever given its own key's params (LineOf pairs them). */
export type LineRegistry = Readonly<
  Record<string, { readonly params: TSchema; readonly render: (params: never, value: number) => string }>
>;

/** A line of a registry, discriminated by its key: a bad key or wrong params is a compile error. */
export type LineOf<R extends LineRegistry> = {
  [K in keyof R & string]: {
    readonly key: K;
    readonly rule: string;
    readonly value: number;
    readonly params: Static<R[K]['params']>;
  };
}[keyof R & string];

/** One closed object per key, checked by the member its key names. */
export const lineSchemaOf = <R extends LineRegistry>(registry: R) =>
  TaggedUnion<LineOf<R>>(
    'key',
    Object.keys(registry).map((key) =>
      Strict({
        key: Type.Literal(key),
        rule: Type.String({ minLength: 1 }),
        value: Type.Integer(),
        params: registry[key]?.params ?? Strict({}),
      }),
    ),
  );

/** The words of a line, from its key, params and value. */
export function renderLineOf<R extends LineRegistry>(registry: R, line: LineOf<R>): string {
  const spec = registry[line.key];
  // `line.key` is a key of the registry (LineOf pairs it with its params).
  return spec === undefined ? '' : (spec.render as (params: unknown, value: number) => string)(line.params, line.value);
}

/** Every line with its words: the calculators' JSON shape. */
export const wordedLines = <R extends LineRegistry>(
  registry: R,
  lines: readonly LineOf<R>[],
): Line<LineOf<R>['key']>[] =>
  lines.map((line) => ({ key: line.key, rule: line.rule, value: line.value, detail: renderLineOf(registry, line) }));

/** The stored line of a version that kept the words (`detail`), before lines were data. */
export const WordedLineSchema = Strict({
  key: Type.String({ minLength: 1 }),
  rule: Type.String({ minLength: 1 }),
  value: Type.Integer(),
  detail: Type.String(),
});

type Derived = { readonly key: string; readonly value: number; readonly rule: string };

/** The stored lines as data, read with `derived`, or the first line they cannot be read with, by its index. */
function readWords<L extends Derived>(
  stored: readonly Static<typeof WordedLineSchema>[],
  derived: readonly L[],
): L[] | { readonly at: number; readonly error: InputError } {
  const out: L[] = [];
  for (const [i, line] of stored.entries()) {
    const again = derived[i];
    if (again === undefined || again.key !== line.key)
      return {
        at: i,
        error: new InputError(
          `data.lines[${i}].key`,
          `line "${line.key}" is not a row the rules derive from the stored inputs at this place`,
        ),
      };
    if (again.value !== line.value)
      return {
        at: i,
        error: new InputError(
          `data.lines[${i}].value`,
          `line "${line.key}" holds ${line.value}; its stored inputs give ${again.value}`,
        ),
      };
    out.push({ ...again, rule: line.rule });
  }
  if (derived.length !== stored.length)
    return {
      at: stored.length,
      error: new InputError('data.lines', `expected ${derived.length} lines, found ${stored.length}`),
    };
  return out;
}

/**
 * Old lines as data: the params are those the rules derive from the event's own stored inputs (the rule functions
 * are pure), taken for a stored line only when the same row at the same place has the same value; otherwise the line
 * is refused, naming it and its JSON path. The stored words are not compared: they are the words of their time (a
 * rendering, as the audit now renders them), and the current templates may since have been reworded.
 * Where a ruling option the inputs do not hold can change a row, each option's lines are an alternative: the first
 * whose values all match is taken; if none does, the refusal is that of the one matching the most lines (the first
 * of those).
 */
export function linesFromWords<L extends Derived>(
  stored: readonly Static<typeof WordedLineSchema>[],
  ...alternatives: readonly (readonly L[])[]
): L[] | InputError {
  let nearest: { readonly at: number; readonly error: InputError } | undefined;
  for (const derived of alternatives) {
    const read = readWords(stored, derived);
    if (Array.isArray(read)) return read;
    if (nearest === undefined || read.at > nearest.at) nearest = read;
  }
  return nearest?.error ?? new InputError('data.lines', 'no lines derived from the stored inputs');
}

/** An upcaster's step for a payload whose `lines` kept their words: the lines as data, derived from its `inputs`. */
export const withDerivedLines = <I, L extends Derived>(derive: (inputs: I) => readonly L[]) =>
  withDerivedLinesOf((inputs: I) => [derive(inputs)]);

/** The same, with one alternative per value of a ruling option that the inputs do not hold (linesFromWords). */
export const withDerivedLinesOf =
  <I, L extends Derived>(derive: (inputs: I) => readonly (readonly L[])[]) =>
  <D extends { readonly inputs: I; readonly lines: readonly Static<typeof WordedLineSchema>[] }>(
    data: D,
  ): InputError | (Omit<D, 'lines'> & { lines: L[] }) => {
    const lines = linesFromWords(data.lines, ...derive(data.inputs));
    return lines instanceof InputError ? lines : { ...data, lines };
  };
