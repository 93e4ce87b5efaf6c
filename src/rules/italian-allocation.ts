// 56.31C, 56.31D, 56.311, 56.312, 56.32: validating a side's selection of post-surrender Italian forces.
// Pure: the host engine reports what Italy has at the moment of surrender and resolves interception and
// placement itself. The forces and selections are described in italian-forces.ts; the final disposition of
// Italy's units once both selections are made is in italian-disposition.ts (both found here too).
import { signed, type Violation } from './lines.js';
import { outOfOrder, type AllocationSide } from './italian-selection-order.js';
import {
  forcesForLevel,
  NAMED_SHIP_FOOTNOTE,
  type ForceAmounts,
  type ItalianNavalStatus,
  type ItalianSurrenderLevel,
} from './italian-forces-table.js';
import {
  withArticle,
  Categories,
  categoryOf,
  indexForces,
  noun,
  type AllocationSelection,
  type Category,
  type ItalianForces,
  type Unit,
} from './italian-forces.js';

export {
  AllocationSelectionSchema,
  ItalianForcesSchema,
  ItalianNavalTypes,
  NamedShipTypes,
  type AllocationSelection,
  type ItalianForces,
  type ItalianInfantry,
  type ItalianNavalType,
  type ItalianShip,
} from './italian-forces.js';
export { finalDisposition, type FinalDisposition, type SurrenderEffect } from './italian-disposition.js';
export type { AllocationSide } from './italian-selection-order.js';

export interface AllocationOptions {
  /**
   * Whether cruisers and destroyers still on the "2" or "Launch" row of the construction chart may be selected.
   * Default `'rows-2-and-launch'`: as named ships may (56.32 footnote *). `'never'`: only ships in play.
   * Ships on the rows above (`row-3-plus`) may never be selected, whatever the type.
   */
  readonly unfinishedLightShips?: 'rows-2-and-launch' | 'never';
}

export interface AllocationInput {
  readonly level: ItalianSurrenderLevel;
  readonly side: AllocationSide;
  readonly forces: ItalianForces;
  /** The other side's selection when it has already chosen (at level 0, the Axis one), else null. */
  readonly alreadyAllocated: AllocationSelection | null;
  readonly selection: AllocationSelection;
}

export interface AllocationResult {
  readonly legal: boolean;
  readonly violations: readonly Violation[];
  /** The side's half of the 56.32 row. */
  readonly row: ForceAmounts;
  /**
   * What the selection must total: the row, or what remains of a short type, or the largest total the units can make
   * without exceeding the row.
   */
  readonly required: ForceAmounts;
  /** What the validly selected units amount to (56.312: infantry and destroyers in factors, the rest by unit). */
  readonly allocated: ForceAmounts;
  /** row - required: what the side cannot have because Italy lacks it (56.31D). */
  readonly lost: ForceAmounts;
}

/** 56.312: the row's amount each category counts toward. */
export const amountKey = {
  infantry: 'infantryFactors',
  namedShips: 'namedShips',
  cruisers: 'cruisers',
  destroyers: 'destroyerFactors',
} as const satisfies Record<Category, keyof ForceAmounts>;
const count = (n: number, category: Category): string =>
  `${n === 0 ? 'no' : n} ${noun[category].amount}${n === 1 ? '' : 's'}`;
// 56.31C for ground units, 56.31D for naval units.
export const unitRule = (c: Category): '56.31C' | '56.31D' => (c === 'infantry' ? '56.31C' : '56.31D');

/** Why a ship may never be selected: above the "2" row (56.32 footnote *), or unfinished and light under the option. */
export type ShipRefusal = 'row-3-plus' | 'unfinished-light-ship';

/**
 * 56.32 footnote * (named ships) and the ruling on cruisers and destroyers: why this ship may not be selected at all,
 * or null.
 */
export function shipRefusal(
  category: Category,
  status: ItalianNavalStatus,
  options: AllocationOptions,
): ShipRefusal | null {
  if (!NAMED_SHIP_FOOTNOTE.selectableStatuses.includes(status)) return 'row-3-plus';
  if (category === 'namedShips') return null;
  const unfinished = status === 'row-2' || status === 'launch';
  return unfinished && (options.unfinishedLightShips ?? 'rows-2-and-launch') === 'never'
    ? 'unfinished-light-ship'
    : null;
}

const selectableStatus = (category: Category, status: ItalianNavalStatus, options: AllocationOptions): boolean =>
  shipRefusal(category, status, options) === null;

/** How much a unit counts toward its category (56.312). */
export const measure = (category: Category, u: Unit): number =>
  category === 'infantry' || category === 'destroyers' ? u.unit.factors : 1;

/** The largest total of some of `sizes` that does not exceed `limit` (a small subset sum: the row is at most 9). */
export function largestTotalAtMost(sizes: readonly number[], limit: number): number {
  const reachable = new Array<boolean>(limit + 1).fill(false);
  reachable[0] = true;
  for (const size of sizes) {
    if (size <= 0) continue;
    for (let total = limit; total >= size; total--) if (reachable[total - size] === true) reachable[total] = true;
  }
  return reachable.lastIndexOf(true);
}

const allIds = (s: AllocationSelection | null): string[] => (s === null ? [] : Categories.flatMap((c) => s[c]));
const sideName = (side: AllocationSide): string => (side === 'axis' ? 'Germany' : 'the United States');

/** Validates one side's selection of post-surrender Italian forces (56.311, 56.312, 56.32, 56.31C, 56.31D). */
export function validateAllocation(input: AllocationInput, options: AllocationOptions = {}): AllocationResult {
  const { level, side, forces, alreadyAllocated, selection } = input;
  const table = forcesForLevel(level);
  const row = side === 'axis' ? table.germany : table.us;
  const index = indexForces(forces);
  const violations: Violation[] = [];

  // 56.311 (italian-selection-order.ts): at level 0 the other side's selection is made once it is given; at
  // any other level only one side selects, and an empty "other" selection took nothing.
  const otherIds = allIds(alreadyAllocated);
  const otherMade = level === 0 ? alreadyAllocated !== null : otherIds.length > 0;
  const order = outOfOrder(
    level,
    side,
    side === 'axis' ? { axis: false, allied: otherMade } : { axis: otherMade, allied: false },
  );
  if (order !== null) violations.push(order);
  const taken = new Set(otherIds);

  // Each selected id is checked once; only valid ones count toward the allocation.
  const seen = new Set<string>();
  const chosen: Record<Category, Unit[]> = { infantry: [], namedShips: [], cruisers: [], destroyers: [] };
  for (const category of Categories) {
    for (const id of selection[category]) {
      const rule = unitRule(category);
      if (seen.has(id)) {
        violations.push({ rule, message: `'${id}' is selected more than once` });
        continue;
      }
      seen.add(id);
      const unit = index.get(id);
      if (unit === undefined) {
        violations.push({ rule, message: `'${id}' is not an Italian unit at the time of surrender` });
        continue;
      }
      const actual = categoryOf(unit);
      if (actual !== category) {
        violations.push({
          rule: '56.312',
          message: `'${id}' is ${withArticle(noun[actual].one)}, not ${withArticle(noun[category].one)}`,
        });
        continue;
      }
      if (taken.has(id)) {
        violations.push({ rule, message: `'${id}' has already been taken by the other side` });
        continue;
      }
      if (unit.kind === 'ship' && !selectableStatus(category, unit.unit.status, options)) {
        violations.push({
          rule: '56.32',
          message:
            unit.unit.status === 'row-3-plus'
              ? `'${id}' is unfinished above the "2" row of the construction chart; only ships on the "2" or ` +
                `"Launch" row may be selected`
              : `'${id}' is unfinished on the "${unit.unit.status === 'launch' ? 'Launch' : '2'}" row; only named ` +
                `ships may be selected unfinished (option unfinishedLightShips: never)`,
        });
        continue;
      }
      chosen[category].push(unit);
    }
  }

  // 56.312, 56.32, 56.31D: each category must reach what the row gives, or all that remains of it, never more.
  const required = { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 };
  const allocated = { ...required };
  const lost = { ...required };
  for (const category of Categories) {
    const key = amountKey[category];
    const entitled = row[key];
    const available = [...index.values()].filter(
      (u) =>
        categoryOf(u) === category &&
        !taken.has(u.unit.id) &&
        (u.kind === 'infantry' || selectableStatus(category, u.unit.status, options)),
    );
    const sizes = available.map((u) => measure(category, u));
    const remaining = sizes.reduce((a, b) => a + b, 0);
    const target = largestTotalAtMost(sizes, entitled);
    const amount = chosen[category].reduce((total, u) => total + measure(category, u), 0);
    required[key] = target;
    allocated[key] = amount;
    lost[key] = entitled - target;
    const what = `${sideName(side)} receives ${count(entitled, category)} at surrender level ${signed(level)}`;
    if (amount > entitled) {
      violations.push({ rule: '56.32', message: `${what}; ${amount} selected` });
    } else if (amount < target) {
      if (remaining <= entitled) {
        violations.push({
          rule: unitRule(category),
          message:
            `${what}, but only ${remaining} remain${remaining === 1 ? 's' : ''}: all of them must be taken ` +
            `(the rest is lost); ${amount} selected`,
        });
      } else if (target < entitled) {
        violations.push({
          rule: '56.312',
          message:
            `${what}; the remaining units cannot make exactly ${entitled}, so the largest total below it, ` +
            `${target}, must be selected; ${amount} selected`,
        });
      } else {
        violations.push({ rule: '56.32', message: `${what}; ${amount} selected` });
      }
    }
  }

  return { legal: violations.length === 0, violations, row: { ...row }, required, allocated, lost };
}
