// 56.31C, 56.31D, 56.311, 56.32 in the engine: validating a side's selection against the host's report
// of Italy's forces, and the disposition of every unit once the selections are complete.
import type { EventData } from '../../../events/index.js';
import type { Effect } from '../../../events/effects.js';
import {
  finalDisposition,
  validateAllocation,
  type AllocationResult,
  type AllocationSelection,
  type AllocationSide,
  type ItalianForces,
} from '../../rules/italian-allocation.js';
import { isItalianSurrenderLevel, type ForceAmounts, type ItalianSurrenderLevel } from '../../rules/italian-forces-table.js';
import type { RulingOptions } from '../../rules/options.js';

type Surrender = EventData<'italy.surrendered'>;

/** What the Axis took when Germany, out of play, selects nothing at level 0 (ruling 56.311). */
const NOTHING: AllocationSelection = { infantry: [], namedShips: [], cruisers: [], destroyers: [] };

export function surrenderLevelOf(surrender: Surrender): ItalianSurrenderLevel {
  const level = surrender.surrenderLevel;
  if (!isItalianSurrenderLevel(level)) throw new RangeError(`56.31: the logged surrender level ${level} is outside -2..+2`);
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
  const alreadyAllocated = side === 'allied' && level === 0 ? (surrender.selectionOrder.includes('axis') ? axisSelection : NOTHING) : null;
  return validateAllocation({ level, side, forces, alreadyAllocated, selection }, { unfinishedLightShips: options.unfinishedLightShips });
}

const list = (ids: readonly string[]): string => (ids.length === 0 ? 'none' : ids.join(', '));
const SIDE = { axis: 'Germany', allied: 'the U.S.' } as const;

function shortages(side: AllocationSide, lost: ForceAmounts): string[] {
  const out: string[] = [];
  if (lost.infantryFactors > 0) out.push(`${lost.infantryFactors} infantry factor(s)`);
  if (lost.namedShips > 0) out.push(`${lost.namedShips} named ship(s)`);
  if (lost.cruisers > 0) out.push(`${lost.cruisers} cruiser(s)`);
  if (lost.destroyerFactors > 0) out.push(`${lost.destroyerFactors} destroyer factor(s)`);
  return out.length === 0 ? [] : [`${SIDE[side]}: ${out.join(', ')}`];
}

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
    { rule: '56.31C', code: 'italian-infantry-to-german-pool', text: `Italian infantry added, unbuilt, to the German force pool: ${list(d.germany.infantry)}.` },
    { rule: '56.31C', code: 'italian-infantry-to-us-pool', text: `Italian infantry added, unbuilt, to the American force pool: ${list(d.us.infantry)}.` },
    { rule: '56.31C', code: 'italian-infantry-removed', text: `Italian infantry not allocated, permanently removed from play: ${list(d.removed.infantry)}.` },
    { rule: '56.31D', code: 'italian-ships-to-germany', text: `Italian naval units allocated to Germany: ${list(d.germany.navy)}.` },
    { rule: '56.31D', code: 'italian-ships-to-us', text: `Italian naval units allocated to the United States: ${list(d.us.navy)}.` },
    {
      rule: '56.31D',
      code: 'italian-ships-relocate',
      text: `Ships joining the Western Allies relocate immediately to the closest Western Allied controlled port(s), subject to interception as displaced naval units (the host resolves it): ${list(d.relocatingToWesternAlliedPorts)}.`,
    },
    { rule: '56.31D', code: 'italian-ships-removed', text: `Italian naval units in excess of the allocations, permanently removed from play: ${list(d.removed.navy)}.` },
    {
      rule: '56.31D',
      code: 'italian-types-lost',
      text: lost.length === 0 ? 'Italy had every type the row gives: nothing is lost for want of units.' : `Not enough left of these types; the remainder is lost: ${lost.join('; ')}.`,
    },
  ];
  if (allocatedShips.length > 0) {
    effects.push({
      rule: '56.31D',
      code: 'italian-naval-drm-repair-no-reconstruction',
      text: `Allocated Italian naval factors (${list(allocatedShips)}) keep the Italian naval nationality DRM in naval combat, may be repaired if damaged or sunk in port, and may not be reconstructed if lost.`,
    });
  }
  if (d.germany.infantry.length + d.us.infantry.length > 0) {
    effects.push({
      rule: '56.33',
      code: 'italian-infantry-construction',
      text: 'The allocated Italian infantry may be built, and rebuilt if lost, in any fully supplied German-controlled (German units) or American-controlled (American units) hex in Italy.',
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
