// The parameters and choices of the decisions a British surrender waits for (59.23, 59.513, 59.513A, 59.631,
// 59.66, 59.891C, 59.892A), read from the view; the British machine's states declare when each is awaited, who
// makes it and the commands it takes (machines/britain-awaited.ts).
import { valueBritainHasLeft, type ConcessionsInput } from '../../rules/concessions.js';
import { offerAnswerChoices } from '../choices/offer-answer.js';
import { germanTermsChoices, emptyTerms, type TriedTerms } from '../choices/german-terms.js';
import { turnIndex, type GameTurn } from '../../rules/turns.js';
import { italyMayTakeTerritory } from './to-italy.js';
import { decisionSource, type DecisionSources } from '../pending-source.js';
import {
  britainSelectsReductions,
  germanyAnswersOffer,
  germanyStatesTerms,
  hostReportsFarEastHexControl,
  hostReportsForcePool,
  hostReportsHexControl,
  japanDecidesAdherence,
} from '../../../machines/britain-awaited.js';
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
function forceChoices(
  view: GameView,
  pool: NonNullable<GameView['britain']['context']['forcePool']>,
  tried: OriginEvent | undefined,
): BritishForceChoices {
  // pendingDecisions passes on only a command its schema accepts.
  const answers =
    tried?.type === 'britain.forces-selected' && turnIndex(tried.data.turn) === turnIndex(pool.turn)
      ? tried.data
      : null;
  const selection = answers?.selection ?? [];
  // A command carrying the pool inline is refused (only old logs hold one); its ids are still read as picks.
  const wellFormed = answers?.units === undefined && unknownOrRepeated(selection, pool.units, pool.turn) === null;
  const options = { minorUnitsWithChangedStatus: minorUnitsSubjectToElimination(view, pool.units) };
  return britishForceChoices(inputFor(view, pool.units, selection), options, wellFormed);
}

/** The most recent surrender, which the decisions after it are about. */
const surrenderOf = (view: GameView) => view.britain.context.surrenders.at(-1)?.surrender;

/** The British decisions by name (the British machine's states declare when each is awaited). */
export const britishDecisions = {
  'respond-to-british-offer': decisionSource([germanyAnswersOffer], (view, { commands }) => {
    const offer = view.britain.context.offer;
    if (offer === null) return null;
    const { turn, resistanceLevel, surrenderLevel, previousSurrenderLevel } = offer;
    // 59.23: an answer the machine does not take now is listed, refused.
    const rejectionRefused = !commands.includes('britain.offer-rejected');
    return {
      turn,
      resistanceLevel,
      surrenderLevel,
      previousSurrenderLevel,
      forced: offer.germanyMustAccept,
      choices: offerAnswerChoices(turn, rejectionRefused),
    };
  }),
  'report-british-force-pool': decisionSource([hostReportsForcePool], (view) => {
    const surrender = surrenderOf(view);
    if (surrender === undefined) return null;
    const { turn, surrenderLevel, previousSurrenderLevel } = surrender;
    return {
      turn,
      surrenderLevel,
      previousSurrenderLevel,
      required: surrender.requirements,
      choices: britishForcePoolChoices(turn),
    };
  }),
  'select-british-force-reductions': decisionSource([britainSelectsReductions], (view, _declared, tried) => {
    const surrender = surrenderOf(view);
    const pool = view.britain.context.forcePool;
    if (surrender === undefined || pool === null) return null;
    const { turn, surrenderLevel, previousSurrenderLevel } = surrender;
    return {
      turn,
      surrenderLevel,
      previousSurrenderLevel,
      required: requirementForPool(view, pool.units),
      uncapped: surrender.requirements,
      minorUnitsSubjectToElimination: minorUnitsSubjectToElimination(view, pool.units),
      choices: forceChoices(view, pool, tried),
    };
  }),
  'report-british-hex-control': decisionSource([hostReportsHexControl], (view) => {
    const surrender = surrenderOf(view);
    if (surrender === undefined) return null;
    const { turn, surrenderLevel } = surrender;
    return { turn, surrenderLevel, choices: britishHexControlChoices(turn) };
  }),
  'state-german-terms': decisionSource([germanyStatesTerms], (view, _declared, tried) => {
    const surrender = surrenderOf(view);
    if (surrender === undefined) return null;
    const { turn, surrenderLevel, concessionPoints } = surrender;
    const base = concessionsInputFor(view, noDemand());
    return {
      turn,
      surrenderLevel,
      concessionPoints,
      // 59.65: "up to a maximum total value of all eligible concessions"; 59.71: "whatever Britain has left".
      cap: Math.min(concessionPoints, valueBritainHasLeft(base)),
      choices: germanTermsChoices(base, italyMayTakeTerritory(view), triedTerms(tried, turn)),
    };
  }),
  'decide-japanese-adherence': decisionSource([japanDecidesAdherence], (view) => {
    const surrender = surrenderOf(view);
    return surrender === undefined ? null : { turn: surrender.turn, choices: japaneseAdherenceChoices(surrender.turn) };
  }),
  'report-far-east-hex-control': decisionSource([hostReportsFarEastHexControl], (view) => {
    const surrender = surrenderOf(view);
    return surrender === undefined ? null : { turn: surrender.turn, choices: farEastHexControlChoices(surrender.turn) };
  }),
} satisfies Partial<DecisionSources>;
