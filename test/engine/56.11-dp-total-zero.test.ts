// 56.11: Italy surrenders when its DP total is "zero or less" and Rome is Allied (A) or no Axis units are in Africa
// (B); the DP total is the host's figure with the 56.12 modifiers, which the engine takes from the log's history.
// Here the modifiers bring the host's figure to exactly 0, or to +1, so that neither "below zero" nor the figure
// without its modifiers passes.
import { describe, expect, it } from 'vitest';
import { given } from '../support/given.js';
import { alliedTurnEnded, gameStarted, germanFacts, italianFacts, turn } from '../support/fixtures.js';

const sp43 = turn('spring', 1943);
/** 56.12A: the Western Allies declared war on Italy: +2. */
const alliesDeclared = gameStarted({
  turn: sp43,
  italy: { declaredWarOnWesternAlliesYear: null, westernAlliesDeclaredWar: true },
});
/** 56.12B: Italy declared war on the Western Allies in 1941: -1. */
const italyDeclared1941 = gameStarted({
  turn: sp43,
  italy: { declaredWarOnWesternAlliesYear: 1941, westernAlliesDeclaredWar: false },
});

/** The types of the events of the Allied player turn's end, and the Italian check's DP total and verdict. */
function check(start: ReturnType<typeof gameStarted>, facts: ReturnType<typeof italianFacts>) {
  const decision = given([start]).when(alliedTurnEnded(sp43, germanFacts(), facts)).decision;
  if (!decision.ok) throw new Error(`rejected: ${decision.rejection.rule} ${decision.rejection.message}`);
  const checked = decision.events.find((e) => e.type === 'italy.surrender-checked');
  const surrendered = decision.events.find((e) => e.type === 'italy.surrendered');
  return {
    types: decision.events.map((e) => e.type),
    checked: checked?.type === 'italy.surrender-checked' ? [checked.data.dpTotal, checked.data.surrenders] : null,
    surrendered:
      surrendered?.type === 'italy.surrendered' ? [surrendered.data.dpTotal, surrendered.data.conditions] : null,
  };
}

describe('56.11: an Italian DP total of exactly zero is "zero or less"', () => {
  it(
    "56.11A, 56.12A: the host's -2 with the Western Allies' declaration (+2) is 0; Rome Allied: Italy surrenders " +
      'at DP total 0',
    () => {
      expect(check(alliesDeclared, italianFacts({ italianDpTotal: -2, romeAlliedControlled: true }))).toEqual({
        types: [
          'host.allied-player-turn-ended',
          'germany.surrender-checked',
          'italy.surrender-checked',
          'italy.surrendered',
        ],
        checked: [0, true],
        surrendered: [0, ['56.11A']],
      });
    },
  );

  it("56.11A, 56.12A: the host's -1 with the same +2 is +1: Rome Allied, yet no surrender", () => {
    expect(check(alliesDeclared, italianFacts({ italianDpTotal: -1, romeAlliedControlled: true }))).toEqual({
      types: ['host.allied-player-turn-ended', 'germany.surrender-checked', 'italy.surrender-checked'],
      checked: [1, false],
      surrendered: null,
    });
  });

  it(
    "56.11B, 56.12B: the host's +1 with Italy's declaration of 1941 (-1) is 0; no Axis units in Africa: Italy " +
      'surrenders at DP total 0',
    () => {
      expect(check(italyDeclared1941, italianFacts({ italianDpTotal: 1, axisUnitsInAfrica: false }))).toEqual({
        types: [
          'host.allied-player-turn-ended',
          'germany.surrender-checked',
          'italy.surrender-checked',
          'italy.surrendered',
        ],
        checked: [0, true],
        surrendered: [0, ['56.11B']],
      });
    },
  );
});
