// 59.81 (35.46): after a British surrender, Britain's BRP base may not drop below the 40 BRPs of the
// Commonwealth, reduced to 30 or 20 BRPs if one or both of Australia and India surrender.
import type { DomainEvent, EventData } from '../../../events/index.js';
import type { Effect } from '../../../events/effects.js';
import type { GameView } from '../game-view.js';

type Dominions = EventData<'britain.brp-floor-lowered'>['dominionsSurrendered'];

/** 59.81: 40 BRPs, less 10 for each of Australia and India surrendered. */
export const britishBrpFloor = (d: Dominions): number => 40 - 10 * ((d.australia ? 1 : 0) + (d.india ? 1 : 0));

/**
 * 59.81: a dominion that surrenders after a British surrender lowers the floor at once ("reduced ... if one or
 * both of Australia and India surrender"); before any British surrender there is no floor to lower.
 */
export function brpFloorEvents(view: GameView, data: EventData<'host.dominion-surrendered'>): DomainEvent[] {
  if (view.britain.context.surrenders.length === 0) return [];
  const dominionsSurrendered = { ...view.world.dominionsSurrendered, [data.dominion]: true };
  const floorBrps = britishBrpFloor(dominionsSurrendered);
  const effects: Effect[] = [
    { rule: '59.81', code: 'british-brp-base-floor', params: { dominion: data.dominion, floorBrps } },
  ];
  return [{ type: 'britain.brp-floor-lowered', data: { turn: data.turn, dominionsSurrendered, floorBrps, effects } }];
}
