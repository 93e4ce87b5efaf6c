// Italy's surrender (rule 56) in the engine: the host report and the player decisions it validates.
// The surrender itself is decided at the end of an Allied player turn (allied-player-turn.ts).
import type { DomainEvent, EventData } from '../../../events/index.js';
import { accept, reject, rejectViolations, type Decision, type OriginDeciders } from '../decision.js';
import type { GameView } from '../game-view.js';
import { dispositionOf, validateSide } from './allocation.js';

const levelName = (level: number): string => (level > 0 ? `+${level}` : `${level}`);
const SIDE = { axis: 'the Axis player', allied: 'the Allied player' } as const;

/** Why nothing about the post-surrender forces is awaited now (56.31D, 56.311). */
function notAwaited(view: GameView, what: string, rule: string): Decision {
  const italy = view.italy;
  if (italy.context.surrender === null) return reject('not-pending', rule, `Italy has not surrendered: no ${what} is awaited`);
  if (italy.matches('done')) return reject('not-pending', rule, `the post-surrender Italian forces have already been disposed of: no ${what} is awaited`);
  return reject('not-pending', rule, `no ${what} is awaited now`);
}

/** The first unit id reported twice, as a schema path (a host defect, like any malformed report). */
function duplicateId(data: EventData<'host.italian-forces-reported'>): string | null {
  const seen = new Set<string>();
  const units = [...data.infantry.map((u, i) => ({ id: u.id, path: `infantry[${i}].id` })), ...data.navy.map((u, i) => ({ id: u.id, path: `navy[${i}].id` }))];
  for (const unit of units) {
    if (seen.has(unit.id)) return unit.path;
    seen.add(unit.id);
  }
  return null;
}

/**
 * 56.311: why this selection may not be made now, or null. The Italy machine is the gate (it takes a side's
 * selection only in that side's turn); this only says why it refuses.
 */
function outOfTurn(view: GameView, data: EventData<'italy.forces-selected'>): Decision | null {
  const surrender = view.italy.context.surrender;
  if (surrender === null || view.italy.can({ type: 'italy.forces-selected', data })) return null;
  const side = data.side;
  const level = levelName(surrender.surrenderLevel);
  if (!surrender.selectionOrder.includes(side)) {
    if (side === 'axis' && surrender.germany !== 'fights-on') {
      return reject('illegal', '56.311', 'Germany has surrendered (55.31): the Axis player selects no post-surrender Italian forces');
    }
    return reject(
      'illegal',
      '56.311',
      `only at surrender level 0 do both sides select; at level ${level} only ${surrender.surrenderLevel > 0 ? 'Germany (the Axis player)' : 'the United States (the Allied player)'} receives post-surrender Italian forces`,
    );
  }
  if (side === 'axis') return reject('not-pending', '56.311', 'the Axis player has already selected its post-surrender Italian forces');
  return reject('illegal', '56.311', `at surrender level ${level} the Axis player selects the post-surrender Italian forces before the Allied player`);
}

export const italianDeciders: OriginDeciders<'host.italian-forces-reported' | 'italy.forces-selected'> = {
  'host.italian-forces-reported': (view, data) => {
    const surrender = view.italy.context.surrender;
    if (surrender === null || !view.italy.can({ type: 'host.italian-forces-reported', data })) {
      if (surrender !== null && view.italy.context.forces !== null) {
        return reject('not-pending', '56.31D', "Italy's forces at the moment of surrender have already been reported");
      }
      return notAwaited(view, "report of Italy's forces", '56.31D');
    }
    const duplicate = duplicateId(data);
    if (duplicate !== null) return reject('malformed', 'schema', `data.${duplicate}: this unit id is already reported`);
    const events: DomainEvent[] = [{ type: 'host.italian-forces-reported', data }];
    // Nobody selects (Germany out of play at +1/+2): every unit is excess at once (56.31C, 56.31D).
    if (surrender.selectionOrder.length === 0) {
      events.push({ type: 'italy.forces-disposed', data: dispositionOf(surrender, data.turn, data, { axis: null, allied: null }, view.world.options) });
    }
    return accept(events);
  },

  'italy.forces-selected': (view, data) => {
    const { surrender, forces, axisSelection, alliedSelection } = view.italy.context;
    if (surrender === null || view.italy.matches('done')) return notAwaited(view, 'selection of post-surrender Italian forces', '56.311');
    if (forces === null) {
      return reject('not-pending', '56.31D', "the host has not yet reported Italy's forces at the moment of surrender: nothing can be selected before it");
    }
    const refused = outOfTurn(view, data);
    if (refused !== null) return refused;

    const result = validateSide(surrender, forces, data.side, data.selection, axisSelection, view.world.options);
    if (!result.legal) return rejectViolations(result.violations, '56.32', 'it does not meet 56.32', `${SIDE[data.side]}'s selection: `);
    const events: DomainEvent[] = [{ type: 'italy.forces-selected', data }];
    const selections = { axis: data.side === 'axis' ? data.selection : axisSelection, allied: data.side === 'allied' ? data.selection : alliedSelection };
    const complete = surrender.selectionOrder.every((side) => selections[side] !== null);
    if (complete) events.push({ type: 'italy.forces-disposed', data: dispositionOf(surrender, data.turn, forces, selections, view.world.options) });
    return accept(events);
  },
};
