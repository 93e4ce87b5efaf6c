// Schema building blocks shared by the CLI inputs and the event payloads.
import { Type, type TLiteral, type TProperties, type TUnion } from '@sinclair/typebox';

/** A closed object: unknown fields are errors, so a typo is never silently ignored. */
export const Strict = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/**
 * A count: a non-negative integer, at most 2^53 - 1 (docs/cli.md: a larger one is out of range). The host API is given
 * numbers, not JSON text, so the bound is the schema's too: beyond it the rules' sums and steps round.
 */
export const Count = (options: { maximum?: number } = {}) =>
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, ...options });

/** A bound of an integer schema worth stating: none for the 2^53 - 1 every integer has (Count, Int). */
export const statedBound = (bound: number | undefined): number | undefined =>
  Math.abs(bound ?? 0) === Number.MAX_SAFE_INTEGER ? undefined : bound;

/** An integer that may be negative ("int" in the contract), of magnitude at most 2^53 - 1. */
export const Int = (options: { minimum?: number; maximum?: number } = {}) =>
  Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, ...options });

/** One of a fixed set of strings. */
export const Enum = <const V extends readonly [string, ...string[]]>(values: V): TUnion<TLiteral<V[number]>[]> =>
  Type.Union(values.map((v) => Type.Literal(v)));

/** The two kinds of game (docs/cli.md `scenario`). */
export const Scenarios = ['european', 'global'] as const;
export type Scenario = (typeof Scenarios)[number];

export const Seasons = ['spring', 'summer', 'fall', 'winter'] as const;
export type Season = (typeof Seasons)[number];

/** A game turn: Winter 1941 is the last turn of 1941. */
export const Turn = Strict({ year: Int({ minimum: 1900, maximum: 2100 }), season: Enum(Seasons) });

/** A schema's static type as the engine hands its values out: read-only all the way down (Static is mutable). */
export type Frozen<T> = T extends readonly (infer U)[]
  ? readonly Frozen<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;
