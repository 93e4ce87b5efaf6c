// Rules 59.6 and 59.7: validates a German demand after a British surrender (59.61 war continues,
// 59.65-59.68 concessions, 59.71-59.75 forbearance) and lists the effects the host must apply.
import type { ConcessionsInput, MinorStatus, TerritoryControl } from './concessions-input.js';
import {
  CONCESSION_TABLE,
  MINOR_BRPS_PER_STEP,
  MINOR_PRIORITY,
  TerritoryKeys,
  concessionPoints,
  indemnityValue,
  isTerritoryKey,
  minorValue,
  type TerritoryKey,
} from './british-concession-table.js';
import type { Violation } from './lines.js';
import { cededNotes, MINOR_NOTES, WAFDIST_NOTES, type WafdistCause } from './concession-notes.js';

// The input's schema and refinement live in concessions-input.ts; importers of this module find them here too.
export * from './concessions-input.js';


/** The contract's output (docs/cli.md `concessions`), exactly these keys. */
export interface ConcessionsResult {
  readonly legal: boolean;
  readonly violations: readonly Violation[];
  readonly pointsAvailable: number;
  readonly pointsUsed: number;
  readonly pointsNotTaken: number;
  readonly pointsReturned: number;
  readonly resistanceModifier: number;
  readonly usatChange: number;
}

/**
 * 59.66G: the table territories on the Mediterranean front (docs/rulings.md):
 * everything outside the British Isles, Gibraltar included.
 */
export const MEDITERRANEAN_FRONT: readonly TerritoryKey[] = TerritoryKeys.filter((key) => CONCESSION_TABLE[key].priority !== MINOR_PRIORITY && CONCESSION_TABLE[key].priority <= 4);

export interface ConcessionsOptions {
  /** 59.66G: which territories may pass to Italy. Default: MEDITERRANEAN_FRONT. */
  readonly mediterraneanFront?: readonly TerritoryKey[];
}

export interface CededTerritory {
  readonly key: TerritoryKey;
  readonly value: number;
  /** 59.66G: may come under Italian control if Germany permits. */
  readonly mayPassToItaly: boolean;
  /** 59.66B, 59.66C (and 59.65 for Ulster): what happens on the map. */
  readonly notes: readonly string[];
}

export interface MinorChange {
  readonly name: string;
  readonly value: number;
  readonly note: string;
}

export interface ConcessionEffects {
  readonly territoriesCeded: readonly CededTerritory[];
  /** 59.66E: return to their original status. */
  readonly minorsNeutralized: readonly MinorChange[];
  /** 59.66E: treated as conquests. */
  readonly minorsToAxis: readonly MinorChange[];
  /** 59.66F. */
  readonly wafdists: { readonly rule: '59.66F'; readonly eliminated: boolean; readonly noNewUntilAxisAtWarWithUs: boolean; readonly cause: WafdistCause; readonly note: string };
  /** 59.66G: ceded Mediterranean-front territories that may come under Italian control if Germany permits. */
  readonly mayPassToItaly: readonly TerritoryKey[];
  /** 59.66H (and 59.66E for minors): areas whose USAT effect is that of a conquest. */
  readonly usatAsConquest: readonly string[];
  /** 59.67: Britain's BRP level falls, Germany's rises, by the indemnity. */
  readonly indemnity: { readonly rule: '59.67'; readonly brps: number; readonly britishBrpChange: number; readonly germanBrpChange: number };
  /** 59.72: back under British control; 59.75B: no other USAT event modifier is triggered. */
  readonly territoriesReturned: readonly { readonly key: TerritoryKey; readonly value: number }[];
}

export interface ConcessionsNegotiation {
  readonly result: ConcessionsResult;
  /** Null unless the demand is legal. */
  readonly effects: ConcessionEffects | null;
}

type Item = { readonly kind: 'territory'; readonly name: TerritoryKey; readonly priority: number } | { readonly kind: 'minor'; readonly name: string; readonly priority: number };

const describe = (item: Item): string => `${item.kind === 'territory' ? item.name : `minor ${item.name}`} (priority ${item.priority})`;
const sameItem = (a: Item, b: Item): boolean => a.kind === b.kind && a.name === b.name;
const list = (names: readonly string[]): string => names.join(', ');

/**
 * Control of a table territory. Callers run refineConcessions first (all 18 keys present);
 * a missing key is read as neither side's, so it can be neither taken nor returned.
 */
const controlOf = (input: ConcessionsInput, key: TerritoryKey): TerritoryControl => input.territories[key] ?? 'independent';

/** 59.71: "whatever Britain has left": British-held table territories, British minors at their Axis-control value, and the largest indemnity. */
export function valueBritainHasLeft(input: ConcessionsInput): number {
  const territories = TerritoryKeys.filter((k) => controlOf(input, k) === 'british').reduce((sum, k) => sum + CONCESSION_TABLE[k].value, 0);
  const minors = input.minors.filter((m) => m.status === 'british').reduce((sum, m) => sum + minorValue(m.brps, 'axis'), 0);
  return territories + minors + indemnityValue(30);
}

/** The contract's calculator: the verdict and the points (59.61, 59.65-59.68, 59.71-59.75). */
export function concessions(input: ConcessionsInput, options: ConcessionsOptions = {}): ConcessionsResult {
  return negotiateConcessions(input, options).result;
}

/** For the engine: the verdict, plus the effects of a legal demand that the host must apply. */
export function negotiateConcessions(input: ConcessionsInput, options: ConcessionsOptions = {}): ConcessionsNegotiation {
  const { demand } = input;
  const take = demand.take.filter(isTerritoryKey);
  const returned = demand.return.filter(isTerritoryKey);
  const minorsByName = new Map(input.minors.map((m) => [m.name, m]));
  const demandedMinors = demand.minors.flatMap((d) => {
    const minor = minorsByName.get(d.name);
    return minor === undefined ? [] : [{ ...d, minor, value: minorValue(minor.brps, d.to) }];
  });

  // 59.61: no concessions while the U.S. is at war with Germany; 59.65/59.872 otherwise.
  const pointsAvailable = input.usAtWarWithGermany ? 0 : concessionPoints(input.surrenderLevel, input.previousSurrenderLevel);
  const territoryPoints = take.reduce((sum, k) => sum + CONCESSION_TABLE[k].value, 0);
  const minorPoints = demandedMinors.reduce((sum, d) => sum + d.value, 0);
  const indemnityPoints = indemnityValue(demand.indemnityBrps);
  const pointsUsed = territoryPoints + minorPoints + indemnityPoints;
  // 59.71: the maximum is the lower of the points and whatever Britain has left.
  const pointsNotTaken = Math.max(0, Math.min(pointsAvailable, valueBritainHasLeft(input)) - pointsUsed);
  // 59.75: returned territories are valued on the table.
  const pointsReturned = returned.reduce((sum, k) => sum + CONCESSION_TABLE[k].value, 0);
  const forgone = pointsNotTaken + pointsReturned;

  const violations = input.usAtWarWithGermany
    ? warContinuesViolations(input)
    : [
        ...takeViolations(input, take),
        ...minorViolations(demandedMinors),
        ...priorityViolations(input, take, demandedMinors),
        ...capViolations(pointsAvailable, pointsUsed, territoryPoints, minorPoints, indemnityPoints),
        ...returnViolations(input, returned, demandedMinors),
      ];

  const result: ConcessionsResult = {
    legal: violations.length === 0,
    violations,
    pointsAvailable,
    pointsUsed,
    pointsNotTaken,
    pointsReturned,
    resistanceModifier: 0 - Math.floor(forgone / 2), // 59.75A: one per two full points (0 - keeps +0)
    usatChange: 0 - 2 * forgone, // 59.75B: two per point
  };
  if (!result.legal) return { result, effects: null };

  const mediterranean = new Set(options.mediterraneanFront ?? MEDITERRANEAN_FRONT);
  const territoriesCeded = take.map((key): CededTerritory => {
    return { key, value: CONCESSION_TABLE[key].value, mayPassToItaly: mediterranean.has(key), notes: cededNotes(key) };
  });
  const minorsToAxis = demandedMinors.filter((d) => d.to === 'axis');
  // 59.66F: Britain keeps Egypt before U.S. entry: Wafdists eliminated, none built until the Axis is at war with the U.S.
  // An Egypt returned to Britain (59.72) is British after the peace as well (docs/rulings.md).
  const egyptReturned = returned.includes('egypt');
  const wafdistsEliminated = !input.usAtWarWithGermany && ((controlOf(input, 'egypt') === 'british' && !take.includes('egypt')) || egyptReturned);
  const wafdistsCause: WafdistCause = wafdistsEliminated ? (egyptReturned ? 'egypt-returned' : 'egypt-kept') : input.usAtWarWithGermany ? 'us-at-war' : 'egypt-not-kept';
  return {
    result,
    effects: {
      territoriesCeded,
      minorsNeutralized: demandedMinors
        .filter((d) => d.to === 'neutral')
        .map((d) => ({ name: d.name, value: d.value, note: MINOR_NOTES.neutral })),
      minorsToAxis: minorsToAxis.map((d) => ({ name: d.name, value: d.value, note: MINOR_NOTES.axis })),
      wafdists: {
        rule: '59.66F',
        eliminated: wafdistsEliminated,
        noNewUntilAxisAtWarWithUs: wafdistsEliminated,
        cause: wafdistsCause,
        note: WAFDIST_NOTES[wafdistsCause],
      },
      mayPassToItaly: territoriesCeded.filter((t) => t.mayPassToItaly).map((t) => t.key),
      usatAsConquest: [...take, ...minorsToAxis.map((d) => d.name)],
      indemnity: { rule: '59.67', brps: demand.indemnityBrps, britishBrpChange: 0 - demand.indemnityBrps, germanBrpChange: demand.indemnityBrps },
      territoriesReturned: returned.map((key) => ({ key, value: CONCESSION_TABLE[key].value })),
    },
  };
}

/** 59.61: with the U.S. at war, no concessions or territorial transfers are made. */
function warContinuesViolations(input: ConcessionsInput): Violation[] {
  const { demand } = input;
  const out: Violation[] = [];
  const why = 'the U.S. is at war with Germany, so no concessions or territorial transfers are made';
  if (demand.take.length > 0) out.push({ rule: '59.61', message: `${why}: cannot take ${list(demand.take)}` });
  if (demand.minors.length > 0) out.push({ rule: '59.61', message: `${why}: cannot change the status of ${list(demand.minors.map((m) => m.name))}` });
  if (demand.indemnityBrps > 0) out.push({ rule: '59.61', message: `${why}: cannot impose an indemnity of ${demand.indemnityBrps} BRPs` });
  if (demand.return.length > 0) out.push({ rule: '59.61', message: `${why}: cannot return ${list(demand.return)}` });
  return out;
}

/** 59.66 (with 59.631-59.634): only territories under British control can be ceded. */
function takeViolations(input: ConcessionsInput, take: readonly TerritoryKey[]): Violation[] {
  return take.flatMap((key) => {
    const control = controlOf(input, key);
    if (control === 'british') return [];
    const why = control === 'axis' ? 'is already under Axis control' : 'is independent';
    return [{ rule: '59.66', message: `${key} ${why}: only British-controlled territories can be taken` }];
  });
}

interface DemandedMinor {
  readonly name: string;
  readonly to: 'neutral' | 'axis';
  readonly minor: { readonly brps: number; readonly status: MinorStatus };
  readonly value: number;
}

/** 59.66E: only minors of British status can be neutralized or moved to Axis control. */
function minorViolations(demanded: readonly DemandedMinor[]): Violation[] {
  return demanded.flatMap((d) =>
    d.minor.status === 'british'
      ? []
      : [{ rule: '59.66E', message: `${d.name} is ${d.minor.status === 'axis' ? 'under Axis control' : 'neutral'}: only British minor allies, associated minors and conquests can be neutralized or transferred` }],
  );
}

/**
 * 59.66: a higher-priority item only when every eligible lower-priority item is conceded too.
 * Eligible: British-controlled territories, and British minors worth at least 5 BRPs (a minor below
 * 5 BRPs is worth no points, so it is not one Germany must take first). Axis-held or independent items
 * do not block. An eligible item blocks even when the points left could not pay for it.
 */
function priorityViolations(input: ConcessionsInput, take: readonly TerritoryKey[], demandedMinors: readonly DemandedMinor[]): Violation[] {
  const eligible: Item[] = [
    ...TerritoryKeys.filter((k) => controlOf(input, k) === 'british').map((k): Item => ({ kind: 'territory', name: k, priority: CONCESSION_TABLE[k].priority })),
    ...input.minors.filter((m) => m.status === 'british' && m.brps >= MINOR_BRPS_PER_STEP).map((m): Item => ({ kind: 'minor', name: m.name, priority: MINOR_PRIORITY })),
  ];
  const demanded: Item[] = [
    ...take.map((k): Item => ({ kind: 'territory', name: k, priority: CONCESSION_TABLE[k].priority })),
    ...demandedMinors.map((d): Item => ({ kind: 'minor', name: d.name, priority: MINOR_PRIORITY })),
  ];
  // Items that are not British are refused already (59.66, 59.66E); judge the order of the others.
  const british = (item: Item): boolean =>
    item.kind === 'territory' ? controlOf(input, item.name) === 'british' : minorsStatus(demandedMinors, item.name) === 'british';
  return demanded.filter(british).flatMap((item) => {
    const blockers = eligible.filter((e) => e.priority < item.priority && !demanded.some((d) => sameItem(d, e)));
    if (blockers.length === 0) return [];
    return [
      {
        rule: '59.66',
        message: `${describe(item)} may not be demanded while eligible lower-priority concessions are not: ${list(blockers.map(describe))}`,
      },
    ];
  });
}

const minorsStatus = (demanded: readonly DemandedMinor[], name: string): MinorStatus | undefined => demanded.find((d) => d.name === name)?.minor.status;

/** 59.68: territories, minors and indemnity together within the points of the surrender level. */
function capViolations(available: number, used: number, territories: number, minors: number, indemnity: number): Violation[] {
  if (used <= available) return [];
  return [
    {
      rule: '59.68',
      message: `the demand is worth ${used} concession points (territories ${territories}, minors ${minors}, indemnity ${indemnity}) but the surrender level allows ${available}`,
    },
  ];
}

/** 59.72 and 59.73B-G. (59.73A, territories not on the table, is malformed input: refineConcessions.) */
function returnViolations(input: ConcessionsInput, returned: readonly TerritoryKey[], demandedMinors: readonly DemandedMinor[]): Violation[] {
  const out: Violation[] = [];
  const original = new Set(input.originallyBritish);
  const earlier = new Set(input.returnedInEarlierSurrender);
  const { london, birmingham, manchester, allOfScotland } = input.axisControls;
  for (const key of returned) {
    if (controlOf(input, key) !== 'axis') {
      out.push({ rule: '59.72', message: `${key} is not under Axis control: only territories the Axis controls when Britain surrenders can be returned` });
    }
    if (!original.has(key)) {
      out.push({ rule: '59.73B', message: `${key} was neither British at the start nor gained by Britain other than through an Axis declaration of war` });
    }
    if (earlier.has(key)) out.push({ rule: '59.73C', message: `${key} was already returned to Britain in an earlier surrender` });
    if (key === 'southern-england' && !london) out.push({ rule: '59.73D', message: 'southern-england can be returned only if the Axis controls London' });
    if (key === 'central-england' && !(birmingham && manchester)) {
      out.push({ rule: '59.73E', message: 'central-england can be returned only if the Axis controls Birmingham and Manchester' });
    }
    if (key === 'scotland' && !allOfScotland) out.push({ rule: '59.73F', message: 'scotland can be returned only if the Axis controls all of it' });
  }
  if (returned.length > 0) {
    const { take } = input.demand;
    if (take.length > 0) out.push({ rule: '59.73G', message: `a demand that returns territory may take none: cannot also take ${list(take)}` });
    const toAxis = demandedMinors.filter((d) => d.to === 'axis').map((d) => d.name);
    if (toAxis.length > 0) {
      out.push({ rule: '59.73G', message: `a demand that returns territory may move no minor to Axis control (a conquest, 59.66E): ${list(toAxis)}` });
    }
  }
  return out;
}
