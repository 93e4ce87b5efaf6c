// Replay: state is a fold of the log. Optionally re-derives every rule decision on the way and
// reports the ones that no longer match (the log was edited, or the reading of a rule changed).
import { eventDefinitions, type DomainEvent, type EventDefinition, type StoredEvent } from '../../events/index.js';
import { decide, decideStored, isOrigin, type OriginEvent } from './decide.js';
import type { Decision } from './decision.js';
import { isCorrection } from './corrections/correct.js';
import { Timelines, type HistoryPolicy } from './corrections/timelines.js';
import type { RedecisionResult } from './corrections/redecide.js';
import { fastStep } from '../../machines/step.js';
import { evolve, initialState, projection } from './evolve.js';
import type { GameView } from './game-view.js';
import { sameJson } from './same-json.js';

export { sameJson };

export interface Mismatch {
  readonly seq: number;
  readonly game: string;
  readonly message: string;
}

export interface ReplayOptions {
  /** Re-derive every engine decision and compare it with the log (default true). */
  readonly checkDecisions?: boolean;
  /**
   * With `checkDecisions`: the first seq whose decisions are re-derived (default 1). The events before it were
   * re-derived by an earlier replay that a verification mark vouches for (src/store/file/verified-mark.ts).
   */
  readonly checkFrom?: number;
  /**
   * The games whose timeline of standing commands is kept, for the corrections (./corrections/): every game (the
   * default), or those named. A correction of a game not kept is not applied: `historyNeeded` names it, and the log
   * must be replayed again keeping it (./replay-history.ts).
   */
  readonly history?: HistoryPolicy;
}

interface Expectation {
  /** The engine events decide produced for the last origin event, not yet matched. */
  queue: DomainEvent[];
  originSeq: number;
  /** A correction of a game whose timeline this replay does not keep: its events are not checked (historyNeeded). */
  unchecked?: true;
}

/**
 * Events that can never produce a rule decision nor change a game's view (the world's handler leaves it as it is and
 * no machine takes them): skipped by the re-derivation and by evolve (the hot path), and not even parsed on a
 * verified log's replay (./replay-file.ts).
 */
export const INERT_TYPES: readonly string[] = ['host.logged'];
const INERT = new Set(INERT_TYPES);

/**
 * The store's records about the log itself (a repair of a torn end): of no game, so they neither start a game nor
 * belong to one; replay counts them (the log's version) and skips them.
 */
export const LOG_RECORD_TYPES: readonly string[] = Object.values(eventDefinitions as Record<string, EventDefinition>)
  .filter((definition) => definition.source === 'store')
  .map((definition) => definition.type);
const LOG_RECORDS = new Set(LOG_RECORD_TYPES);

export class Replayer {
  readonly games = new Map<string, GameView>();
  readonly mismatches: Mismatch[] = [];
  private readonly expectations = new Map<string, Expectation>();
  private readonly check: boolean;
  private readonly checkFrom: number;
  /** Every game's standing commands, for the corrections (./corrections/). */
  readonly timelines: Timelines;
  /** The seq of the last event applied (the log's version). */
  version = 0;

  constructor(options: ReplayOptions = {}) {
    this.check = options.checkDecisions ?? true;
    this.checkFrom = options.checkFrom ?? 1;
    this.timelines = new Timelines(options.history);
  }

  /** The games a correction was read for whose timeline this replay did not keep (see ReplayOptions.history). */
  get historyNeeded(): ReadonlySet<string> {
    return this.timelines.needed;
  }

  /** Applies events in log order. */
  applyAll(events: readonly StoredEvent[]): void {
    for (const event of events) this.apply(event);
  }

  apply(event: StoredEvent): void {
    this.version = event.seq;
    if (LOG_RECORDS.has(event.type)) return;
    const view = this.games.get(event.game);
    const inert = INERT.has(event.type);
    if (this.check && event.seq >= this.checkFrom && !inert) this.checkEvent(view, event);
    if (view === undefined) {
      if (event.type !== 'host.game-started') {
        this.mismatch(event, `"${event.type}" before the game's host.game-started event; ignored`);
        return;
      }
      this.games.set(event.game, initialState(event.game, event.data));
      this.timelines.started(event);
      return;
    }
    if (inert) return;
    if (event.type === 'host.game-started') {
      this.mismatch(event, 'a second host.game-started for this game; ignored');
      return;
    }
    try {
      this.follow(view, event);
    } catch (error) {
      this.mismatch(event, `${unjudgeable(event, error)}; the game stays as it was`);
    }
  }

  /** The game's view after `event`, as the log holds it (a correction's account and decisions read as one). */
  private follow(view: GameView, event: StoredEvent): void {
    const step = this.timelines.read(event, view);
    if (step.kind === 'skip') return;
    if (step.kind === 'set') {
      this.games.set(event.game, step.view);
      return;
    }
    if (step.kind === 'refused') {
      // A checked replay has reported it already (checkEvent); the game stays as it was.
      if (!this.check) this.mismatch(event, `the rules refuse this ${event.type}: ${step.message} (${step.rule})`);
      return;
    }
    const next = evolve(view, event, fastStep);
    if (next !== view) this.games.set(event.game, next);
  }

  /**
   * Decides a command against the game as read so far, as the event that would follow (a correction is decided on
   * the game's timeline, at the next seq).
   */
  decide(game: string, origin: OriginEvent, seq = this.version + 1): Decision | RedecisionResult {
    return isCorrection(origin) ? this.timelines.decide(game, origin, seq) : decide(this.games.get(game), origin);
  }

  /** Call at the end of the log: decisions decide expected but the log does not hold. */
  finish(): readonly Mismatch[] {
    if (this.check) {
      for (const [game, expectation] of this.expectations) {
        for (const missing of expectation.queue) {
          this.mismatches.push({
            seq: expectation.originSeq,
            game,
            message:
              `the log lacks the rule decision "${missing.type}" that follows from event ` + `${expectation.originSeq}`,
          });
        }
      }
      this.expectations.clear();
    }
    return this.mismatches;
  }

  view(game: string): GameView | undefined {
    return this.games.get(game);
  }

  /** Plain data of every game's state, for comparisons. */
  projection(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [game, view] of [...this.games].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      out[game] = projection(view);
    return out;
  }

  private checkEvent(view: GameView | undefined, event: StoredEvent): void {
    const expectation = this.expectations.get(event.game);
    if (isOrigin(event)) {
      if (expectation !== undefined && expectation.queue.length > 0) {
        for (const missing of expectation.queue) {
          this.mismatch(
            event,
            `the log lacks the rule decision "${missing.type}" that follows from event ${expectation.originSeq}`,
          );
        }
      }
      const origin = { type: event.type, data: event.data } as OriginEvent;
      if (isCorrection(origin) && view !== undefined && this.timelines.of(event.game) === undefined) {
        this.expectations.set(event.game, { queue: [], originSeq: event.seq, unchecked: true });
        return;
      }
      let decision: Decision | RedecisionResult;
      try {
        decision = isCorrection(origin)
          ? this.timelines.decide(event.game, origin, event.seq)
          : decideStored(view, origin);
      } catch (error) {
        this.mismatch(event, unjudgeable(event, error));
        this.expectations.set(event.game, { queue: [], originSeq: event.seq });
        return;
      }
      if (!decision.ok) {
        this.mismatch(
          event,
          `the rules refuse this ${event.type}: ${decision.rejection.message} (${decision.rejection.rule})`,
        );
        this.expectations.set(event.game, { queue: [], originSeq: event.seq });
        return;
      }
      this.expectations.set(event.game, { queue: decision.events.slice(1), originSeq: event.seq });
      return;
    }
    if (expectation?.unchecked === true) return;
    const expected = expectation?.queue.shift();
    if (expected === undefined) {
      this.mismatch(event, `the rules do not produce this "${event.type}" here`);
      return;
    }
    if (expected.type !== event.type) {
      this.mismatch(event, `expected "${expected.type}" here, the log holds "${event.type}"`);
      return;
    }
    // The same JSON text, compared without writing it: JSON.stringify of a large decision twice per event was
    // the largest cost of a checked replay (docs/performance.md). The text is written only to report a mismatch.
    if (sameJson(expected.data, event.data)) return;
    const want = JSON.stringify(expected.data);
    const have = JSON.stringify(event.data);
    if (want === have) return;
    const diff = firstDifference(JSON.parse(want) as unknown, JSON.parse(have) as unknown, 'data');
    this.mismatch(
      event,
      `"${event.type}" no longer matches the rules at ${diff.path}: the rules give ${short(diff.expected)}, the ` +
        `log holds ${short(diff.actual)}`,
    );
  }

  private mismatch(event: StoredEvent, message: string): void {
    this.mismatches.push({ seq: event.seq, game: event.game, message });
  }
}

/**
 * A game the rules cannot reach: an earlier event edited past what its schema allows (the in-memory API takes events
 * unchecked; a log read from a store has been validated). Reported at the event that met it, and replay goes on.
 */
const unjudgeable = (event: StoredEvent, error: unknown): string =>
  `the rules cannot judge this "${event.type}" on the game as the log holds it ` +
  `(${error instanceof Error ? error.message : String(error)})`;

/** The first place where two JSON values differ, for a mismatch report a referee can read. */
export function firstDifference(
  expected: unknown,
  actual: unknown,
  path: string,
): { path: string; expected: unknown; actual: unknown } {
  if (
    typeof expected !== 'object' ||
    expected === null ||
    typeof actual !== 'object' ||
    actual === null ||
    Array.isArray(expected) !== Array.isArray(actual)
  ) {
    return { path, expected, actual };
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i += 1) {
      if (JSON.stringify(expected[i]) !== JSON.stringify(actual[i]))
        return firstDifference(expected[i], actual[i], `${path}[${i}]`);
    }
    return { path, expected, actual };
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  for (const key of [...new Set([...Object.keys(e), ...Object.keys(a)])]) {
    if (JSON.stringify(e[key]) !== JSON.stringify(a[key])) return firstDifference(e[key], a[key], `${path}.${key}`);
  }
  return { path: `${path} (key order)`, expected, actual };
}

/** A value in a report: JSON, cut short. */
const short = (value: unknown): string => {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};
