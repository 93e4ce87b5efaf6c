// Example games of British surrender (rule 59), each told turn by turn as a host would report it.
import type { EventData, OriginEvent } from '../../events/index.js';
import type { TerritoryKey } from '../rules/british-concession-table.js';
import type { TerritoryControl } from '../rules/concessions.js';
import { britishForces1941, britishForces1943, fleet1941, fleet1943 } from './fleets.js';
import { europeanGame, warsBritainAlone, warsGrandAlliance, type GameScript, type TurnRef } from './script.js';

type British = EventData<'host.game-turn-ended'>['britain'];
type PoolUnit = EventData<'host.british-force-pool'>['units'][number];
type German = NonNullable<EventData<'host.allied-player-turn-ended'>['germany']>;
type Italian = NonNullable<EventData<'host.allied-player-turn-ended'>['italy']>;

export const t = (season: TurnRef['season'], year: number): TurnRef => ({ season, year });

export const strongGermany = (dp: number): German => ({
  berlin: 'axis',
  germanDpTotal: dp,
  germanyControlsBerchtesgaden: true,
  allGermanHexesAlliedOrAtomic: false,
});
export const italyFightsOn = (dp: number): Italian => ({
  italianDpTotal: dp,
  romeAlliedControlled: false,
  axisUnitsInAfrica: true,
  dpsInItaly: { axis: 0, allied: 0 },
  covertOperationsModifier: 0,
});

export function britain(over: Partial<British>): British {
  return {
    britishDpLevel: 3,
    axisControlsMalta: false,
    axisControlsSingapore: false,
    oilEffectsOnBritain: 0,
    atlanticSwTransports: 10,
    russianGroundUnitInEasternEurope: true,
    unbuiltBritishGroundAirFactors: 4,
    usatLevel: 12,
    westernAlliedGroundAirFactorsOnWesternFront: 0,
    westernAlliedGroundUnitInGermany: false,
    russianGroundUnitInWesternPolandOrRumania: false,
    naval: fleet1941,
    ...over,
  };
}

export const decide = (turn: TurnRef) => ({
  accept: (): OriginEvent => ({ type: 'britain.offer-accepted', data: { turn } }),
  reject: (): OriginEvent => ({ type: 'britain.offer-rejected', data: { turn } }),
  reportPool: (units: readonly PoolUnit[]): OriginEvent => ({
    type: 'host.british-force-pool',
    data: { turn, units: [...units] },
  }),
  select: (selection: string[]): OriginEvent => ({ type: 'britain.forces-selected', data: { turn, selection } }),
  declare: (
    aggressor: EventData<'war.declared'>['aggressor'],
    targets: EventData<'war.declared'>['targets'],
    usatLevel: number | null = null,
  ): OriginEvent => ({
    type: 'war.declared',
    data: { turn, aggressor, targets, usatLevel },
  }),
});

/** Control when Britain surrenders in 1941: the Axis holds Libya and Albania; France's colonies Vichy (independent). */
export const territories1941 = (
  over: Partial<Record<TerritoryKey, TerritoryControl>> = {},
): Record<TerritoryKey, TerritoryControl> => ({
  'lebanon-syria': 'independent',
  tunisia: 'independent',
  algeria: 'independent',
  morocco: 'independent',
  libya: 'axis',
  albania: 'axis',
  malta: 'british',
  palestine: 'british',
  transjordan: 'british',
  egypt: 'british',
  iraq: 'british',
  gibraltar: 'british',
  ulster: 'british',
  ireland: 'independent',
  'scapa-flow': 'british',
  scotland: 'british',
  'central-england': 'british',
  'southern-england': 'british',
  ...over,
});
export const ORIGINALLY_BRITISH = [
  'malta',
  'palestine',
  'transjordan',
  'egypt',
  'iraq',
  'gibraltar',
  'ulster',
  'scapa-flow',
  'scotland',
  'central-england',
  'southern-england',
];

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
