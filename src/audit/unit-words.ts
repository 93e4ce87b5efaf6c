// The words for a unit of the British force pool (59.51) and for who controls a territory (59.632, 59.634), as the
// audit lists them: the host's ids as they are, every value of the rules' vocabulary in words.
import type { EventData } from '../../events/index.js';
import { plural } from '../rules/lines.js';
import type { TerritoryControl } from '../rules/concessions-input.js';
import type { ShipStatus, UnitKind, UnitNationality, UnitTheater } from '../rules/force-reduction-input.js';

type PoolUnit = EventData<'host.british-force-pool'>['units'][number];

const NATIONALITY: Readonly<Record<UnitNationality, string>> = {
  british: 'British',
  canadian: 'Canadian',
  'south-african': 'South African',
  australian: 'Australian',
  indian: 'Indian',
  'free-french': 'Free French',
  minor: 'minor country',
};

const KIND: Readonly<Record<UnitKind, string>> = {
  ground: 'ground unit',
  aaf: 'AAF',
  nas: 'NAS',
  'strategic-bomber': 'strategic bomber',
  interceptor: 'interceptor',
  jet: 'jet',
  naval: 'ship',
  asw: 'ASW',
  transport: 'transports',
};

const THEATER: Readonly<Record<UnitTheater, string>> = {
  unbuilt: 'unbuilt',
  europe: 'in Europe',
  pacific: 'in the Pacific',
  asia: 'in Asia',
};

const STATUS: Readonly<Record<ShipStatus, string>> = {
  operational: 'operational',
  incomplete: 'incomplete',
  damaged: 'damaged',
  'sunk-in-port': 'sunk in port',
  salvageable: 'salvageable',
};

/** A force pool unit in words, field by field: as the report's table shows it (src/report/force-pool.ts). */
export interface PoolUnitWords {
  /** The host's id, as it is. */
  readonly id: string;
  /** `British battlecruiser`, `minor country ground unit of Greece`. */
  readonly kind: string;
  readonly factors: number;
  readonly brps: number;
  /** `operational, in Europe`; `unbuilt`. */
  readonly where: string;
}

export function poolUnitWords(u: PoolUnit): PoolUnitWords {
  const what = u.naval === undefined ? KIND[u.kind] : u.naval.type;
  const of = u.minor === undefined ? '' : ` of ${u.minor}`;
  return {
    id: u.id,
    kind: `${NATIONALITY[u.nationality]} ${what}${of}`,
    factors: u.factors,
    brps: u.brps,
    where: [...(u.naval === undefined ? [] : [STATUS[u.naval.status]]), THEATER[u.theater]].join(', '),
  };
}

/** `hood: British battlecruiser, 9 factors, operational, in Europe`. */
export function poolUnitRow(u: PoolUnit): string {
  const w = poolUnitWords(u);
  return [`${w.id}: ${w.kind}`, plural(w.factors, 'factor'), ...(w.brps === 0 ? [] : [`${w.brps} BRPs`]), w.where].join(
    ', ',
  );
}

const CONTROL: Readonly<Record<TerritoryControl | 'japanese', string>> = {
  british: 'British-controlled',
  axis: 'Axis-controlled',
  independent: 'independent',
  japanese: 'Japanese-controlled',
};

/** `malta: British-controlled`. */
export const controlRow = (territory: string, control: TerritoryControl | 'japanese'): string =>
  `${territory}: ${CONTROL[control]}`;

/** `1 fortification eliminated`, `2 fortifications eliminated`. */
export const fortificationsRow = (n: number): string => `59.633 ${plural(n, 'fortification')} eliminated`;
