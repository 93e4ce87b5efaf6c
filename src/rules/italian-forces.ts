// 56.31C, 56.31D, 56.312: Italy's infantry and navy at the moment of surrender, as the host reports them, and
// one side's selection of them by id; the categories the selection counts in (56.312), shared by the validation
// of a selection (italian-allocation.ts) and the final disposition (italian-disposition.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Count, Enum, Strict } from '../schema/types.js';
import { ItalianNavalStatuses, type ItalianNavalStatus } from './italian-forces-table.js';

/** 56.32: "named" ships are the capital ships, selected by unit like cruisers (56.312). */
export const NamedShipTypes = ['battleship', 'battlecruiser', 'carrier'] as const;
export const ItalianNavalTypes = [...NamedShipTypes, 'cruiser', 'destroyer'] as const;
export type ItalianNavalType = (typeof ItalianNavalTypes)[number];

const Id = Type.String({ minLength: 1 });
const Ids = Type.Array(Id);

/** What Italy has at the moment of surrender, as the host engine reports it. */
export const ItalianForcesSchema = Strict({
  navy: Type.Array(
    Strict({ id: Id, type: Enum(ItalianNavalTypes), factors: Count(), status: Enum(ItalianNavalStatuses) }),
  ),
  /** Italian infantry units, on the board and in the force pool (56.31C); not the Folgore airborne unit (56.31B). */
  infantry: Type.Array(Strict({ id: Id, factors: Type.Integer({ minimum: 1 }) })),
});

/** One side's choice of units by id (56.312: the category decides how they are counted). */
export const AllocationSelectionSchema = Strict({ infantry: Ids, namedShips: Ids, cruisers: Ids, destroyers: Ids });

export interface ItalianShip {
  readonly id: string;
  readonly type: ItalianNavalType;
  readonly factors: number;
  readonly status: ItalianNavalStatus;
}
export interface ItalianInfantry {
  readonly id: string;
  readonly factors: number;
}
export interface ItalianForces {
  readonly navy: readonly ItalianShip[];
  readonly infantry: readonly ItalianInfantry[];
}
export interface AllocationSelection {
  readonly infantry: readonly string[];
  readonly namedShips: readonly string[];
  readonly cruisers: readonly string[];
  readonly destroyers: readonly string[];
}
// The schemas and the readonly interfaces describe the same documents.
type Assignable<A, B> = A extends B ? true : never;
const schemaMatchesForces: Assignable<Static<typeof ItalianForcesSchema>, ItalianForces> = true;
const schemaMatchesSelection: Assignable<Static<typeof AllocationSelectionSchema>, AllocationSelection> = true;
void schemaMatchesForces;
void schemaMatchesSelection;

export type Category = 'infantry' | 'namedShips' | 'cruisers' | 'destroyers';
export const Categories: readonly Category[] = ['infantry', 'namedShips', 'cruisers', 'destroyers'];
// `one`: a unit of the category; `amount`: what the row counts (56.312), singular.
export const noun: Record<Category, { one: string; amount: string }> = {
  infantry: { one: 'infantry unit', amount: 'infantry factor' },
  namedShips: { one: 'named ship', amount: 'named ship' },
  cruisers: { one: 'cruiser', amount: 'cruiser' },
  destroyers: { one: 'destroyer', amount: 'destroyer factor' },
};
/** "a cruiser", "an infantry unit". */
export const withArticle = (word: string): string => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

export type Unit =
  | { readonly kind: 'infantry'; readonly unit: ItalianInfantry }
  | { readonly kind: 'ship'; readonly unit: ItalianShip };

export function indexForces(forces: ItalianForces): ReadonlyMap<string, Unit> {
  const index = new Map<string, Unit>();
  const add = (id: string, unit: Unit) => {
    if (index.has(id)) throw new RangeError(`Italian unit id '${id}' is reported twice`);
    index.set(id, unit);
  };
  for (const unit of forces.infantry) add(unit.id, { kind: 'infantry', unit });
  for (const unit of forces.navy) add(unit.id, { kind: 'ship', unit });
  return index;
}

export const categoryOf = (u: Unit): Category => {
  if (u.kind === 'infantry') return 'infantry';
  const type = u.unit.type;
  return type === 'cruiser' ? 'cruisers' : type === 'destroyer' ? 'destroyers' : 'namedShips';
};
