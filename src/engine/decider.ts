// One pure Decider per game: initialState (from host.game-started), decide (a command against the state:
// its events, or a rejection citing the rule) and evolve (the state after one event). The state is
// { world, germany, britain, italy }, each power's part its machine's snapshot (./game-view.ts).
import { decide } from './decide.js';
import { evolve, initialState } from './evolve.js';

export type { GameView as DeciderState } from './game-view.js';
export type { Decision } from './decision.js';

export const decider = { initialState, decide, evolve } as const;
