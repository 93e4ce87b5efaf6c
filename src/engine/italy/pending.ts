// The decisions an Italian surrender waits for, who makes them, and their parameters (56.31D, 56.311, 56.32),
// read from the Italian machine's snapshot.
import type { PendingDecision } from '../pending-types.js';
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
  const answers = tried?.type === 'italy.forces-selected' && tried.data.side === side && turnIndex(tried.data.turn) === turnIndex(surrender.turn);
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

export function italianPending(view: GameView, tried?: OriginEvent): PendingDecision[] {
  const italy = view.italy;
  const surrender = italy.context.surrender;
  if (surrender === null) return [];
  const { turn, surrenderLevel, row, selectionOrder } = surrender;
  if (italy.matches({ surrendered: 'awaitingForces' })) {
    return [
      { decision: 'report-italian-forces', by: 'host', rule: '56.31D', commands: ['host.italian-forces-reported'], turn, surrenderLevel, row, selectionOrder, choices: italianReportChoices(turn) },
    ];
  }
  // 56.311: the machine routes to the Axis player first when both select.
  const side = italy.matches({ surrendered: 'axisSelecting' }) ? 'axis' : italy.matches({ surrendered: 'alliedSelecting' }) ? 'allied' : null;
  const choices = side === null ? null : choicesOf(view, side, tried);
  if (side === null || choices === null) return [];
  return [
    {
      decision: 'select-post-surrender-italian-forces',
      by: side,
      rule: '56.311',
      commands: ['italy.forces-selected'],
      turn,
      surrenderLevel,
      side,
      // 56.32: the Axis player selects Germany's half of the row, the Allied player the U.S.'s.
      forces: side === 'axis' ? row.germany : row.us,
      row,
      selectionOrder,
      choices,
    },
  ];
}
