// The Decider's state of one game: the world facts and each power's machine snapshot, the only record of
// that power's phase (offer pending, surrendered, negotiating, at peace, forces being allocated ...).
import type { SnapshotFrom } from 'xstate';
import type { germanyMachine } from '../../machines/germany.js';
import type { britainMachine } from '../../machines/britain.js';
import type { italyMachine } from '../../machines/italy.js';
import type { GameState } from './state.js';

export type GermanySnapshot = SnapshotFrom<typeof germanyMachine>;
export type BritainSnapshot = SnapshotFrom<typeof britainMachine>;
export type ItalySnapshot = SnapshotFrom<typeof italyMachine>;

/** What decide, pending and the queries read; what evolve returns. Never changed in place. */
export interface GameView {
  readonly world: GameState;
  readonly germany: GermanySnapshot;
  readonly britain: BritainSnapshot;
  readonly italy: ItalySnapshot;
}
