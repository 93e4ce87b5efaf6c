// Who made a player's decision: the one who may take it back (game.decision-withdrawn). A declaration of war is its
// aggressor's (59.86A); any other decision is the `by` of the pending decision it answered, in the game before it.
import { definitionOf } from '../../../events/index.js';
import { pendingDecisions } from '../pending.js';
import { viewBefore } from './fold.js';
import { targetOf } from './correct.js';
import { indexOfSeq, type Timeline } from './timeline.js';

/**
 * The powers or sides that made the standing decision a take-back names (by seq or command id), or null when it names
 * no standing decision.
 */
export function decidedBy(
  timeline: Timeline,
  game: string,
  named: { readonly seq?: number; readonly commandId?: string },
): readonly string[] | null {
  const seq = targetOf(timeline, named, game);
  if (typeof seq !== 'number') return null;
  const index = indexOfSeq(timeline, seq);
  const entry = timeline.entries[index];
  if (entry === undefined || definitionOf(entry.command.type)?.source !== 'player') return null;
  const { command } = entry;
  if (command.type === 'war.declared') return [command.data.aggressor];
  const before = viewBefore(timeline, game, index);
  if (before === undefined) return null;
  const by = pendingDecisions(before)
    .filter((p) => (p.commands as readonly string[]).includes(command.type))
    .map((p) => p.by);
  return by.length === 0 ? null : [...new Set(by)];
}
