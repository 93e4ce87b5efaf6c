// What the British deciders and pending decisions share: the surrender in progress, the 59.6 input of its
// negotiation, and the refusal of a malformed payload.
import type { EventData } from '../../../events/index.js';
import type { ConcessionsInput } from '../../rules/concessions.js';
import { joinPath } from '../../schema/validate.js';
import { reject, type Decision } from '../decision.js';
import type { GameView } from '../game-view.js';

export const malformed = (path: string, detail: string): Decision =>
  reject('malformed', 'schema', `${joinPath('data', path === '$' ? '' : path)}: ${detail}`);

/** The surrender in negotiation or awaiting its force reductions. */
export function currentSurrender(view: GameView): EventData<'britain.surrendered'> {
  const last = view.britain.context.surrenders.at(-1);
  if (last === undefined) throw new Error('no British surrender recorded while the machine says surrendered');
  return last.surrender;
}

export const withPrevious = (previous: number | null): { previousSurrenderLevel?: number } =>
  previous === null ? {} : { previousSurrenderLevel: previous };

/** The 59.6/59.7 input for the negotiation in progress. */
export function concessionsInputFor(view: GameView, demand: ConcessionsInput['demand']): ConcessionsInput {
  const surrender = currentSurrender(view);
  const report = view.britain.context.hexControl;
  if (report === null) throw new Error('no hex control report while awaiting terms');
  const earlier = view.britain.context.surrenders.slice(0, -1).flatMap((s) => s.returned);
  return {
    surrenderLevel: surrender.surrenderLevel,
    ...withPrevious(surrender.previousSurrenderLevel),
    usAtWarWithGermany: false,
    territories: report.territories,
    minors: report.minors,
    originallyBritish: report.originallyBritish,
    returnedInEarlierSurrender: earlier,
    axisControls: report.axisControls,
    demand,
  };
}
