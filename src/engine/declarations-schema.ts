// The war declarations menu (declarations.ts) as a TypeBox schema, for the exec protocol; its type is the schema's
// static type.
import { Type, type Static } from '@sinclair/typebox';
import { AlliedPowers, AxisPowers } from '../../events/common.js';
import { Count, Enum, Strict, type Frozen } from '../schema/types.js';

const Power = Enum([...AxisPowers, ...AlliedPowers]);

export const DeclarationSchema = Strict({
  aggressor: Power,
  target: Power,
  /** The aggressor's declaration on this target alone this turn would be accepted (at the USAT level below, if any). */
  allowed: Type.Boolean(),
  /** Why not: the rule and the rejection code decide gives. */
  refusedBy: Type.Union([Strict({ rule: Type.String(), code: Type.String() }), Type.Null()]),
  /** 59.86C: the lowest USAT level the declaration's `usatLevel` must state; null when it needs none. */
  usatLevelAtLeast: Type.Union([Count(), Type.Null()]),
});

export type Declaration = Frozen<Static<typeof DeclarationSchema>>;
