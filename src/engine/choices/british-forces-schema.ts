// The choices of the British force reductions (british-forces.ts) as a TypeBox schema, part of the pending-decision
// schema; their types are its static types.
import { Type, type Static } from '@sinclair/typebox';
import { Count, Enum, Strict, type Frozen } from '../../schema/types.js';
import { ShipStatuses, ShipTypes } from '../../rules/force-reduction.js';

/** The rules that keep a unit in the pool (59.514A-E; 59.513B-D for Asia in a European scenario). */
export const ExemptionRules = [
  '59.513B',
  '59.513C',
  '59.513D',
  '59.514A',
  '59.514B',
  '59.514C',
  '59.514D',
  '59.514E',
] as const;
export type ExemptionRule = (typeof ExemptionRules)[number];

const ForceCategorySchema = Enum(['aaf', 'groundNas', 'naval'] as const);

const CategoryChoice = Strict({
  category: ForceCategorySchema,
  /** 59.511: nothing is removed; 59.512: the requirement stands; 59.513E: the pool caps it. */
  rule: Enum(['59.511', '59.512', '59.513E'] as const),
  /** What the selection must meet, after the 59.513E cap. */
  required: Count(),
  /** 59.512 (59.872): before the cap. */
  uncapped: Count(),
  /** Value of the eligible picked units (naval after the 59.513D discount). */
  chosen: Count(),
  missing: Count(),
  /** 59.513F: value beyond the least that meets the requirement (59.511: everything chosen). */
  over: Count(),
  /** 59.513F: picked ids that could be dropped with the requirement still met. */
  droppable: Type.Array(Type.String()),
  /** This category would be accepted as it stands. */
  met: Type.Boolean(),
  /** 59.513E: the eligible pool is below the requirement, so every eligible unit goes. */
  allMustGo: Type.Boolean(),
  /**
   * A set's value is floor(sum of its units' `counts` / divisor): 2 for naval (59.513D: discounted ships count
   * half, pooled and rounded down once, so `counts` are half-factors there), 1 otherwise.
   */
  divisor: Count(),
});

const UnitChoice = Strict({
  id: Type.String(),
  /** The requirement it counts towards; null for kinds that never count (59.514A, B). */
  category: Type.Union([ForceCategorySchema, Type.Null()]),
  /** AAF factors, ground/NAS BRPs or naval factors (combat factors for kinds with no category). */
  size: Count(),
  /** What it adds to its category's sum, in 1/divisor of the category's value; 0 when it may not be selected. */
  counts: Count(),
  /** Naval units: type, status and whether 59.513D discounts it. */
  naval: Type.Union([
    Strict({ type: Enum(ShipTypes), status: Enum(ShipStatuses), discounted: Type.Boolean() }),
    Type.Null(),
  ]),
  selectable: Type.Boolean(),
  /** The rule that keeps it in the pool; null when selectable. */
  exemptBy: Type.Union([Enum(ExemptionRules), Type.Null()]),
  /** 59.514E: a minor-country unit the terms made subject to elimination. */
  subjectToEliminationBy: Type.Union([Type.Literal('59.514E'), Type.Null()]),
  /** In the selection tried. */
  picked: Type.Boolean(),
  /** Adding it to the picks leaves a legal selection reachable. */
  canAdd: Type.Boolean(),
});

export const BritishForceChoicesSchema = Strict({
  categories: Type.Array(CategoryChoice),
  units: Type.Array(UnitChoice),
  /** The selection tried (empty when none) would be accepted. */
  complete: Type.Boolean(),
});

export type ForceCategoryChoice = Frozen<Static<typeof CategoryChoice>>;
export type ForceUnitChoice = Frozen<Static<typeof UnitChoice>>;
export type BritishForceChoices = Frozen<Static<typeof BritishForceChoicesSchema>>;
