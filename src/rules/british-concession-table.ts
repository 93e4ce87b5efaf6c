// Rule 59.65: the British Concession Table (priorities and values in concession points), the minor
// country and indemnity values, and the points a surrender level gives Germany (59.65, 59.872).

export const TerritoryKeys = [
  'lebanon-syria',
  'tunisia',
  'algeria',
  'morocco',
  'libya',
  'albania',
  'malta',
  'palestine',
  'transjordan',
  'egypt',
  'iraq',
  'gibraltar',
  'ulster',
  'ireland',
  'scapa-flow',
  'scotland',
  'central-england',
  'southern-england',
] as const;
export type TerritoryKey = (typeof TerritoryKeys)[number];

export interface TerritoryEntry {
  readonly priority: number;
  readonly value: number;
  /** How the table names it, with its notes (Cyprus is part of Palestine, Kuwait of Iraq). */
  readonly name: string;
}

/** 59.65, in the table's order. */
export const CONCESSION_TABLE: Readonly<Record<TerritoryKey, TerritoryEntry>> = {
  'lebanon-syria': { priority: 1, value: 1, name: 'Lebanon/Syria' },
  tunisia: { priority: 1, value: 1, name: 'Tunisia' },
  algeria: { priority: 1, value: 1, name: 'Algeria' },
  morocco: { priority: 1, value: 1, name: 'Morocco' },
  libya: { priority: 1, value: 1, name: 'Libya' },
  albania: { priority: 1, value: 1, name: 'Albania' },
  malta: { priority: 3, value: 1, name: 'Malta' },
  palestine: { priority: 3, value: 1, name: 'Palestine (with Cyprus)' },
  transjordan: { priority: 3, value: 1, name: 'Transjordan' },
  egypt: { priority: 4, value: 2, name: 'Egypt' },
  iraq: { priority: 4, value: 2, name: 'Iraq (with Kuwait)' },
  gibraltar: { priority: 4, value: 3, name: 'Gibraltar' },
  ulster: { priority: 5, value: 2, name: 'Ulster (becomes part of Ireland)' },
  ireland: { priority: 5, value: 2, name: 'Ireland' },
  'scapa-flow': { priority: 5, value: 3, name: 'Scapa Flow' },
  scotland: { priority: 6, value: 4, name: 'Scotland (hex rows C to F)' },
  'central-england': {
    priority: 7,
    value: 5,
    name: 'Central England, with Birmingham and Manchester (hex rows G to J)',
  },
  'southern-england': { priority: 8, value: 6, name: 'Southern England, with London (hex rows K and L)' },
};

/** 59.65: British minor allies, associated minor countries and conquests share priority 2. */
export const MINOR_PRIORITY = 2;

/** 59.65: minors are priced per full five of their BRPs. */
export const MINOR_BRPS_PER_STEP = 5;

export type MinorConcession = 'neutral' | 'axis';

export const isTerritoryKey = (name: string): name is TerritoryKey => Object.hasOwn(CONCESSION_TABLE, name);

/** 59.65: neutrality one point, Axis control two points, for every full five minor BRPs. */
export function minorValue(brps: number, to: MinorConcession): number {
  const steps = Math.floor(brps / MINOR_BRPS_PER_STEP);
  return to === 'neutral' ? steps : 2 * steps;
}

/** 59.67: 10, 20 or 30 BRPs. */
export const IndemnityChoices = [0, 10, 20, 30] as const;
export type IndemnityBrps = (typeof IndemnityChoices)[number];
export const MAX_INDEMNITY_BRPS = 30;

/** 59.65: one concession point per 10 BRPs of indemnity, at most 30 BRPs. */
export const indemnityValue = (brps: number): number => Math.floor(Math.min(brps, MAX_INDEMNITY_BRPS) / 10);

/**
 * 59.65: two concession points per surrender level below 0 (the table's "level 1" is a -1 surrender);
 * 59.872: after an earlier surrender, per level of the difference between the new and old levels.
 */
export function concessionPoints(level: number, previousLevel?: number): number {
  const levels = (previousLevel ?? 0) - level;
  return levels > 0 ? 2 * levels : 0;
}
