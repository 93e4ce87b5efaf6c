// 59.891C: Japan's two answers to the British treaty, each with the exact command data to send; both are open.
import { Type, type Static } from '@sinclair/typebox';
import { Enum, Strict, Turn, type Frozen } from '../../schema/types.js';
import type { GameTurn } from '../../rules/turns.js';

const JapaneseAnswer = Strict({
  /** 59.892: adhere (end hostilities with Britain); 59.894: fight on. */
  rule: Enum(['59.892', '59.894'] as const),
  allowed: Type.Literal(true),
  refusedBy: Type.Null(),
  command: Strict({
    type: Type.Literal('japan.treaty-decided'),
    data: Strict({ turn: Turn, adheres: Type.Boolean() }),
  }),
});

export const JapaneseAdherenceChoicesSchema = Strict({ answers: Type.Array(JapaneseAnswer) });

export type JapaneseAnswer = Frozen<Static<typeof JapaneseAnswer>>;
export type JapaneseAdherenceChoices = Frozen<Static<typeof JapaneseAdherenceChoicesSchema>>;

const answer = (rule: JapaneseAnswer['rule'], turn: GameTurn, adheres: boolean): JapaneseAnswer => ({
  rule,
  allowed: true,
  refusedBy: null,
  command: { type: 'japan.treaty-decided', data: { turn: { ...turn }, adheres } },
});

export const japaneseAdherenceChoices = (turn: GameTurn): JapaneseAdherenceChoices => ({
  answers: [answer('59.892', turn, true), answer('59.894', turn, false)],
});
