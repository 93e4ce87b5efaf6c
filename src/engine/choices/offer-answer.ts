// 59.23: Germany's answers to a British surrender offer, each with the exact command to send. A forced offer
// (-10 or lower) may only be accepted: its rejection is listed, refused by 59.23.
import type { GameTurn } from '../turns.js';

export interface OfferAnswer {
  readonly command: 'britain.offer-accepted' | 'britain.offer-rejected';
  readonly data: { readonly turn: GameTurn };
  readonly allowed: boolean;
  readonly refusedBy: '59.23' | null;
}

export type OfferAnswerChoices = readonly OfferAnswer[];

export function offerAnswerChoices(turn: GameTurn, forced: boolean): OfferAnswerChoices {
  return [
    { command: 'britain.offer-accepted', data: { turn: { ...turn } }, allowed: true, refusedBy: null },
    { command: 'britain.offer-rejected', data: { turn: { ...turn } }, allowed: !forced, refusedBy: forced ? '59.23' : null },
  ];
}
