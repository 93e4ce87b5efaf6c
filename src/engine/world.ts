// evolve for the world facts: one handler per event type, gathered from each rule's module.
// The map must name every event type (the type checker sees to it), so none is silently ignored.
import type { DomainEvent, EventType } from '../../events/index.js';
import { coreWorld, type GameState, type WorldHandlers } from './state.js';
import { britishWorld } from './britain/world.js';
import { italianWorld } from './italy/world.js';

const handlers: WorldHandlers<EventType> = { ...coreWorld, ...britishWorld, ...italianWorld };

export function evolveWorld(state: GameState, event: DomainEvent): GameState {
  return (handlers[event.type] as (s: GameState, e: DomainEvent) => GameState)(state, event);
}
