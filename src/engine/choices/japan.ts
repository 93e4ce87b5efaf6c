// 59.891C: Japan's two answers to the British treaty, each with the exact command data to send; both are open.
import type { GameTurn } from '../../rules/turns.js';

export interface JapaneseAnswer {
  /** 59.892: adhere (end hostilities with Britain); 59.894: fight on. */
  readonly rule: '59.892' | '59.894';
  readonly allowed: true;
  readonly refusedBy: null;
  readonly command: { readonly type: 'japan.treaty-decided'; readonly data: { readonly turn: GameTurn; readonly adheres: boolean } };
}

export interface JapaneseAdherenceChoices {
  readonly answers: readonly JapaneseAnswer[];
}

const answer = (rule: JapaneseAnswer['rule'], turn: GameTurn, adheres: boolean): JapaneseAnswer => ({
  rule,
  allowed: true,
  refusedBy: null,
  command: { type: 'japan.treaty-decided', data: { turn: { ...turn }, adheres } },
});

export const japaneseAdherenceChoices = (turn: GameTurn): JapaneseAdherenceChoices => ({ answers: [answer('59.892', turn, true), answer('59.894', turn, false)] });
