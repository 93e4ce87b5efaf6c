// A compile-time check that a TypeBox schema describes exactly a type written by hand (a calculator's output, a
// pending decision): the schema's static type and the type are assignable both ways, readonly aside.
import type { Static, TSchema } from '@sinclair/typebox';

type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** `true` only when `Static<S>` and `T` have the same shape. */
export type SameShape<S extends TSchema, T> = [DeepReadonly<Static<S>>] extends [DeepReadonly<T>]
  ? [DeepReadonly<T>] extends [DeepReadonly<Static<S>>]
    ? true
    : false
  : false;
