// Example games of Italian (56) and German (55) surrender, and how they end the war in Europe.
import type { EventData, OriginEvent } from '../../events/index.js';
import { fleet1943, fleetAfterItalianSurrender } from './fleets.js';
import { europeanGame, nextTurn, warsGrandAlliance, type GameScript, type TurnRef } from './script.js';

type British = EventData<'host.game-turn-ended'>['britain'];
type German = NonNullable<EventData<'host.allied-player-turn-ended'>['germany']>;
type Italian = NonNullable<EventData<'host.allied-player-turn-ended'>['italy']>;
type Forces = Omit<Extract<OriginEvent, { type: 'host.italian-forces-reported' }>['data'], 'turn'>;
type Selection = Extract<OriginEvent, { type: 'italy.forces-selected' }>['data']['selection'];

const t = (season: TurnRef['season'], year: number): TurnRef => ({ season, year });

/** Britain well out of danger: the Western Allies on the continent, the Atlantic won. */
const britainStrong = (
  dp: number,
  frontFactors: number,
  inGermany = false,
  naval: British['naval'] = fleet1943,
): British => ({
  britishDpLevel: dp,
  axisControlsMalta: false,
  axisControlsSingapore: true,
  oilEffectsOnBritain: 0,
  atlanticSwTransports: 10,
  russianGroundUnitInEasternEurope: true,
  unbuiltBritishGroundAirFactors: 6,
  usatLevel: 60,
  westernAlliedGroundAirFactorsOnWesternFront: frontFactors,
  westernAlliedGroundUnitInGermany: inGermany,
  russianGroundUnitInWesternPolandOrRumania: frontFactors > 20,
  naval,
});

const germanyHolds = (dp: number, berlin: German['berlin'] = 'axis'): German => ({
  berlin,
  germanDpTotal: dp,
  germanyControlsBerchtesgaden: true,
  allGermanHexesAlliedOrAtomic: false,
});
const italyHolds = (dp: number, africa: boolean): Italian => ({
  italianDpTotal: dp,
  romeAlliedControlled: false,
  axisUnitsInAfrica: africa,
  dpsInItaly: { axis: 1, allied: 0 },
  covertOperationsModifier: 0,
});

/** The Regia Marina and the Italian infantry at the moment of surrender. */
export const italianForces1943: Forces = {
  navy: [
    { id: 'littorio', type: 'battleship', factors: 4, status: 'operational' },
    { id: 'vittorio-veneto', type: 'battleship', factors: 4, status: 'operational' },
    { id: 'roma', type: 'battleship', factors: 4, status: 'operational' },
    { id: 'giulio-cesare', type: 'battleship', factors: 3, status: 'damaged' },
    { id: 'impero', type: 'battleship', factors: 4, status: 'row-3-plus' },
    { id: 'montecuccoli', type: 'cruiser', factors: 2, status: 'operational' },
    { id: 'eugenio-di-savoia', type: 'cruiser', factors: 2, status: 'operational' },
    { id: 'garibaldi', type: 'cruiser', factors: 2, status: 'damaged' },
    { id: 'dd-1', type: 'destroyer', factors: 1, status: 'operational' },
    { id: 'dd-2', type: 'destroyer', factors: 1, status: 'operational' },
    { id: 'dd-3', type: 'destroyer', factors: 1, status: 'operational' },
  ],
  infantry: [
    { id: 'inf-1', factors: 3 },
    { id: 'inf-2', factors: 3 },
    { id: 'inf-3', factors: 3 },
    { id: 'inf-4', factors: 2 },
  ],
};

/** Italian ships that change hands (56.31D), as the British naval report enters them (59.22F). */
const cruiser = { type: 'cruiser', factors: 2 } as const;
const destroyer = { type: 'destroyer', factors: 1 } as const;

const sel = (s: Partial<Selection>): Selection => ({
  infantry: [],
  namedShips: [],
  cruisers: [],
  destroyers: [],
  ...s,
});

/**
 * (d) Italy surrenders at level 0 in Fall 1943 — Africa cleared, Italian DP total -1, two Axis DPs and one
 * Allied DP in Italy — and both sides select post-surrender forces, the Axis first (56.311). Germany fights
 * on until Spring 1945, when Berlin falls; with Italy out already, the war in Europe ends (55.21).
 */
export function italy1943Germany1945(): GameScript {
  const g = europeanGame('italy-1943-germany-1945', t('spring', 1943), warsGrandAlliance);
  const fall43 = t('fall', 1943);
  // 56.31D: from the allocation on, the ships that joined the U.S. (a cruiser, a destroyer) and Germany (the same)
  // serve them.
  const afterItaly = fleetAfterItalianSurrender([cruiser, destroyer], [cruiser, destroyer]);
  g.turn(t('spring', 1943), { germany: germanyHolds(18), italy: italyHolds(2, true), britain: britainStrong(8, 0) })
    .turn(t('summer', 1943), { germany: germanyHolds(16), italy: italyHolds(1, false), britain: britainStrong(9, 5) })
    .turn(fall43, {
      germany: germanyHolds(15),
      italy: {
        italianDpTotal: -1,
        romeAlliedControlled: false,
        axisUnitsInAfrica: false,
        dpsInItaly: { axis: 2, allied: 1 },
        covertOperationsModifier: 0,
      },
      afterAlliedTurn: [
        { type: 'host.italian-forces-reported', data: { turn: fall43, ...italianForces1943 } },
        {
          type: 'italy.forces-selected',
          data: {
            turn: fall43,
            side: 'axis',
            selection: sel({ infantry: ['inf-1'], cruisers: ['montecuccoli'], destroyers: ['dd-1'] }),
          },
        },
        {
          type: 'italy.forces-selected',
          data: {
            turn: fall43,
            side: 'allied',
            selection: sel({ infantry: ['inf-2'], cruisers: ['eugenio-di-savoia'], destroyers: ['dd-2'] }),
          },
        },
      ],
      britain: britainStrong(9, 8, false, afterItaly),
    });
  let turn = nextTurn(fall43);
  const germanDp = [13, 10, 7, 4, 1];
  for (const dp of germanDp) {
    g.turn(turn, { germany: germanyHolds(dp), italy: null, britain: britainStrong(10, 20 + dp, false, afterItaly) });
    turn = nextTurn(turn);
  }
  // Spring 1945: Berlin falls with German resistance at -1 (DP -2, Berchtesgaden +1).
  g.turn(turn, {
    during: [{ type: 'host.city-firestormed', data: { turn, country: 'germany', city: 'Dresden' } }],
    germany: {
      berlin: 'allied',
      germanDpTotal: -1,
      germanyControlsBerchtesgaden: true,
      allGermanHexesAlliedOrAtomic: false,
    },
    italy: null,
    britain: britainStrong(11, 40, true, afterItaly),
  });
  return g;
}

/**
 * (e) Germany surrenders first, in Spring 1945: Italy fights on (55.22) and receives the German conquests on the
 * Mediterranean front (55.52). In Summer 1945 Rome falls with Italy's DP total at -3: Italy surrenders at level -2;
 * the Allied player alone selects post-surrender forces, and the war in Europe ends (56.21).
 */
export function germanyFirstThenItaly1945(): GameScript {
  const g = europeanGame('germany-first-then-italy-1945', t('fall', 1944), warsGrandAlliance);
  const spring45 = t('spring', 1945);
  const summer45 = t('summer', 1945);
  g.turn(t('fall', 1944), { germany: germanyHolds(6), italy: italyHolds(3, false), britain: britainStrong(10, 30) })
    .turn(t('winter', 1944), { germany: germanyHolds(3), italy: italyHolds(2, false), britain: britainStrong(10, 35) })
    .turn(spring45, {
      during: [{ type: 'host.atomic-attack', data: { turn: spring45, country: 'germany', hex: 'Berlin' } }],
      // An atomic attack marker in Berlin (55.11A), and -3 for the attack (55.11B): 2 + 1 - 3 = 0.
      germany: {
        berlin: 'atomic',
        germanDpTotal: 2,
        germanyControlsBerchtesgaden: true,
        allGermanHexesAlliedOrAtomic: false,
      },
      italy: italyHolds(1, false),
      britain: britainStrong(11, 40, true),
    })
    .turn(summer45, {
      germany: null,
      italy: {
        italianDpTotal: -3,
        romeAlliedControlled: true,
        axisUnitsInAfrica: false,
        dpsInItaly: { axis: 0, allied: 2 },
        covertOperationsModifier: 0,
      },
      afterAlliedTurn: [
        { type: 'host.italian-forces-reported', data: { turn: summer45, ...italianForces1943 } },
        {
          type: 'italy.forces-selected',
          data: {
            turn: summer45,
            side: 'allied',
            selection: sel({
              infantry: ['inf-1', 'inf-2', 'inf-3'],
              namedShips: ['littorio'],
              cruisers: ['montecuccoli', 'eugenio-di-savoia'],
              destroyers: ['dd-1', 'dd-2'],
            }),
          },
        },
      ],
      // 56.31D: Littorio, two cruisers and two destroyers joined the U.S.; Germany, surrendered, took nothing.
      britain: britainStrong(
        12,
        40,
        true,
        fleetAfterItalianSurrender([{ type: 'battleship', factors: 4 }, cruiser, cruiser, destroyer, destroyer], []),
      ),
    });
  return g;
}
