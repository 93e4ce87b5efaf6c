// The browser-safe entry, `awaw-surrender/core`: the pure engine alone. The Decider (initialState, decide, evolve),
// replay as a fold, the pending decisions with their choices and words, the event definitions with their schemas and
// validators, the machines, the rules' calculators and their contracts. Nothing it imports reaches a store, a file,
// a clock, the network or a Node.js built-in module (rule core-entry-reaches-no-node of .dependency-cruiser.cjs), so
// that a bundler can build it for a browser.
export { decider, type DeciderState } from './engine/decider.js';
export { decide, type OriginEvent } from './engine/decide.js';
export { initialState, evolve } from './engine/evolve.js';
export type { Decision, Rejection, RejectionCode } from './engine/decision.js';
export { Replayer, type Mismatch, type ReplayOptions } from './engine/replay.js';
export { pendingDecisions } from './engine/pending.js';
export type {
  PendingDecision,
  PendingDecisionName,
  DecisionMaker,
  RespondToBritishOffer,
  ReportBritishForcePool,
  SelectBritishForceReductions,
  ReportBritishHexControl,
  StateGermanTerms,
  DecideJapaneseAdherence,
  ReportFarEastHexControl,
  ReportItalianForces,
  SelectPostSurrenderItalianForces,
} from './engine/pending-types.js';
export { describePending, withDescription, type DescribedDecision } from './engine/pending-text.js';
export { summarize, type GameSummary } from './engine/summary.js';
export type { Permission } from './engine/britain/permissions.js';
export type { Declaration } from './engine/declarations.js';
export type {
  ItalianForcesChoices,
  ItalianCategoryChoice,
  ItalianUnitChoice,
  ItalianUnitRefusal,
  ItalianShipRule,
  ItalianCategory,
} from './engine/choices/italian-forces.js';
export type { JapaneseAdherenceChoices, JapaneseAnswer } from './engine/choices/japan.js';
export type { ReportChoices, ReportCommand, ReportContent, ReportRequirement } from './engine/choices/reports.js';
export type { GameView } from './engine/game-view.js';
export type { GameState } from './engine/state.js';

export { defaultRulingOptions, type RulingOptions } from './rules/options.js';
export { germanSurrender, type GermanSurrenderInput, type GermanSurrenderResult } from './rules/german-resistance.js';
export {
  britishResistance,
  britishResistanceOf,
  type BritishResistanceFacts,
  type BritishResistanceInput,
  type BritishResistanceResult,
} from './rules/british-resistance.js';
export {
  concessions,
  negotiateConcessions,
  type ConcessionsInput,
  type ConcessionsResult,
} from './rules/concessions.js';
export {
  forceReduction,
  type ForceReductionInput,
  type ForceReductionResult,
  type ForceTotals,
} from './rules/force-reduction.js';
export type { ForceAmounts } from './rules/italian-forces-table.js';
export {
  italianSurrender,
  type ItalianSurrenderInput,
  type ItalianSurrenderResult,
} from './rules/italian-surrender.js';
export { validateAllocation, finalDisposition } from './rules/italian-allocation.js';
export type { Line, Violation } from './rules/lines.js';
// The calculators as the command line runs them: each with its input's validator, its checks beyond the schema and
// its output with the lines' words (docs/cli.md).
export {
  germanSurrenderCalculator,
  britishResistanceCalculator,
  italianSurrenderCalculator,
  concessionsCalculator,
  forceReductionCalculator,
  type CalculatorContract,
  type GermanSurrenderOutput,
  type BritishResistanceOutput,
  type ItalianSurrenderOutput,
} from './rules/calculators.js';
export { InputError, type Validator } from './schema/validate.js';

export * from '../events/index.js';
export * from '../machines/index.js';
