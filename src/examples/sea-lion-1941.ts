// Example game of British surrender (rule 59): Sea Lion succeeds in 1941, a peace with concessions.
import {
  ORIGINALLY_BRITISH,
  britain,
  decide,
  italyFightsOn,
  strongGermany,
  t,
  territories1941,
} from './british-reports.js';
import { britishForces1941 } from './fleets.js';
import { europeanGame, warsBritainAlone, type GameScript } from './script.js';

/**
 * (a) Sea Lion succeeds in 1941: Britain offers at -4, Germany accepts, the U.S. is neutral: peace,
 * with concessions taken in priority order (Persia, then Malta, Palestine, Transjordan) and a 30 BRP indemnity.
 */
export function seaLion1941(): GameScript {
  const g = europeanGame('sea-lion-1941', t('spring', 1941), warsBritainAlone);
  const summer = decide(t('summer', 1941));
  g.turn(t('spring', 1941), {
    during: [
      { type: 'host.city-firestormed', data: { turn: t('spring', 1941), country: 'britain', city: 'Coventry' } },
    ],
    germany: strongGermany(24),
    italy: italyFightsOn(7),
    britain: britain({ britishDpLevel: 4, unbuiltBritishGroundAirFactors: 4, usatLevel: 14 }),
  })
    .turn(t('summer', 1941), {
      during: [summer.declare('germany', ['russia']), summer.declare('italy', ['russia'])],
      germany: strongGermany(26),
      italy: italyFightsOn(7),
      // London has fallen: the DP level collapses, oil and transports suffer (59.22A, C, D, E).
      britain: britain({
        britishDpLevel: -1,
        oilEffectsOnBritain: 1,
        atlanticSwTransports: 9,
        unbuiltBritishGroundAirFactors: 12,
        usatLevel: 18,
      }),
      afterGameTurn: [
        summer.accept(),
        // A Persian unit of an associated minor: eliminable once the terms pass Persia to the Axis (59.514E).
        summer.reportPool([
          ...britishForces1941,
          {
            id: 'persian-inf',
            nationality: 'minor',
            minor: 'persia',
            kind: 'ground',
            factors: 1,
            brps: 2,
            theater: 'europe',
          },
        ]),
        {
          type: 'host.british-hex-control',
          data: {
            turn: t('summer', 1941),
            unsuppliedHexes: ['K22', 'K23', 'L24', 'L25'],
            fortificationsEliminated: ['K23'],
            territories: territories1941(),
            minors: [
              { name: 'persia', brps: 5, status: 'british' },
              { name: 'greece', brps: 5, status: 'axis' },
            ],
            originallyBritish: ORIGINALLY_BRITISH,
            axisControls: { london: true, birmingham: false, manchester: false, allOfScotland: false },
          },
        },
        {
          type: 'britain.terms-demanded',
          data: {
            turn: t('summer', 1941),
            demand: {
              take: ['malta', 'palestine', 'transjordan'],
              minors: [{ name: 'persia', to: 'axis' }],
              indemnityBrps: 30,
              return: [],
            },
            toItaly: ['malta'],
          },
        },
        // In a peace the selection follows the terms (59.514E, docs/rulings.md).
        summer.select([
          'raf-1',
          'raf-2',
          'raf-3',
          'raf-4',
          '1st-armd',
          '7th-armd',
          'hood',
          'nelson',
          'rodney',
          'kgv',
          'ca-home',
          'ca-med',
        ]),
      ],
    })
    .turn(t('fall', 1941), {
      germany: strongGermany(28),
      italy: italyFightsOn(8),
      britain: britain({ britishDpLevel: 1, usatLevel: 20 }),
    })
    .turn(t('winter', 1941), {
      germany: strongGermany(28),
      italy: italyFightsOn(8),
      britain: britain({ britishDpLevel: 2, usatLevel: 22 }),
    })
    .turn(t('spring', 1942), {
      germany: strongGermany(27),
      italy: italyFightsOn(8),
      britain: britain({ britishDpLevel: 3, usatLevel: 25 }),
    });
  return g;
}
