// 59.14B/59.85 (62.91) through the host API and the event store: the surrender that ends the war of the
// U.S. and Britain in Europe must be recorded like any other, whether Germany accepts it or must (59.23).
import { describe, expect, it } from 'vitest';
import { gameStarted, turn } from '../support/fixtures.js';
import { accept, gameTurnEnded } from '../support/british-fixtures.js';
import { ofType } from '../support/given.js';
import { expectCleanReplay, hostedPlay } from '../support/hosted.js';

const sp43 = turn('spring', 1943);
const su43 = turn('summer', 1943);
/** Global game: Germany at war with Britain, the U.S. and Russia; Russia then surrenders, Japan has not. */
const start = gameStarted({
  scenario: 'global',
  turn: sp43,
  wars: [
    { axis: 'germany', allied: 'britain' },
    { axis: 'germany', allied: 'us' },
    { axis: 'germany', allied: 'russia' },
  ],
});
const russiaSurrenders = { type: 'host.power-surrendered', data: { turn: sp43, power: 'russia' } } as const;

describe('59.14B/59.85 (62.91): the U.S. and Britain leave the war in Europe', () => {
  it('59.14B/59.85: at -2, Russia surrendered and Japan not, the accepted offer is appended and replays', async () => {
    // DP -3, +1 for the U.S. at war with the European Axis (Russia surrendered): -2.
    const { engine, store, last, log } = await hostedPlay([
      start,
      russiaSurrenders,
      gameTurnEnded(sp43, { britishDpLevel: -3 }),
      accept(sp43),
    ]);
    expect(last.ok).toBe(true);
    const events = await log();
    const [surrender] = ofType(events, 'britain.surrendered');
    expect(surrender).toMatchObject({
      surrenderLevel: -2,
      forced: false,
      outcome: 'war-ends-62.91',
      concessionPoints: 0,
      farEast: 'not-at-war',
    });
    expect(surrender?.effects.find((e) => e.rule === '62.91')?.code).toBe('us-britain-war-ends');
    expect(engine.wars('g1')).toEqual([]);
    expect(engine.pending('g1').map((p) => p.decision)).toEqual(['report-british-force-pool']);
    await expectCleanReplay(store);
  });

  it(
    '59.14B/59.85: at -12 the forced surrender (59.23) is ' +
      'appended with the turn end, so the next turn waits for it',
    async () => {
      const { engine, store, last, log } = await hostedPlay([
        start,
        russiaSurrenders,
        gameTurnEnded(sp43, { britishDpLevel: -13 }),
      ]);
      expect(last.ok && last.events.map((e) => e.type)).toEqual([
        'host.game-turn-ended',
        'britain.resistance-determined',
        'britain.surrender-offered',
        'britain.surrendered',
      ]);
      const [surrender] = ofType(await log(), 'britain.surrendered');
      expect(surrender).toMatchObject({ surrenderLevel: -10, forced: true, outcome: 'war-ends-62.91' });
      const next = await engine.execute('g1', gameTurnEnded(su43));
      expect(next.ok === false && [next.rejection.code, next.rejection.rule]).toEqual(['decision-pending', '59.513']);
      await expectCleanReplay(store);
    },
  );
});
