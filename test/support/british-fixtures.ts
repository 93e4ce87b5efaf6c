// Builders for British surrender tests. With these facts every table row is 0 except the DP level
// and "+1 per major power at war with the European Axis" (59.21), so a test controls the level.
import type { EventData } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import type { ForceUnit } from '../../src/rules/force-reduction.js';
import type { Season } from '../../src/schema/types.js';
import { gameStarted } from './fixtures.js';
import { ORIGINALLY_BRITISH, territories1941 } from '../../src/examples/british-reports.js';
import { warsBritainAlone, warsGrandAlliance } from '../../src/examples/script.js';

type T = { season: Season; year: number };
type Facts = EventData<'host.game-turn-ended'>['britain'];
type PoolUnit = EventData<'host.british-force-pool'>['units'][number];

export const britishFacts = (overrides: Partial<Facts> = {}): Facts => ({
  britishDpLevel: 3,
  axisControlsMalta: false,
  axisControlsSingapore: false,
  oilEffectsOnBritain: 0,
  atlanticSwTransports: 10,
  russianGroundUnitInEasternEurope: true,
  unbuiltBritishGroundAirFactors: 0,
  usatLevel: 0,
  westernAlliedGroundAirFactorsOnWesternFront: 0,
  westernAlliedGroundUnitInGermany: false,
  russianGroundUnitInWesternPolandOrRumania: false,
  naval: [],
  ...overrides,
});

export const gameTurnEnded = (t: T, facts: Partial<Facts> = {}): OriginEvent => ({
  type: 'host.game-turn-ended',
  data: { turn: t, britain: britishFacts(facts) },
});

/** 1941, before Russia and the U.S. are at war: Germany and Italy against Britain alone. */
export const seaLionStart = (overrides: Partial<EventData<'host.game-started'>> = {}) =>
  gameStarted({
    scenario: 'european',
    turn: { season: 'spring', year: 1941 },
    wars: warsBritainAlone,
    italy: { declaredWarOnWesternAlliesYear: 1940, westernAlliesDeclaredWar: false },
    ...overrides,
  });

/** 1943: the U.S. and Russia at war with Germany and Italy. */
export const usAtWarStart = (overrides: Partial<EventData<'host.game-started'>> = {}) =>
  gameStarted({
    scenario: 'european',
    turn: { season: 'spring', year: 1943 },
    wars: warsGrandAlliance,
    ...overrides,
  });

export const accept = (t: T): OriginEvent => ({ type: 'britain.offer-accepted', data: { turn: t } });
export const rejectOffer = (t: T): OriginEvent => ({ type: 'britain.offer-rejected', data: { turn: t } });

/** A British force pool with plenty of every eligible kind. */
export const britishPool: ForceUnit[] = [
  { id: 'aaf-1', nationality: 'british', kind: 'aaf', factors: 1, brps: 5, theater: 'unbuilt' },
  { id: 'aaf-2', nationality: 'british', kind: 'aaf', factors: 1, brps: 5, theater: 'unbuilt' },
  { id: 'aaf-3', nationality: 'british', kind: 'aaf', factors: 2, brps: 10, theater: 'europe' },
  { id: 'aaf-4', nationality: 'british', kind: 'aaf', factors: 2, brps: 10, theater: 'europe' },
  { id: 'inf-1', nationality: 'british', kind: 'ground', factors: 3, brps: 3, theater: 'europe' },
  { id: 'inf-2', nationality: 'british', kind: 'ground', factors: 1, brps: 1, theater: 'unbuilt' },
  { id: 'inf-3', nationality: 'british', kind: 'ground', factors: 3, brps: 3, theater: 'unbuilt' },
  { id: 'arm-1', nationality: 'british', kind: 'ground', factors: 4, brps: 4, theater: 'europe' },
  { id: 'nas-1', nationality: 'british', kind: 'nas', factors: 4, brps: 4, theater: 'europe' },
  {
    id: 'bb-1',
    nationality: 'british',
    kind: 'naval',
    factors: 9,
    brps: 0,
    theater: 'europe',
    naval: { type: 'battleship', status: 'operational' },
  },
  {
    id: 'bb-2',
    nationality: 'british',
    kind: 'naval',
    factors: 9,
    brps: 0,
    theater: 'europe',
    naval: { type: 'battleship', status: 'operational' },
  },
  {
    id: 'ca-1',
    nationality: 'british',
    kind: 'naval',
    factors: 1,
    brps: 0,
    theater: 'europe',
    naval: { type: 'cruiser', status: 'operational' },
  },
  {
    id: 'ca-2',
    nationality: 'british',
    kind: 'naval',
    factors: 1,
    brps: 0,
    theater: 'europe',
    naval: { type: 'cruiser', status: 'operational' },
  },
  {
    id: 'cv-1',
    nationality: 'british',
    kind: 'naval',
    factors: 4,
    brps: 0,
    theater: 'europe',
    naval: { type: 'carrier', status: 'operational' },
  },
  { id: 'can-inf', nationality: 'canadian', kind: 'ground', factors: 3, brps: 3, theater: 'europe' },
  { id: 'sb-1', nationality: 'british', kind: 'strategic-bomber', factors: 5, brps: 25, theater: 'europe' },
];

/**
 * 59.513B: units removed at a surrender never return to the pool, so the pool of the `n`th later surrender holds
 * other counters: the same units under ids of their own (`aaf-1-2`).
 */
export const laterPool = <U extends { readonly id: string }>(units: readonly U[], n: number): U[] =>
  n === 0 ? [...units] : units.map((u) => ({ ...u, id: `${u.id}-${n}` }));

/** 59.513: the host reports the British force pool the selection is made from. */
export const reportPool = (t: T, units: readonly PoolUnit[] = britishPool): OriginEvent => ({
  type: 'host.british-force-pool',
  data: { turn: t, units: [...units] },
});

/** 59.513A: the British player selects units of the reported pool by id. */
export const selectForces = (t: T, selection: string[]): OriginEvent => ({
  type: 'britain.forces-selected',
  data: { turn: t, selection },
});

type HexControl = EventData<'host.british-hex-control'>;

/** Control when Britain surrenders in 1941: the Axis holds Libya and Albania; France's colonies Vichy (independent). */
export const hexControl = (t: T, overrides: Partial<HexControl> = {}): OriginEvent => ({
  type: 'host.british-hex-control',
  data: {
    turn: t,
    unsuppliedHexes: ['M21', 'M22'],
    fortificationsEliminated: [],
    territories: territories1941(),
    minors: [],
    originallyBritish: ORIGINALLY_BRITISH,
    axisControls: { london: false, birmingham: false, manchester: false, allOfScotland: false },
    ...overrides,
  },
});

export const demand = (
  t: T,
  d: Partial<EventData<'britain.terms-demanded'>['demand']>,
  toItaly: string[] = [],
): OriginEvent => ({
  type: 'britain.terms-demanded',
  data: { turn: t, demand: { take: [], minors: [], indemnityBrps: 0, return: [], ...d }, toItaly },
});

export const declareWar = (
  t: T,
  aggressor: EventData<'war.declared'>['aggressor'],
  targets: EventData<'war.declared'>['targets'],
  usatLevel: number | null = null,
): OriginEvent => ({
  type: 'war.declared',
  data: { turn: t, aggressor, targets, usatLevel },
});

/**
 * A global game, Japan at war with Britain only: a "0" surrender into peace (no force reductions), terms imposed; Japan
 * chooses (59.891C).
 */
export const japanChoosesAfterPeace = (t: T): OriginEvent[] => [
  seaLionStart({
    scenario: 'global',
    wars: [
      { axis: 'germany', allied: 'britain' },
      { axis: 'japan', allied: 'britain' },
    ],
  }),
  gameTurnEnded(t, { britishDpLevel: 0 }),
  accept(t),
  hexControl(t),
  demand(t, {}),
];
