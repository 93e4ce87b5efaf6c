// 56.31D with 59.22F: once Italy's navy has been disposed of, no naval unit is Italian any more. Ships that
// joined the U.S. or Germany are entered with their new owner's nationality (docs/cli.md), the rest left play.
import type { EventData } from '../../../events/index.js';
import { reject, type Decision } from '../decision.js';
import type { GameView } from '../game-view.js';
import { turnName } from '../../rules/turns.js';

const names = (ids: readonly string[]): string => (ids.length === 0 ? 'none' : ids.join(', '));

/** A British naval report (59.22F) listing a ship as Italian after the 56.31D disposition: refused, naming it. */
export function italianShipsAfterDisposition(view: GameView, data: EventData<'host.game-turn-ended'>): Decision | null {
  const disposition = view.italy.context.disposition;
  if (disposition === null) return null;
  const index = data.britain.naval.findIndex((unit) => unit.nationality === 'italian');
  if (index < 0) return null;
  return reject(
    'illegal',
    '56.31D',
    `data.britain.naval[${index}].nationality: Italy's navy was allocated in ${turnName(disposition.turn)} ` +
      `(56.31D), so no ship is Italian any more: ` +
      `ships that joined the U.S. (${names(disposition.us.navy)}) are entered as "american", those that joined ` +
      `Germany (${names(disposition.germany.navy)}) as "german"; the others were removed from play`,
  );
}
