// Rule 59.51: British force reductions after a surrender (59.511-59.514, 59.872, 59.893).
// Validates the British selection of units to remove (ground, air) or eliminate (naval).
import type { Scenario } from '../schema/types.js';
import type { Violation } from './lines.js';
import type { ForceReductionInput, ForceUnit } from './force-reduction-input.js';
import { categoryOf, divisorOf, navalValue, weightOf, type ForceCategory } from './force-weights.js';

// The input's schema and refinement live in force-reduction-input.ts; importers of this module find them here too.
export * from './force-reduction-input.js';

export interface ForceTotals {
  readonly aafFactors: number;
  readonly groundNasBrps: number;
  readonly navalFactors: number;
}

/** The contract's output (docs/cli.md `force-reduction`), exactly these keys. */
export interface ForceReductionResult {
  readonly legal: boolean;
  readonly violations: readonly Violation[];
  /** After 59.513E: never more than the eligible pool holds. */
  readonly required: ForceTotals;
  /** Eligible selected units only; naval after the discount. */
  readonly selected: ForceTotals;
}

export interface ForceReductionOptions {
  /**
   * 59.514E: ids of minor-country units whose political status the surrender negotiations changed,
   * which makes them subject to elimination. Default: none (the CLI input has no such field).
   */
  readonly minorUnitsWithChangedStatus?: readonly string[];
}

/** 59.511, 59.512, 59.872: per level below 0 (of the difference from the previous level). */
export function forceRequirements(level: number, previousLevel?: number): ForceTotals {
  const levels = Math.max(0, (previousLevel ?? 0) - level);
  return { aafFactors: 2 * levels, groundNasBrps: 4 * levels, navalFactors: 10 * levels };
}

/** Why a unit may not be removed or eliminated (59.513B-D, 59.514A-E, 59.893), or null when it may. */
export function eligibleForRemoval(
  unit: ForceUnit,
  scenario: Scenario,
  options: ForceReductionOptions = {},
): Violation | null {
  const id = unit.id;
  switch (unit.kind) {
    case 'strategic-bomber':
    case 'interceptor':
    case 'jet':
      return {
        rule: '59.514A',
        message: `${id}: strategic bombers, interceptors and jets are not subject to elimination`,
      };
    case 'asw':
    case 'transport':
      return { rule: '59.514B', message: `${id}: ASW and transports are not subject to elimination` };
    default:
      break;
  }
  switch (unit.nationality) {
    case 'canadian':
    case 'south-african':
    case 'australian':
    case 'indian':
      return {
        rule: '59.514C',
        message: `${id}: Canadian, South African, Australian and Indian units are not subject to elimination`,
      };
    case 'free-french':
      return { rule: '59.514D', message: `${id}: Free French units are not subject to elimination` };
    case 'minor':
      if (options.minorUnitsWithChangedStatus?.includes(id) === true) break;
      return {
        rule: '59.514E',
        message:
          `${id}: minor ally and associated minor units are not subject to elimination unless the ` +
          `negotiations changed their status`,
      };
    default:
      break;
  }
  // 59.513D: naval units in Asia except in a European scenario; 59.893 extends the reductions to
  // ground and air units in Asia, which the ruling reads with the same European-scenario exception.
  if (unit.theater === 'asia' && scenario === 'european') {
    const rule = unit.kind === 'naval' ? '59.513D' : unit.kind === 'aaf' ? '59.513C' : '59.513B';
    return { rule, message: `${id}: units in Asia are not subject to reduction in a European scenario` };
  }
  return null;
}

/**
 * 59.513F: the smallest total, at or above the target, that any subset of the weights reaches; null if
 * none does. Subset-sum over integer totals: only sums below the target are kept as states (a sum that
 * reached the target is never extended, since adding units only increases it), so the work is
 * O(units * target) whatever the weights. For naval units the weights and the target are in half-factors
 * (see navalWeight), so the discount's rounding is exact.
 */
export function smallestReachableAtLeast(weights: readonly number[], target: number): number | null {
  if (target <= 0) return 0;
  const below = new Uint8Array(target); // below[s] = 1: some subset sums to s < target
  below[0] = 1;
  let best: number | null = null;
  for (const w of weights) {
    if (w === 0) continue;
    for (let s = target - 1; s >= 0; s--) {
      if (below[s] !== 1) continue;
      const t = s + w;
      if (t >= target) best = best === null ? t : Math.min(best, t);
      else below[t] = 1;
    }
  }
  return best;
}

const CATEGORY_LABEL: Readonly<Record<ForceCategory, string>> = {
  aaf: 'AAF factors',
  groundNas: 'BRPs of ground units and NAS',
  naval: 'naval factors',
};
export const TOTAL_KEY: Readonly<Record<ForceCategory, keyof ForceTotals>> = {
  aaf: 'aafFactors',
  groundNas: 'groundNasBrps',
  naval: 'navalFactors',
};
export const Categories: readonly ForceCategory[] = ['aaf', 'groundNas', 'naval'];

export interface CategoryVerdict {
  readonly required: number;
  readonly selected: number;
  readonly violations: readonly Violation[];
  /** 59.513F: the least value any subset of the pool reaches at or above the requirement (null under 59.513E). */
  readonly smallest: number | null;
  /** 59.513F: chosen ids that could be dropped with the requirement still met. */
  readonly droppable: readonly string[];
}

/** 59.513E and F for one category, judged apart from the others (`pool`: its eligible units). */
export function judgeCategory(
  category: ForceCategory,
  requirement: number,
  pool: readonly ForceUnit[],
  chosen: readonly ForceUnit[],
): CategoryVerdict {
  const d = divisorOf(category);
  const weight = (u: ForceUnit): number => weightOf(u, category);
  const sum = (units: readonly ForceUnit[]): number => units.reduce((s, u) => s + weight(u), 0);
  const label = CATEGORY_LABEL[category];
  const selectedWeight = sum(chosen);
  const selected = Math.floor(selectedWeight / d);
  const poolValue = Math.floor(sum(pool) / d);
  const violations: Violation[] = [];

  if (poolValue < requirement) {
    // 59.513E: what exists is eliminated, and the shortfall falls on no other category.
    const missing = pool.filter((u) => !chosen.includes(u)).map((u) => u.id);
    if (missing.length > 0) {
      violations.push({
        rule: '59.513E',
        message:
          `the eligible pool holds only ${poolValue} ${label} of the ${requirement} required, so every ` +
          `eligible unit must go: missing ${missing.join(', ')}`,
      });
    }
    return { required: poolValue, selected, violations, smallest: null, droppable: [] };
  }

  const target = requirement * d; // in weight units: value >= requirement  <=>  weight >= requirement * d
  const smallest = Math.floor((smallestReachableAtLeast(pool.map(weight), target) ?? selectedWeight) / d);
  if (selectedWeight < target) {
    violations.push({
      rule: '59.513F',
      message: `${selected} ${label} selected: at least ${requirement} are required`,
    });
    return { required: requirement, selected, violations, smallest, droppable: [] };
  }
  if (selected > smallest) {
    violations.push({
      rule: '59.513F',
      message:
        `${selected} ${label} selected where ${smallest} would meet the requirement of ${requirement}: ` +
        `excess only where the denominations force it`,
    });
  }
  const droppable = chosen.filter((u) => selectedWeight - weight(u) >= target).map((u) => u.id);
  if (droppable.length > 0) {
    violations.push({
      rule: '59.513F',
      message: `${droppable.join(', ')} could be dropped with the requirement of ${requirement} ${label} still met`,
    });
  }
  return { required: requirement, selected, violations, smallest, droppable };
}

/** The contract's validator of the British selection (59.51). */
export function forceReduction(input: ForceReductionInput, options: ForceReductionOptions = {}): ForceReductionResult {
  const needs = forceRequirements(input.surrenderLevel, input.previousSurrenderLevel);
  const byId = new Map(input.units.map((u) => [u.id, u]));
  const chosen = input.selection.flatMap((id) => {
    const unit = byId.get(id);
    return unit === undefined ? [] : [unit];
  });
  const violations: Violation[] = [];
  const eligibleChosen: ForceUnit[] = [];
  for (const unit of chosen) {
    const why = eligibleForRemoval(unit, input.scenario, options);
    if (why === null) eligibleChosen.push(unit);
    else violations.push(why);
  }
  const pool = input.units.filter((u) => eligibleForRemoval(u, input.scenario, options) === null);

  const levels = (input.previousSurrenderLevel ?? 0) - input.surrenderLevel;
  if (levels <= 0) {
    // 59.511: a "0" surrender (or no change since the last one, 59.872) removes nothing.
    const selected = totalsOf(eligibleChosen);
    const out =
      chosen.length > 0
        ? [
            {
              rule: '59.511',
              message:
                `a 0 surrender level has no effect on British forces: nothing may be selected ` +
                `(${input.selection.join(', ')})`,
            },
          ]
        : [];
    return { legal: out.length === 0, violations: out, required: needs, selected };
  }

  const required: Record<keyof ForceTotals, number> = { aafFactors: 0, groundNasBrps: 0, navalFactors: 0 };
  const selected: Record<keyof ForceTotals, number> = { aafFactors: 0, groundNasBrps: 0, navalFactors: 0 };
  for (const category of Categories) {
    const key = TOTAL_KEY[category];
    const verdict = judgeCategory(
      category,
      needs[key],
      pool.filter((u) => categoryOf(u) === category),
      eligibleChosen.filter((u) => categoryOf(u) === category),
    );
    required[key] = verdict.required;
    selected[key] = verdict.selected;
    violations.push(...verdict.violations);
  }
  return { legal: violations.length === 0, violations, required, selected };
}

/** Category totals of eligible units, naval after the discount. */
function totalsOf(units: readonly ForceUnit[]): ForceTotals {
  const of = (c: ForceCategory) => units.filter((u) => categoryOf(u) === c);
  return {
    aafFactors: of('aaf').reduce((s, u) => s + u.factors, 0),
    groundNasBrps: of('groundNas').reduce((s, u) => s + u.brps, 0),
    navalFactors: navalValue(of('naval')),
  };
}
