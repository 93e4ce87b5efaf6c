// The choice space of the British force reductions (59.51): per category what is required, chosen, missing
// and over, and per unit of the reported pool whether it may be selected, why not, and whether adding it
// still leaves a legal selection reachable. Legality is forceReduction's (judgeCategory); this only reads it.
import {
  Categories,
  eligibleForRemoval,
  forceReduction,
  forceRequirements,
  judgeCategory,
  TOTAL_KEY,
  type ForceReductionInput,
  type ForceReductionOptions,
  type ForceUnit,
} from '../../rules/force-reduction.js';
import { categoryOf, divisorOf, isDiscounted, weightOf } from '../../rules/force-weights.js';
import { addableUnits } from '../../rules/force-reduction-reach.js';
import {
  ExemptionRules,
  type BritishForceChoices,
  type ExemptionRule,
  type ForceCategoryChoice,
  type ForceUnitChoice,
} from './british-forces-schema.js';

export {
  ExemptionRules,
  type BritishForceChoices,
  type ExemptionRule,
  type ForceCategoryChoice,
  type ForceUnitChoice,
} from './british-forces-schema.js';

const isExemptionRule = (rule: string): rule is ExemptionRule => (ExemptionRules as readonly string[]).includes(rule);

/**
 * The choices for a selection from `input.units` (`input.selection`: the picks tried). `wellFormed` false: the
 * picks name an unknown unit or one twice (59.513A), so no completion of them is accepted.
 */
export function britishForceChoices(
  input: ForceReductionInput,
  options: ForceReductionOptions,
  wellFormed: boolean,
): BritishForceChoices {
  const picks = new Set(input.selection);
  const needs = forceRequirements(input.surrenderLevel, input.previousSurrenderLevel);
  const levels = (input.previousSurrenderLevel ?? 0) - input.surrenderLevel;
  const changed = new Set(options.minorUnitsWithChangedStatus ?? []);
  const exemption = new Map(input.units.map((u) => [u.id, eligibleForRemoval(u, input.scenario, options)]));
  const eligible = (u: ForceUnit): boolean => exemption.get(u.id) === null;
  // A picked unit that may not be removed leaves no legal completion.
  const viable = wellFormed && input.units.every((u) => !picks.has(u.id) || eligible(u));
  const addable = new Set<string>();
  // The categories are judged apart, but one selection answers all three: a unit is addable only while every
  // category can still be completed (met as it stands, or some unit of it addable).
  let allReachable = viable;
  const categories = Categories.map((category): ForceCategoryChoice => {
    const pool = input.units.filter((u) => categoryOf(u) === category && eligible(u));
    const chosen = pool.filter((u) => picks.has(u.id));
    const uncapped = needs[TOTAL_KEY[category]];
    const divisor = divisorOf(category);
    if (levels <= 0) {
      // 59.511: a "0" surrender (or none below the last, 59.872) removes nothing.
      const value = judgeCategory(category, 0, pool, chosen).selected;
      if (chosen.length > 0) allReachable = false;
      return {
        category,
        rule: '59.511',
        required: 0,
        uncapped,
        chosen: value,
        missing: 0,
        over: value,
        droppable: chosen.map((u) => u.id),
        met: chosen.length === 0,
        allMustGo: false,
        divisor,
      };
    }
    const verdict = judgeCategory(category, uncapped, pool, chosen);
    const allMustGo = verdict.smallest === null;
    const met = verdict.violations.length === 0;
    if (viable) {
      const weights = pool.map((u) => weightOf(u, category));
      const can = addableUnits({
        weights,
        picked: pool.map((u) => picks.has(u.id)),
        target: uncapped * divisor,
        divisor,
      });
      for (const [i, u] of pool.entries()) if (can[i] === true) addable.add(u.id);
      if (!met && !can.includes(true)) allReachable = false;
    }
    return {
      category,
      rule: allMustGo ? '59.513E' : '59.512',
      required: verdict.required,
      uncapped,
      chosen: verdict.selected,
      missing: Math.max(0, verdict.required - verdict.selected),
      over: verdict.smallest === null ? 0 : Math.max(0, verdict.selected - verdict.smallest),
      droppable: verdict.droppable,
      met,
      allMustGo,
      divisor,
    };
  });
  if (!allReachable) addable.clear();
  const units = input.units.map((u): ForceUnitChoice => {
    const category = categoryOf(u);
    const why = exemption.get(u.id) ?? null;
    const exemptBy = why === null ? null : isExemptionRule(why.rule) ? why.rule : null;
    const selectable = why === null && category !== null;
    const counts = why === null && category !== null ? weightOf(u, category) : 0;
    return {
      id: u.id,
      category,
      size: category === null ? u.factors : category === 'groundNas' ? u.brps : u.factors,
      counts,
      naval: u.naval === undefined ? null : { type: u.naval.type, status: u.naval.status, discounted: isDiscounted(u) },
      selectable,
      exemptBy,
      subjectToEliminationBy: u.nationality === 'minor' && changed.has(u.id) ? '59.514E' : null,
      picked: picks.has(u.id),
      canAdd: addable.has(u.id),
    };
  });
  return { categories, units, complete: wellFormed && forceReduction(input, options).legal };
}
