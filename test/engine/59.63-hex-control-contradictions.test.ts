// 59.632, 59.633, 59.634: a hex control report (the British one, 59.631, and the Far East one, 59.892A) that names
// a hex twice, or a fortification outside the hexes it names as unsupplied, contradicts itself: refused naming both.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import {
  accept,
  gameTurnEnded,
  hexControl,
  japanChoosesAfterPeace,
  seaLionStart,
} from '../support/british-fixtures.js';
import { turn } from '../support/fixtures.js';
import { given, play, stored } from '../support/given.js';
import { Replayer } from '../../src/engine/replay.js';
import type { DomainEvent } from '../../events/index.js';

const su41 = turn('summer', 1941);
type Hexes = { unsuppliedHexes: string[]; fortificationsEliminated: string[] };

const british = (hexes: Hexes) =>
  given(play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: 0 }), accept(su41)])).when(hexControl(su41, hexes))
    .decision;
const farEastReport = (hexes: Hexes, areas: { name: string; control: 'british' | 'japanese' }[] = []): OriginEvent => ({
  type: 'host.far-east-hex-control',
  data: { turn: su41, ...hexes, areas },
});
const farEastLog = () =>
  play([...japanChoosesAfterPeace(su41), { type: 'japan.treaty-decided', data: { turn: su41, adheres: true } }]);
const farEast = (hexes: Hexes, areas?: { name: string; control: 'british' | 'japanese' }[]) =>
  given(farEastLog()).when(farEastReport(hexes, areas)).decision;

const refusal = (decision: ReturnType<typeof british>) =>
  decision.ok ? 'accepted' : [decision.rejection.code, decision.rejection.rule, decision.rejection.fields];

const CASES: [string, Hexes, unknown][] = [
  [
    '59.633: a fortification outside the unsupplied hexes',
    { unsuppliedHexes: ['M21', 'M22'], fortificationsEliminated: ['M22', 'M30'] },
    ['contradictory', '59.633', ['data.fortificationsEliminated[1]', 'data.unsuppliedHexes']],
  ],
  [
    '59.632: an unsupplied hex named twice',
    { unsuppliedHexes: ['M21', 'M22', 'M21'], fortificationsEliminated: [] },
    ['contradictory', '59.632', ['data.unsuppliedHexes[0]', 'data.unsuppliedHexes[2]']],
  ],
  [
    '59.633: a fortification named twice',
    { unsuppliedHexes: ['M21'], fortificationsEliminated: ['M21', 'M21'] },
    ['contradictory', '59.633', ['data.fortificationsEliminated[0]', 'data.fortificationsEliminated[1]']],
  ],
];

describe('59.63: one check of the hexes of both hex control reports', () => {
  for (const [what, hexes, expected] of CASES) {
    it(
      `${what} is contradictory in the British report (59.631) ` +
        `and in the Far East report (59.892A), naming both fields`,
      () => {
        expect(refusal(british(hexes))).toEqual(expected);
        expect(refusal(farEast(hexes))).toEqual(expected);
      },
    );
  }

  it('59.634: a Far East area named twice is contradictory, naming both entries', () => {
    const areas = [
      { name: 'malaya', control: 'british' as const },
      { name: 'malaya', control: 'japanese' as const },
    ];
    expect(refusal(farEast({ unsuppliedHexes: [], fortificationsEliminated: [] }, areas))).toEqual([
      'contradictory',
      '59.634',
      ['data.areas[0].name', 'data.areas[1].name'],
    ]);
  });

  it('59.632, 59.633: fortifications among the unsupplied hexes, each named once, are accepted in both reports', () => {
    const hexes = { unsuppliedHexes: ['M21', 'M22'], fortificationsEliminated: ['M22'] };
    expect(refusal(british(hexes))).toBe('accepted');
    expect(refusal(farEast(hexes))).toBe('accepted');
  });

  it(
    '59.633: an older log holding a British report the engine ' +
      'then accepted replays as written; a checked replay names that line',
    () => {
      const before = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: 0 }), accept(su41)]);
      const report = hexControl(su41, {
        unsuppliedHexes: ['M21', 'M21'],
        fortificationsEliminated: ['M30'],
      }) as DomainEvent;
      const log = stored([...before, report]);
      const checked = new Replayer({ checkDecisions: true });
      checked.applyAll(log);
      expect(checked.view('g1')?.britain.context.hexControl?.unsuppliedHexes).toEqual(['M21', 'M21']);
      expect(checked.finish().map((m) => [m.seq, m.message])).toEqual([
        [
          log.length,
          'the rules refuse this host.british-hex-control: data.unsuppliedHexes[0] contradicts ' +
            'data.unsuppliedHexes[1]: M21 is named twice (59.632)',
        ],
      ]);
    },
  );
});
