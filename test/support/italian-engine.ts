// Histories of an Italian surrender for the engine tests of rule 56: Italy surrenders in Spring 1944 (Germany
// fights on), the host reports its forces, and what is then pending.
import type { DomainEvent } from '../../events/index.js';
import type { Decision } from '../../src/engine/decision.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import type { ItalianForces } from '../../src/rules/italian-allocation.js';
import type { ItalianSurrenderLevel } from '../../src/rules/italian-forces-table.js';
import { alliedTurnEnded, gameStarted, germanFacts, turn } from './fixtures.js';
import { GAME, play, replay } from './given.js';
import { FLEET, forcesReported, surrenderFacts } from './italian-fixtures.js';

export const sp44 = turn('spring', 1944);
export const su44 = turn('summer', 1944);
export const started = gameStarted();

/** Italy surrenders at the end of the Allied player turn of Spring 1944 at `level` (Germany fights on). */
export const surrenderAt = (level: ItalianSurrenderLevel, start = started): DomainEvent[] =>
  play([start, alliedTurnEnded(sp44, germanFacts(), surrenderFacts(level))]);
/** ... and the host has reported Italy's forces. */
export const reportedAt = (
  level: ItalianSurrenderLevel,
  start = started,
  forces: ItalianForces = FLEET,
): DomainEvent[] =>
  play([start, alliedTurnEnded(sp44, germanFacts(), surrenderFacts(level)), forcesReported(sp44, forces)]);

export const pendingAfter = (history: readonly DomainEvent[]) => {
  const view = replay(history).view(GAME);
  return view === undefined ? [] : pendingDecisions(view).map((p) => [p.decision, p.by, p.rule]);
};

/** The events of an accepted decision (a rejection fails the test). */
export function accepted(decision: Decision): readonly DomainEvent[] {
  if (!decision.ok) throw new Error(`rejected: ${decision.rejection.rule} ${decision.rejection.message}`);
  return decision.events;
}

export const noForces = { infantryFactors: 0, namedShips: 0, cruisers: 0, destroyerFactors: 0 };
