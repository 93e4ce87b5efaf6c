// 59.51 against the recorded force pool: the calculator's input for the surrender in progress, the minor units the
// terms made subject to elimination (59.514E), and the requirement as the pool caps it (59.513E).
import type { EventData } from '../../../events/index.js';
import {
  forceReduction,
  type ForceReductionInput,
  type ForceTotals,
  type ForceUnit,
} from '../../rules/force-reduction.js';
import type { GameView } from '../game-view.js';
import { currentSurrender, withPrevious } from './current.js';

export type PoolUnit = EventData<'host.british-force-pool'>['units'][number];

/** The calculator's input (59.51) for the surrender in progress. */
export function inputFor(
  view: GameView,
  units: readonly ForceUnit[],
  selection: readonly string[],
): ForceReductionInput {
  const surrender = currentSurrender(view);
  return {
    surrenderLevel: surrender.surrenderLevel,
    ...withPrevious(surrender.previousSurrenderLevel),
    scenario: view.world.scenario,
    units: [...units],
    selection: [...selection],
  };
}

/** 59.514E: ids of the pool's units of the minor countries the terms neutralized or passed to the Axis. */
export function minorUnitsSubjectToElimination(view: GameView, pool: readonly PoolUnit[]): string[] {
  const changed = new Set(view.britain.context.minorsChanged);
  return pool.filter((u) => u.minor !== undefined && changed.has(u.minor)).map((u) => u.id);
}

/** 59.513E: what a selection from the recorded pool must meet, the 59.512 requirement capped by what the pool holds. */
export function requirementForPool(view: GameView, pool: readonly PoolUnit[]): ForceTotals {
  return forceReduction(inputFor(view, pool, []), {
    minorUnitsWithChangedStatus: minorUnitsSubjectToElimination(view, pool),
  }).required;
}
