// The Decider's initial state and evolve: the world first, then each machine the event can change,
// advanced by xstate's pure transition() (no actors, nothing kept between calls).
import { initialTransition, transition } from 'xstate';
import type { EventData, StoredEvent } from '../../events/index.js';
import { germanyMachine, germanyMachineEvents, type GermanyMachineEvent } from '../../machines/germany.js';
import { britainMachine, britainMachineEvents, type BritainMachineEvent } from '../../machines/britain.js';
import { italyMachine, italyMachineEvents, type ItalyMachineEvent } from '../../machines/italy.js';
import { initialGameState } from './state.js';
import { evolveWorld } from './world.js';
import { atWar, warList } from './wars.js';
import type { GameView } from './game-view.js';

export function initialState(game: string, started: EventData<'host.game-started'>): GameView {
  const world = initialGameState(game, started);
  return {
    world,
    germany: initialTransition(germanyMachine)[0],
    britain: initialTransition(britainMachine, { atWar: atWar(world.wars, 'germany', 'britain') })[0],
    italy: initialTransition(italyMachine, { atWar: warList(world.wars).some((w) => w.axis === 'italy') })[0],
  };
}

/** Applies one event of this game. A machine in its final state (Germany surrendered, Italy's allocation done) takes no more. */
export function evolve(view: GameView, event: StoredEvent): GameView {
  const world = evolveWorld(view.world, event);
  const { germany, britain, italy } = view;
  const germanyTakes = germanyMachineEvents.has(event.type) && germany.status === 'active';
  const britainTakes = britainMachineEvents.has(event.type);
  const italyTakes = italyMachineEvents.has(event.type) && italy.status === 'active';
  if (world === view.world && !germanyTakes && !britainTakes && !italyTakes) return view;
  return {
    world,
    germany: germanyTakes ? transition(germanyMachine, germany, event as GermanyMachineEvent)[0] : germany,
    britain: britainTakes ? transition(britainMachine, britain, event as BritainMachineEvent)[0] : britain,
    italy: italyTakes ? transition(italyMachine, italy, event as ItalyMachineEvent)[0] : italy,
  };
}

/** Everything replay determines, as plain data: equal for equal logs (used by the determinism tests). */
export function projection(view: GameView): unknown {
  const plain = (s: { value: unknown; context: unknown }) => ({ value: s.value, context: s.context });
  return { world: view.world, germany: plain(view.germany), britain: plain(view.britain), italy: plain(view.italy) };
}
