// The decisions an Italian surrender waits for, who makes them, and their parameters (56.31D, 56.311, 56.32),
// read from the Italian machine's snapshot.
import type { PendingDecision } from '../pending-types.js';
import type { GameView } from '../game-view.js';
import type { OriginEvent } from '../../../events/index.js';

export function italianPending(view: GameView, _tried?: OriginEvent): PendingDecision[] {
  const italy = view.italy;
  const surrender = italy.context.surrender;
  if (surrender === null) return [];
  const { turn, surrenderLevel, row, selectionOrder } = surrender;
  if (italy.matches({ surrendered: 'awaitingForces' })) {
    return [{ decision: 'report-italian-forces', by: 'host', rule: '56.31D', commands: ['host.italian-forces-reported'], turn, surrenderLevel, row, selectionOrder }];
  }
  // 56.311: the machine routes to the Axis player first when both select.
  const side = italy.matches({ surrendered: 'axisSelecting' }) ? 'axis' : italy.matches({ surrendered: 'alliedSelecting' }) ? 'allied' : null;
  if (side === null) return [];
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
    },
  ];
}
