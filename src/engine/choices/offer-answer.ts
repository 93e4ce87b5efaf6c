// 59.23: Germany's answers to a British surrender offer, each with the exact command to send. A forced offer
// (-10 or lower) may only be accepted: its rejection is listed, refused by 59.23.
import type { GameTurn } from '../../rules/turns.js';

export interface OfferAnswer {
  /** 59.41: Britain surrenders; 59.31: play continues and the offer lapses (59.32). */
  readonly rule: '59.41' | '59.31';
  readonly allowed: boolean;
  readonly refusedBy: '59.23' | null;
  readonly command: { readonly type: 'britain.offer-accepted' | 'britain.offer-rejected'; readonly data: { readonly turn: GameTurn } };
}

export interface OfferAnswerChoices {
  readonly answers: readonly OfferAnswer[];
}

export function offerAnswerChoices(turn: GameTurn, forced: boolean): OfferAnswerChoices {
  return {
    answers: [
      { rule: '59.41', allowed: true, refusedBy: null, command: { type: 'britain.offer-accepted', data: { turn: { ...turn } } } },
      { rule: '59.31', allowed: !forced, refusedBy: forced ? '59.23' : null, command: { type: 'britain.offer-rejected', data: { turn: { ...turn } } } },
    ],
  };
}
