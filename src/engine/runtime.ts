// One game's live state during replay: the world facts (state.ts) and one long-lived xstate actor
// per surrender rule. Actors are made once per game, never per event, and are sent only the
// events that can change them.
import { createActor, type Actor } from 'xstate';
import type { EventData, StoredEvent } from '../../events/index.js';
import { germanyMachine, germanyMachineEvents, type GermanyMachineEvent } from '../../machines/germany.js';
import { evolveWorld, initialGameState, type GameState } from './state.js';

export interface GameRuntime {
  state: GameState;
  readonly germany: Actor<typeof germanyMachine>;
}

export function createRuntime(game: string, started: EventData<'host.game-started'>): GameRuntime {
  return {
    state: initialGameState(game, started),
    germany: createActor(germanyMachine).start(),
  };
}

/** Applies one event of this game. */
export function evolve(runtime: GameRuntime, event: StoredEvent): void {
  runtime.state = evolveWorld(runtime.state, event);
  if (germanyMachineEvents.has(event.type)) runtime.germany.send(event as GermanyMachineEvent);
}

/** A read-only view for decide, pending and queries. */
export interface GameView {
  readonly state: GameState;
  readonly germany: ReturnType<GameRuntime['germany']['getSnapshot']>;
}

export const viewOf = (runtime: GameRuntime): GameView => ({
  state: runtime.state,
  germany: runtime.germany.getSnapshot(),
});

/** Everything replay determines, as plain data: equal for equal logs (used by the determinism tests). */
export function projection(runtime: GameRuntime): unknown {
  const germany = runtime.germany.getSnapshot();
  return {
    state: runtime.state,
    germany: { value: germany.value, context: germany.context },
  };
}
