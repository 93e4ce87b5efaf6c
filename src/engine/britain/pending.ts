// The decisions a British surrender waits for, who makes them, and their parameters (59.23, 59.513, 59.513A,
// 59.631, 59.66, 59.891C, 59.892A), read from the British machine's snapshot.
import { valueBritainHasLeft, type ConcessionsInput } from '../../rules/concessions.js';
import { offerAnswerChoices } from '../choices/offer-answer.js';
import { germanTermsChoices, emptyTerms, type TriedTerms } from '../choices/german-terms.js';
import { turnIndex, type GameTurn } from '../../rules/turns.js';
import { italyMayTakeTerritory } from './to-italy.js';
import type { PendingDecision } from '../pending-types.js';
import type { GameView } from '../game-view.js';
import type { OriginEvent } from '../../../events/index.js';
import { concessionsInputFor } from './current.js';
import { inputFor, minorUnitsSubjectToElimination, requirementForPool } from './pool.js';
import { unknownOrRepeated } from './forces.js';
import { britishForceChoices, type BritishForceChoices } from '../choices/british-forces.js';
import { britishForcePoolChoices, britishHexControlChoices, farEastHexControlChoices } from '../choices/reports.js';
import { japaneseAdherenceChoices } from '../choices/japan.js';

/** A demand of nothing: what Britain has left does not depend on the demand. */
const noDemand = (): ConcessionsInput['demand'] => ({ take: [], minors: [], indemnityBrps: 0, return: [] });

/** The terms a host is trying, when `tried` answers the terms of `turn` (59.66). */
function triedTerms(tried: OriginEvent | undefined, turn: GameTurn): TriedTerms {
  if (tried?.type !== 'britain.terms-demanded' || turnIndex(tried.data.turn) !== turnIndex(turn)) return emptyTerms();
  return { demand: tried.data.demand, toItaly: tried.data.toItaly };
}

/** 59.513A: the choices against the selection tried, when it answers this decision (same turn), else an empty one. */
function forceChoices(view: GameView, pool: NonNullable<GameView['britain']['context']['forcePool']>, tried: OriginEvent | undefined): BritishForceChoices {
  // pendingDecisions passes on only a command its schema accepts.
  const answers = tried?.type === 'britain.forces-selected' && turnIndex(tried.data.turn) === turnIndex(pool.turn) ? tried.data : null;
  const selection = answers?.selection ?? [];
  // A command carrying the pool inline is refused (only old logs hold one); its ids are still read as picks.
  const wellFormed = answers?.units === undefined && unknownOrRepeated(selection, pool.units, pool.turn) === null;
  const options = { minorUnitsWithChangedStatus: minorUnitsSubjectToElimination(view, pool.units) };
  return britishForceChoices(inputFor(view, pool.units, selection), options, wellFormed);
}

export function britishPending(view: GameView, tried?: OriginEvent): PendingDecision[] {
  const b = view.britain;
  const out: PendingDecision[] = [];
  const offer = b.context.offer;
  if (b.matches('offerPending') && offer !== null) {
    const { turn, resistanceLevel, surrenderLevel, previousSurrenderLevel } = offer;
    out.push({
      decision: 'respond-to-british-offer',
      by: 'germany',
      rule: '59.23',
      // 59.23: at -10 or lower Germany must accept (such an offer is recorded with its surrender).
      commands: offer.germanyMustAccept ? ['britain.offer-accepted'] : ['britain.offer-accepted', 'britain.offer-rejected'],
      turn,
      resistanceLevel,
      surrenderLevel,
      previousSurrenderLevel,
      forced: offer.germanyMustAccept,
      choices: offerAnswerChoices(turn, offer.germanyMustAccept),
    });
  }
  const surrender = b.context.surrenders.at(-1)?.surrender;
  if (surrender === undefined) return out;
  const { turn, surrenderLevel, previousSurrenderLevel } = surrender;
  if (b.matches({ surrendered: { forces: 'awaitingPool' } })) {
    out.push({ decision: 'report-british-force-pool', by: 'host', rule: '59.513', commands: ['host.british-force-pool'], turn, surrenderLevel, previousSurrenderLevel, required: surrender.requirements, choices: britishForcePoolChoices(turn) });
  }
  const pool = b.context.forcePool;
  if (b.matches({ surrendered: { forces: 'selecting' } }) && pool !== null) {
    out.push({
      decision: 'select-british-force-reductions',
      by: 'britain',
      rule: '59.513A',
      commands: ['britain.forces-selected'],
      turn,
      surrenderLevel,
      previousSurrenderLevel,
      required: requirementForPool(view, pool.units),
      uncapped: surrender.requirements,
      minorUnitsSubjectToElimination: minorUnitsSubjectToElimination(view, pool.units),
      choices: forceChoices(view, pool, tried),
    });
  }
  if (b.matches({ surrendered: { terms: 'awaitingHexControl' } })) {
    out.push({ decision: 'report-british-hex-control', by: 'host', rule: '59.631', commands: ['host.british-hex-control'], turn, surrenderLevel, choices: britishHexControlChoices(turn) });
  }
  if (b.matches({ surrendered: { terms: 'awaitingTerms' } })) {
    const { concessionPoints } = surrender;
    const base = concessionsInputFor(view, noDemand());
    out.push({
      decision: 'state-german-terms',
      by: 'germany',
      rule: '59.66',
      commands: ['britain.terms-demanded'],
      turn,
      surrenderLevel,
      concessionPoints,
      // 59.65: "up to a maximum total value of all eligible concessions"; 59.71: "whatever Britain has left".
      cap: Math.min(concessionPoints, valueBritainHasLeft(base)),
      choices: germanTermsChoices(base, italyMayTakeTerritory(view), triedTerms(tried, turn)),
    });
  }
  if (b.matches({ surrendered: { farEast: 'awaitingJapan' } })) {
    out.push({ decision: 'decide-japanese-adherence', by: 'japan', rule: '59.891C', commands: ['japan.treaty-decided'], turn, choices: japaneseAdherenceChoices(turn) });
  }
  if (b.matches({ surrendered: { farEast: 'awaitingFarEastHexControl' } })) {
    out.push({ decision: 'report-far-east-hex-control', by: 'host', rule: '59.892A', commands: ['host.far-east-hex-control'], turn, choices: farEastHexControlChoices(turn) });
  }
  return out;
}
