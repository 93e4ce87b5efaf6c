// The words of a pending decision's choices, for what a person reads (the report): what may be chosen now, in
// sentences with rule numbers, rendered from the data (src/engine/choices/), never stored.
import { CONCESSION_TABLE, isTerritoryKey } from '../../rules/british-concession-table.js';
import type { ForceCategory } from '../../rules/force-weights.js';
import type { PendingDecision } from '../pending-types.js';
import type { BritishForceChoices } from '../choices/british-forces.js';
import type { GermanTermsChoices } from '../choices/german-terms.js';
import type { ItalianCategory, ItalianForcesChoices } from '../choices/italian-forces.js';
import { reportLines } from './reports.js';

const FORCE_CATEGORY: Readonly<Record<ForceCategory, string>> = {
  aaf: 'AAF factors',
  groundNas: 'BRPs of ground units and NAS',
  naval: 'naval factors',
};
const ITALIAN_CATEGORY: Readonly<Record<ItalianCategory, string>> = {
  infantry: 'infantry factors',
  namedShips: 'named ships',
  cruisers: 'cruisers',
  destroyers: 'destroyer factors',
};
const ANSWER: Readonly<Record<string, string>> = {
  'britain.offer-accepted': 'accept the offer',
  'britain.offer-rejected': 'reject the offer',
};

const join = (items: readonly string[], empty = 'none'): string => (items.length === 0 ? empty : items.join(', '));
const territory = (key: string): string => (isTerritoryKey(key) ? CONCESSION_TABLE[key].name : key);

function tally(
  name: string,
  c: {
    readonly rule: string;
    readonly required: number;
    readonly chosen: number;
    readonly missing: number;
    readonly over: number;
  },
): string {
  const state = c.missing > 0 ? `${c.missing} missing` : c.over > 0 ? `${c.over} over` : 'met';
  return `${name}: ${c.required} required (${c.rule}), ${c.chosen} chosen, ${state}`;
}

function forceLines(c: BritishForceChoices): string[] {
  const exempt = c.units.filter((u) => !u.selectable).map((u) => `${u.id} (${u.exemptBy ?? '59.514'})`);
  return [
    ...c.categories.map(
      (k) => tally(FORCE_CATEGORY[k.category], k) + (k.allMustGo ? ': every eligible unit must go (59.513E)' : ''),
    ),
    `may be added now (59.513A, 59.513F): ${join(c.units.filter((u) => u.canAdd).map((u) => u.id))}`,
    `chosen: ${join(c.units.filter((u) => u.picked).map((u) => u.id))}`,
    `not subject to removal: ${join(exempt)}`,
    ...(c.units.some((u) => u.subjectToEliminationBy !== null)
      ? [
          `minor-country units the terms made removable (59.514E): ` +
            `${join(c.units.filter((u) => u.subjectToEliminationBy !== null).map((u) => u.id))}`,
        ]
      : []),
    c.complete ? 'the selection as it stands would be accepted' : 'the selection is not yet complete',
  ];
}

function termsLines(c: GermanTermsChoices): string[] {
  const takeNow = c.territories.filter((t) => t.take.allowed).map((t) => `${territory(t.key)} (${t.value})`);
  const later = c.territories
    .filter((t) => !t.take.allowed && t.take.refusedBy?.code === 'lower-priority-first')
    .map(
      (t) =>
        `${territory(t.key)} after ` +
        `${join(t.take.requires.map((r) => (r.kind === 'territory' ? territory(r.name) : r.name)))}`,
    );
  const minors = c.minors.flatMap((m) => [
    ...(m.neutral.allowed ? [`${m.name} neutralized (${m.neutral.value})`] : []),
    ...(m.axis.allowed ? [`${m.name} to Axis control (${m.axis.value})`] : []),
  ]);
  const indemnity = c.indemnity.steps.filter((s) => s.allowed && s.brps > 0).map((s) => `${s.brps} BRPs (${s.value})`);
  const returns = c.territories.filter((t) => t.return.allowed).map((t) => territory(t.key));
  return [
    `concession points: ${c.pointsAvailable} for the surrender level, at most ${c.cap} (59.65, 59.71); ` +
      `${c.pointsUsed} used, ${c.pointsLeft} left (59.68)`,
    `territories Germany may take now, with their points: ${join(takeNow)}`,
    `to take only after the lower priorities (59.66): ${join(later)}`,
    `minor countries (59.65, 59.66E): ${join(minors)}`,
    `indemnity (59.67): ${join(indemnity)}`,
    `territories Germany may return (59.72, 59.73; then it takes none, 59.73G): ${join(returns)}`,
    ...(c.toItaly.length > 0
      ? [
          `ceded territories Italy may control (59.66G): ` +
            `${join(c.toItaly.filter((t) => t.allowed || t.chosen).map((t) => territory(t.key)))}`,
        ]
      : []),
    c.complete
      ? 'the terms as they stand would be accepted'
      : `the terms are refused by ${join(c.violations.map((v) => v.rule))}`,
  ];
}

function italianLines(c: ItalianForcesChoices): string[] {
  const side = c.side === 'axis' ? 'the Axis player (for Germany)' : 'the Allied player (for the U.S.)';
  const refused = c.units.filter((u) => !u.selectable && u.takenBy === null);
  return [
    `selecting: ${side} (56.311)`,
    ...(Object.entries(c.categories) as [ItalianCategory, ItalianForcesChoices['categories'][ItalianCategory]][]).map(
      ([k, v]) => tally(ITALIAN_CATEGORY[k], v),
    ),
    `may be added now: ${join(c.units.filter((u) => u.canAdd).map((u) => u.id))}`,
    `chosen: ${join(c.units.filter((u) => u.picked).map((u) => u.id))}`,
    `taken by the other side: ${join(c.units.filter((u) => u.takenBy !== null).map((u) => u.id))}`,
    `may not be selected (56.32): ${join(refused.map((u) => `${u.id} (${u.refusedBy?.rule ?? '56.32'})`))}`,
    c.complete ? 'the selection as it stands would be accepted' : 'the selection is not yet complete',
  ];
}

/** What may be chosen for a pending decision, line by line. */
export function choicesLines(p: PendingDecision): string[] {
  switch (p.decision) {
    case 'respond-to-british-offer':
      return p.choices.answers.map(
        (a) =>
          `${ANSWER[a.command.type] ?? a.command.type} (${a.rule})` +
          `${a.allowed ? '' : `: not allowed (${a.refusedBy ?? p.rule})`}`,
      );
    case 'decide-japanese-adherence':
      return p.choices.answers.map((a) =>
        'adheres' in a.command.data && a.command.data.adheres
          ? `adhere to the treaty (${a.rule})`
          : `fight on (${a.rule})`,
      );
    case 'report-british-force-pool':
    case 'report-british-hex-control':
    case 'report-far-east-hex-control':
    case 'report-italian-forces':
      return [`the report must hold: ${reportLines(p.choices.contents).join('; ')}`];
    case 'select-british-force-reductions':
      return forceLines(p.choices);
    case 'state-german-terms':
      return termsLines(p.choices);
    case 'select-post-surrender-italian-forces':
      return italianLines(p.choices);
  }
}
