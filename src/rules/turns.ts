// Turn arithmetic. Turn order within a year: spring, summer, fall, winter.
import { Seasons, type Season } from '../schema/types.js';

export interface GameTurn {
  readonly year: number;
  readonly season: Season;
}

/** A number that orders turns: one per season. */
export const turnIndex = (turn: GameTurn): number => turn.year * 4 + Seasons.indexOf(turn.season);

export const turnName = (turn: GameTurn): string =>
  `${turn.season[0]?.toUpperCase() ?? ''}${turn.season.slice(1)} ${turn.year}`;

/** How many turns `later` comes after `earlier` (1 = the turn following). */
export const turnsAfter = (later: GameTurn, earlier: GameTurn): number => turnIndex(later) - turnIndex(earlier);
