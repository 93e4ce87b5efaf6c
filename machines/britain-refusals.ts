// What the British machine's states say of a command they cannot take now (rule 59): the rule and the reason,
// read by machines/refusal.ts (the deepest state that names one wins, the root holds the default).
import { turnIndex, turnName } from '../src/rules/turns.js';
import type { Refusal, RefusalMeta } from './refusal.js';
import { current, type BritainContext, type BritainMachineEvent } from './britain-context.js';

export type BritainMeta = RefusalMeta<BritainContext, BritainMachineEvent>;

/** The turn an answer to an offer names, or null for any other event. */
const answerTurn = (event: BritainMachineEvent) =>
  event.type === 'britain.offer-accepted' || event.type === 'britain.offer-rejected' ? event.data.turn : null;

/** 59.12, 59.32, 59.23, 59.41: why Germany has no offer to answer when none is pending. */
export function noOfferToAnswer(context: BritainContext, event: BritainMachineEvent): Refusal {
  if (context.lastOfferRejected)
    return {
      code: 'not-pending',
      rule: '59.32',
      message: 'the last British offer was rejected and has lapsed: Germany must await a new offer',
    };
  const last = current(context);
  const turn = answerTurn(event);
  const { offer } = context;
  // An answer in the turn of the offer that led to the latest surrender: that offer was accepted (or forced).
  if (
    offer !== null &&
    last !== undefined &&
    turn !== null &&
    turnIndex(last.turn) === turnIndex(offer.turn) &&
    turnIndex(turn) === turnIndex(last.turn)
  ) {
    return last.forced
      ? {
          code: 'not-pending',
          rule: '59.23',
          message:
            `the British offer of ${turnName(last.turn)} was at -10 or ` +
            `lower, so Germany had to accept it: Britain has surrendered`,
        }
      : {
          code: 'not-pending',
          rule: '59.41',
          message: `the British offer of ${turnName(last.turn)} has been accepted: Britain has surrendered`,
        };
  }
  return { code: 'not-pending', rule: '59.12', message: 'Britain has made no surrender offer' };
}

/** 59.23: an offer is answered in its own turn, and one at -10 or lower is not rejected. */
export function offerAnswerRefused(context: BritainContext, event: BritainMachineEvent): Refusal {
  const { offer } = context;
  const turn = answerTurn(event);
  if (offer === null) return noOfferToAnswer(context, event);
  if (turn === null || turnIndex(turn) !== turnIndex(offer.turn)) {
    return {
      code: 'out-of-sequence',
      rule: '59.23',
      message: `the offer was made at the end of ${turnName(offer.turn)} and is answered then`,
    };
  }
  return {
    code: 'illegal',
    rule: '59.23',
    message: `the British offer of ${turnName(offer.turn)} is at -10 or lower: Germany must accept it`,
  };
}

/** 59.41: an accepted offer is answered; the surrender follows it in the same decision. */
const acceptedRefusal = (context: BritainContext): Refusal => ({
  code: 'not-pending',
  rule: '59.41',
  message:
    `the British offer${context.offer === null ? '' : ` of ${turnName(context.offer.turn)}`} ` +
    'has been accepted: Britain surrenders',
});

/** What the machine refuses, when no deeper state says otherwise. */
export const rootRefusals: BritainMeta = {
  refusals: {
    'britain.offer-accepted': noOfferToAnswer,
    'britain.offer-rejected': noOfferToAnswer,
    'host.british-force-pool': {
      code: 'not-pending',
      rule: '59.513',
      message: 'no British force reduction is awaiting the force pool',
    },
    'britain.forces-selected': {
      code: 'not-pending',
      rule: '59.513A',
      message: 'no British force reduction is awaiting a selection',
    },
    'host.british-hex-control': {
      code: 'not-pending',
      rule: '59.631',
      message: 'no British surrender is awaiting its hex control',
    },
    'britain.terms-demanded': (context) => {
      // 59.61: a surrender while the U.S. was at war with Germany makes no concessions or territorial transfers.
      const last = current(context);
      return last !== undefined && last.outcome !== 'peace'
        ? {
            code: 'illegal',
            rule: '59.61',
            message:
              `Britain surrendered in ${turnName(last.turn)} while the U.S. was at war with Germany: no ` +
              `concessions or territorial transfers are made`,
          }
        : { code: 'not-pending', rule: '59.66', message: 'no British surrender is awaiting German terms' };
    },
    'japan.treaty-decided': {
      code: 'not-pending',
      rule: '59.891C',
      message: 'Japan has no choice to make about a British surrender now',
    },
    'host.far-east-hex-control': {
      code: 'not-pending',
      rule: '59.892A',
      message: 'no Far East hex control is awaited: Japan has not adhered to a treaty now being settled',
    },
  },
};

/** 59.23: the offer awaiting Germany's answer. */
export const offerPendingRefusals: BritainMeta = {
  refusals: { 'britain.offer-accepted': offerAnswerRefused, 'britain.offer-rejected': offerAnswerRefused },
};

/** 59.41: Germany has accepted. */
export const offerAcceptedRefusals: BritainMeta = {
  refusals: { 'britain.offer-accepted': acceptedRefusal, 'britain.offer-rejected': acceptedRefusal },
};

/** 59.513: during a surrender the pool is reported once. */
export const surrenderedRefusals: BritainMeta = {
  refusals: {
    'host.british-force-pool': (context) =>
      context.forcePool !== null
        ? {
            code: 'not-pending',
            rule: '59.513',
            message: 'the British force pool has already been reported for this surrender',
          }
        : { code: 'not-pending', rule: '59.513', message: 'no British force reduction is awaiting the force pool' },
  },
};

/** 59.513A: the selection names units of the reported pool. */
export const awaitingPoolRefusals: BritainMeta = {
  refusals: {
    'britain.forces-selected': {
      code: 'not-pending',
      rule: '59.513',
      message:
        'the host has not yet reported the British force pool (host.british-force-pool): the British player ' +
        'selects units of it by id',
    },
  },
};

/** 59.514E: in a peace the selection waits for the terms. */
export const waitingForTermsRefusals: BritainMeta = {
  refusals: {
    'britain.forces-selected': {
      code: 'not-pending',
      rule: '59.514E',
      message:
        'in a peace the British player selects once the German terms are imposed: they may change the status of ' +
        'minor countries, whose units then become subject to elimination',
    },
  },
};
