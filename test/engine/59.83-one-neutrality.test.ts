// 59.83: one answer to "is Britain neutral?" after a peace treaty (59.62), from permissions, wars and the
// refusal of an Italian declaration on Britain, in worlds where the U.S. or Britain fight someone else.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import {
  accept,
  declareWar,
  demand,
  gameTurnEnded,
  hexControl,
  japanChoosesAfterPeace,
  seaLionStart,
} from '../support/british-fixtures.js';
import { turn } from '../support/fixtures.js';
import { hostedPlay } from '../support/hosted.js';

const su41 = turn('summer', 1941);
const fa41 = turn('fall', 1941);
const wi41 = turn('winter', 1941);

/** A "0" surrender into peace in Summer 1941 (no force reductions), no terms. */
const peace = (start = seaLionStart()): OriginEvent[] => [
  start,
  gameTurnEnded(su41, { britishDpLevel: 0 }),
  accept(su41),
  hexControl(su41),
  demand(su41, {}),
];

async function answers(history: OriginEvent[]) {
  const { engine } = await hostedPlay(history);
  const allowed = (name: string) => engine.permissions('g1').find((p) => p.permission === name)?.allowed;
  const refusal = await engine.preview('g1', declareWar(wi41, 'italy', ['britain']));
  return {
    wars: engine.wars('g1').map((w) => `${w.axis}-${w.allied}`),
    neutral: allowed('british-forces-neutral'),
    deploys: allowed('neutral-britain-deploys-to-europe'),
    italianDeclaration: refusal.ok ? 'accepted' : `${refusal.rejection.code} ${refusal.rejection.rule}`,
  };
}

describe('59.83: British forces are neutral in the European war until 59.86B or 59.86C, whoever else is at war', () => {
  it(
    '59.83: the U.S. at war with Italy only: wars, permissions and ' +
      'the refusal of an Italian declaration all say Britain is neutral',
    async () => {
      expect(await answers([...peace(), declareWar(fa41, 'us', ['italy'])])).toEqual({
        wars: ['italy-us'],
        neutral: true,
        deploys: true,
        italianDeclaration: 'illegal 59.83',
      });
    },
  );

  it(
    '59.83, 59.891C: a global game, Japan declines the treaty ' +
      'and Britain fights Japan on: neutral in Europe all the same',
    async () => {
      const declines: OriginEvent = { type: 'japan.treaty-decided', data: { turn: su41, adheres: false } };
      expect(await answers([...japanChoosesAfterPeace(su41), declines])).toEqual({
        wars: ['japan-britain'],
        neutral: true,
        deploys: true,
        italianDeclaration: 'illegal 59.83',
      });
    },
  );

  it(
    '59.83, 59.891B: a global game, Britain and the U.S. fight ' +
      'Japan on, and the U.S. also fights Italy: neutral in Europe',
    async () => {
      const start = seaLionStart({
        scenario: 'global',
        wars: [
          { axis: 'germany', allied: 'britain' },
          { axis: 'japan', allied: 'britain' },
          { axis: 'japan', allied: 'us' },
        ],
      });
      expect(await answers([...peace(start), declareWar(fa41, 'us', ['italy'])])).toEqual({
        wars: ['italy-us', 'japan-britain', 'japan-us'],
        neutral: true,
        deploys: true,
        italianDeclaration: 'illegal 59.83',
      });
    },
  );
});
