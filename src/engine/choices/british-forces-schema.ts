// The choices of the British force reductions (src/engine/choices/british-forces.ts) as a TypeBox schema, part of
// the pending-decision schema (pending-decision.ts checks it against the type).
import { Type } from '@sinclair/typebox';
import { Count, Enum, Strict } from '../../schema/types.js';
import { ExemptionRules } from './british-forces.js';
import { ShipStatuses, ShipTypes } from '../../rules/force-reduction.js';

const ForceCategorySchema = Enum(['aaf', 'groundNas', 'naval'] as const);

const CategoryChoice = Strict({
  category: ForceCategorySchema,
  rule: Enum(['59.511', '59.512', '59.513E'] as const),
  required: Count(),
  uncapped: Count(),
  chosen: Count(),
  missing: Count(),
  over: Count(),
  droppable: Type.Array(Type.String()),
  met: Type.Boolean(),
  allMustGo: Type.Boolean(),
  divisor: Count(),
});

const UnitChoice = Strict({
  id: Type.String(),
  category: Type.Union([ForceCategorySchema, Type.Null()]),
  size: Count(),
  counts: Count(),
  naval: Type.Union([Strict({ type: Enum(ShipTypes), status: Enum(ShipStatuses), discounted: Type.Boolean() }), Type.Null()]),
  selectable: Type.Boolean(),
  exemptBy: Type.Union([Enum(ExemptionRules), Type.Null()]),
  subjectToEliminationBy: Type.Union([Type.Literal('59.514E'), Type.Null()]),
  picked: Type.Boolean(),
  canAdd: Type.Boolean(),
});

export const BritishForceChoicesSchema = Strict({
  categories: Type.Array(CategoryChoice),
  units: Type.Array(UnitChoice),
  complete: Type.Boolean(),
});
