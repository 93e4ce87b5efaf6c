// Rules 59.6 and 59.7: validates a German demand after a British surrender (59.61 war continues,
// 59.65-59.68 concessions, 59.71-59.75 forbearance) and lists the effects the host must apply.
import type { ConcessionsInput } from './concessions-input.js';
import {
  CONCESSION_TABLE,
  MINOR_PRIORITY,
  TerritoryKeys,
  concessionPoints,
  indemnityValue,
  isTerritoryKey,
  minorValue,
  type TerritoryKey,
} from './british-concession-table.js';
import type { Violation } from './lines.js';
import {
  capViolations,
  controlOf,
  minorViolations,
  priorityViolations,
  returnViolations,
  takeViolations,
  warContinuesViolations,
  type ConcessionReason,
} from './concession-checks.js';
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
export const MEDITERRANEAN_FRONT: readonly TerritoryKey[] = TerritoryKeys.filter(
  (key) => CONCESSION_TABLE[key].priority !== MINOR_PRIORITY && CONCESSION_TABLE[key].priority <= 4,
);

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
  readonly wafdists: {
    readonly rule: '59.66F';
    readonly eliminated: boolean;
    readonly noNewUntilAxisAtWarWithUs: boolean;
    readonly cause: WafdistCause;
    readonly note: string;
  };
  /** 59.66G: ceded Mediterranean-front territories that may come under Italian control if Germany permits. */
  readonly mayPassToItaly: readonly TerritoryKey[];
  /** 59.66H (and 59.66E for minors): areas whose USAT effect is that of a conquest. */
  readonly usatAsConquest: readonly string[];
  /** 59.67: Britain's BRP level falls, Germany's rises, by the indemnity. */
  readonly indemnity: {
    readonly rule: '59.67';
    readonly brps: number;
    readonly britishBrpChange: number;
    readonly germanBrpChange: number;
  };
  /** 59.72: back under British control; 59.75B: no other USAT event modifier is triggered. */
  readonly territoriesReturned: readonly { readonly key: TerritoryKey; readonly value: number }[];
}

export interface ConcessionsNegotiation {
  readonly result: ConcessionsResult;
  /** The violations as data, in the same order: their rules and codes. */
  readonly reasons: readonly ConcessionReason[];
  /** Null unless the demand is legal. */
  readonly effects: ConcessionEffects | null;
}

/**
 * 59.71: "whatever Britain has left": British-held table territories, British minors at their Axis-control value, and
 * the largest indemnity.
 */
export function valueBritainHasLeft(input: ConcessionsInput): number {
  const territories = TerritoryKeys.filter((k) => controlOf(input, k) === 'british').reduce(
    (sum, k) => sum + CONCESSION_TABLE[k].value,
    0,
  );
  const minors = input.minors
    .filter((m) => m.status === 'british')
    .reduce((sum, m) => sum + minorValue(m.brps, 'axis'), 0);
  return territories + minors + indemnityValue(30);
}

/** The contract's calculator: the verdict and the points (59.61, 59.65-59.68, 59.71-59.75). */
export function concessions(input: ConcessionsInput, options: ConcessionsOptions = {}): ConcessionsResult {
  return negotiateConcessions(input, options).result;
}

/** For the engine: the verdict, plus the effects of a legal demand that the host must apply. */
export function negotiateConcessions(
  input: ConcessionsInput,
  options: ConcessionsOptions = {},
): ConcessionsNegotiation {
  const { demand } = input;
  const take = demand.take.filter(isTerritoryKey);
  const returned = demand.return.filter(isTerritoryKey);
  const minorsByName = new Map(input.minors.map((m) => [m.name, m]));
  const demandedMinors = demand.minors.flatMap((d) => {
    const minor = minorsByName.get(d.name);
    return minor === undefined ? [] : [{ ...d, minor, value: minorValue(minor.brps, d.to) }];
  });

  // 59.61: no concessions while the U.S. is at war with Germany; 59.65/59.872 otherwise.
  const pointsAvailable = input.usAtWarWithGermany
    ? 0
    : concessionPoints(input.surrenderLevel, input.previousSurrenderLevel);
  const territoryPoints = take.reduce((sum, k) => sum + CONCESSION_TABLE[k].value, 0);
  const minorPoints = demandedMinors.reduce((sum, d) => sum + d.value, 0);
  const indemnityPoints = indemnityValue(demand.indemnityBrps);
  const pointsUsed = territoryPoints + minorPoints + indemnityPoints;
  // 59.71: the maximum is the lower of the points and whatever Britain has left.
  const pointsNotTaken = Math.max(0, Math.min(pointsAvailable, valueBritainHasLeft(input)) - pointsUsed);
  // 59.75: returned territories are valued on the table.
  const pointsReturned = returned.reduce((sum, k) => sum + CONCESSION_TABLE[k].value, 0);
  const forgone = pointsNotTaken + pointsReturned;

  const coded = input.usAtWarWithGermany
    ? warContinuesViolations(input)
    : [
        ...takeViolations(input, take),
        ...minorViolations(demandedMinors),
        ...priorityViolations(input, take, demandedMinors),
        ...capViolations(pointsAvailable, pointsUsed, territoryPoints, minorPoints, indemnityPoints),
        ...returnViolations(input, returned, demandedMinors),
      ];
  const violations = coded.map(({ rule, message }) => ({ rule, message }));
  const reasons = coded.map(({ rule, code }) => ({ rule, code }));

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
  if (!result.legal) return { result, reasons, effects: null };

  const mediterranean = new Set(options.mediterraneanFront ?? MEDITERRANEAN_FRONT);
  const territoriesCeded = take.map((key): CededTerritory => {
    return { key, value: CONCESSION_TABLE[key].value, mayPassToItaly: mediterranean.has(key), notes: cededNotes(key) };
  });
  const minorsToAxis = demandedMinors.filter((d) => d.to === 'axis');
  // 59.66F: Britain keeps Egypt before U.S. entry: Wafdists eliminated, none built until the Axis is at war with the
  // U.S. An Egypt returned to Britain (59.72) is British after the peace as well (docs/rulings.md).
  const egyptReturned = returned.includes('egypt');
  const wafdistsEliminated =
    !input.usAtWarWithGermany &&
    ((controlOf(input, 'egypt') === 'british' && !take.includes('egypt')) || egyptReturned);
  const wafdistsCause: WafdistCause = wafdistsEliminated
    ? egyptReturned
      ? 'egypt-returned'
      : 'egypt-kept'
    : input.usAtWarWithGermany
      ? 'us-at-war'
      : 'egypt-not-kept';
  return {
    result,
    reasons,
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
      indemnity: {
        rule: '59.67',
        brps: demand.indemnityBrps,
        britishBrpChange: 0 - demand.indemnityBrps,
        germanBrpChange: demand.indemnityBrps,
      },
      territoriesReturned: returned.map((key) => ({ key, value: CONCESSION_TABLE[key].value })),
    },
  };
}
