// Schema building blocks shared by the CLI inputs and the event payloads.
import { Type, type TLiteral, type TProperties, type TUnion } from '@sinclair/typebox';

/** A closed object: unknown fields are errors, so a typo is never silently ignored. */
export const Strict = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** A count: a non-negative integer. */
export const Count = (options: { maximum?: number } = {}) => Type.Integer({ minimum: 0, ...options });

/** An integer that may be negative ("int" in the contract). */
export const Int = (options: { minimum?: number; maximum?: number } = {}) => Type.Integer(options);

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
