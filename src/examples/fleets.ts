// Naval orders of battle and British force pools for the example games (59.22F, 59.51).
import type { EventData } from '../../events/index.js';
import type { ForceUnit } from '../rules/force-reduction.js';

type Naval = EventData<'host.game-turn-ended'>['britain']['naval'][number];

const ships = (n: number, ship: Naval): Naval[] => Array.from({ length: n }, () => ship);

/** 1941: the Royal Navy against the German and Italian fleets, the U.S. and Russia not yet counted. */
export const fleet1941: Naval[] = [
  ...ships(3, {
    side: 'allied',
    nationality: 'british',
    type: 'battleship',
    factors: 9,
    location: 'map',
    status: 'operational',
  }),
  { side: 'allied', nationality: 'british', type: 'battleship', factors: 9, location: 'map', status: 'damaged' },
  {
    side: 'allied',
    nationality: 'british',
    type: 'carrier',
    factors: 8,
    location: 'atlantic-sw',
    status: 'operational',
  },
  ...ships(3, {
    side: 'allied',
    nationality: 'british',
    type: 'cruiser',
    factors: 2,
    location: 'map',
    status: 'operational',
  }),
  {
    side: 'allied',
    nationality: 'commonwealth',
    type: 'cruiser',
    factors: 2,
    location: 'indian-ocean-sw',
    status: 'operational',
  },
  ...ships(4, {
    side: 'allied',
    nationality: 'british',
    type: 'destroyer',
    factors: 1,
    location: 'map',
    status: 'operational',
  }),
  ...ships(3, {
    side: 'allied',
    nationality: 'british',
    type: 'submarine',
    factors: 2,
    location: 'map',
    status: 'operational',
  }),
  {
    side: 'allied',
    nationality: 'british',
    type: 'battleship',
    factors: 9,
    location: 'pacific',
    status: 'operational',
  },
  ...ships(2, {
    side: 'axis',
    nationality: 'german',
    type: 'battleship',
    factors: 9,
    location: 'map',
    status: 'operational',
  }),
  { side: 'axis', nationality: 'german', type: 'battleship', factors: 9, location: 'map', status: 'row-2' },
  { side: 'axis', nationality: 'german', type: 'carrier', factors: 4, location: 'map', status: 'row-3-plus' },
  ...ships(4, {
    side: 'axis',
    nationality: 'italian',
    type: 'battleship',
    factors: 3,
    location: 'map',
    status: 'operational',
  }),
  ...ships(3, {
    side: 'axis',
    nationality: 'italian',
    type: 'cruiser',
    factors: 2,
    location: 'map',
    status: 'operational',
  }),
  ...ships(4, {
    side: 'axis',
    nationality: 'german',
    type: 'destroyer',
    factors: 1,
    location: 'map',
    status: 'operational',
  }),
  ...ships(6, {
    side: 'axis',
    nationality: 'german',
    type: 'submarine',
    factors: 2,
    location: 'atlantic-sw',
    status: 'operational',
  }),
];

/** 1942-43: the U.S. Navy in the Atlantic tips the balance once the U.S. is at war with Germany. */
export const fleet1943: Naval[] = [
  ...fleet1941,
  ...ships(4, {
    side: 'allied',
    nationality: 'american',
    type: 'battleship',
    factors: 9,
    location: 'us-atlantic',
    status: 'operational',
  }),
  ...ships(2, {
    side: 'allied',
    nationality: 'american',
    type: 'carrier',
    factors: 6,
    location: 'atlantic-sw',
    status: 'operational',
  }),
  ...ships(4, {
    side: 'allied',
    nationality: 'american',
    type: 'cruiser',
    factors: 2,
    location: 'map',
    status: 'operational',
  }),
  ...ships(6, {
    side: 'allied',
    nationality: 'american',
    type: 'battleship',
    factors: 9,
    location: 'pacific',
    status: 'operational',
  }),
];

/**
 * After Italy's surrender (56.31D): the Italian ships that joined the U.S. or Germany are entered with their new
 * owner's nationality; every other Italian ship has left play.
 */
export function fleetAfterItalianSurrender(toUs: readonly Joined[], toGermany: readonly Joined[]): Naval[] {
  const joined =
    (side: Naval['side'], nationality: Naval['nationality']) =>
    (s: Joined): Naval => ({ side, nationality, ...s, location: 'map', status: 'operational' });
  return [
    ...fleet1943.filter((s) => s.nationality !== 'italian'),
    ...toUs.map(joined('allied', 'american')),
    ...toGermany.map(joined('axis', 'german')),
  ];
}
type Joined = Pick<Naval, 'type' | 'factors'>;

const unit = (
  id: string,
  kind: ForceUnit['kind'],
  factors: number,
  brps: number,
  theater: ForceUnit['theater'],
  nationality: ForceUnit['nationality'] = 'british',
): ForceUnit => ({
  id,
  nationality,
  kind,
  factors,
  brps,
  theater,
});
const ship = (
  id: string,
  type: NonNullable<ForceUnit['naval']>['type'],
  factors: number,
  status: NonNullable<ForceUnit['naval']>['status'] = 'operational',
  nationality: ForceUnit['nationality'] = 'british',
): ForceUnit => ({
  id,
  nationality,
  kind: 'naval',
  factors,
  brps: 0,
  theater: 'europe',
  naval: { type, status },
});

/** The British force pool and Royal Navy in 1941. */
export const britishForces1941: ForceUnit[] = [
  unit('raf-1', 'aaf', 2, 10, 'europe'),
  unit('raf-2', 'aaf', 2, 10, 'europe'),
  unit('raf-3', 'aaf', 2, 10, 'europe'),
  unit('raf-4', 'aaf', 2, 10, 'unbuilt'),
  unit('raf-5', 'aaf', 1, 5, 'unbuilt'),
  unit('raf-6', 'aaf', 1, 5, 'unbuilt'),
  unit('bomber-command', 'strategic-bomber', 5, 25, 'europe'),
  unit('fighter-command', 'interceptor', 3, 15, 'europe'),
  unit('raaf-1', 'aaf', 2, 10, 'europe', 'australian'),
  unit('1st-armd', 'ground', 4, 8, 'europe'),
  unit('7th-armd', 'ground', 4, 8, 'europe'),
  unit('50th-inf', 'ground', 3, 3, 'europe'),
  unit('51st-inf', 'ground', 3, 3, 'unbuilt'),
  unit('guards-inf', 'ground', 3, 3, 'unbuilt'),
  unit('1st-airborne', 'ground', 1, 3, 'unbuilt'),
  unit('fleet-air-arm', 'nas', 2, 4, 'europe'),
  unit('1st-can-inf', 'ground', 3, 3, 'europe', 'canadian'),
  unit('9th-aus-inf', 'ground', 3, 3, 'europe', 'australian'),
  unit('4th-ind-inf', 'ground', 3, 3, 'europe', 'indian'),
  unit('ff-inf', 'ground', 2, 2, 'europe', 'free-french'),
  ship('hood', 'battlecruiser', 9),
  ship('nelson', 'battleship', 9),
  ship('rodney', 'battleship', 9),
  ship('kgv', 'battleship', 9),
  ship('pow', 'battleship', 9, 'incomplete'),
  ship('warspite', 'battleship', 9, 'damaged'),
  ship('ark-royal', 'carrier', 8),
  ship('illustrious', 'carrier', 6),
  ship('ca-home', 'cruiser', 2),
  ship('ca-med', 'cruiser', 2),
  ship('ca-force-h', 'cruiser', 2),
  ship('dd-1', 'destroyer', 1),
  ship('dd-2', 'destroyer', 1),
  ship('dd-3', 'destroyer', 1),
  ship('ss-1', 'submarine', 2),
  ship('hmas-sydney', 'cruiser', 2, 'operational', 'australian'),
  { id: 'asw-western-approaches', nationality: 'british', kind: 'asw', factors: 2, brps: 0, theater: 'europe' },
  { id: 'transports', nationality: 'british', kind: 'transport', factors: 10, brps: 0, theater: 'europe' },
];

/** 1943: a larger Royal Navy, but a force pool stretched thin. */
export const britishForces1943: ForceUnit[] = [
  ...britishForces1941.filter((u) => u.kind !== 'naval'),
  ...Array.from({ length: 8 }, (_, i) => ship(`bb-${i + 1}`, 'battleship', 9)),
  ship('cv-1', 'carrier', 6),
  ship('cv-2', 'carrier', 6),
  ...Array.from({ length: 6 }, (_, i) => ship(`ca-${i + 1}`, 'cruiser', 2)),
  ...Array.from({ length: 8 }, (_, i) => ship(`dd-${i + 1}`, 'destroyer', 1)),
  ...Array.from({ length: 3 }, (_, i) => ship(`ss-${i + 1}`, 'submarine', 2)),
  ship('hmas-australia', 'cruiser', 2, 'operational', 'australian'),
];
