// The reports and decisions of the example games of British surrender (rule 59): turns, the powers' reports,
// the decisions players make and the control of territory in 1941.
import type { EventData, OriginEvent } from '../../events/index.js';
import type { TerritoryKey } from '../rules/british-concession-table.js';
import type { TerritoryControl } from '../rules/concessions.js';
import { fleet1941 } from './fleets.js';
import type { TurnRef } from './script.js';

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
