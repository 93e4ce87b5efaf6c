// Every game's timeline as the Replayer reads the log, and what each event does to it: a command joins it, a rule
// decision is its command's, a correction decides the game again (./redecide.ts) and its own events are then read as
// its account, not applied again.
import type { EventData, OriginEvent, StoredEvent } from '../../../events/index.js';
import { isOrigin } from '../decide.js';
import type { GameView } from '../game-view.js';
import { sameJson } from '../same-json.js';
import { decideCorrection, isCorrection } from './correct.js';
import type { RedecisionResult } from './redecide.js';
import { GameTimeline, type Timeline } from './timeline.js';

/** What the Replayer does with an event of a started game. */
export type TimelineStep =
  | { readonly kind: 'evolve' }
  | { readonly kind: 'skip' }
  | { readonly kind: 'set'; readonly view: GameView }
  | { readonly kind: 'refused'; readonly message: string; readonly rule: string };

/** A correction's events still to come: its account (-1), then this many new decisions. */
const ACCOUNT = -1;

/** Which games keep their timeline: every game, or those named (the others cannot be corrected on this replay). */
export type HistoryPolicy = 'all' | ReadonlySet<string>;

export class Timelines {
  readonly #games = new Map<string, GameTimeline>();
  /** The games a correction was read for without their timeline: a replay must be made again keeping theirs. */
  readonly needed = new Set<string>();
  readonly #absorbing = new Map<string, number>();
  /** The last correction decided, kept for the reading of its own event (decided once, not twice). */
  #prepared: {
    readonly game: string;
    readonly seq: number;
    readonly origin: OriginEvent;
    readonly result: RedecisionResult;
  } | null = null;

  constructor(private readonly history: HistoryPolicy = 'all') {}

  of(game: string): Timeline | undefined {
    return this.#games.get(game);
  }

  /** A game's start: its timeline begins. */
  started(event: StoredEvent): void {
    if (this.history !== 'all' && !this.history.has(event.game)) return;
    const timeline = new GameTimeline();
    timeline.push(event.seq, { type: event.type, data: event.data } as OriginEvent, undefined);
    if (event.commandId !== undefined) timeline.commandIds.set(event.commandId, event.seq);
    this.#games.set(event.game, timeline);
  }

  /** Decides a correction of `game` as the event at `seq` (the log at `seq - 1` before it). */
  decide(game: string, origin: OriginEvent, seq: number): RedecisionResult {
    const prepared = this.#prepared;
    if (
      prepared !== null &&
      prepared.game === game &&
      prepared.seq === seq &&
      prepared.origin.type === origin.type &&
      sameJson(prepared.origin.data, origin.data)
    )
      return prepared.result;
    const result = decideCorrection(this.#games.get(game) ?? EMPTY, game, origin, seq, seq - 1);
    this.#prepared = { game, seq, origin, result };
    return result;
  }

  /** Reads one event of a started game that is neither inert nor a record of the log; `view`: the game's now. */
  read(event: StoredEvent, view: GameView): TimelineStep {
    const timeline = this.#games.get(event.game);
    if (isOrigin(event)) {
      this.#absorbing.delete(event.game);
      if (event.commandId !== undefined) timeline?.commandIds.set(event.commandId, event.seq);
      if (!isCorrection(event)) {
        timeline?.push(event.seq, { type: event.type, data: event.data } as OriginEvent, view);
        return { kind: 'evolve' };
      }
      if (timeline === undefined) {
        // Kept by no policy of this replay: the game is read again, keeping its timeline (./../replay.ts).
        this.needed.add(event.game);
        this.#absorbing.set(event.game, ACCOUNT);
        return { kind: 'skip' };
      }
      const result = this.decide(event.game, { type: event.type, data: event.data } as OriginEvent, event.seq);
      this.#prepared = null;
      this.#absorbing.set(event.game, ACCOUNT);
      if (!result.ok) return { kind: 'refused', message: result.rejection.message, rule: result.rejection.rule };
      const { index, tail, views, removed } = result.redecision;
      timeline.replaceFrom(index, tail, views);
      timeline.corrected(event.seq, result.redecision.of, removed);
      return { kind: 'set', view: views.at(-1) as GameView };
    }
    const absorbing = this.#absorbing.get(event.game);
    if (absorbing === ACCOUNT && event.type === 'game.redecided') {
      const { decisions } = event.data as EventData<'game.redecided'>;
      this.#absorbing.set(
        event.game,
        decisions.reduce((sum, d) => sum + d.count, 0),
      );
      return { kind: 'skip' };
    }
    if (absorbing !== undefined && absorbing > 0) {
      this.#absorbing.set(event.game, absorbing - 1);
      return { kind: 'skip' };
    }
    timeline?.effect(event.seq);
    return { kind: 'evolve' };
  }
}

const EMPTY: Timeline = {
  entries: [],
  checkpoints: [],
  removed: new Map(),
  corrections: new Map(),
  commandIds: new Map(),
};
