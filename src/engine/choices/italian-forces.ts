// 56.31C, 56.31D, 56.311, 56.312, 56.32: the choice space of one side's selection of post-surrender Italian
// forces, as data. Legality is validateAllocation's alone: what is required and what the picks amount to come
// from it, and `complete` is its verdict; what is added here is which units may still be added so that an exact
// legal completion stays reachable (a subset sum over at most 9 factors a category, so polynomial).
import {
  amountKey,
  measure,
  shipRefusal,
  unitRule,
  validateAllocation,
  type AllocationInput,
  type AllocationOptions,
  type AllocationSide,
  type ShipRefusal,
} from '../../rules/italian-allocation.js';
import { Categories, categoryOf, type Category, type Unit } from '../../rules/italian-forces.js';
import { ItalianNavalStatuses } from '../../rules/italian-forces-table.js';
import type {
  ItalianCategory,
  ItalianCategoryChoice,
  ItalianForcesChoices,
  ItalianShipRule,
  ItalianUnitChoice,
  ItalianUnitRefusal,
} from './italian-forces-schema.js';

export type {
  ItalianCategory,
  ItalianCategoryChoice,
  ItalianForcesChoices,
  ItalianShipRule,
  ItalianUnitChoice,
  ItalianUnitRefusal,
} from './italian-forces-schema.js';

export interface ChoicesInput extends AllocationInput {
  readonly order: ItalianForcesChoices['order'];
  readonly options: AllocationOptions;
}

/** Sums (as bits of a mask, capped at `limit`) that some subset of `sizes` makes. */
const sumsOf = (sizes: readonly number[], limit: number): number[] => {
  const masks = [1];
  for (const size of sizes)
    masks.push((masks[masks.length - 1] ?? 1) | shifted(masks[masks.length - 1] ?? 1, size, limit));
  return masks;
};
const capMask = (limit: number): number => (1 << (limit + 1)) - 1;
const shifted = (mask: number, by: number, limit: number): number => (mask << by) & capMask(limit);
/** The sums of one element of each mask's sums, capped. */
function combined(a: number, b: number, limit: number): number {
  let out = 0;
  for (let bit = 0; bit <= limit; bit++) if ((a >> bit) & 1) out |= shifted(b, bit, limit);
  return out;
}
const has = (mask: number, n: number): boolean => n >= 0 && ((mask >> n) & 1) === 1;

function shipRuleOf(options: AllocationOptions): ItalianShipRule {
  const allowed = (c: Category) => ItalianNavalStatuses.filter((s) => shipRefusal(c, s, options) === null);
  return {
    rule: '56.32',
    unfinishedLightShips: options.unfinishedLightShips ?? 'rows-2-and-launch',
    namedShips: allowed('namedShips'),
    cruisers: allowed('cruisers'),
    destroyers: allowed('destroyers'),
  };
}

const unitsOf = (input: AllocationInput): Unit[] => [
  ...input.forces.infantry.map((unit): Unit => ({ kind: 'infantry', unit })),
  ...input.forces.navy.map((unit): Unit => ({ kind: 'ship', unit })),
];

/** The choice space of one side's selection, against the picks of `input.selection`. */
export function italianForcesChoices(input: ChoicesInput): ItalianForcesChoices {
  const { side, selection, alreadyAllocated, options } = input;
  const result = validateAllocation(input, options);
  const taken = new Set(alreadyAllocated === null ? [] : Categories.flatMap((c) => alreadyAllocated[c]));
  const other: AllocationSide = side === 'axis' ? 'allied' : 'axis';

  const entries = unitsOf(input).map((u) => {
    const category = categoryOf(u);
    const refusedBy: ItalianUnitRefusal | null = taken.has(u.unit.id)
      ? { rule: unitRule(category), code: 'taken-by-other-side' }
      : u.kind === 'ship'
        ? refusal(shipRefusal(category, u.unit.status, options))
        : null;
    return { u, category, size: measure(category, u), refusedBy, picked: selection[category].includes(u.unit.id) };
  });
  // Every picked id must be a selectable unit of its category, once; anything else can never complete.
  const validPicks = new Set(
    entries.filter((e) => e.picked && e.refusedBy === null).map((e) => `${e.category}:${e.u.unit.id}`),
  );
  const pickCount = Categories.reduce((n, c) => n + selection[c].length, 0);
  const clean = validPicks.size === pickCount;

  // Per category: the rest still free, and for each the sums the others can make (prefix and suffix sums).
  const addable = new Set<string>();
  const completable = new Map<Category, boolean>();
  for (const category of Categories) {
    const key = amountKey[category];
    const limit = result.row[key];
    const left = result.required[key] - result.allocated[key];
    const rest = entries.filter((e) => e.category === category && e.refusedBy === null && !e.picked);
    const sizes = rest.map((e) => e.size);
    const prefix = sumsOf(sizes, limit);
    const suffix = sumsOf([...sizes].reverse(), limit).reverse();
    rest.forEach((e, i) => {
      if (has(combined(prefix[i] ?? 1, suffix[i + 1] ?? 1, limit), left - e.size)) addable.add(e.u.unit.id);
    });
    completable.set(category, has(prefix[prefix.length - 1] ?? 1, left));
  }
  const open = clean && [...completable.values()].every(Boolean);

  const categoryChoice = (category: ItalianCategory): ItalianCategoryChoice => {
    const key = amountKey[category];
    const entitled = result.row[key];
    const required = result.required[key];
    const chosen = result.allocated[key];
    return {
      rule: unitRule(category),
      countedIn: category === 'infantry' || category === 'destroyers' ? 'factors' : 'units',
      entitled,
      required,
      chosen,
      missing: Math.max(0, required - chosen),
      over: Math.max(0, chosen - entitled),
      met: chosen >= required && chosen <= entitled,
      completable: completable.get(category) === true,
    };
  };
  const categories = {
    infantry: categoryChoice('infantry'),
    namedShips: categoryChoice('namedShips'),
    cruisers: categoryChoice('cruisers'),
    destroyers: categoryChoice('destroyers'),
  };

  const units = entries.map(
    (e): ItalianUnitChoice => ({
      id: e.u.unit.id,
      category: e.category,
      size: e.size,
      status: e.u.kind === 'ship' ? e.u.unit.status : null,
      selectable: e.refusedBy === null,
      refusedBy: e.refusedBy,
      takenBy: taken.has(e.u.unit.id) ? other : null,
      picked: e.picked,
      canAdd: open && addable.has(e.u.unit.id),
    }),
  );
  return { side, order: input.order, categories, units, shipRule: shipRuleOf(options), complete: result.legal };
}

const refusal = (code: ShipRefusal | null): ItalianUnitRefusal | null =>
  code === null ? null : { rule: '56.32', code };
