// The war declarations menu (declarations.ts) as a TypeBox schema, for the exec protocol.
import { Type } from '@sinclair/typebox';
import { AlliedPowers, AxisPowers } from '../../events/common.js';
import { Count, Enum, Strict } from '../schema/types.js';
import type { Declaration } from './declarations.js';
import type { SameShape } from '../schema/same-shape.js';

const Power = Enum([...AxisPowers, ...AlliedPowers]);

export const DeclarationSchema = Strict({
  aggressor: Power,
  target: Power,
  allowed: Type.Boolean(),
  refusedBy: Type.Union([Strict({ rule: Type.String(), code: Type.String() }), Type.Null()]),
  usatLevelAtLeast: Type.Union([Count(), Type.Null()]),
});

/** Fails to compile when this schema and the Declaration type part. */
export const declarationMatches = true satisfies SameShape<typeof DeclarationSchema, Declaration>;
