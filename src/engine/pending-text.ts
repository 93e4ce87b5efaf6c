// The one renderer of a pending decision's words, from its data (pending-types.ts). Rewording a sentence here
// changes no data a host acts on.
import type { ForceTotals } from '../rules/force-reduction.js';
import type { ForceAmounts } from '../rules/italian-forces-table.js';
import { plural, signed } from '../rules/lines.js';
import type {
  PendingDecision,
  SelectBritishForceReductions,
  SelectPostSurrenderItalianForces,
  StateGermanTerms,
} from './pending-types.js';
import { turnName } from '../rules/turns.js';
import { bothSidesSelect } from '../rules/italian-selection-order.js';

const totals = (r: ForceTotals): string =>
  `${plural(r.aafFactors, 'AAF factor')}, ${r.groundNasBrps} BRPs of ground units or NAS and ` +
  `${plural(r.navalFactors, 'naval factor')}`;

const amounts = (a: ForceAmounts): string =>
  `${plural(a.infantryFactors, 'infantry factor')}, ${plural(a.namedShips, 'named ship')}, ` +
  `${plural(a.cruisers, 'cruiser')} and ${plural(a.destroyerFactors, 'destroyer factor')}`;

const capped = (p: SelectBritishForceReductions): boolean =>
  p.required.aafFactors < p.uncapped.aafFactors ||
  p.required.groundNasBrps < p.uncapped.groundNasBrps ||
  p.required.navalFactors < p.uncapped.navalFactors;

const CATEGORY_WORDS = {
  aaf: 'AAF factors',
  groundNas: 'BRPs of ground units or NAS',
  naval: 'naval factors',
} as const;

/** With units picked: what each category still lacks or has in excess (59.512, 59.513E, 59.513F). */
function pickedSoFar(p: SelectBritishForceReductions): string {
  const { categories, units, complete } = p.choices;
  if (!units.some((u) => u.picked)) return '';
  if (complete) return '; the units picked meet every requirement';
  const parts = categories.flatMap((c) => {
    const words = CATEGORY_WORDS[c.category];
    if (c.allMustGo && !c.met) return [`every eligible unit counting as ${words} must go (59.513E)`];
    if (c.missing > 0) return [`${c.missing} ${words} still missing (${c.rule})`];
    if (c.over > 0) return [`${c.over} ${words} more than the least that meets the requirement (59.513F)`];
    if (c.droppable.length > 0) return [`${c.droppable.join(', ')} could be dropped (59.513F)`];
    if (!c.met) return [`no ${words} may be removed (59.511)`];
    return [];
  });
  return parts.length === 0
    ? '; the picks name a unit that may not be removed or is not in the reported pool (59.513A, 59.514)'
    : `; with the units picked, ${parts.join(', ')}`;
}

function selection(p: SelectBritishForceReductions): string {
  const why = capped(p) ? `59.513E: the reported pool holds less than the ${totals(p.uncapped)} of 59.512` : '59.512';
  const minors =
    p.minorUnitsSubjectToElimination.length === 0
      ? ''
      : `; the terms changed the status of their minor countries, so ` +
        `${p.minorUnitsSubjectToElimination.join(', ')} may be removed (59.514E)`;
  return (
    `the British player must select, by id from the reported force pool, ${totals(p.required)} to remove ` +
    `(${why})${minors}${pickedSoFar(p)}`
  );
}

function terms(p: StateGermanTerms): string {
  const left = p.cap < p.concessionPoints ? `; Britain has only ${p.cap} points' worth left to concede (59.71)` : '';
  return (
    `Germany must state its terms: up to ${p.concessionPoints} concession points of territory, minor ` +
    `countries and indemnity, or return territory (59.65-59.73)${left}${tried(p)}`
  );
}

/** What remains of the terms a host is trying (their choices), in words. */
function tried(p: StateGermanTerms): string {
  const c = p.choices;
  const used =
    c.pointsUsed === 0
      ? ''
      : `; the terms tried use ${c.pointsUsed} point${c.pointsUsed === 1 ? '' : 's'}, ${c.pointsLeft} left (59.68)`;
  const rules = [...new Set(c.violations.map((v) => v.rule))];
  return c.complete
    ? used
    : `${used}; the terms tried are refused by ${rules.length === 0 ? 'their form' : rules.join(', ')}`;
}

const ITALIAN_AMOUNT = {
  infantry: 'infantry factor',
  namedShips: 'named ship',
  cruisers: 'cruiser',
  destroyers: 'destroyer factor',
} as const;

/** 56.32: what a tried Italian selection still lacks or exceeds (nothing when no unit is picked yet). */
function italianPicks(p: SelectPostSurrenderItalianForces): string {
  const c = p.choices;
  if (!c.units.some((u) => u.picked)) return '';
  if (c.complete) return '; the units picked make a complete selection';
  const parts = (Object.keys(ITALIAN_AMOUNT) as (keyof typeof ITALIAN_AMOUNT)[]).flatMap((k) => {
    const { missing, over, completable } = c.categories[k];
    if (over > 0) return [`${plural(over, ITALIAN_AMOUNT[k])} too many`];
    if (missing > 0)
      return [
        `${plural(missing, ITALIAN_AMOUNT[k])} missing${completable ? '' : ' that no remaining unit can make up'}`,
      ];
    return [];
  });
  const addable = c.units.filter((u) => u.canAdd).map((u) => u.id);
  return (
    `; with the units picked: ${parts.length > 0 ? parts.join(', ') : 'a pick that cannot be selected'}` +
    `${addable.length > 0 ? `; may still be added: ${addable.join(', ')}` : ''}`
  );
}

/** A pending decision with its words, for readers (the `replay` command, GameSummary). */
export type DescribedDecision = PendingDecision & { readonly description: string };

export const withDescription = (p: PendingDecision): DescribedDecision => ({ ...p, description: describePending(p) });

export function describePending(p: PendingDecision): string {
  switch (p.decision) {
    case 'respond-to-british-offer':
      return p.forced
        ? `Germany must accept the British surrender offer of ${turnName(p.turn)} at level ${p.resistanceLevel}: ` +
            `-10 or lower (59.23), surrender level ${p.surrenderLevel}`
        : `Germany must accept or reject the British surrender offer of ${turnName(p.turn)} at level ` +
            `${p.resistanceLevel} (surrender level ${p.surrenderLevel} if accepted)`;
    case 'report-british-force-pool':
      return (
        `the host must report the British force pool and Royal Navy (every unit with its id, kind, factors, ` +
        `BRPs, theater; a minor-country unit with its country) from which ${totals(p.required)} are ` +
        `removed (59.512, 59.513B-D)`
      );
    case 'select-british-force-reductions':
      return selection(p);
    case 'report-british-hex-control':
      return (
        'the host must report which British-controlled hexes can trace supply from a mapboard box, and the ' +
        'resulting control (59.631-59.634)'
      );
    case 'state-german-terms':
      return terms(p);
    case 'decide-japanese-adherence':
      return (
        'Japan, at war with Britain but not the U.S., must decide whether to end hostilities with Britain ' +
        '(adhere to the treaty) or fight on'
      );
    case 'report-far-east-hex-control':
      return (
        'Japan adheres to the treaty: the host must report the Far East hex control determined by 59.63 (British ' +
        'hexes that cannot trace supply from a mapboard box, fortifications in them, and who controls each area)'
      );
    case 'report-italian-forces':
      return (
        `the host must report Italy's navy (with each ship's status) and infantry at the moment of surrender ` +
        `(${turnName(p.turn)}), for the post-surrender allocation at level ${signed(p.surrenderLevel)}`
      );
    case 'select-post-surrender-italian-forces': {
      const both = bothSidesSelect(p.selectionOrder);
      return p.side === 'axis'
        ? `the Axis player must select Germany's post-surrender Italian forces at level ` +
            `${signed(p.surrenderLevel)}: ` +
            `${amounts(p.forces)}${both ? ', before the Allied player selects' : ''}${italianPicks(p)}`
        : `the Allied player must select the U.S.'s post-surrender Italian forces at level ` +
            `${signed(p.surrenderLevel)}: ` +
            `${amounts(p.forces)}${both ? ', from the units the Axis player did not take' : ''}${italianPicks(p)}`;
    }
  }
}
