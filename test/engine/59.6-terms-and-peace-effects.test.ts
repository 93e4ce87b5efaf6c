// 59.61, 59.66B and 59.66F in the engine: what German terms may be stated, and what the peace tells the host.
import { describe, expect, it } from 'vitest';
import { turn } from '../support/fixtures.js';
import {
  accept,
  demand,
  gameTurnEnded,
  hexControl,
  reportPool,
  seaLionStart,
  usAtWarStart,
} from '../support/british-fixtures.js';
import { ofType } from '../support/given.js';
import { territories1941 } from '../../src/examples/british-reports.js';
import { expectCleanReplay, hostedPlay } from '../support/hosted.js';

const su41 = turn('summer', 1941);
const sp43 = turn('spring', 1943);
/** At -2: 4 concession points; the pool is reported, the selection follows the terms (59.514E). */
const peaceAtMinus2 = (hex = hexControl(su41)) => [
  seaLionStart(),
  gameTurnEnded(su41, { britishDpLevel: -2 }),
  accept(su41),
  reportPool(su41),
  hex,
];

describe('59.61: no terms while the U.S. fights on', () => {
  it(
    '59.61: a German demand after a surrender with the U.S. at ' +
      'war with Germany is refused citing 59.61, and nothing is appended',
    async () => {
      // DP -2, +2 for the U.S. and Russia at war, -1 for Singapore (European game, 59.22B): -1; the war continues.
      const { engine } = await hostedPlay([usAtWarStart(), gameTurnEnded(sp43, { britishDpLevel: -2 }), accept(sp43)]);
      const before = engine.version;
      const result = await engine.execute('g1', demand(sp43, { take: ['malta'] }));
      expect(result).toEqual({
        ok: false,
        rejection: {
          code: 'illegal',
          rule: '59.61',
          message:
            'Britain surrendered in Spring 1943 while the U.S. was at war with Germany: no concessions or ' +
            'territorial transfers are made',
        },
      });
      expect(engine.version).toBe(before);
    },
  );
});

describe('59.66: the effects of the peace', () => {
  it('59.66B: the terms tell the host what becomes of Russian units in areas a neutral Britain keeps', async () => {
    const { store, log } = await hostedPlay([
      ...peaceAtMinus2(),
      demand(su41, { take: ['malta', 'palestine', 'transjordan'], indemnityBrps: 10 }),
    ]);
    const [terms] = ofType(await log(), 'britain.terms-imposed');
    expect(terms?.effects.filter((e) => e.rule === '59.66B')).toEqual([
      { rule: '59.66B', code: 'russian-units-in-neutral-britain', params: {} },
    ]);
    await expectCleanReplay(store);
  });

  it(
    '59.66F: an Axis-held Egypt returned to Britain: the Wafdists ' +
      'are eliminated, as when Britain keeps Egypt (docs/rulings.md)',
    async () => {
      const egyptAxis = hexControl(su41, { territories: territories1941({ egypt: 'axis' }) });
      const { store, log } = await hostedPlay([
        ...peaceAtMinus2(egyptAxis),
        demand(su41, { return: ['egypt'], indemnityBrps: 10 }),
      ]);
      const [terms] = ofType(await log(), 'britain.terms-imposed');
      expect(terms?.effects.filter((e) => e.rule === '59.66F')).toEqual([
        { rule: '59.66F', code: 'wafdists-eliminated', params: { cause: 'egypt-returned' } },
      ]);
      await expectCleanReplay(store);
    },
  );
});
