// Italy's surrender (rule 56) in the engine: the host report and the player decisions it validates.
// The surrender itself is decided at the end of an Allied player turn (allied-player-turn.ts).
import type { DomainEvent, EventData } from '../../../events/index.js';
import { accept, reject, rejectViolations, type Decision, type OriginDeciders } from '../decision.js';
import { dispositionOf, validateSide } from './allocation.js';
import { refuseBy } from '../refuse.js';

/** Unreachable: the machine takes these only after the surrender (and a selection only after the report). */
const internalGap = (type: string): Decision =>
  reject('internal', 'engine', `the Italy machine took ${type} with no surrender or report recorded`);

const SIDE = { axis: 'the Axis player', allied: 'the Allied player' } as const;

/** The first unit id reported twice, as a schema path (a host defect, like any malformed report). */
function duplicateId(data: EventData<'host.italian-forces-reported'>): string | null {
  const seen = new Set<string>();
  const units = [
    ...data.infantry.map((u, i) => ({ id: u.id, path: `infantry[${i}].id` })),
    ...data.navy.map((u, i) => ({ id: u.id, path: `navy[${i}].id` })),
  ];
  for (const unit of units) {
    if (seen.has(unit.id)) return unit.path;
    seen.add(unit.id);
  }
  return null;
}

export const italianDeciders: OriginDeciders<'host.italian-forces-reported' | 'italy.forces-selected'> = {
  'host.italian-forces-reported': (view, data) => {
    const surrender = view.italy.context.surrender;
    const refused = refuseBy(view.italy, { type: 'host.italian-forces-reported', data });
    if (refused !== null || surrender === null) return refused ?? internalGap('host.italian-forces-reported');
    const duplicate = duplicateId(data);
    if (duplicate !== null) return reject('malformed', 'schema', `data.${duplicate}: this unit id is already reported`);
    const events: DomainEvent[] = [{ type: 'host.italian-forces-reported', data }];
    // Nobody selects (Germany out of play at +1/+2): every unit is excess at once (56.31C, 56.31D).
    if (surrender.selectionOrder.length === 0) {
      events.push({
        type: 'italy.forces-disposed',
        data: dispositionOf(surrender, data.turn, data, { axis: null, allied: null }, view.world.options),
      });
    }
    return accept(events);
  },

  'italy.forces-selected': (view, data) => {
    const { surrender, forces, axisSelection, alliedSelection } = view.italy.context;
    const refused = refuseBy(view.italy, { type: 'italy.forces-selected', data });
    if (refused !== null || surrender === null || forces === null)
      return refused ?? internalGap('italy.forces-selected');

    const result = validateSide(surrender, forces, data.side, data.selection, axisSelection, view.world.options);
    if (!result.legal)
      return rejectViolations(result.violations, '56.32', 'it does not meet 56.32', `${SIDE[data.side]}'s selection: `);
    const events: DomainEvent[] = [{ type: 'italy.forces-selected', data }];
    const selections = {
      axis: data.side === 'axis' ? data.selection : axisSelection,
      allied: data.side === 'allied' ? data.selection : alliedSelection,
    };
    const complete = surrender.selectionOrder.every((side) => selections[side] !== null);
    if (complete)
      events.push({
        type: 'italy.forces-disposed',
        data: dispositionOf(surrender, data.turn, forces, selections, view.world.options),
      });
    return accept(events);
  },
};
