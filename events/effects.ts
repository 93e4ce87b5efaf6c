// An effect of a rule decision that the host engine must apply on its map (units, hexes, BRPs ...):
// `{ rule, code, params }`, the code from one typed registry. The words are rendered from code and params
// (`renderEffect`), never stored: rewording a sentence changes no log and no replay verdict.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Strict } from '../src/schema/types.js';
import { TaggedUnion } from '../src/schema/tagged-union.js';
import { axisEffectCodes } from './effect-codes-axis.js';
import { britishEffectCodes } from './effect-codes-britain.js';

/** Every effect code, with the schema of its params and its words. */
export const effectCodes = { ...axisEffectCodes, ...britishEffectCodes } as const;
type Registry = typeof effectCodes;

export type EffectCode = keyof Registry;
export type EffectParams<C extends EffectCode> = Static<Registry[C]['params']>;
/** An effect, discriminated by its code: a bad code or wrong params is a compile error. */
export type Effect<C extends EffectCode = EffectCode> = {
  [K in C]: { readonly rule: string; readonly code: K; readonly params: EffectParams<K> };
}[C];

export const effectCodeList = Object.keys(effectCodes) as EffectCode[];

/** One closed object per code, checked by the member its code names. */
export const EffectSchema = TaggedUnion<Effect>(
  'code',
  effectCodeList.map((code) =>
    Strict({
      code: Type.Literal(code),
      rule: Type.String({ minLength: 1 }),
      params: effectCodes[code].params as TSchema,
    }),
  ),
);

/** Version 1 of the events that carry effects: each effect's words, stored as `text`. */
export const EffectSchemaV1 = Strict({
  rule: Type.String({ minLength: 1 }),
  code: Type.String({ pattern: '^[a-z0-9-]+$' }),
  text: Type.String(),
});
export type EffectV1 = Static<typeof EffectSchemaV1>;

/** The words of an effect, from its code and params. */
export function renderEffect(effect: Effect): string {
  // The registry's entry for `effect.code` takes exactly `effect.params` (the Effect type pairs them).
  return (effectCodes[effect.code].render as (params: Effect['params']) => string)(effect.params);
}

export const isEffectCode = (code: string): code is EffectCode => Object.hasOwn(effectCodes, code);
