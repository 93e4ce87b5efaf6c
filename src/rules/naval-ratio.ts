// Rule 59.22F: the naval force ratio modifier of the British Resistance Table (59.21).
// Integer arithmetic only: ratio bands are decided by comparing cross products, never by dividing.
// Data only: the words of the line are rendered from it (src/rules/british-lines.ts).

export const NavalSides = ['allied', 'axis'] as const;
export type NavalSide = (typeof NavalSides)[number];

export const NavalNationalities = [
  'british',
  'commonwealth',
  'french',
  'american',
  'russian',
  'german',
  'italian',
  'other',
] as const;
export type NavalNationality = (typeof NavalNationalities)[number];

export const NavalTypes = [
  'battleship',
  'battlecruiser',
  'carrier',
  'cruiser',
  'destroyer',
  'submarine',
  'asw',
  'transport',
] as const;
export type NavalType = (typeof NavalTypes)[number];

export const NavalLocations = [
  'map',
  'atlantic-sw',
  'indian-ocean-sw',
  'us-atlantic',
  'south-africa',
  'pacific',
  'other',
] as const;
export type NavalLocation = (typeof NavalLocations)[number];

export const NavalStatuses = ['operational', 'damaged', 'launch', 'row-2', 'row-3-plus', 'sunk'] as const;
export type NavalStatus = (typeof NavalStatuses)[number];

export interface NavalUnit {
  readonly side: NavalSide;
  readonly nationality: NavalNationality;
  readonly type: NavalType;
  readonly factors: number;
  readonly location: NavalLocation;
  readonly status: NavalStatus;
}

/** Which powers are at war, as far as 59.22F's nationality filters need to know. */
export interface NavalWarState {
  /** The U.S. is at war with Germany itself (on the command line, the contract's `atWarWithEuropeanAxis.us`). */
  readonly usAtWarWithGermany: boolean;
  /** Russia is at war with Germany itself (on the command line, the contract's `atWarWithEuropeanAxis.russia`). */
  readonly russiaAtWarWithGermany: boolean;
  readonly italyAtWarWithBritain: boolean;
}

/** Why 59.22F leaves a unit out of the count. */
export const UncountedReasons = [
  'us-not-at-war-with-germany',
  'russia-not-at-war-with-germany',
  'italy-not-at-war-with-britain',
  'location-pacific',
  'location-other',
  'submarine',
  'asw',
  'transport',
  'row-3-plus',
  'sunk',
] as const;
export type UncountedReason = (typeof UncountedReasons)[number];

/** How one unit counts, or why it does not. */
export type NavalCounting =
  | { readonly counted: 'full' }
  | { readonly counted: 'half' }
  | { readonly counted: 'no'; readonly reason: UncountedReason };

/** The bands of 59.22F: `4:1` is "4:1 or greater"; `under-4:3` a ratio that reaches none. */
export const NavalBands = ['even', 'under-4:3', '4:3', '5:3', '2:1', '3:1', '4:1'] as const;
export type NavalBand = (typeof NavalBands)[number];

/** Units left out for one reason, in the order the reasons first occur in the report. */
export interface UncountedUnits {
  readonly reason: UncountedReason;
  readonly units: number;
}

/** Per side: full-strength factors, half-strength factors (before halving) and the total counted. */
export interface NavalSideCount {
  readonly fullFactors: number;
  readonly halfStrengthFactors: number;
  /** fullFactors + floor(halfStrengthFactors / 2): the remnant half-strength factor is ignored. */
  readonly factors: number;
}

export interface NavalRatioResult {
  readonly alliedFactors: number;
  readonly axisFactors: number;
  /** -5..+5, positive when the Allies have more. */
  readonly modifier: number;
  readonly allied: NavalSideCount;
  readonly axis: NavalSideCount;
  /** The band reached, e.g. `2:1`, or `under-4:3`. */
  readonly band: NavalBand;
  readonly uncounted: readonly UncountedUnits[];
}

/** 59.22F: whether one naval unit counts, at full or half strength, and why not. */
export function navalCounting(unit: NavalUnit, war: NavalWarState): NavalCounting {
  // 59.22F: American and Russian factors only while at war with Germany; Italian only while at war with Britain.
  if (unit.nationality === 'american' && !war.usAtWarWithGermany)
    return { counted: 'no', reason: 'us-not-at-war-with-germany' };
  if (unit.nationality === 'russian' && !war.russiaAtWarWithGermany)
    return { counted: 'no', reason: 'russia-not-at-war-with-germany' };
  if (unit.nationality === 'italian' && !war.italyAtWarWithBritain)
    return { counted: 'no', reason: 'italy-not-at-war-with-britain' };
  // 59.22F: Pacific units are not counted; `other` boxes are not among the boxes 59.22F lists.
  if (unit.location === 'pacific') return { counted: 'no', reason: 'location-pacific' };
  if (unit.location === 'other') return { counted: 'no', reason: 'location-other' };
  // 59.22F: submarines, ASW and transports are not counted.
  if (unit.type === 'submarine' || unit.type === 'asw' || unit.type === 'transport')
    return { counted: 'no', reason: unit.type };
  switch (unit.status) {
    case 'operational':
      return { counted: 'full' };
    case 'damaged':
    case 'launch':
    case 'row-2':
      return { counted: 'half' }; // 59.22F: discounted at a 2:1 ratio
    case 'row-3-plus':
      return { counted: 'no', reason: 'row-3-plus' };
    case 'sunk':
      return { counted: 'no', reason: 'sunk' };
  }
}

/** 59.22F: pooled half-strength factors count 2:1, rounded down ("a remnant damaged naval factor is ignored"). */
export const halfStrength = (pooledFactors: number): number => Math.floor(pooledFactors / 2);

/** 59.22F: the factors one side counts; half-strength factors are pooled per side, then halved once, rounded down. */
export function countNavalSide(units: readonly NavalUnit[], side: NavalSide, war: NavalWarState): NavalSideCount {
  let fullFactors = 0;
  let halfStrengthFactors = 0;
  for (const unit of units) {
    if (unit.side !== side) continue;
    const counting = navalCounting(unit, war);
    if (counting.counted === 'full') fullFactors += unit.factors;
    else if (counting.counted === 'half') halfStrengthFactors += unit.factors;
  }
  return { fullFactors, halfStrengthFactors, factors: fullFactors + halfStrength(halfStrengthFactors) };
}

/** 59.22F bands, strongest first: the ratio larger:smaller must reach num:den (larger*den >= smaller*num). */
const Bands: readonly {
  readonly num: number;
  readonly den: number;
  readonly modifier: number;
  readonly band: NavalBand;
}[] = [
  { num: 4, den: 1, modifier: 5, band: '4:1' },
  { num: 3, den: 1, modifier: 4, band: '3:1' },
  { num: 2, den: 1, modifier: 3, band: '2:1' },
  { num: 5, den: 3, modifier: 2, band: '5:3' },
  { num: 4, den: 3, modifier: 1, band: '4:3' },
];

/**
 * 59.22F: the modifier for allied:axis counted factors. Always rounded toward 1:1 (a ratio counts only once it
 * reaches a band), at most +/-5. 0:0 is even (0); any factors against none is a 4:1-or-greater ratio (+/-5).
 */
export function navalRatioBand(
  alliedFactors: number,
  axisFactors: number,
): { readonly modifier: number; readonly band: NavalBand } {
  if (alliedFactors === axisFactors) return { modifier: 0, band: 'even' };
  const larger = Math.max(alliedFactors, axisFactors);
  const smaller = Math.min(alliedFactors, axisFactors);
  const sign = alliedFactors > axisFactors ? 1 : -1;
  for (const band of Bands) {
    if (larger * band.den >= smaller * band.num) {
      return { modifier: sign * band.modifier, band: band.band };
    }
  }
  return { modifier: 0, band: 'under-4:3' };
}

/** 59.22F: counts both sides and returns the naval force ratio modifier, with the units left out and why. */
export function navalRatio(units: readonly NavalUnit[], war: NavalWarState): NavalRatioResult {
  const allied = countNavalSide(units, 'allied', war);
  const axis = countNavalSide(units, 'axis', war);
  const { modifier, band } = navalRatioBand(allied.factors, axis.factors);
  const reasons = new Map<UncountedReason, number>();
  for (const unit of units) {
    const counting = navalCounting(unit, war);
    if (counting.counted === 'no') reasons.set(counting.reason, (reasons.get(counting.reason) ?? 0) + 1);
  }
  const uncounted = [...reasons].map(([reason, count]) => ({ reason, units: count }));
  return { alliedFactors: allied.factors, axisFactors: axis.factors, modifier, allied, axis, band, uncounted };
}
