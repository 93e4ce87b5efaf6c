// How an effect code is declared: the schema of its params and how its words are rendered from them.
// Logs store `{ rule, code, params }` only; the words are rendered when read (the audit), never stored.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Count, Enum, Strict } from '../src/schema/types.js';

export interface CodeSpec<S extends TSchema = TSchema> {
  readonly params: S;
  readonly render: (params: Static<S>) => string;
}

/** A code with params. */
export const spec = <S extends TSchema>(params: S, render: (params: Static<S>) => string): CodeSpec<S> => ({
  params,
  render,
});

const None = Strict({});
/** A code whose words never vary: no params. */
export const fixed = (words: string): CodeSpec<typeof None> => ({ params: None, render: () => words });

export const Ids = Type.Array(Type.String({ minLength: 1 }), { maxItems: 5000 });
export const Names = Type.Array(Type.String(), { maxItems: 5000 });
/** `none` or the ids, comma-separated. */
export const list = (ids: readonly string[]): string => (ids.length === 0 ? 'none' : ids.join(', '));

export const ForceAmounts = Strict({
  infantryFactors: Count(),
  namedShips: Count(),
  cruisers: Count(),
  destroyerFactors: Count(),
});
export const Side = Enum(['axis', 'allied'] as const);
/** Italy's position when Germany surrenders, once out of the war (55.21, 55.52). */
export const ItalyOut = Enum(['surrendered-earlier', 'surrenders-same-turn', 'never-at-war'] as const);
/** Germany's position when Italy surrenders, once out of the war (56.21, 56.31B, 56.41). */
export const GermanyOut = Enum(['surrendered-earlier', 'surrenders-same-turn'] as const);

export const ITALY_OUT: Record<Static<typeof ItalyOut>, string> = {
  'surrendered-earlier': 'Italy has already surrendered',
  'surrenders-same-turn': 'Italy surrenders at the end of this same Allied player turn',
  'never-at-war': 'Italy never went to war with the Allies',
};
export const GERMANY_OUT: Record<Static<typeof GermanyOut>, string> = {
  'surrendered-earlier': 'Germany has already surrendered',
  'surrenders-same-turn': 'Germany surrenders at the end of this same Allied player turn',
};
