// Example game of British surrender (rule 59): a conciliatory peace (59.7), then a second surrender (59.87).
import {
  ORIGINALLY_BRITISH,
  britain,
  decide,
  italyFightsOn,
  strongGermany,
  t,
  territories1941,
} from './british-reports.js';
import { britishForces1941, fleet1943 } from './fleets.js';
import { europeanGame, warsBritainAlone, type GameScript } from './script.js';

const removedAtFirst = new Set([
  'raf-1',
  'raf-2',
  'raf-3',
  '1st-armd',
  'fleet-air-arm',
  'hood',
  'nelson',
  'rodney',
  'ca-home',
  'dd-1',
]);

/**
 * (c) A conciliatory peace: Britain surrenders at -3 in Summer 1941; Germany returns Egypt (taken by the
 * Afrika Korps) and takes only a 10 BRP indemnity (59.71-59.75). The U.S. reaches USAT 50 in Spring 1942 and
 * declares war (59.86C); the forbearance modifier (59.75A) weighs on British resistance, and in Fall 1942
 * Britain surrenders a second time, below its first level (59.87, 59.872), with the U.S. at war (59.61).
 */
export function conciliationAndSecondSurrender(): GameScript {
  const g = europeanGame('conciliation-and-second-surrender', t('spring', 1941), warsBritainAlone);
  const summer = decide(t('summer', 1941));
  g.turn(t('spring', 1941), {
    germany: strongGermany(24),
    italy: italyFightsOn(7),
    britain: britain({ britishDpLevel: 3, usatLevel: 16 }),
  })
    .turn(t('summer', 1941), {
      during: [summer.declare('germany', ['russia'])],
      germany: strongGermany(25),
      italy: italyFightsOn(7),
      britain: britain({
        britishDpLevel: -1,
        oilEffectsOnBritain: 1,
        atlanticSwTransports: 9,
        unbuiltBritishGroundAirFactors: 14,
        usatLevel: 20,
      }),
      afterGameTurn: [
        summer.accept(),
        summer.reportPool(britishForces1941),
        {
          type: 'host.british-hex-control',
          data: {
            turn: t('summer', 1941),
            unsuppliedHexes: [],
            fortificationsEliminated: [],
            territories: territories1941({ egypt: 'axis' }),
            minors: [{ name: 'greece', brps: 5, status: 'axis' }],
            originallyBritish: ORIGINALLY_BRITISH,
            axisControls: { london: false, birmingham: false, manchester: false, allOfScotland: false },
          },
        },
        {
          type: 'britain.terms-demanded',
          data: {
            turn: t('summer', 1941),
            demand: { take: [], minors: [], indemnityBrps: 10, return: ['egypt'] },
            toItaly: [],
          },
        },
        summer.select([
          'raf-1',
          'raf-2',
          'raf-3',
          '1st-armd',
          'fleet-air-arm',
          'hood',
          'nelson',
          'rodney',
          'ca-home',
          'dd-1',
        ]),
      ],
    })
    .turn(t('fall', 1941), {
      germany: strongGermany(26),
      italy: italyFightsOn(7),
      britain: britain({ britishDpLevel: 4, usatLevel: 30 }),
    })
    .turn(t('winter', 1941), {
      germany: strongGermany(26),
      italy: italyFightsOn(7),
      britain: britain({ britishDpLevel: 5, usatLevel: 42 }),
    })
    .turn(t('spring', 1942), {
      during: [decide(t('spring', 1942)).declare('us', ['germany'], 51)],
      germany: strongGermany(25),
      italy: italyFightsOn(6),
      britain: britain({ britishDpLevel: 6, usatLevel: 51, naval: fleet1943 }),
    })
    .turn(t('summer', 1942), {
      germany: strongGermany(24),
      italy: italyFightsOn(6),
      britain: britain({ britishDpLevel: 3, usatLevel: 55, naval: fleet1943 }),
    })
    .turn(t('fall', 1942), {
      during: [{ type: 'host.city-firestormed', data: { turn: t('fall', 1942), country: 'britain', city: 'Bristol' } }],
      germany: strongGermany(24),
      italy: italyFightsOn(5),
      britain: britain({
        britishDpLevel: -4,
        oilEffectsOnBritain: 1,
        atlanticSwTransports: 8,
        unbuiltBritishGroundAirFactors: 6,
        usatLevel: 58,
        naval: fleet1943,
      }),
      afterGameTurn: [
        decide(t('fall', 1942)).accept(),
        decide(t('fall', 1942)).reportPool(britishForces1941.filter((u) => !removedAtFirst.has(u.id))),
        decide(t('fall', 1942)).select([
          'raf-4',
          'raf-5',
          'raf-6',
          '50th-inf',
          '51st-inf',
          'guards-inf',
          '1st-airborne',
          'kgv',
          'ark-royal',
          'illustrious',
          'ca-med',
          'ca-force-h',
          'dd-2',
          'ss-1',
        ]),
      ],
    })
    .turn(t('winter', 1942), {
      germany: strongGermany(22),
      italy: italyFightsOn(4),
      britain: britain({ britishDpLevel: 2, usatLevel: 60, naval: fleet1943 }),
    });
  return g;
}
