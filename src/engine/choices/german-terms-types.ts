// The shape of Germany's choices at the terms (59.6, 59.7, 59.66G): data only, rules and codes, no words.
import type { IndemnityBrps, TerritoryKey } from '../../rules/british-concession-table.js';
import type { ConcessionCode } from '../../rules/concession-checks.js';
import type { CededEffect } from '../../rules/concession-notes.js';
import type { MinorStatus, TerritoryControl } from '../../rules/concessions-input.js';
import type { ToItalyCode } from '../britain/to-italy.js';

/** Why a choice may not be added now (59.61, 59.66, 59.66E, 59.66G, 59.68, 59.72, 59.73B-G). */
export interface TermsReason {
  readonly rule: string;
  readonly code: ConcessionCode | ToItalyCode;
}

/** 59.66: an eligible lower-priority concession not yet demanded. */
export interface RequiredConcession {
  readonly kind: 'territory' | 'minor';
  readonly name: string;
  readonly priority: number;
}

export interface TerritoryChoice {
  readonly key: TerritoryKey;
  /** 59.65. */
  readonly priority: number;
  /** 59.65: concession points, taken or returned (59.75). */
  readonly value: number;
  /** When Britain surrendered (59.631-59.634; a disputed area of Britain is `british`, 59.66D). */
  readonly control: TerritoryControl;
  /** What the tried demand does with it. */
  readonly demanded: 'take' | 'return' | null;
  /** Taking it now keeps the demand legal (59.66, 59.68, 59.73G); `requires`: what 59.66 wants taken first. */
  readonly take: { readonly allowed: boolean; readonly refusedBy: TermsReason | null; readonly requires: readonly RequiredConcession[] };
  /** Returning it now keeps the demand legal (59.72, 59.73A-G); every reason it may not. */
  readonly return: { readonly allowed: boolean; readonly refusedBy: readonly TermsReason[] };
  /** 59.66G: a Mediterranean-front territory, once ceded, may come under Italian control (never after Italy surrendered, 56.52). */
  readonly mayPassToItaly: boolean;
  /** What ceding it does (59.65, 59.66B, 59.66C, 59.66F, 59.66H). */
  readonly effects: readonly CededEffect[];
}

/** 59.65 priority 2, 59.66E: one status change of a minor country. */
export interface MinorStep {
  /** Concession points: neutrality one, Axis control two, per full five BRPs. */
  readonly value: number;
  readonly allowed: boolean;
  readonly refusedBy: TermsReason | null;
}

export interface MinorChoice {
  readonly name: string;
  readonly brps: number;
  readonly status: MinorStatus;
  readonly demanded: 'neutral' | 'axis' | null;
  readonly neutral: MinorStep;
  /** 59.73G: never while territory is returned. */
  readonly axis: MinorStep;
}

/** 59.67: one indemnity step, replacing the tried one. */
export interface IndemnityStep {
  readonly brps: IndemnityBrps;
  readonly value: number;
  readonly allowed: boolean;
  readonly refusedBy: TermsReason | null;
}

/** 59.66G: a ceded territory of the tried demand, passed (chosen) or passable to Italy. */
export interface ToItalyChoice {
  readonly key: TerritoryKey;
  readonly chosen: boolean;
  readonly allowed: boolean;
  readonly refusedBy: TermsReason | null;
}

/** 59.7: the conciliatory policy and, for the tried demand, its 59.75 effects. */
export interface Conciliation {
  readonly rule: '59.7';
  /** 59.72, 59.73: the territories a demand could return (each alone). */
  readonly returnable: readonly TerritoryKey[];
  /** Some territory may be returned now, added to the tried demand. */
  readonly returnAllowedNow: boolean;
  /** 59.73G: a demand that returns territory takes none and moves no minor to Axis control. */
  readonly forbidsTaking: '59.73G';
  /** 59.71. */
  readonly pointsNotTaken: number;
  /** 59.75. */
  readonly pointsReturned: number;
  /** 59.75A. */
  readonly resistanceModifier: number;
  /** 59.75B. */
  readonly usatChange: number;
}

export interface GermanTermsChoices {
  /** 59.65 (59.872). */
  readonly pointsAvailable: number;
  /** 59.65, 59.71: the lower of the points and whatever Britain has left. */
  readonly cap: number;
  /** 59.68: of the tried demand. */
  readonly pointsUsed: number;
  readonly pointsLeft: number;
  readonly territories: readonly TerritoryChoice[];
  readonly minors: readonly MinorChoice[];
  readonly indemnity: { readonly current: IndemnityBrps; readonly steps: readonly IndemnityStep[] };
  readonly conciliation: Conciliation;
  readonly toItaly: readonly ToItalyChoice[];
  /** The tried command would be accepted (an empty demand is, 59.71). */
  readonly complete: boolean;
  /** Why the tried demand is refused now (empty when it is legal). */
  readonly violations: readonly TermsReason[];
}
