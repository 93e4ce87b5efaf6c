// The public API of awaw-surrender.
export {
  SurrenderEngine,
  type CommandResult,
  type EngineOptions,
  type ExecuteOptions,
  type PreviewResult,
} from './host/engine.js';
export type { PreviewedEvent } from './host/preview.js';
export { decide, type OriginEvent } from './engine/decide.js';
export { decider, type DeciderState } from './engine/decider.js';
export { initialState, evolve } from './engine/evolve.js';
export type { Decision, Rejection, RejectionCode } from './engine/decision.js';
export { Replayer, type Mismatch, type ReplayOptions } from './engine/replay.js';
export { replayVerifiedLog } from './host/file/replay-file.js';
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
export { UnknownGameError } from './engine/unknown-game.js';
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

export { MemoryEventStore, type MemoryStoreOptions } from './store/memory.js';
export { SurrenderGames, type GamesOptions } from './host/games.js';
export type { GameStreamStore, GameAppendResult, FeedEvent, StreamChange, Unsubscribe } from './store/game-streams.js';
export { LogGameStreams } from './store/log-streams.js';
export {
  JsonlFileStore,
  LockTimeoutError,
  LinkedLogError,
  NotALogFileError,
  type JsonlFileStoreOptions,
} from './store/file/jsonl-file.js';
export {
  CommandRecordedError,
  ConcurrencyError,
  TornLogError,
  type EventStream,
  type EventStore,
  type EnvelopeSource,
  type AppendResult,
  type LogHead,
  type ReadOptions,
} from './store/store.js';
export { StoreError, isStoreError, type StoreErrorKind, type SystemFailure } from './store/store-error.js';
export {
  verifyLog,
  repairLog,
  readLog,
  scanLog,
  type VerifyReport,
  type RepairReport,
  type RepairOptions,
  type RecordedRepair,
} from './store/file/verify.js';
export type { CutAppend, CutAppendFinder, TailRepair, RepairWriter } from './store/repair.js';
export { findCutAppend } from './host/cut-append.js';
export { LogError } from './store/line-format.js';

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
export { InputError } from './schema/validate.js';
export { auditEntries, auditHeadline, formatAuditEntry, formatAuditTrail } from './audit/audit.js';
export type { AuditEntry } from './audit/entry.js';

export {
  eventDefinitions,
  type DomainEvent,
  type StoredEvent,
  type EventType,
  type EventData,
  type Command,
  type NewEvent,
} from '../events/index.js';
export { logVersion, type LogVersion } from '../events/envelope.js';
