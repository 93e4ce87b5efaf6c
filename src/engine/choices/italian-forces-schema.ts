// The choices of a post-surrender Italian selection (italian-forces.ts) as a TypeBox schema, part of the
// pending-decision schema; their types are its static types.
import { Type, type Static } from '@sinclair/typebox';
import { Count, Enum, Strict, type Frozen } from '../../schema/types.js';
import { ItalianNavalStatuses } from '../../rules/italian-forces-table.js';
import type { Category } from '../../rules/italian-forces.js';

const Sides = ['axis', 'allied'] as const;
const CategoryNames = ['infantry', 'namedShips', 'cruisers', 'destroyers'] as const;
const Statuses = Type.Array(Enum(ItalianNavalStatuses));

/** One category of the selection (56.312: infantry and destroyers in factors, named ships and cruisers by unit). */
const CategoryChoice = Strict({
  rule: Enum(['56.31C', '56.31D'] as const),
  countedIn: Enum(['factors', 'units'] as const),
  /** 56.32: this side's half of the row. */
  entitled: Count(),
  /**
   * 56.31D, 56.312: the row, or all that remains of a short type, or the largest total the units can make without
   * exceeding the row.
   */
  required: Count(),
  /** What the valid picks amount to. */
  chosen: Count(),
  missing: Count(),
  over: Count(),
  met: Type.Boolean(),
  /** Adding units of this category can still make it exact (false: a pick must be taken back). */
  completable: Type.Boolean(),
});

/** Why a unit may not be picked by this side at all. */
const Refusal = Type.Union([
  Strict({ rule: Type.Literal('56.32'), code: Enum(['row-3-plus', 'unfinished-light-ship'] as const) }),
  Strict({ rule: Enum(['56.31C', '56.31D'] as const), code: Type.Literal('taken-by-other-side') }),
]);

const UnitChoice = Strict({
  id: Type.String(),
  category: Enum(CategoryNames),
  /** 56.312: factors for infantry and destroyers, 1 for a named ship or a cruiser. */
  size: Count(),
  /** A ship's status as reported; null for infantry. */
  status: Type.Union([Enum(ItalianNavalStatuses), Type.Null()]),
  selectable: Type.Boolean(),
  refusedBy: Type.Union([Refusal, Type.Null()]),
  takenBy: Type.Union([Enum(Sides), Type.Null()]),
  picked: Type.Boolean(),
  /** Adding it keeps an exact legal completion of the selection reachable. */
  canAdd: Type.Boolean(),
});

/** 56.32 footnote * and the unfinishedLightShips option: the ship statuses each naval category may be selected in. */
const ShipRule = Strict({
  rule: Type.Literal('56.32'),
  unfinishedLightShips: Enum(['rows-2-and-launch', 'never'] as const),
  namedShips: Statuses,
  cruisers: Statuses,
  destroyers: Statuses,
});

export const ItalianForcesChoicesSchema = Strict({
  /** The side that selects now. */
  side: Enum(Sides),
  /** 56.311: the sides that select, in order, and those that have. */
  order: Strict({ rule: Type.Literal('56.311'), sides: Type.Array(Enum(Sides)), made: Type.Array(Enum(Sides)) }),
  categories: Strict({
    infantry: CategoryChoice,
    namedShips: CategoryChoice,
    cruisers: CategoryChoice,
    destroyers: CategoryChoice,
  }),
  units: Type.Array(UnitChoice),
  shipRule: ShipRule,
  /** The tried selection would be accepted as it stands. */
  complete: Type.Boolean(),
});

export type ItalianCategory = Category;
export type ItalianCategoryChoice = Frozen<Static<typeof CategoryChoice>>;
export type ItalianUnitRefusal = Frozen<Static<typeof Refusal>>;
export type ItalianUnitChoice = Frozen<Static<typeof UnitChoice>>;
export type ItalianShipRule = Frozen<Static<typeof ShipRule>>;
export type ItalianForcesChoices = Frozen<Static<typeof ItalianForcesChoicesSchema>>;
