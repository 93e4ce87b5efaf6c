// 56.31A-D, 56.33: where every Italian infantry and naval unit goes once both sides have selected, and the
// fixed effects of the surrender on Italy's units, for the engine's log.
import type { AllocationSide } from './italian-selection-order.js';
import type { ItalianNavalStatus } from './italian-forces-table.js';
import {
  withArticle,
  Categories,
  categoryOf,
  indexForces,
  noun,
  type AllocationSelection,
  type ItalianForces,
} from './italian-forces.js';

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
  /**
   * Of the ships going to the U.S., those on the board, which relocate to the closest Western Allied controlled port(s)
   * (56.31D).
   */
  readonly relocatingToWesternAlliedPorts: readonly string[];
  readonly effects: readonly SurrenderEffect[];
}

/**
 * Where every Italian infantry and naval unit goes once both sides have selected (null: the side selects
 * nothing), and the fixed effects of 56.31A-D and 56.33. The selections must already be validated;
 * an unknown id or one selected by both sides is a defect of the caller (RangeError).
 */
export function finalDisposition(
  forces: ItalianForces,
  axisSelection: AllocationSelection | null,
  alliedSelection: AllocationSelection | null,
): FinalDisposition {
  const index = indexForces(forces);
  const owner = new Map<string, AllocationSide>();
  for (const [side, sel] of [
    ['axis', axisSelection],
    ['allied', alliedSelection],
  ] as const) {
    for (const category of Categories) {
      for (const id of sel?.[category] ?? []) {
        const unit = index.get(id);
        if (unit === undefined) throw new RangeError(`'${id}' is not an Italian unit`);
        if (categoryOf(unit) !== category) throw new RangeError(`'${id}' is not ${withArticle(noun[category].one)}`);
        if (owner.has(id)) throw new RangeError(`'${id}' is selected twice`);
        owner.set(id, side);
      }
    }
  }
  const infantryOf = (side: AllocationSide | undefined) =>
    forces.infantry.filter((u) => owner.get(u.id) === side).map((u) => u.id);
  const navyOf = (side: AllocationSide | undefined) =>
    forces.navy.filter((u) => owner.get(u.id) === side).map((u) => u.id);
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
        'The 1-3 Folgore airborne unit is added, unbuilt, to the German force pool, wherever it was and whatever ' +
        'the allocation; it may overstack and be used anywhere on the board, but may not airdrop.',
      units: [],
    },
    { rule: '56.31C', effect: 'All Italian ground units are removed from the board.', units: [] },
    {
      rule: '56.31C',
      effect: `Italian infantry added, unbuilt, to the German force pool: ${list(germany.infantry)}.`,
      units: germany.infantry,
    },
    {
      rule: '56.31C',
      effect: `Italian infantry added, unbuilt, to the American force pool: ${list(us.infantry)}.`,
      units: us.infantry,
    },
    {
      rule: '56.31C',
      effect: `Italian infantry not allocated, permanently removed from play: ${list(removed.infantry)}.`,
      units: removed.infantry,
    },
    { rule: '56.31D', effect: `Italian naval units allocated to Germany: ${list(germany.navy)}.`, units: germany.navy },
    { rule: '56.31D', effect: `Italian naval units allocated to the United States: ${list(us.navy)}.`, units: us.navy },
    {
      rule: '56.31D',
      effect:
        `Ships joining the Western Allies relocate immediately to the closest Western Allied controlled ` +
        `port(s), subject to interception as displaced naval units: ${list(relocating)}.`,
      units: relocating,
    },
    {
      rule: '56.31D',
      effect: `Italian naval units in excess of the allocations, permanently removed from play: ${list(removed.navy)}.`,
      units: removed.navy,
    },
    {
      rule: '56.31D',
      effect:
        'Allocated Italian naval factors keep the Italian naval nationality DRM in naval combat, may be repaired ' +
        'if damaged or sunk in port, and may not be reconstructed if lost.',
      units: [...germany.navy, ...us.navy],
    },
    {
      rule: '56.33',
      effect:
        'The Folgore airborne unit and the allocated Italian ground units may be built, and rebuilt if lost, in ' +
        'any fully supplied German-controlled (German units) or American-controlled (American units) hex in Italy.',
      units: [...germany.infantry, ...us.infantry],
    },
  ];
  return { germany, us, removed, relocatingToWesternAlliedPorts: relocating, effects };
}
