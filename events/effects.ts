// An effect of a rule decision that the host engine must apply on its map (units, hexes, BRPs ...).
import { Type } from '@sinclair/typebox';
import { Strict } from '../src/schema/types.js';

export const EffectSchema = Strict({
  rule: Type.String({ minLength: 1 }),
  /** Stable machine-readable name, e.g. `remove-all-german-units`. */
  code: Type.String({ pattern: '^[a-z0-9-]+$' }),
  text: Type.String(),
});
export type Effect = { readonly rule: string; readonly code: string; readonly text: string };
