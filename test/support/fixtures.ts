// Builders for the events of test games.
import type { EventData } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { warsGrandAlliance } from '../../src/examples/script.js';
import { defaultRulingOptions } from '../../src/rules/options.js';
import { Seasons, type Season } from '../../src/schema/types.js';

export const turn = (season: Season, year: number) => ({ season, year });

/** The game turn `index` turns after Spring 1941 (0: Spring 1941, 4: Spring 1942). */
export const turnFrom1941 = (index: number) => turn(Seasons[index % 4] ?? 'spring', 1941 + Math.floor(index / 4));

type Start = EventData<'host.game-started'>;

export function gameStarted(overrides: Partial<Start> = {}): Extract<OriginEvent, { type: 'host.game-started' }> {
  return {
    type: 'host.game-started',
    data: {
      scenario: 'european',
      turn: turn('spring', 1944),
      wars: warsGrandAlliance,
      italy: { declaredWarOnWesternAlliesYear: 1940, westernAlliesDeclaredWar: false },
      options: defaultRulingOptions,
      ...overrides,
    },
  };
}

type German = NonNullable<EventData<'host.allied-player-turn-ended'>['germany']>;
type Italian = NonNullable<EventData<'host.allied-player-turn-ended'>['italy']>;

export const germanFacts = (overrides: Partial<German> = {}): German => ({
  berlin: 'axis',
  germanDpTotal: 5,
  germanyControlsBerchtesgaden: true,
  allGermanHexesAlliedOrAtomic: false,
  ...overrides,
});

export const italianFacts = (overrides: Partial<Italian> = {}): Italian => ({
  italianDpTotal: 3,
  romeAlliedControlled: false,
  axisUnitsInAfrica: true,
  dpsInItaly: { axis: 0, allied: 0 },
  covertOperationsModifier: 0,
  ...overrides,
});

export function alliedTurnEnded(
  t: { season: Season; year: number },
  germany: German | null,
  italy: Italian | null = null,
): Extract<OriginEvent, { type: 'host.allied-player-turn-ended' }> {
  return { type: 'host.allied-player-turn-ended', data: { turn: t, germany, italy } };
}

export const firestorm = (
  t: { season: Season; year: number },
  country: 'germany' | 'britain',
  city: string,
): OriginEvent => ({
  type: 'host.city-firestormed',
  data: { turn: t, country, city },
});

export const atomicAttack = (
  t: { season: Season; year: number },
  country: 'germany' | 'britain' | 'italy' | 'other',
  hex: string,
): OriginEvent => ({
  type: 'host.atomic-attack',
  data: { turn: t, country, hex },
});
