// One game's live state during replay: the world facts (state.ts) and one long-lived xstate actor
// per surrender rule. Actors are made once per game, never per event, and are sent only the
// events that can change them.
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import type { EventData, StoredEvent } from '../../events/index.js';
import { germanyMachine, germanyMachineEvents, type GermanyMachineEvent } from '../../machines/germany.js';
import { britainMachine, britainMachineEvents, type BritainMachineEvent } from '../../machines/britain.js';
import { italyMachine, italyMachineEvents, type ItalyMachineEvent } from '../../machines/italy.js';
import { initialGameState, type GameState } from './state.js';
import { evolveWorld } from './world.js';
import { atWar, warList } from './wars.js';

export interface GameRuntime {
  state: GameState;
  readonly germany: Actor<typeof germanyMachine>;
  readonly britain: Actor<typeof britainMachine>;
  readonly italy: Actor<typeof italyMachine>;
}

export function createRuntime(game: string, started: EventData<'host.game-started'>): GameRuntime {
  const state = initialGameState(game, started);
  return {
    state,
    germany: createActor(germanyMachine).start(),
    britain: createActor(britainMachine, { input: { atWar: atWar(state.wars, 'germany', 'britain') } }).start(),
    italy: createActor(italyMachine, { input: { atWar: warList(state.wars).some((w) => w.axis === 'italy') } }).start(),
  };
}

/** Applies one event of this game: the world first, then the machines that react to it. */
export function evolve(runtime: GameRuntime, event: StoredEvent): void {
  runtime.state = evolveWorld(runtime.state, event);
  // A machine in its final state (Germany surrendered, Italy's allocation done) takes no more events.
  if (germanyMachineEvents.has(event.type) && runtime.germany.getSnapshot().status === 'active') runtime.germany.send(event as GermanyMachineEvent);
  if (britainMachineEvents.has(event.type)) runtime.britain.send(event as BritainMachineEvent);
  if (italyMachineEvents.has(event.type) && runtime.italy.getSnapshot().status === 'active') runtime.italy.send(event as ItalyMachineEvent);
}

/** A read-only view for decide, pending and queries. */
export interface GameView {
  readonly state: GameState;
  readonly germany: SnapshotFrom<typeof germanyMachine>;
  readonly britain: SnapshotFrom<typeof britainMachine>;
  readonly italy: SnapshotFrom<typeof italyMachine>;
}

export const viewOf = (runtime: GameRuntime): GameView => ({
  state: runtime.state,
  germany: runtime.germany.getSnapshot(),
  britain: runtime.britain.getSnapshot(),
  italy: runtime.italy.getSnapshot(),
});

/** Everything replay determines, as plain data: equal for equal logs (used by the determinism tests). */
export function projection(runtime: GameRuntime): unknown {
  const plain = (s: { value: unknown; context: unknown }) => ({ value: s.value, context: s.context });
  return {
    state: runtime.state,
    germany: plain(runtime.germany.getSnapshot()),
    britain: plain(runtime.britain.getSnapshot()),
    italy: plain(runtime.italy.getSnapshot()),
  };
}
