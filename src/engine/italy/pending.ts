// The parameters and choices of the decisions an Italian surrender waits for (56.31D, 56.311, 56.32), read from the
// view; the Italian machine's states declare when each is awaited, who makes it and the commands it takes.
import { decisionSource, type DecisionSources } from '../pending-source.js';
import {
  alliedSelectsItalianForces,
  axisSelectsItalianForces,
  hostReportsItalianForces,
} from '../../../machines/italy.js';
import type { GameView } from '../game-view.js';
import type { OriginEvent } from '../../../events/index.js';
import { italianForcesChoices, type ItalianForcesChoices } from '../choices/italian-forces.js';
import { italianReportChoices } from '../choices/reports.js';
import { alreadyAllocatedFor, allocationOptions, surrenderLevelOf } from './allocation.js';
import type { AllocationSelection, AllocationSide } from '../../rules/italian-allocation.js';
import { turnIndex } from '../../rules/turns.js';

const EMPTY: AllocationSelection = { infantry: [], namedShips: [], cruisers: [], destroyers: [] };

/** 56.311, 56.32: the choices of the side selecting now, against the tried command when it answers this decision. */
function choicesOf(view: GameView, side: AllocationSide, tried: OriginEvent | undefined): ItalianForcesChoices | null {
  const { surrender, forces, axisSelection, alliedSelection } = view.italy.context;
  if (surrender === null || forces === null) return null;
  const answers =
    tried?.type === 'italy.forces-selected' &&
    tried.data.side === side &&
    turnIndex(tried.data.turn) === turnIndex(surrender.turn);
  const made = surrender.selectionOrder.filter((s) => (s === 'axis' ? axisSelection : alliedSelection) !== null);
  return italianForcesChoices({
    level: surrenderLevelOf(surrender),
    side,
    forces,
    alreadyAllocated: alreadyAllocatedFor(surrender, side, axisSelection),
    selection: answers ? tried.data.selection : EMPTY,
    order: { rule: '56.311', sides: surrender.selectionOrder, made },
    options: allocationOptions(view.world.options),
  });
}

/** The Italian decisions by name (the Italian machine's states declare when each is awaited and which side selects). */
export const italianDecisions = {
  'report-italian-forces': decisionSource([hostReportsItalianForces], (view) => {
    const surrender = view.italy.context.surrender;
    if (surrender === null) return null;
    const { turn, surrenderLevel, row, selectionOrder } = surrender;
    return { turn, surrenderLevel, row, selectionOrder, choices: italianReportChoices(turn) };
  }),
  'select-post-surrender-italian-forces': decisionSource(
    [axisSelectsItalianForces, alliedSelectsItalianForces],
    (view, { by: side }, tried) => {
      const surrender = view.italy.context.surrender;
      const choices = choicesOf(view, side, tried);
      if (surrender === null || choices === null) return null;
      const { turn, surrenderLevel, row, selectionOrder } = surrender;
      return {
        turn,
        surrenderLevel,
        side,
        // 56.32: the Axis player selects Germany's half of the row, the Allied player the U.S.'s.
        forces: side === 'axis' ? row.germany : row.us,
        row,
        selectionOrder,
        choices,
      };
    },
  ),
} satisfies Partial<DecisionSources>;
