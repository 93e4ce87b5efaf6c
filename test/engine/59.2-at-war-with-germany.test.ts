// 59.22F and the USAT rows of 59.21 say "at war with Germany"; the major-powers row says "at war with the
// European Axis". A power at war with Italy alone counts for the second, never for the first.
import { describe, expect, it } from 'vitest';
import type { EventData } from '../../events/index.js';
import { defaultRulingOptions } from '../../src/rules/options.js';
import { gameStarted, turn } from '../support/fixtures.js';
import { declareWar, gameTurnEnded, seaLionStart } from '../support/british-fixtures.js';
import { ofType } from '../support/given.js';
import { expectCleanReplay, hostedPlay } from '../support/hosted.js';

type Naval = EventData<'host.game-turn-ended'>['britain']['naval'][number];
const sp41 = turn('spring', 1941);
const ship = (
  side: Naval['side'],
  nationality: Naval['nationality'],
  type: Naval['type'],
  factors: number,
  location: Naval['location'] = 'map',
): Naval => ({
  side,
  nationality,
  type,
  factors,
  location,
  status: 'operational',
});
const lineValue = (determined: EventData<'britain.resistance-determined'> | undefined, key: string) =>
  determined?.lines.find((l) => l.key === key)?.value;

describe('59.2: "at war with Germany" is not "at war with Germany or Italy"', () => {
  it(
    '59.21/59.22F: the U.S. at war with Italy alone: +2 for USAT 45, +1 for a power at war with the European ' +
      'Axis, 0:20 = -5: -2, Britain offers',
    async () => {
      const { store, log } = await hostedPlay([
        seaLionStart(),
        declareWar(sp41, 'italy', ['us']),
        gameTurnEnded(sp41, {
          britishDpLevel: 0,
          usatLevel: 45,
          naval: [
            ship('allied', 'american', 'battleship', 20, 'us-atlantic'),
            ship('axis', 'german', 'battleship', 20),
          ],
        }),
      ]);
      const events = await log();
      const [determined] = ofType(events, 'britain.resistance-determined');
      expect(determined?.inputs.atWarWithEuropeanAxis).toEqual({ us: true, russia: false, france: false });
      expect(determined?.inputs.atWarWithGermany).toEqual({ us: false, russia: false });
      expect(['usat40Plus', 'majorPowersAtWar', 'navalRatio'].map((key) => lineValue(determined, key))).toEqual([
        2, 1, -5,
      ]);
      expect(determined?.naval).toEqual({ alliedFactors: 0, axisFactors: 20, modifier: -5 });
      expect(determined?.level).toBe(-2);
      expect(ofType(events, 'britain.surrender-offered')).toEqual([
        { turn: sp41, resistanceLevel: -2, surrenderLevel: -2, previousSurrenderLevel: null, germanyMustAccept: false },
      ]);
      await expectCleanReplay(store);
    },
  );

  it(
    '59.22F: Russia at war with Italy alone: its cruiser of 10 ' +
      'is not counted against a German battleship of 10: 0:10 = -5',
    async () => {
      const start = gameStarted({
        turn: sp41,
        wars: [
          { axis: 'germany', allied: 'britain' },
          { axis: 'italy', allied: 'britain' },
          { axis: 'italy', allied: 'russia' },
        ],
      });
      const { store, log } = await hostedPlay([
        start,
        gameTurnEnded(sp41, {
          naval: [ship('allied', 'russian', 'cruiser', 10), ship('axis', 'german', 'battleship', 10)],
        }),
      ]);
      const [determined] = ofType(await log(), 'britain.resistance-determined');
      expect(determined?.naval).toEqual({ alliedFactors: 0, axisFactors: 10, modifier: -5 });
      expect(lineValue(determined, 'majorPowersAtWar')).toBe(1);
      await expectCleanReplay(store);
    },
  );

  it(
    '59.21: the option usat30to39WhenUsAtWar "ignored" drops ' +
      'the USAT 30-39 row only once the U.S. is at war with Germany',
    async () => {
      const options = { ...defaultRulingOptions, usat30to39WhenUsAtWar: 'ignored' } as const;
      const usat35 = gameTurnEnded(sp41, { usatLevel: 35 });
      const withItaly = await hostedPlay([seaLionStart({ options }), declareWar(sp41, 'italy', ['us']), usat35]);
      expect(lineValue(ofType(await withItaly.log(), 'britain.resistance-determined')[0], 'usat30to39')).toBe(1);
      const withGermany = await hostedPlay([seaLionStart({ options }), declareWar(sp41, 'germany', ['us']), usat35]);
      expect(lineValue(ofType(await withGermany.log(), 'britain.resistance-determined')[0], 'usat30to39')).toBe(0);
    },
  );
});
