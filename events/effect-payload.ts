// The payload of an engine event that carries effects: its own fields, then `effects`. In version 2 each effect
// has its params; version 1 stored each effect's words, and its params are read back from them (events/effects-v1.ts).
import { Type, type TArray, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { Strict } from '../src/schema/types.js';
import { EffectSchema, EffectSchemaV1 } from './effects.js';
import { withParams } from './effects-v1.js';
import { defineUpcaster } from './registry.js';

/** What withParams reads of a version 1 payload: its effects, each with its words. */
type WithV1Effects = TObject<{ effects: TArray<typeof EffectSchemaV1> }>;

/** The payload schema of `fields` and `effects` (version 2 and later), and the upcaster of its version 1. */
export function effectPayload<P extends TProperties>(fields: P) {
  const schema = Strict({ ...fields, effects: Type.Array(EffectSchema) });
  // TypeScript cannot see `effects` in the static type of a generic object; the schema has it, as its last field.
  const v1 = Strict({ ...fields, effects: Type.Array(EffectSchemaV1) }) as TSchema as WithV1Effects;
  const fromV1 = defineUpcaster(1, v1, withParams);
  return { schema, fromV1 };
}
