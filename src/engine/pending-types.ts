// The decisions the rules wait for, as data: the static types of their schema (pending-schema.ts), one member per
// decision, discriminated on `decision`, each with who makes it, the rule, the commands that answer it and the
// parameters a host acts on. The words are rendered from these (pending-text.ts); a host never needs to read them.
import type { Static } from '@sinclair/typebox';
import type { Frozen } from '../schema/types.js';
import type { PendingDecisionSchema } from './pending-schema.js';

export type { DecisionMaker, PendingDecisionName } from '../../machines/awaited.js';

export type PendingDecision = Frozen<Static<typeof PendingDecisionSchema>>;

type Member<N extends PendingDecision['decision']> = Extract<PendingDecision, { readonly decision: N }>;

/** 59.23: Germany answers the British offer; a forced one (-10 or lower) can only be accepted. */
export type RespondToBritishOffer = Member<'respond-to-british-offer'>;
/** 59.513: the host reports the British force pool the reductions come from. */
export type ReportBritishForcePool = Member<'report-british-force-pool'>;
/** 59.513A: the British player selects, by id from the reported pool, the units to remove. */
export type SelectBritishForceReductions = Member<'select-british-force-reductions'>;
/** 59.631: the host reports which British-controlled hexes can trace supply, and the control that follows. */
export type ReportBritishHexControl = Member<'report-british-hex-control'>;
/** 59.66: Germany states its terms. */
export type StateGermanTerms = Member<'state-german-terms'>;
/** 59.891C: Japan, at war with Britain but not the U.S., adheres to the treaty or fights on. */
export type DecideJapaneseAdherence = Member<'decide-japanese-adherence'>;
/** 59.892A: Japan adhered; the host reports the Far East hex control by 59.63. */
export type ReportFarEastHexControl = Member<'report-far-east-hex-control'>;
/** 56.31D: the host reports Italy's navy and infantry at the moment of surrender. */
export type ReportItalianForces = Member<'report-italian-forces'>;
/** 56.311: one side selects its post-surrender Italian forces (the Axis player before the Allied player). */
export type SelectPostSurrenderItalianForces = Member<'select-post-surrender-italian-forces'>;
