// 56.12A, 56.12B: the two modifiers are the two ways the war between Italy and the Western Allies began; the
// option italianWarDeclarations keeps the per-declaration reading for old logs (docs/rulings.md).
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/engine/decide.js';
import { defaultRulingOptions, type RulingOptions } from '../../src/rules/options.js';
import { alliedTurnEnded, gameStarted, germanFacts, italianFacts, turn } from '../support/fixtures.js';
import { declareWar } from '../support/italian-fixtures.js';
import { ofType, play, replay } from '../support/given.js';

const su41 = turn('summer', 1941);
const sp42 = turn('spring', 1942);
const su42 = turn('summer', 1942);
const neutralItaly = { declaredWarOnWesternAlliesYear: null, westernAlliesDeclaredWar: false };

/** 1941, Italy not yet at war; `first` declares the war between Italy and the Western Allies, then `second`. */
function modifiers(options: Partial<RulingOptions>, first: 'italy' | 'britain', second: 'italy' | 'us') {
  const { italianWarDeclarations: _, ...rest } = defaultRulingOptions;
  const log = play([
    gameStarted({
      turn: turn('spring', 1941),
      wars: [{ axis: 'germany', allied: 'britain' }],
      italy: neutralItaly,
      options: { ...rest, ...options },
    }),
    first === 'italy' ? declareWar(su41, 'italy', ['britain']) : declareWar(su41, 'britain', ['italy']),
    second === 'us' ? declareWar(sp42, 'us', ['italy']) : declareWar(sp42, 'italy', ['us']),
    alliedTurnEnded(su42, germanFacts(), italianFacts()),
  ]);
  replay(log);
  const [check] = ofType(log, 'italy.surrender-checked');
  return check?.lines
    .filter((l) => l.key === 'westernAlliesDeclaredWar' || l.key === 'italianDeclarationYear')
    .map((l) => [l.rule, l.value]);
}

describe('56.12A, 56.12B: how the war between Italy and the Western Allies began', () => {
  it('56.12B: Italy declares war on Britain in 1941, the U.S. on Italy in 1942: -1 only, no +2 (the default)', () => {
    expect(modifiers({ italianWarDeclarations: 'how-the-war-began' }, 'italy', 'us')).toEqual([
      ['56.12A', 0],
      ['56.12B', -1],
    ]);
  });

  it('56.12A: Britain declares war on Italy in 1941, Italy on the U.S. in 1942: +2 only, no -2', () => {
    expect(modifiers({ italianWarDeclarations: 'how-the-war-began' }, 'britain', 'italy')).toEqual([
      ['56.12A', 2],
      ['56.12B', 0],
    ]);
  });

  it('56.12A, 56.12B: option every-declaration, and a game started without the option (older logs): both apply', () => {
    expect(modifiers({ italianWarDeclarations: 'every-declaration' }, 'italy', 'us')).toEqual([
      ['56.12A', 2],
      ['56.12B', -1],
    ]);
    expect(modifiers({}, 'italy', 'us')).toEqual([
      ['56.12A', 2],
      ['56.12B', -1],
    ]);
    expect(modifiers({}, 'britain', 'italy')).toEqual([
      ['56.12A', 2],
      ['56.12B', -2],
    ]);
  });

  it('56.12: a history saying both began the war is contradictory under how-the-war-began, naming both facts', () => {
    const both = { declaredWarOnWesternAlliesYear: 1941, westernAlliesDeclaredWar: true };
    const decision = decide(undefined, gameStarted({ italy: both }));
    expect(
      decision.ok === false && [decision.rejection.code, decision.rejection.rule, decision.rejection.fields],
    ).toEqual([
      'contradictory',
      '56.12',
      ['data.italy.declaredWarOnWesternAlliesYear', 'data.italy.westernAlliesDeclaredWar'],
    ]);
    const { italianWarDeclarations: _, ...older } = defaultRulingOptions;
    expect(
      decide(
        undefined,
        gameStarted({ italy: both, options: { ...older, italianWarDeclarations: 'every-declaration' } }),
      ).ok,
    ).toBe(true);
    expect(decide(undefined, gameStarted({ italy: both, options: older })).ok).toBe(true);
  });
});
