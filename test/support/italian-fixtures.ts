// Builders for the Italian surrender (rule 56) in test games.
import type { EventData } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import type { AllocationSelection, ItalianForces } from '../../src/rules/italian-allocation.js';
import type { ItalianSurrenderInput } from '../../src/rules/italian-surrender.js';
import type { Season } from '../../src/schema/types.js';
import { italianFacts } from './fixtures.js';

type Italian = NonNullable<EventData<'host.allied-player-turn-ended'>['italy']>;
type T = { season: Season; year: number };

/**
 * Facts that make Italy surrender (DP total 0, Rome under Allied control) at the given surrender level:
 * the level is set through the DPs in Italy (56.31), which do not change the 56.12 DP total.
 */
export function surrenderFacts(level: -2 | -1 | 0 | 1 | 2, overrides: Partial<Italian> = {}): Italian {
  return italianFacts({
    italianDpTotal: 0,
    romeAlliedControlled: true,
    dpsInItaly: { axis: Math.max(level, 0), allied: Math.max(-level, 0) },
    ...overrides,
  });
}

/** The 56.1 calculator's input: Italy at DP total 0, Rome Axis-held, Axis units in Africa, no modifiers. */
export const italianInput = (overrides: Partial<ItalianSurrenderInput> = {}): ItalianSurrenderInput => ({
  italianDpTotal: 0,
  romeAlliedControlled: false,
  axisUnitsInAfrica: true,
  westernAlliesDeclaredWarOnItaly: false,
  italyDeclaredWarOnWesternAlliesYear: null,
  dpsInItaly: { axis: 0, allied: 0 },
  covertOperationsModifier: 0,
  ...overrides,
});

/** Italy's forces at the moment of surrender: 11 infantry factors, 4 named ships, 3 cruisers, 5 destroyer factors. */
export const FLEET: ItalianForces = {
  navy: [
    { id: 'Littorio', type: 'battleship', factors: 4, status: 'operational' },
    { id: 'Vittorio Veneto', type: 'battleship', factors: 4, status: 'damaged' },
    { id: 'Roma', type: 'battleship', factors: 4, status: 'row-2' },
    { id: 'Impero', type: 'battleship', factors: 4, status: 'row-3-plus' },
    { id: 'Zara', type: 'cruiser', factors: 3, status: 'operational' },
    { id: 'Pola', type: 'cruiser', factors: 3, status: 'sunk-in-port' },
    { id: 'Gorizia', type: 'cruiser', factors: 3, status: 'launch' },
    { id: 'DD-1', type: 'destroyer', factors: 1, status: 'operational' },
    { id: 'DD-2', type: 'destroyer', factors: 1, status: 'operational' },
    { id: 'DD-3', type: 'destroyer', factors: 2, status: 'operational' },
    { id: 'DD-4', type: 'destroyer', factors: 1, status: 'row-2' },
  ],
  infantry: [
    { id: 'inf-1', factors: 3 },
    { id: 'inf-2', factors: 3 },
    { id: 'inf-3', factors: 2 },
    { id: 'inf-4', factors: 2 },
    { id: 'inf-5', factors: 1 },
  ],
};

export const forcesReported = (
  t: T,
  forces: ItalianForces = FLEET,
): Extract<OriginEvent, { type: 'host.italian-forces-reported' }> => ({
  type: 'host.italian-forces-reported',
  data: { turn: t, navy: forces.navy.map((s) => ({ ...s })), infantry: forces.infantry.map((u) => ({ ...u })) },
});

/** A selection by category; omitted categories are empty. */
export const selection = (s: Partial<AllocationSelection> = {}): AllocationSelection => ({
  infantry: [...(s.infantry ?? [])],
  namedShips: [...(s.namedShips ?? [])],
  cruisers: [...(s.cruisers ?? [])],
  destroyers: [...(s.destroyers ?? [])],
});

export const forcesSelected = (
  t: T,
  side: 'axis' | 'allied',
  s: Partial<AllocationSelection> = {},
): Extract<OriginEvent, { type: 'italy.forces-selected' }> => ({
  type: 'italy.forces-selected',
  data: {
    turn: t,
    side,
    selection: {
      infantry: [...(s.infantry ?? [])],
      namedShips: [...(s.namedShips ?? [])],
      cruisers: [...(s.cruisers ?? [])],
      destroyers: [...(s.destroyers ?? [])],
    },
  },
});

export const declareWar = (
  t: T,
  aggressor: EventData<'war.declared'>['aggressor'],
  targets: EventData<'war.declared'>['targets'],
): Extract<OriginEvent, { type: 'war.declared' }> => ({
  type: 'war.declared',
  data: { turn: t, aggressor, targets, usatLevel: null },
});
