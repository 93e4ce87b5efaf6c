// 59.23: Germany's answers to a British surrender offer, each with the exact command to send. An answer the
// British machine does not take now (the rejection of a forced offer, -10 or lower) is listed, refused by 59.23.
import { Type, type Static } from '@sinclair/typebox';
import { Enum, Strict, Turn, type Frozen } from '../../schema/types.js';
import type { GameTurn } from '../../rules/turns.js';

const OfferAnswer = Strict({
  /** 59.41: Britain surrenders; 59.31: play continues and the offer lapses (59.32). */
  rule: Enum(['59.41', '59.31'] as const),
  allowed: Type.Boolean(),
  refusedBy: Type.Union([Type.Literal('59.23'), Type.Null()]),
  command: Strict({
    type: Enum(['britain.offer-accepted', 'britain.offer-rejected'] as const),
    data: Strict({ turn: Turn }),
  }),
});

export const OfferAnswerChoicesSchema = Strict({ answers: Type.Array(OfferAnswer) });

export type OfferAnswer = Frozen<Static<typeof OfferAnswer>>;
export type OfferAnswerChoices = Frozen<Static<typeof OfferAnswerChoicesSchema>>;

/** The two answers in the offer's turn; `rejectionRefused`: the machine does not take the rejection now (59.23). */
export function offerAnswerChoices(turn: GameTurn, rejectionRefused: boolean): OfferAnswerChoices {
  return {
    answers: [
      {
        rule: '59.41',
        allowed: true,
        refusedBy: null,
        command: { type: 'britain.offer-accepted', data: { turn: { ...turn } } },
      },
      {
        rule: '59.31',
        allowed: !rejectionRefused,
        refusedBy: rejectionRefused ? '59.23' : null,
        command: { type: 'britain.offer-rejected', data: { turn: { ...turn } } },
      },
    ],
  };
}
