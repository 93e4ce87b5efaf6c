// The decisions the rules wait for, as data: one member per decision, discriminated on `decision`, each with who
// makes it, the rule, the commands that answer it and the parameters a host acts on. The words are rendered from
// these (pending-text.ts); a host never needs to read them.
import type { ForceTotals } from '../rules/force-reduction.js';
import type { ForceAmounts } from '../rules/italian-forces-table.js';
import type { AllocationSide } from '../rules/italian-allocation.js';
import type { GameTurn } from '../rules/turns.js';
import type { OfferAnswerChoices } from './choices/offer-answer.js';
import type { GermanTermsChoices } from './choices/german-terms.js';
import type { BritishForceChoices } from './choices/british-forces.js';
import type { ItalianForcesChoices } from './choices/italian-forces.js';
import type { JapaneseAdherenceChoices } from './choices/japan.js';
import type { ReportChoices } from './choices/reports.js';

export type DecisionMaker = 'germany' | 'britain' | 'japan' | 'axis' | 'allied' | 'host';

/** What every pending decision has: its name, who decides, the rule, and the commands (origin event types) that answer it. */
interface Awaiting<D extends string, B extends DecisionMaker, R extends string, C extends string> {
  readonly decision: D;
  readonly by: B;
  readonly rule: R;
  readonly commands: readonly C[];
}

/** 59.23: Germany answers the British offer; a forced one (-10 or lower) can only be accepted. */
export interface RespondToBritishOffer extends Awaiting<'respond-to-british-offer', 'germany', '59.23', 'britain.offer-accepted' | 'britain.offer-rejected'> {
  /** The turn the offer was made, and the turn of the answer. */
  readonly turn: GameTurn;
  readonly resistanceLevel: number;
  /** 59.41: the level Britain surrenders at if Germany accepts (never below -10). */
  readonly surrenderLevel: number;
  /** 59.87, 59.872: the earlier surrender this offer is measured from, or null. */
  readonly previousSurrenderLevel: number | null;
  /** 59.23: the level is -10 or lower, so Germany must accept. */
  readonly forced: boolean;
  /** 59.23: the answers, each with its command and data; the rejection of a forced offer is refused by 59.23. */
  readonly choices: OfferAnswerChoices;
}

/** 59.513: the host reports the British force pool the reductions come from. */
export interface ReportBritishForcePool extends Awaiting<'report-british-force-pool', 'host', '59.513', 'host.british-force-pool'> {
  /** The turn of the surrender. */
  readonly turn: GameTurn;
  readonly surrenderLevel: number;
  readonly previousSurrenderLevel: number | null;
  /** 59.512 (59.872): the reductions the surrender level requires, before any cap by the pool. */
  readonly required: ForceTotals;
  /** What the report must contain. */
  readonly choices: ReportChoices<'host.british-force-pool'>;
}

/** 59.513A: the British player selects, by id from the reported pool, the units to remove. */
export interface SelectBritishForceReductions extends Awaiting<'select-british-force-reductions', 'britain', '59.513A', 'britain.forces-selected'> {
  readonly turn: GameTurn;
  readonly surrenderLevel: number;
  readonly previousSurrenderLevel: number | null;
  /** 59.513E: what the selection must meet, the 59.512 requirement capped by what the reported pool holds. */
  readonly required: ForceTotals;
  /** 59.512 (59.872): the requirement before the cap. */
  readonly uncapped: ForceTotals;
  /** 59.514E: ids of pool units whose minor country's status the terms changed, so they may be removed. */
  readonly minorUnitsSubjectToElimination: readonly string[];
  /** 59.512-59.514: the pool's units, what each category still needs, and what may be added to the picks tried. */
  readonly choices: BritishForceChoices;
}

/** 59.631: the host reports which British-controlled hexes can trace supply, and the control that follows. */
export interface ReportBritishHexControl extends Awaiting<'report-british-hex-control', 'host', '59.631', 'host.british-hex-control'> {
  readonly turn: GameTurn;
  readonly surrenderLevel: number;
  /** What the report must contain. */
  readonly choices: ReportChoices<'host.british-hex-control'>;
}

/** 59.66: Germany states its terms. */
export interface StateGermanTerms extends Awaiting<'state-german-terms', 'germany', '59.66', 'britain.terms-demanded'> {
  readonly turn: GameTurn;
  readonly surrenderLevel: number;
  /** 59.65 (59.872): the concession points of the surrender level; 59.68: the terms may not exceed them. */
  readonly concessionPoints: number;
  /** 59.65, 59.71: the most Germany can take, the lower of the points and whatever Britain has left. */
  readonly cap: number;
  /** 59.65-59.75, 59.66G: what may be demanded now, against the tried `britain.terms-demanded` of this turn. */
  readonly choices: GermanTermsChoices;
}

/** 59.891C: Japan, at war with Britain but not the U.S., adheres to the treaty or fights on. */
export interface DecideJapaneseAdherence extends Awaiting<'decide-japanese-adherence', 'japan', '59.891C', 'japan.treaty-decided'> {
  readonly turn: GameTurn;
  /** The two answers, each with its command. */
  readonly choices: JapaneseAdherenceChoices;
}

/** 59.892A: Japan adhered; the host reports the Far East hex control by 59.63. */
export interface ReportFarEastHexControl extends Awaiting<'report-far-east-hex-control', 'host', '59.892A', 'host.far-east-hex-control'> {
  readonly turn: GameTurn;
  /** What the report must contain. */
  readonly choices: ReportChoices<'host.far-east-hex-control'>;
}

/** 56.31D: the host reports Italy's navy and infantry at the moment of surrender. */
export interface ReportItalianForces extends Awaiting<'report-italian-forces', 'host', '56.31D', 'host.italian-forces-reported'> {
  readonly turn: GameTurn;
  /** 56.31: -2 to +2. */
  readonly surrenderLevel: number;
  /** 56.32: the Post-Surrender Italian Forces row of the level, both halves. */
  readonly row: { readonly germany: ForceAmounts; readonly us: ForceAmounts };
  /** 56.311: who selects, in order (empty: nobody). */
  readonly selectionOrder: readonly AllocationSide[];
  /** What the report must contain. */
  readonly choices: ReportChoices<'host.italian-forces-reported'>;
}

/** 56.311: one side selects its post-surrender Italian forces (the Axis player before the Allied player). */
export interface SelectPostSurrenderItalianForces extends Awaiting<'select-post-surrender-italian-forces', AllocationSide, '56.311', 'italy.forces-selected'> {
  readonly turn: GameTurn;
  /** 56.31: -2 to +2. */
  readonly surrenderLevel: number;
  /** The side that selects now: the command's `side`. */
  readonly side: AllocationSide;
  /** 56.32: this side's half of the row (Germany's for the Axis, the U.S.'s for the Allied player). */
  readonly forces: ForceAmounts;
  readonly row: { readonly germany: ForceAmounts; readonly us: ForceAmounts };
  readonly selectionOrder: readonly AllocationSide[];
  /** 56.311, 56.312, 56.32: the units this side may pick, what each category still needs, and whether the selection is complete. */
  readonly choices: ItalianForcesChoices;
}

export type PendingDecision =
  | RespondToBritishOffer
  | ReportBritishForcePool
  | SelectBritishForceReductions
  | ReportBritishHexControl
  | StateGermanTerms
  | DecideJapaneseAdherence
  | ReportFarEastHexControl
  | ReportItalianForces
  | SelectPostSurrenderItalianForces;

export type PendingDecisionName = PendingDecision['decision'];
