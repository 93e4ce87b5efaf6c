// 56.31C, 56.31D, 56.311, 56.312, 56.32: validating a side's selection of post-surrender Italian forces,
// and the final disposition of Italy's units once both selections are made. Pure: the host engine reports
// what Italy has at the moment of surrender and resolves interception and placement itself.
import { Type, type Static } from '@sinclair/typebox';
import { Count, Enum, Strict } from '../schema/types.js';
import type { Violation } from './lines.js';
import { outOfOrder, type AllocationSide } from './italian-selection-order.js';
import {
  forcesForLevel,
  ItalianNavalStatuses,
  NAMED_SHIP_FOOTNOTE,
  type ForceAmounts,
  type ItalianNavalStatus,
  type ItalianSurrenderLevel,
} from './italian-forces-table.js';

/** 56.32: "named" ships are the capital ships, selected by unit like cruisers (56.312). */
export const NamedShipTypes = ['battleship', 'battlecruiser', 'carrier'] as const;
export const ItalianNavalTypes = [...NamedShipTypes, 'cruiser', 'destroyer'] as const;
export type ItalianNavalType = (typeof ItalianNavalTypes)[number];

const Id = Type.String({ minLength: 1 });
const Ids = Type.Array(Id);

/** What Italy has at the moment of surrender, as the host engine reports it. */
export const ItalianForcesSchema = Strict({
  navy: Type.Array(Strict({ id: Id, type: Enum(ItalianNavalTypes), factors: Count(), status: Enum(ItalianNavalStatuses) })),
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
  /** What the selection must total: the row, or what remains of a short type, or the largest total the units can make without exceeding the row. */
  readonly required: ForceAmounts;
  /** What the validly selected units amount to (56.312: infantry and destroyers in factors, the rest by unit). */
  readonly allocated: ForceAmounts;
  /** row - required: what the side cannot have because Italy lacks it (56.31D). */
  readonly lost: ForceAmounts;
}

type Category = 'infantry' | 'namedShips' | 'cruisers' | 'destroyers';
const Categories: readonly Category[] = ['infantry', 'namedShips', 'cruisers', 'destroyers'];
const amountKey = {
  infantry: 'infantryFactors',
  namedShips: 'namedShips',
  cruisers: 'cruisers',
  destroyers: 'destroyerFactors',
} as const satisfies Record<Category, keyof ForceAmounts>;
// `one`: a unit of the category; `amount`: what the row counts (56.312), singular.
const noun: Record<Category, { one: string; amount: string }> = {
  infantry: { one: 'infantry unit', amount: 'infantry factor' },
  namedShips: { one: 'named ship', amount: 'named ship' },
  cruisers: { one: 'cruiser', amount: 'cruiser' },
  destroyers: { one: 'destroyer', amount: 'destroyer factor' },
};
const count = (n: number, category: Category): string => `${n === 0 ? 'no' : n} ${noun[category].amount}${n === 1 ? '' : 's'}`;
const a = (word: string): string => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
// 56.31C for ground units, 56.31D for naval units.
const unitRule = (c: Category): string => (c === 'infantry' ? '56.31C' : '56.31D');

type Unit = { readonly kind: 'infantry'; readonly unit: ItalianInfantry } | { readonly kind: 'ship'; readonly unit: ItalianShip };

function indexForces(forces: ItalianForces): ReadonlyMap<string, Unit> {
  const index = new Map<string, Unit>();
  const add = (id: string, unit: Unit) => {
    if (index.has(id)) throw new RangeError(`Italian unit id '${id}' is reported twice`);
    index.set(id, unit);
  };
  for (const unit of forces.infantry) add(unit.id, { kind: 'infantry', unit });
  for (const unit of forces.navy) add(unit.id, { kind: 'ship', unit });
  return index;
}

const categoryOf = (u: Unit): Category => {
  if (u.kind === 'infantry') return 'infantry';
  const type = u.unit.type;
  return type === 'cruiser' ? 'cruisers' : type === 'destroyer' ? 'destroyers' : 'namedShips';
};

/** 56.32 footnote * (named ships) and the ruling on cruisers and destroyers: may this ship be selected at all? */
function selectableStatus(category: Category, status: ItalianNavalStatus, options: AllocationOptions): boolean {
  if (!NAMED_SHIP_FOOTNOTE.selectableStatuses.includes(status)) return false;
  if (category === 'namedShips') return true;
  const unfinished = status === 'row-2' || status === 'launch';
  return !unfinished || (options.unfinishedLightShips ?? 'rows-2-and-launch') === 'rows-2-and-launch';
}

/** How much a unit counts toward its category (56.312). */
const measure = (category: Category, u: Unit): number => (category === 'infantry' || category === 'destroyers' ? u.unit.factors : 1);

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
const levelName = (level: number): string => (level > 0 ? `+${level}` : `${level}`);

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
  const order = outOfOrder(level, side, side === 'axis' ? { axis: false, allied: otherMade } : { axis: otherMade, allied: false });
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
        violations.push({ rule: '56.312', message: `'${id}' is ${a(noun[actual].one)}, not ${a(noun[category].one)}` });
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
              ? `'${id}' is unfinished above the "2" row of the construction chart; only ships on the "2" or "Launch" row may be selected`
              : `'${id}' is unfinished on the "${unit.unit.status === 'launch' ? 'Launch' : '2'}" row; only named ships may be selected unfinished (option unfinishedLightShips: never)`,
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
      (u) => categoryOf(u) === category && !taken.has(u.unit.id) && (u.kind === 'infantry' || selectableStatus(category, u.unit.status, options)),
    );
    const sizes = available.map((u) => measure(category, u));
    const remaining = sizes.reduce((a, b) => a + b, 0);
    const target = largestTotalAtMost(sizes, entitled);
    const amount = chosen[category].reduce((total, u) => total + measure(category, u), 0);
    required[key] = target;
    allocated[key] = amount;
    lost[key] = entitled - target;
    const what = `${sideName(side)} receives ${count(entitled, category)} at surrender level ${levelName(level)}`;
    if (amount > entitled) {
      violations.push({ rule: '56.32', message: `${what}; ${amount} selected` });
    } else if (amount < target) {
      if (remaining <= entitled) {
        violations.push({
          rule: unitRule(category),
          message: `${what}, but only ${remaining} remain${remaining === 1 ? 's' : ''}: all of them must be taken (the rest is lost); ${amount} selected`,
        });
      } else if (target < entitled) {
        violations.push({
          rule: '56.312',
          message: `${what}; the remaining units cannot make exactly ${entitled}, so the largest total below it, ${target}, must be selected; ${amount} selected`,
        });
      } else {
        violations.push({ rule: '56.32', message: `${what}; ${amount} selected` });
      }
    }
  }

  return { legal: violations.length === 0, violations, row: { ...row }, required, allocated, lost };
}

/** A fixed or computed effect of the surrender on Italy's units, for the engine's log. */
export interface SurrenderEffect {
  readonly rule: string;
  readonly effect: string;
  /** The unit ids it concerns; empty for effects on all units of a kind. */
  readonly units: readonly string[];
}

export interface FinalDisposition {
  readonly germany: { readonly infantry: readonly string[]; readonly navy: readonly string[] };
  readonly us: { readonly infantry: readonly string[]; readonly navy: readonly string[] };
  /** 56.31C, 56.31D: permanently removed from play. */
  readonly removed: { readonly infantry: readonly string[]; readonly navy: readonly string[] };
  /** Of the ships going to the U.S., those on the board, which relocate to the closest Western Allied controlled port(s) (56.31D). */
  readonly relocatingToWesternAlliedPorts: readonly string[];
  readonly effects: readonly SurrenderEffect[];
}

/**
 * Where every Italian infantry and naval unit goes once both sides have selected (null: the side selects
 * nothing), and the fixed effects of 56.31A-D and 56.33. The selections must already be validated;
 * an unknown id or one selected by both sides is a defect of the caller (RangeError).
 */
export function finalDisposition(forces: ItalianForces, axisSelection: AllocationSelection | null, alliedSelection: AllocationSelection | null): FinalDisposition {
  const index = indexForces(forces);
  const owner = new Map<string, AllocationSide>();
  for (const [side, sel] of [['axis', axisSelection], ['allied', alliedSelection]] as const) {
    for (const category of Categories) {
      for (const id of sel?.[category] ?? []) {
        const unit = index.get(id);
        if (unit === undefined) throw new RangeError(`'${id}' is not an Italian unit`);
        if (categoryOf(unit) !== category) throw new RangeError(`'${id}' is not ${a(noun[category].one)}`);
        if (owner.has(id)) throw new RangeError(`'${id}' is selected twice`);
        owner.set(id, side);
      }
    }
  }
  const infantryOf = (side: AllocationSide | undefined) => forces.infantry.filter((u) => owner.get(u.id) === side).map((u) => u.id);
  const navyOf = (side: AllocationSide | undefined) => forces.navy.filter((u) => owner.get(u.id) === side).map((u) => u.id);
  const germany = { infantry: infantryOf('axis'), navy: navyOf('axis') };
  const us = { infantry: infantryOf('allied'), navy: navyOf('allied') };
  const removed = { infantry: infantryOf(undefined), navy: navyOf(undefined) };
  // Ships on the board sail; those still on the construction chart have no hex to leave (ruling 56.31D).
  const onBoard = new Set<ItalianNavalStatus>(['operational', 'damaged', 'sunk-in-port']);
  const relocating = forces.navy.filter((u) => owner.get(u.id) === 'allied' && onBoard.has(u.status)).map((u) => u.id);
  const list = (ids: readonly string[]) => (ids.length === 0 ? 'none' : ids.join(', '));

  const effects: SurrenderEffect[] = [
    { rule: '56.31A', effect: 'All Italian air units are permanently removed from play.', units: [] },
    {
      rule: '56.31B',
      effect:
        'The 1-3 Folgore airborne unit is added, unbuilt, to the German force pool, wherever it was and whatever the allocation; it may overstack and be used anywhere on the board, but may not airdrop.',
      units: [],
    },
    { rule: '56.31C', effect: 'All Italian ground units are removed from the board.', units: [] },
    { rule: '56.31C', effect: `Italian infantry added, unbuilt, to the German force pool: ${list(germany.infantry)}.`, units: germany.infantry },
    { rule: '56.31C', effect: `Italian infantry added, unbuilt, to the American force pool: ${list(us.infantry)}.`, units: us.infantry },
    { rule: '56.31C', effect: `Italian infantry not allocated, permanently removed from play: ${list(removed.infantry)}.`, units: removed.infantry },
    { rule: '56.31D', effect: `Italian naval units allocated to Germany: ${list(germany.navy)}.`, units: germany.navy },
    { rule: '56.31D', effect: `Italian naval units allocated to the United States: ${list(us.navy)}.`, units: us.navy },
    {
      rule: '56.31D',
      effect: `Ships joining the Western Allies relocate immediately to the closest Western Allied controlled port(s), subject to interception as displaced naval units: ${list(relocating)}.`,
      units: relocating,
    },
    { rule: '56.31D', effect: `Italian naval units in excess of the allocations, permanently removed from play: ${list(removed.navy)}.`, units: removed.navy },
    {
      rule: '56.31D',
      effect: 'Allocated Italian naval factors keep the Italian naval nationality DRM in naval combat, may be repaired if damaged or sunk in port, and may not be reconstructed if lost.',
      units: [...germany.navy, ...us.navy],
    },
    {
      rule: '56.33',
      effect:
        'The Folgore airborne unit and the allocated Italian ground units may be built, and rebuilt if lost, in any fully supplied German-controlled (German units) or American-controlled (American units) hex in Italy.',
      units: [...germany.infantry, ...us.infantry],
    },
  ];
  return { germany, us, removed, relocatingToWesternAlliedPorts: relocating, effects };
}
