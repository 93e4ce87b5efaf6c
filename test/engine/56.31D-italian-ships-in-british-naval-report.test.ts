// 56.31D with 59.22F: Italian ships that joined the U.S. count as American in the British naval force ratio;
// a British naval report that still lists a ship as Italian after the allocation is refused.
import { describe, expect, it } from 'vitest';
import type { EventData } from '../../events/index.js';
import { alliedTurnEnded, gameStarted, germanFacts, turn } from '../support/fixtures.js';
import { gameTurnEnded } from '../support/british-fixtures.js';
import { forcesReported, forcesSelected, surrenderFacts } from '../support/italian-fixtures.js';
import { ofType } from '../support/given.js';
import { expectCleanReplay, hostedPlay } from '../support/hosted.js';

type Naval = EventData<'host.game-turn-ended'>['britain']['naval'][number];
const sp44 = turn('spring', 1944);
/**
 * Italy surrenders at -1 in Spring 1944 (grand alliance at war): the U.S. takes 6 infantry factors, Littorio, Zara and
 * DD-1.
 */
const italyAllocated = [
  gameStarted(),
  alliedTurnEnded(sp44, germanFacts(), surrenderFacts(-1)),
  forcesReported(sp44),
  forcesSelected(sp44, 'allied', {
    infantry: ['inf-1', 'inf-2'],
    namedShips: ['Littorio'],
    cruisers: ['Zara'],
    destroyers: ['DD-1'],
  }),
];
const littorio = (nationality: Naval['nationality']): Naval => ({
  side: 'allied',
  nationality,
  type: 'battleship',
  factors: 4,
  location: 'map',
  status: 'operational',
});
const germanBattleship: Naval = {
  side: 'axis',
  nationality: 'german',
  type: 'battleship',
  factors: 4,
  location: 'map',
  status: 'operational',
};

describe('56.31D with 59.22F: Italian ships in a later British naval report', () => {
  it(
    '56.31D: after the allocation a report that lists Littorio ' +
      'as Italian is refused, naming the entry; nothing is appended',
    async () => {
      const { engine } = await hostedPlay(italyAllocated);
      const before = engine.version;
      const result = await engine.execute(
        'g1',
        gameTurnEnded(sp44, { naval: [germanBattleship, littorio('italian')] }),
      );
      expect(result).toEqual({
        ok: false,
        rejection: {
          code: 'illegal',
          rule: '56.31D',
          message:
            "data.britain.naval[1].nationality: Italy's navy was allocated in Spring 1944 (56.31D), so no ship is " +
            'Italian any more: ships that joined the U.S. (Littorio, Zara, DD-1) are entered as ' +
            '"american", those that joined Germany (none) as "german"; the others were removed from play',
        },
      });
      expect(engine.version).toBe(before);
    },
  );

  it(
    '56.31D: entered as American, Littorio counts for the ' +
      'Allies while the U.S. is at war with Germany: 4:4 is even (59.22F)',
    async () => {
      const { store, log } = await hostedPlay([
        ...italyAllocated,
        gameTurnEnded(sp44, { naval: [germanBattleship, littorio('american')] }),
      ]);
      const [determined] = ofType(await log(), 'britain.resistance-determined');
      expect(determined?.naval).toEqual({ alliedFactors: 4, axisFactors: 4, modifier: 0 });
      await expectCleanReplay(store);
    },
  );

  it(
    '56.31D: before the allocation Italian ships may still be ' +
      'reported (Italy is out of the war, so they are not counted)',
    async () => {
      const { log } = await hostedPlay([
        gameStarted(),
        alliedTurnEnded(sp44, germanFacts(), surrenderFacts(-1)),
        gameTurnEnded(sp44, { naval: [germanBattleship, littorio('italian')] }),
      ]);
      const [determined] = ofType(await log(), 'britain.resistance-determined');
      expect(determined?.naval).toEqual({ alliedFactors: 0, axisFactors: 4, modifier: -5 });
    },
  );
});
