// 59.513: what a unit counts towards and how much, per requirement: AAF factors, BRPs of ground units or NAS,
// naval factors with 59.513D's discounted ships at the ruling's ratio.
import type { ForceUnit, ShipStatus } from './force-reduction-input.js';

/**
 * 59.513D: incomplete, damaged, sunk-in-port and salvageable ships are discounted; the table is missing
 * from the rules text, so (like 59.22F) they count at HALF, pooled per selection and rounded down once.
 * The only place the ratio lives (docs/rulings.md).
 */
export const NAVAL_DISCOUNT = { numerator: 1, denominator: 2 } as const;
const DISCOUNTED_STATUSES: ReadonlySet<ShipStatus> = new Set(['incomplete', 'damaged', 'sunk-in-port', 'salvageable']);

export const isDiscounted = (unit: ForceUnit): boolean =>
  unit.naval !== undefined && DISCOUNTED_STATUSES.has(unit.naval.status);

/** Naval factors of ships: full factors plus the pooled discounted factors times the ratio, rounded down once. */
export function navalValue(ships: readonly ForceUnit[]): number {
  return Math.floor(ships.reduce((sum, s) => sum + navalWeight(s), 0) / NAVAL_DISCOUNT.denominator);
}

/**
 * A ship's weight in 1/denominator naval factors: full ships weigh factors * denominator, discounted ones
 * factors * numerator. A set's value is floor(sum of weights / denominator), which equals full factors plus
 * floor(discounted factors * ratio): one rounding per selection, as the ruling requires.
 */
const navalWeight = (ship: ForceUnit): number =>
  ship.factors * (isDiscounted(ship) ? NAVAL_DISCOUNT.numerator : NAVAL_DISCOUNT.denominator);

export type ForceCategory = 'aaf' | 'groundNas' | 'naval';

/** The requirement a unit counts towards, or null for kinds that never do (59.514A, B). */
export function categoryOf(unit: ForceUnit): ForceCategory | null {
  switch (unit.kind) {
    case 'aaf':
      return 'aaf';
    case 'ground':
    case 'nas':
      return 'groundNas';
    case 'naval':
      return 'naval';
    default:
      return null;
  }
}

/** A unit's weight in its category and the category's divisor: value of a set = floor(sum of weights / divisor). */
export function weightOf(unit: ForceUnit, category: ForceCategory): number {
  if (category === 'aaf') return unit.factors;
  if (category === 'groundNas') return unit.brps;
  return navalWeight(unit);
}
export const divisorOf = (category: ForceCategory): number => (category === 'naval' ? NAVAL_DISCOUNT.denominator : 1);
