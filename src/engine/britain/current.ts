// What the British deciders share: the surrender in progress and the refusal of a malformed payload.
import type { EventData } from '../../../events/index.js';
import { joinPath } from '../../schema/validate.js';
import { reject, type Decision } from '../decision.js';
import type { GameView } from '../game-view.js';

export const malformed = (path: string, detail: string): Decision => reject('malformed', 'schema', `${joinPath('data', path === '$' ? '' : path)}: ${detail}`);

/** The surrender in negotiation or awaiting its force reductions. */
export function currentSurrender(view: GameView): EventData<'britain.surrendered'> {
  const last = view.britain.context.surrenders.at(-1);
  if (last === undefined) throw new Error('no British surrender recorded while the machine says surrendered');
  return last.surrender;
}

export const withPrevious = (previous: number | null): { previousSurrenderLevel?: number } => (previous === null ? {} : { previousSurrenderLevel: previous });
