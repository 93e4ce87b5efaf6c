// 59.83: whether a surrendered Britain is neutral, the one answer that permissions, wars and the
// declaration rules give (docs/rulings.md).
import type { GameView } from '../game-view.js';
import { atWar } from '../wars.js';

/**
 * 59.83, 59.86: Britain is neutral once it has surrendered into peace (59.62, or the 62.91 exception) and until
 * the war with Germany resumes (59.86B, 59.86C): then it is at war with neither Germany nor Italy. A U.S. at war
 * with Italy only, or wars with Japan (59.891B, 59.891C, which the European surrender does not touch), do not
 * end that neutrality.
 */
export function britainNeutral(view: GameView): boolean {
  const { wars } = view.world;
  return view.britain.matches('atPeace') && !atWar(wars, 'germany', 'britain') && !atWar(wars, 'italy', 'britain');
}
