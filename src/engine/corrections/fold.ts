// Deciding a timeline's commands again: each command decided on the view before it, and the view after its events.
import type { DomainEvent } from '../../../events/index.js';
import { fastStep } from '../../../machines/step.js';
import { decideStored } from '../decide.js';
import { evolve, initialState } from '../evolve.js';
import type { GameView } from '../game-view.js';
import { CHECKPOINT, type Timeline, type TimelineEntry } from './timeline.js';

/** The view after a decision's events (the command first); a host.game-started begins the game, as in replay. */
export function applyEvents(view: GameView | undefined, game: string, events: readonly DomainEvent[]): GameView {
  let next = view;
  for (const event of events) {
    if (next === undefined) {
      if (event.type !== 'host.game-started') throw new RangeError(`${event.type} before the game's start`);
      next = initialState(game, event.data);
      continue;
    }
    next = evolve(next, event, fastStep);
  }
  return next as GameView;
}

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
