// A game's timeline: the commands that stand, in the order they are decided, each with the seqs of the decisions it
// produced, and the game's view at every CHECKPOINT-th command. A correction decides the game again from the command
// it names (docs/corrections.md); the checkpoints make that cost grow with the commands after it, not with the log.
import type { OriginEvent } from '../../../events/index.js';
import type { GameView } from '../game-view.js';

/** Commands between two kept views: a correction decides again at most this many commands before the one it names. */
export const CHECKPOINT = 64;

export interface TimelineEntry {
  /** The seq of the command: its own event's, or, for a report a correction gave, the correction's. */
  readonly seq: number;
  readonly command: OriginEvent;
  /** The seqs of the rule decisions it produced, in order. */
  readonly effects: readonly number[];
}

export interface Timeline {
  readonly entries: readonly TimelineEntry[];
  /** `checkpoints[c]`: the view before `entries[c * CHECKPOINT]` (undefined before the game's start). */
  readonly checkpoints: readonly (GameView | undefined)[];
  /** The commands no longer in the game, by seq: the seq of the correction that took each out. */
  readonly removed: ReadonlyMap<number, number>;
  /** Every correction made, by its seq: the seq of the command it corrected or took back. */
  readonly corrections: ReadonlyMap<number, number>;
  /** The seq of each command the host gave an id (the envelope's commandId), by that id. */
  readonly commandIds: ReadonlyMap<string, number>;
}

/** The timeline the Replayer keeps up as it reads a game's events (one per game, changed in place). */
export class GameTimeline implements Timeline {
  entries: TimelineEntry[] = [];
  checkpoints: (GameView | undefined)[] = [];
  removed = new Map<number, number>();
  corrections = new Map<number, number>();
  commandIds = new Map<string, number>();

  /** A command read from the log, decided on `before`. */
  push(seq: number, command: OriginEvent, before: GameView | undefined): void {
    if (this.entries.length % CHECKPOINT === 0) this.checkpoints.push(before);
    this.entries.push({ seq, command, effects: [] });
  }

  /** A rule decision of the last command. */
  effect(seq: number): void {
    const last = this.entries.at(-1);
    if (last !== undefined) (last.effects as number[]).push(seq);
  }

  /** The timeline after a correction: `entries` from `index` on replaced by `tail`, whose views `views` are. */
  replaceFrom(index: number, tail: readonly TimelineEntry[], views: readonly (GameView | undefined)[]): void {
    // In place: the cost is that of the tail, not of the whole game.
    this.entries.length = index;
    for (const entry of tail) this.entries.push(entry);
    // Views before entries up to `index` are unchanged; the later ones are those of the new tail.
    const kept = Math.floor(index / CHECKPOINT) + 1;
    this.checkpoints.length = Math.min(this.checkpoints.length, kept);
    for (let c = kept; c * CHECKPOINT < this.entries.length; c += 1)
      this.checkpoints.push(views[c * CHECKPOINT - index]);
  }

  /** The correction at `by` of the command at `of`, which took the commands `seqs` out of the game. */
  corrected(by: number, of: number, seqs: readonly number[]): void {
    for (const seq of seqs) this.removed.set(seq, by);
    this.corrections.set(by, of);
  }
}

/** The index of the standing command with this seq, or -1 (searched from the end: corrections are mostly recent). */
export function indexOfSeq(timeline: Timeline, seq: number): number {
  const { entries } = timeline;
  for (let i = entries.length - 1; i >= 0; i -= 1) if ((entries[i] as TimelineEntry).seq === seq) return i;
  return -1;
}
