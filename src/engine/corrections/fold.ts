// Deciding a timeline's commands again: each command decided on the view before it, and the view after its events.
import type { DomainEvent, OriginEvent, StoredEvent } from '../../../events/index.js';
import { fastStep } from '../../../machines/step.js';
import { decide, decideStored } from '../decide.js';
import type { Decision } from '../decision.js';
import { evolve, initialState } from '../evolve.js';
import type { GameView } from '../game-view.js';
import { CHECKPOINT, type Timeline, type TimelineEntry } from './timeline.js';

/**
 * The view after a decision's events (the command first). No rule reads an event's envelope, so the events are
 * applied with an empty one: a correction's views are those of its events' seqs, whatever they are.
 */
export function applyEvents(view: GameView | undefined, game: string, events: readonly DomainEvent[]): GameView {
  let next = view;
  for (const event of events) {
    if (next === undefined) {
      if (event.type !== 'host.game-started') throw new RangeError(`${event.type} before the game's start`);
      next = initialState(game, event.data);
      continue;
    }
    next = evolve(next, { ...event, seq: 0, id: '', game, v: 1, at: '', hash: '' } as StoredEvent, fastStep);
  }
  return next as GameView;
}

/** A command of the log decided again (as replay decides it: ./../decide.ts decideStored), or a new one. */
export const decideAgain = (view: GameView | undefined, command: OriginEvent, stored: boolean): Decision =>
  stored ? decideStored(view, command) : decide(view, command);

/** The view before `entries[index]`: the nearest kept view, and the commands after it decided again. */
export function viewBefore(timeline: Timeline, game: string, index: number): GameView | undefined {
  const c = Math.min(Math.floor(index / CHECKPOINT), timeline.checkpoints.length - 1);
  let view = timeline.checkpoints[c];
  for (let i = c * CHECKPOINT; i < index; i += 1) {
    const { command } = timeline.entries[i] as TimelineEntry;
    const decision = decideStored(view, command);
    // A command the rules refuse here stood in the log all the same (replay applies what the log holds).
    view = applyEvents(view, game, decision.ok ? decision.events : [command]);
  }
  return view;
}
