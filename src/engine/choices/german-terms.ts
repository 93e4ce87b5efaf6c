// The choice space of Germany's terms (59.6, 59.65-59.68, 59.7, 59.71-59.75, 59.66G): every territory, minor
// country, indemnity step, return and Italian acquisition, each with whether it may be added NOW to the demand
// being tried, so that the demand stays one the engine accepts. Legality is asked of negotiateConcessions (and
// the 59.66G check of the decider), never restated: each choice is the verdict on the demand with it added.
import {
  CONCESSION_TABLE,
  IndemnityChoices,
  MINOR_PRIORITY,
  TerritoryKeys,
  indemnityValue,
  isTerritoryKey,
  minorValue,
  type IndemnityBrps,
} from '../../rules/british-concession-table.js';
import { eligibleConcessions, priorityBlockers, type ConcessionItem } from '../../rules/concession-checks.js';
import { cededEffects } from '../../rules/concession-notes.js';
import {
  MEDITERRANEAN_FRONT,
  negotiateConcessions,
  refineConcessions,
  valueBritainHasLeft,
  type ConcessionsInput,
} from '../../rules/concessions.js';
import { toItalyRefusal } from '../britain/to-italy.js';
import type { GermanTermsChoices, MinorChoice, TermsReason, TerritoryChoice } from './german-terms-schema.js';

export type {
  Conciliation,
  GermanTermsChoices,
  IndemnityStep,
  MinorChoice,
  MinorStep,
  RequiredConcession,
  TermsReason,
  TerritoryChoice,
  ToItalyChoice,
} from './german-terms-schema.js';

type Demand = ConcessionsInput['demand'];

/** The command a host is trying: its demand and the territories it lets Italy control (59.66G). */
export interface TriedTerms {
  readonly demand: Demand;
  readonly toItaly: readonly string[];
}

export const emptyTerms = (): TriedTerms => ({
  demand: { take: [], minors: [], indemnityBrps: 0, return: [] },
  toItaly: [],
});

const unique = <T>(items: readonly T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/** The tried picks the engine knows, each once: what the choices are computed against. */
function normalized(base: ConcessionsInput, tried: TriedTerms): TriedTerms {
  const minorNames = new Set(base.minors.map((m) => m.name));
  const d = tried.demand;
  return {
    demand: {
      take: unique(d.take.filter(isTerritoryKey), String),
      minors: unique(
        d.minors.filter((m) => minorNames.has(m.name)),
        (m) => m.name,
      ),
      indemnityBrps: IndemnityChoices.includes(d.indemnityBrps) ? d.indemnityBrps : 0,
      return: unique(d.return.filter(isTerritoryKey), String),
    },
    toItaly: unique(tried.toItaly, String),
  };
}

interface Verdict {
  readonly legal: boolean;
  readonly reasons: readonly TermsReason[];
}

/** The engine's verdict on a demand with its Italian acquisitions: negotiateConcessions, then 59.66G. */
function verdictOf(
  base: ConcessionsInput,
  italyMayTake: boolean,
  terms: TriedTerms,
): Verdict & { readonly negotiation: ReturnType<typeof negotiateConcessions> } {
  const negotiation = negotiateConcessions({ ...base, demand: terms.demand });
  const reasons: TermsReason[] = [...negotiation.reasons];
  if (negotiation.effects !== null) {
    const italian = toItalyRefusal(italyMayTake, negotiation.effects.mayPassToItaly, terms.toItaly);
    if (italian !== null) reasons.push({ rule: italian.rule, code: italian.code });
  }
  return { legal: reasons.length === 0, reasons, negotiation };
}

const sameReason = (a: TermsReason, b: TermsReason): boolean => a.rule === b.rule && a.code === b.code;

/** The reasons an addition brings (those the tried demand did not have already; all of them if none is new). */
function newReasons(before: Verdict, after: Verdict): TermsReason[] {
  const fresh = after.reasons.filter((r) => !before.reasons.some((b) => sameReason(b, r)));
  return fresh.length > 0 ? fresh : [...after.reasons];
}

const itemOf = (i: ConcessionItem) => ({ kind: i.kind, name: i.name, priority: i.priority });

/**
 * Germany's choices at the terms (59.6, 59.7), against the tried command. `base` is the negotiation's input
 * (its demand is ignored); `italyMayTake` is false once Italy has surrendered (56.52).
 */
export function germanTermsChoices(
  base: ConcessionsInput,
  italyMayTake: boolean,
  tried: TriedTerms = emptyTerms(),
): GermanTermsChoices {
  const terms = normalized(base, tried);
  const { demand } = terms;
  const now = verdictOf(base, italyMayTake, terms);
  const judge = (next: TriedTerms): Verdict => verdictOf(base, italyMayTake, next);
  const withDemand = (d: Partial<Demand>): TriedTerms => ({ demand: { ...demand, ...d }, toItaly: terms.toItaly });
  const { result } = now.negotiation;
  const cap = Math.min(result.pointsAvailable, valueBritainHasLeft(base));
  const eligible = eligibleConcessions(base);
  const demandedItems: ConcessionItem[] = [
    ...demand.take
      .filter(isTerritoryKey)
      .map((k): ConcessionItem => ({ kind: 'territory', name: k, priority: CONCESSION_TABLE[k].priority })),
    ...demand.minors.map((m): ConcessionItem => ({ kind: 'minor', name: m.name, priority: MINOR_PRIORITY })),
  ];

  const territories = TerritoryKeys.map((key): TerritoryChoice => {
    const { priority, value } = CONCESSION_TABLE[key];
    const taken = demand.take.includes(key);
    const returned = demand.return.includes(key);
    const take = taken ? null : judge(withDemand({ take: [...demand.take, key] }));
    const back = returned ? null : judge(withDemand({ return: [...demand.return, key] }));
    return {
      key,
      priority,
      value,
      control: base.territories[key] ?? 'independent',
      demanded: taken ? 'take' : returned ? 'return' : null,
      take: {
        allowed: take?.legal ?? false,
        refusedBy: take === null || take.legal ? null : (newReasons(now, take)[0] ?? null),
        requires: priorityBlockers(eligible, demandedItems, priority).map(itemOf),
      },
      return: { allowed: back?.legal ?? false, refusedBy: back === null || back.legal ? [] : newReasons(now, back) },
      mayPassToItaly: italyMayTake && MEDITERRANEAN_FRONT.includes(key),
      effects: cededEffects(key),
    };
  });

  const minors = base.minors.map((m): MinorChoice => {
    const current = demand.minors.find((d) => d.name === m.name)?.to ?? null;
    const step = (to: 'neutral' | 'axis') => {
      if (current === to) return { value: minorValue(m.brps, to), allowed: false, refusedBy: null };
      const next = judge(
        withDemand({ minors: [...demand.minors.filter((d) => d.name !== m.name), { name: m.name, to }] }),
      );
      return {
        value: minorValue(m.brps, to),
        allowed: next.legal,
        refusedBy: next.legal ? null : (newReasons(now, next)[0] ?? null),
      };
    };
    return {
      name: m.name,
      brps: m.brps,
      status: m.status,
      demanded: current,
      neutral: step('neutral'),
      axis: step('axis'),
    };
  });

  const indemnitySteps = IndemnityChoices.map((brps: IndemnityBrps) => {
    const next = brps === demand.indemnityBrps ? now : judge(withDemand({ indemnityBrps: brps }));
    return {
      brps,
      value: indemnityValue(brps),
      allowed: next.legal,
      refusedBy: next.legal ? null : (newReasons(now, next)[0] ?? null),
    };
  });

  const toItaly = demand.take.filter(isTerritoryKey).flatMap((key) => {
    const chosen = terms.toItaly.includes(key);
    const next = chosen ? null : judge({ demand, toItaly: [...terms.toItaly, key] });
    return [
      {
        key,
        chosen,
        allowed: next?.legal ?? false,
        refusedBy: next === null || next.legal ? null : (newReasons(now, next)[0] ?? null),
      },
    ];
  });

  // 59.72: a territory is returnable at all when a demand of that return alone would be accepted (with nothing
  // tried, that is the verdict on each return above).
  const nothingTried =
    demand.take.length + demand.minors.length + demand.return.length + demand.indemnityBrps + terms.toItaly.length ===
    0;
  const returnable = nothingTried
    ? territories.filter((t) => t.return.allowed).map((t) => t.key)
    : TerritoryKeys.filter(
        (key) => judge({ demand: { take: [], minors: [], indemnityBrps: 0, return: [key] }, toItaly: [] }).legal,
      );

  return {
    pointsAvailable: result.pointsAvailable,
    cap,
    pointsUsed: result.pointsUsed,
    pointsLeft: Math.max(0, cap - result.pointsUsed),
    territories,
    minors,
    indemnity: { current: demand.indemnityBrps, steps: indemnitySteps },
    conciliation: {
      rule: '59.7',
      returnable,
      returnAllowedNow: territories.some((t) => t.return.allowed),
      forbidsTaking: '59.73G',
      pointsNotTaken: result.pointsNotTaken,
      pointsReturned: result.pointsReturned,
      resistanceModifier: result.resistanceModifier,
      usatChange: result.usatChange,
    },
    toItaly,
    complete: now.legal && wellFormed(base, tried),
    violations: now.reasons,
  };
}

/** The tried command as sent names nothing twice and nothing unknown (else the engine refuses it as malformed). */
function wellFormed(base: ConcessionsInput, tried: TriedTerms): boolean {
  return (
    refineConcessions({ ...base, demand: tried.demand }) === null &&
    new Set(tried.toItaly).size === tried.toItaly.length
  );
}
