// One valid input per contract calculator (docs/cli.md): the CLI tests' examples and the fuzzers' seeds.
import { territories1941 } from './concessions-fixtures.js';

const territories = territories1941;

/** A european Winter 1941 turn touching most rows of the table (59.21). */
export const britishResistanceExample = {
  scenario: 'european',
  turn: { year: 1941, season: 'winter' },
  britishDpLevel: 3,
  axisControlsMalta: false,
  axisControlsSingapore: false,
  australiaSurrendered: false,
  indiaSurrendered: false,
  atomicAttacksOnBritain: 0,
  britishCitiesFirestormed: 1,
  oilEffectsOnBritain: 2,
  atlanticSwTransports: 7,
  russianGroundUnitInEasternEurope: true,
  unbuiltBritishGroundAirFactors: 23,
  atWarWithEuropeanAxis: { us: false, russia: true, france: false },
  italyAtWarWithBritain: true,
  usatLevel: 33,
  westernAlliedGroundAirFactorsOnWesternFront: 4,
  westernAlliedGroundUnitInGermany: false,
  russianGroundUnitInWesternPolandOrRumania: false,
  concessionPointsForgone: 0,
  naval: [
    { side: 'allied', nationality: 'british', type: 'battleship', factors: 9, location: 'map', status: 'operational' },
    { side: 'allied', nationality: 'british', type: 'cruiser', factors: 3, location: 'map', status: 'damaged' },
    {
      side: 'allied',
      nationality: 'commonwealth',
      type: 'destroyer',
      factors: 1,
      location: 'indian-ocean-sw',
      status: 'damaged',
    },
    {
      side: 'allied',
      nationality: 'american',
      type: 'carrier',
      factors: 6,
      location: 'us-atlantic',
      status: 'operational',
    },
    {
      side: 'allied',
      nationality: 'british',
      type: 'submarine',
      factors: 2,
      location: 'atlantic-sw',
      status: 'operational',
    },
    { side: 'allied', nationality: 'russian', type: 'cruiser', factors: 2, location: 'map', status: 'operational' },
    { side: 'axis', nationality: 'german', type: 'battleship', factors: 3, location: 'map', status: 'operational' },
    { side: 'axis', nationality: 'italian', type: 'cruiser', factors: 2, location: 'map', status: 'operational' },
    { side: 'axis', nationality: 'german', type: 'carrier', factors: 3, location: 'map', status: 'row-3-plus' },
    { side: 'axis', nationality: 'italian', type: 'destroyer', factors: 2, location: 'pacific', status: 'operational' },
  ],
};

/** A -3 surrender in 1941: Germany takes Malta and Palestine and 10 BRPs. */
export const concessionsExample = {
  surrenderLevel: -3,
  usAtWarWithGermany: false,
  territories,
  minors: [{ name: 'greece', brps: 4, status: 'british' }],
  originallyBritish: ['malta', 'palestine', 'transjordan', 'egypt', 'iraq', 'gibraltar'],
  returnedInEarlierSurrender: [],
  axisControls: { london: false, birmingham: false, manchester: false, allOfScotland: false },
  demand: { take: ['malta', 'palestine'], minors: [], indemnityBrps: 10, return: [] },
};

/** A -1 surrender: the rule's example of four 3-factor battleships meeting ten naval factors. */
export const forceReductionExample = {
  surrenderLevel: -1,
  scenario: 'global',
  units: [
    { id: 'raf-1', nationality: 'british', kind: 'aaf', factors: 2, brps: 10, theater: 'unbuilt' },
    { id: 'inf-1', nationality: 'british', kind: 'ground', factors: 3, brps: 4, theater: 'europe' },
    { id: 'can-1', nationality: 'canadian', kind: 'ground', factors: 3, brps: 4, theater: 'europe' },
    {
      id: 'bb-1',
      nationality: 'british',
      kind: 'naval',
      factors: 3,
      brps: 0,
      theater: 'europe',
      naval: { type: 'battleship', status: 'operational' },
    },
    {
      id: 'bb-2',
      nationality: 'british',
      kind: 'naval',
      factors: 3,
      brps: 0,
      theater: 'europe',
      naval: { type: 'battleship', status: 'operational' },
    },
    {
      id: 'bb-3',
      nationality: 'british',
      kind: 'naval',
      factors: 3,
      brps: 0,
      theater: 'pacific',
      naval: { type: 'battleship', status: 'operational' },
    },
    {
      id: 'bb-4',
      nationality: 'australian',
      kind: 'naval',
      factors: 3,
      brps: 0,
      theater: 'pacific',
      naval: { type: 'battleship', status: 'operational' },
    },
    {
      id: 'bb-5',
      nationality: 'british',
      kind: 'naval',
      factors: 3,
      brps: 0,
      theater: 'europe',
      naval: { type: 'battleship', status: 'operational' },
    },
    { id: 'asw-1', nationality: 'british', kind: 'asw', factors: 1, brps: 0, theater: 'europe' },
  ],
  selection: ['raf-1', 'inf-1', 'bb-1', 'bb-2', 'bb-3', 'bb-5'],
};

export const italianSurrenderExample = {
  italianDpTotal: 1,
  romeAlliedControlled: true,
  axisUnitsInAfrica: true,
  westernAlliesDeclaredWarOnItaly: false,
  italyDeclaredWarOnWesternAlliesYear: 1942,
  dpsInItaly: { axis: 1, allied: 3 },
  covertOperationsModifier: -1,
};
