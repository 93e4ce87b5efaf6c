// Example game of British surrender (rule 59): a rejected offer, then forced acceptance (59.23) in 1943.
import { britain, decide, italyFightsOn, strongGermany, t } from './british-reports.js';
import { britishForces1943, fleet1943 } from './fleets.js';
import { europeanGame, warsGrandAlliance, type GameScript } from './script.js';

/**
 * (b) Germany rejects a first offer (Fall 1942, at -3) hoping for better terms; German atomic attacks on
 * London and Birmingham then drive British resistance to -12 in Spring 1943: Germany must accept (59.23)
 * at -10 (59.41), and with the U.S. at war the war continues with force reductions only (59.61).
 */
export function rejectedThenForced1943(): GameScript {
  const g = europeanGame('rejected-then-forced-1943', t('summer', 1942), warsGrandAlliance);
  const base = { naval: fleet1943, usatLevel: 45, westernAlliedGroundAirFactorsOnWesternFront: 0 };
  g.turn(t('summer', 1942), {
    germany: strongGermany(22),
    italy: italyFightsOn(5),
    britain: britain({ ...base, britishDpLevel: 2, unbuiltBritishGroundAirFactors: 8 }),
  })
    .turn(t('fall', 1942), {
      during: [
        { type: 'host.city-firestormed', data: { turn: t('fall', 1942), country: 'britain', city: 'Portsmouth' } },
      ],
      germany: strongGermany(22),
      italy: italyFightsOn(4),
      britain: britain({
        ...base,
        britishDpLevel: -2,
        oilEffectsOnBritain: 1,
        atlanticSwTransports: 8,
        unbuiltBritishGroundAirFactors: 15,
      }),
      afterGameTurn: [decide(t('fall', 1942)).reject()],
    })
    .turn(t('winter', 1942), {
      germany: strongGermany(21),
      italy: italyFightsOn(3),
      britain: britain({
        ...base,
        britishDpLevel: 1,
        oilEffectsOnBritain: 1,
        atlanticSwTransports: 9,
        unbuiltBritishGroundAirFactors: 12,
      }),
    })
    .turn(t('spring', 1943), {
      during: [
        { type: 'host.atomic-attack', data: { turn: t('spring', 1943), country: 'britain', hex: 'L24' } },
        { type: 'host.atomic-attack', data: { turn: t('spring', 1943), country: 'britain', hex: 'I23' } },
        { type: 'host.city-firestormed', data: { turn: t('spring', 1943), country: 'britain', city: 'Hull' } },
      ],
      germany: strongGermany(20),
      italy: italyFightsOn(3),
      britain: britain({
        ...base,
        britishDpLevel: -3,
        oilEffectsOnBritain: 2,
        atlanticSwTransports: 6,
        unbuiltBritishGroundAirFactors: 25,
        westernAlliedGroundAirFactorsOnWesternFront: 10,
      }),
      afterGameTurn: [
        decide(t('spring', 1943)).reportPool(britishForces1943),
        decide(t('spring', 1943)).select([
          'raf-1',
          'raf-2',
          'raf-3',
          'raf-4',
          'raf-5',
          'raf-6',
          '1st-armd',
          '7th-armd',
          '50th-inf',
          '51st-inf',
          'guards-inf',
          '1st-airborne',
          'fleet-air-arm',
          'bb-1',
          'bb-2',
          'bb-3',
          'bb-4',
          'bb-5',
          'bb-6',
          'bb-7',
          'bb-8',
          'cv-1',
          'cv-2',
          'ca-1',
          'ca-2',
          'ca-3',
          'ca-4',
          'ca-5',
          'ca-6',
          'dd-1',
          'dd-2',
          'dd-3',
          'dd-4',
        ]),
      ],
    })
    .turn(t('summer', 1943), {
      germany: strongGermany(18),
      italy: italyFightsOn(2),
      britain: britain({
        ...base,
        britishDpLevel: 2,
        unbuiltBritishGroundAirFactors: 30,
        westernAlliedGroundAirFactorsOnWesternFront: 15,
      }),
    });
  return g;
}
