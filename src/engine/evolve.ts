// The Decider's initial state and evolve: the world first, then each machine the event can change,
// advanced by xstate's pure transition() (no actors, nothing kept between calls); replay passes the faster
// step of machines/step.ts, which gives the same snapshots.
import { initialTransition } from 'xstate';
import type { DomainEvent, EventData } from '../../events/index.js';
import { germanyMachine, germanyMachineEvents, type GermanyMachineEvent } from '../../machines/germany.js';
import { britainMachine, britainMachineEvents, type BritainMachineEvent } from '../../machines/britain.js';
import { italyMachine, italyMachineEvents, type ItalyMachineEvent } from '../../machines/italy.js';
import { pureStep, type Step } from '../../machines/step.js';
import { initialGameState } from './state.js';
import { evolveWorld } from './world.js';
import { atWar, warList } from './wars.js';
import type { GameView } from './game-view.js';

// The machines' initial snapshots depend on one fact each: made once and shared by every game (a snapshot is
// never changed, only replaced), since initialTransition builds an actor and an actor system each time.
const germanyStart = initialTransition(germanyMachine)[0];
const britainStart = {
  atWar: initialTransition(britainMachine, { atWar: true })[0],
  notAtWar: initialTransition(britainMachine, { atWar: false })[0],
};
const italyStart = {
  atWar: initialTransition(italyMachine, { atWar: true })[0],
  notAtWar: initialTransition(italyMachine, { atWar: false })[0],
};

export function initialState(game: string, started: EventData<'host.game-started'>): GameView {
  const world = initialGameState(game, started);
  return {
    world,
    germany: germanyStart,
    britain: atWar(world.wars, 'germany', 'britain') ? britainStart.atWar : britainStart.notAtWar,
    italy: warList(world.wars).some((w) => w.axis === 'italy') ? italyStart.atWar : italyStart.notAtWar,
  };
}

/**
 * Applies one event of this game: a stored one, or one of decide's events before any store sealed it (only the type
 * and the payload are read). A machine in its final state (Germany surrendered, Italy's allocation done) takes no more.
 */
export function evolve(view: GameView, event: DomainEvent, step: Step = pureStep): GameView {
  const world = evolveWorld(view.world, event);
  const { germany, britain, italy } = view;
  const germanyTakes = germanyMachineEvents.has(event.type) && germany.status === 'active';
  const britainTakes = britainMachineEvents.has(event.type);
  const italyTakes = italyMachineEvents.has(event.type) && italy.status === 'active';
  if (world === view.world && !germanyTakes && !britainTakes && !italyTakes) return view;
  return {
    world,
    germany: germanyTakes ? step(germanyMachine, germany, event as GermanyMachineEvent) : germany,
    britain: britainTakes ? step(britainMachine, britain, event as BritainMachineEvent) : britain,
    italy: italyTakes ? step(italyMachine, italy, event as ItalyMachineEvent) : italy,
  };
}

/** Everything replay determines, as plain data: equal for equal logs (used by the determinism tests). */
export function projection(view: GameView): unknown {
  const plain = (s: { value: unknown; context: unknown }) => ({ value: s.value, context: s.context });
  return { world: view.world, germany: plain(view.germany), britain: plain(view.britain), italy: plain(view.italy) };
}
