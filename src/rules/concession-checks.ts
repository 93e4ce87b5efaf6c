// The checks of a German demand (59.61, 59.66, 59.66E, 59.68, 59.72, 59.73B-G), each violation with its rule, a
// code a host can act on, and the words of the contract's output. concessions.ts runs them; nothing else decides.
import type { ConcessionsInput, MinorStatus, TerritoryControl } from './concessions-input.js';
import {
  CONCESSION_TABLE,
  MINOR_BRPS_PER_STEP,
  MINOR_PRIORITY,
  TerritoryKeys,
  type TerritoryKey,
} from './british-concession-table.js';
import type { Violation } from './lines.js';

export const ConcessionCodes = [
  'us-at-war',
  'already-axis',
  'independent',
  'minor-not-british',
  'lower-priority-first',
  'over-points',
  'not-axis-controlled',
  'not-originally-british',
  'returned-before',
  'london-not-axis',
  'birmingham-manchester-not-axis',
  'scotland-not-all-axis',
  'returning-forbids-taking',
  'returning-forbids-minor-to-axis',
] as const;
export type ConcessionCode = (typeof ConcessionCodes)[number];

/** Why a demand is refused, as data. */
export interface ConcessionReason {
  readonly rule: string;
  readonly code: ConcessionCode;
}

export type CodedViolation = Violation & ConcessionReason;

export type ConcessionItem =
  | { readonly kind: 'territory'; readonly name: TerritoryKey; readonly priority: number }
  | { readonly kind: 'minor'; readonly name: string; readonly priority: number };

export interface DemandedMinor {
  readonly name: string;
  readonly to: 'neutral' | 'axis';
  readonly minor: { readonly brps: number; readonly status: MinorStatus };
  readonly value: number;
}

const describe = (item: ConcessionItem): string =>
  `${item.kind === 'territory' ? item.name : `minor ${item.name}`} (priority ${item.priority})`;
const sameItem = (a: ConcessionItem, b: ConcessionItem): boolean => a.kind === b.kind && a.name === b.name;
const list = (names: readonly string[]): string => names.join(', ');
const v = (rule: string, code: ConcessionCode, message: string): CodedViolation => ({ rule, code, message });

/**
 * Control of a table territory. Callers run refineConcessions first (all 18 keys present);
 * a missing key is read as neither side's, so it can be neither taken nor returned.
 */
export const controlOf = (input: ConcessionsInput, key: TerritoryKey): TerritoryControl =>
  input.territories[key] ?? 'independent';

/** 59.61: with the U.S. at war, no concessions or territorial transfers are made. */
export function warContinuesViolations(input: ConcessionsInput): CodedViolation[] {
  const { demand } = input;
  const out: CodedViolation[] = [];
  const why = 'the U.S. is at war with Germany, so no concessions or territorial transfers are made';
  if (demand.take.length > 0) out.push(v('59.61', 'us-at-war', `${why}: cannot take ${list(demand.take)}`));
  if (demand.minors.length > 0)
    out.push(v('59.61', 'us-at-war', `${why}: cannot change the status of ${list(demand.minors.map((m) => m.name))}`));
  if (demand.indemnityBrps > 0)
    out.push(v('59.61', 'us-at-war', `${why}: cannot impose an indemnity of ${demand.indemnityBrps} BRPs`));
  if (demand.return.length > 0) out.push(v('59.61', 'us-at-war', `${why}: cannot return ${list(demand.return)}`));
  return out;
}

/** 59.66 (with 59.631-59.634): only territories under British control can be ceded. */
export function takeViolations(input: ConcessionsInput, take: readonly TerritoryKey[]): CodedViolation[] {
  return take.flatMap((key) => {
    const control = controlOf(input, key);
    if (control === 'british') return [];
    const why = control === 'axis' ? 'is already under Axis control' : 'is independent';
    return [
      v(
        '59.66',
        control === 'axis' ? 'already-axis' : 'independent',
        `${key} ${why}: only British-controlled territories can be taken`,
      ),
    ];
  });
}

/** 59.66E: only minors of British status can be neutralized or moved to Axis control. */
export function minorViolations(demanded: readonly DemandedMinor[]): CodedViolation[] {
  return demanded.flatMap((d) =>
    d.minor.status === 'british'
      ? []
      : [
          v(
            '59.66E',
            'minor-not-british',
            `${d.name} is ${d.minor.status === 'axis' ? 'under Axis control' : 'neutral'}: only British minor ` +
              `allies, associated minors and conquests can be neutralized or transferred`,
          ),
        ],
  );
}

/**
 * 59.66: the eligible concessions. British-controlled territories, and British minors worth at least 5 BRPs (a
 * minor below 5 BRPs is worth no points, so it is not one Germany must take first). Axis-held or independent
 * items do not block.
 */
export function eligibleConcessions(input: ConcessionsInput): ConcessionItem[] {
  return [
    ...TerritoryKeys.filter((k) => controlOf(input, k) === 'british').map(
      (k): ConcessionItem => ({ kind: 'territory', name: k, priority: CONCESSION_TABLE[k].priority }),
    ),
    ...input.minors
      .filter((m) => m.status === 'british' && m.brps >= MINOR_BRPS_PER_STEP)
      .map((m): ConcessionItem => ({ kind: 'minor', name: m.name, priority: MINOR_PRIORITY })),
  ];
}

/** 59.66: the eligible items of lower priority than `priority` that are not demanded, which must be taken first. */
export function priorityBlockers(
  eligible: readonly ConcessionItem[],
  demanded: readonly ConcessionItem[],
  priority: number,
): ConcessionItem[] {
  return eligible.filter((e) => e.priority < priority && !demanded.some((d) => sameItem(d, e)));
}

/**
 * 59.66: a higher-priority item only when every eligible lower-priority item is conceded too.
 * An eligible item blocks even when the points left could not pay for it.
 */
export function priorityViolations(
  input: ConcessionsInput,
  take: readonly TerritoryKey[],
  demandedMinors: readonly DemandedMinor[],
): CodedViolation[] {
  const eligible = eligibleConcessions(input);
  const demanded: ConcessionItem[] = [
    ...take.map((k): ConcessionItem => ({ kind: 'territory', name: k, priority: CONCESSION_TABLE[k].priority })),
    ...demandedMinors.map((d): ConcessionItem => ({ kind: 'minor', name: d.name, priority: MINOR_PRIORITY })),
  ];
  // Items that are not British are refused already (59.66, 59.66E); judge the order of the others.
  const british = (item: ConcessionItem): boolean =>
    item.kind === 'territory'
      ? controlOf(input, item.name) === 'british'
      : demandedMinors.find((d) => d.name === item.name)?.minor.status === 'british';
  return demanded.filter(british).flatMap((item) => {
    const blockers = priorityBlockers(eligible, demanded, item.priority);
    if (blockers.length === 0) return [];
    return [
      v(
        '59.66',
        'lower-priority-first',
        `${describe(item)} may not be demanded while eligible lower-priority concessions are not: ` +
          `${list(blockers.map(describe))}`,
      ),
    ];
  });
}

/** 59.68: territories, minors and indemnity together within the points of the surrender level. */
export function capViolations(
  available: number,
  used: number,
  territories: number,
  minors: number,
  indemnity: number,
): CodedViolation[] {
  if (used <= available) return [];
  return [
    v(
      '59.68',
      'over-points',
      `the demand is worth ${used} concession points (territories ${territories}, minors ${minors}, indemnity ` +
        `${indemnity}) but the surrender level allows ${available}`,
    ),
  ];
}

/**
 * 59.72: only territories the Axis controls can be returned. 59.73D/E name what the Axis must control to return
 * southern or central England: a disputed area (entered `british`, 59.66D) with those cities in Axis hands is
 * returnable too (docs/rulings.md). Scotland has no such city; 59.73F wants all of it.
 */
function axisHeld(input: ConcessionsInput, key: TerritoryKey): boolean {
  const control = controlOf(input, key);
  if (control === 'axis') return true;
  const { london, birmingham, manchester } = input.axisControls;
  if (control !== 'british') return false;
  return (key === 'southern-england' && london) || (key === 'central-england' && birmingham && manchester);
}

/** 59.72 and 59.73B-G. (59.73A, territories not on the table, is malformed input: refineConcessions.) */
export function returnViolations(
  input: ConcessionsInput,
  returned: readonly TerritoryKey[],
  demandedMinors: readonly DemandedMinor[],
): CodedViolation[] {
  const out: CodedViolation[] = [];
  const original = new Set(input.originallyBritish);
  const earlier = new Set(input.returnedInEarlierSurrender);
  const { london, birmingham, manchester, allOfScotland } = input.axisControls;
  for (const key of returned) {
    if (!axisHeld(input, key)) {
      out.push(
        v(
          '59.72',
          'not-axis-controlled',
          `${key} is not under Axis control: only territories ` +
            `the Axis controls when Britain surrenders can be returned`,
        ),
      );
    }
    if (!original.has(key)) {
      out.push(
        v(
          '59.73B',
          'not-originally-british',
          `${key} was neither British at the start nor gained by Britain other than through an Axis declaration of war`,
        ),
      );
    }
    if (earlier.has(key))
      out.push(v('59.73C', 'returned-before', `${key} was already returned to Britain in an earlier surrender`));
    if (key === 'southern-england' && !london)
      out.push(v('59.73D', 'london-not-axis', 'southern-england can be returned only if the Axis controls London'));
    if (key === 'central-england' && !(birmingham && manchester)) {
      out.push(
        v(
          '59.73E',
          'birmingham-manchester-not-axis',
          'central-england can be returned only if the Axis controls Birmingham and Manchester',
        ),
      );
    }
    if (key === 'scotland' && !allOfScotland)
      out.push(v('59.73F', 'scotland-not-all-axis', 'scotland can be returned only if the Axis controls all of it'));
  }
  if (returned.length > 0) {
    const { take } = input.demand;
    if (take.length > 0)
      out.push(
        v(
          '59.73G',
          'returning-forbids-taking',
          `a demand that returns territory may take none: cannot also take ${list(take)}`,
        ),
      );
    const toAxis = demandedMinors.filter((d) => d.to === 'axis').map((d) => d.name);
    if (toAxis.length > 0) {
      out.push(
        v(
          '59.73G',
          'returning-forbids-minor-to-axis',
          `a demand that returns territory may move no minor to Axis control (a conquest, 59.66E): ${list(toAxis)}`,
        ),
      );
    }
  }
  return out;
}
