// The decisions an Italian surrender waits for, and who makes them (56.31D, 56.311).
import type { ForceAmounts } from '../../rules/italian-forces-table.js';
import type { PendingDecision } from '../pending-decision.js';
import type { GameView } from '../game-view.js';
import { turnName } from '../turns.js';

const amounts = (a: ForceAmounts): string =>
  `${a.infantryFactors} infantry factors, ${a.namedShips} named ships, ${a.cruisers} cruisers and ${a.destroyerFactors} destroyer factors`;

export function italianPending(view: GameView): PendingDecision[] {
  const italy = view.italy;
  const surrender = italy.context.surrender;
  if (surrender === null) return [];
  const level = surrender.surrenderLevel > 0 ? `+${surrender.surrenderLevel}` : `${surrender.surrenderLevel}`;
  if (italy.matches({ surrendered: 'awaitingForces' })) {
    return [
      {
        decision: 'report-italian-forces',
        by: 'host',
        rule: '56.31D',
        commands: ['host.italian-forces-reported'],
        description: `the host must report Italy's navy (with each ship's status) and infantry at the moment of surrender (${turnName(surrender.turn)}), for the post-surrender allocation at level ${level}`,
      },
    ];
  }
  if (italy.matches({ surrendered: 'axisSelecting' })) {
    return [
      {
        decision: 'select-post-surrender-italian-forces',
        by: 'axis',
        rule: '56.311',
        commands: ['italy.forces-selected'],
        description: `the Axis player must select Germany's post-surrender Italian forces at level ${level}: ${amounts(surrender.row.germany)}${surrender.selectionOrder.length === 2 ? ', before the Allied player selects' : ''}`,
      },
    ];
  }
  if (italy.matches({ surrendered: 'alliedSelecting' })) {
    return [
      {
        decision: 'select-post-surrender-italian-forces',
        by: 'allied',
        rule: '56.311',
        commands: ['italy.forces-selected'],
        description: `the Allied player must select the U.S.'s post-surrender Italian forces at level ${level}: ${amounts(surrender.row.us)}${surrender.selectionOrder.length === 2 ? ', from the units the Axis player did not take' : ''}`,
      },
    ];
  }
  return [];
}
