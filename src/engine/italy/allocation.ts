// 56.31C, 56.31D, 56.311, 56.32 in the engine: validating a side's selection against the host's report
// of Italy's forces, and the disposition of every unit once the selections are complete.
import type { EventData } from '../../../events/index.js';
import type { Effect } from '../../../events/effects.js';
import {
  finalDisposition,
  validateAllocation,
  type AllocationOptions,
  type AllocationResult,
  type AllocationSelection,
  type AllocationSide,
  type ItalianForces,
} from '../../rules/italian-allocation.js';
import {
  isEmptyRow,
  isItalianSurrenderLevel,
  type ForceAmounts,
  type ItalianSurrenderLevel,
} from '../../rules/italian-forces-table.js';
import type { RulingOptions } from '../../rules/options.js';

type Surrender = EventData<'italy.surrendered'>;

/** What the Axis took when Germany, out of play, selects nothing at level 0 (ruling 56.311). */
const NOTHING: AllocationSelection = { infantry: [], namedShips: [], cruisers: [], destroyers: [] };

export function surrenderLevelOf(surrender: Surrender): ItalianSurrenderLevel {
  const level = surrender.surrenderLevel;
  if (!isItalianSurrenderLevel(level))
    throw new RangeError(`56.31: the logged surrender level ${level} is outside -2..+2`);
  return level;
}

/**
 * 56.311, 56.312, 56.32, 56.31C, 56.31D: one side's selection. The Allied player chooses from what the
 * Axis did not take; when Germany selects nothing (it has surrendered) the Allied player has the whole pool.
 */
export function validateSide(
  surrender: Surrender,
  forces: ItalianForces,
  side: AllocationSide,
  selection: AllocationSelection,
  axisSelection: AllocationSelection | null,
  options: RulingOptions,
): AllocationResult {
  const level = surrenderLevelOf(surrender);
  return validateAllocation(
    { level, side, forces, alreadyAllocated: alreadyAllocatedFor(surrender, side, axisSelection), selection },
    allocationOptions(options),
  );
}

/**
 * 56.311: what the other side took before `side` selects (at level 0 the Axis selection, or nothing when Germany
 * selects nothing).
 */
export function alreadyAllocatedFor(
  surrender: Surrender,
  side: AllocationSide,
  axisSelection: AllocationSelection | null,
): AllocationSelection | null {
  return side === 'allied' && surrenderLevelOf(surrender) === 0
    ? surrender.selectionOrder.includes('axis')
      ? axisSelection
      : NOTHING
    : null;
}

export const allocationOptions = (options: RulingOptions): AllocationOptions => ({
  unfinishedLightShips: options.unfinishedLightShips,
});

/** 56.31D: a side's types in short supply, if any. */
const shortages = (side: AllocationSide, lost: ForceAmounts): (ForceAmounts & { side: AllocationSide })[] =>
  isEmptyRow(lost) ? [] : [{ side, ...lost }];

/** 56.31C, 56.31D, 56.33: where every Italian infantry and naval unit goes, with the effects for the host. */
export function dispositionOf(
  surrender: Surrender,
  turn: EventData<'italy.forces-disposed'>['turn'],
  forces: ItalianForces,
  selections: { readonly axis: AllocationSelection | null; readonly allied: AllocationSelection | null },
  options: RulingOptions,
): EventData<'italy.forces-disposed'> {
  const allocations = surrender.selectionOrder.map((side) => {
    const selection = selections[side];
    if (selection === null) throw new Error(`the ${side} selection is missing from a complete allocation`);
    const result = validateSide(surrender, forces, side, selection, selections.axis, options);
    return { side, row: result.row, required: result.required, allocated: result.allocated, lost: result.lost };
  });
  const d = finalDisposition(forces, selections.axis, selections.allied);
  const lost = allocations.flatMap((a) => shortages(a.side, a.lost));
  const allocatedShips = [...d.germany.navy, ...d.us.navy];
  const effects: Effect[] = [
    { rule: '56.31C', code: 'italian-infantry-to-german-pool', params: { units: [...d.germany.infantry] } },
    { rule: '56.31C', code: 'italian-infantry-to-us-pool', params: { units: [...d.us.infantry] } },
    { rule: '56.31C', code: 'italian-infantry-removed', params: { units: [...d.removed.infantry] } },
    { rule: '56.31D', code: 'italian-ships-to-germany', params: { units: [...d.germany.navy] } },
    { rule: '56.31D', code: 'italian-ships-to-us', params: { units: [...d.us.navy] } },
    {
      rule: '56.31D',
      code: 'italian-ships-relocate',
      params: { units: [...d.relocatingToWesternAlliedPorts] },
    },
    { rule: '56.31D', code: 'italian-ships-removed', params: { units: [...d.removed.navy] } },
    {
      rule: '56.31D',
      code: 'italian-types-lost',
      params: { shortages: lost },
    },
  ];
  if (allocatedShips.length > 0) {
    effects.push({
      rule: '56.31D',
      code: 'italian-naval-drm-repair-no-reconstruction',
      params: { units: allocatedShips },
    });
  }
  if (d.germany.infantry.length + d.us.infantry.length > 0) {
    effects.push({
      rule: '56.33',
      code: 'italian-infantry-construction',
      params: {},
    });
  }
  return {
    turn,
    surrenderLevel: surrender.surrenderLevel,
    allocations,
    germany: { infantry: [...d.germany.infantry], navy: [...d.germany.navy] },
    us: { infantry: [...d.us.infantry], navy: [...d.us.navy] },
    removed: { infantry: [...d.removed.infantry], navy: [...d.removed.navy] },
    relocatingToWesternAlliedPorts: [...d.relocatingToWesternAlliedPorts],
    effects,
  };
}
