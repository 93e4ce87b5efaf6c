// A what-if: the state a game would be in after events decide produced, without appending them. Pure: the
// events are sealed as if appended after the log's last line, with stand-in ids and a fixed time (never written).
import type { DomainEvent } from '../../events/index.js';
import { fastStep } from '../../machines/step.js';
import { sealEvents, type ChainTip } from '../store/seal.js';
import type { EnvelopeSource } from '../store/store.js';
import { evolve, initialState } from '../engine/evolve.js';
import type { GameView } from '../engine/game-view.js';

/** An event a command would append: its type and data, and the seq it would get if nobody appends first. */
export type PreviewedEvent = DomainEvent & { readonly seq: number; readonly game: string };

/** Stand-ins: a preview's events are never written, so their ids and time mean nothing. */
const previewSource: EnvelopeSource = {
  id: (seq) => `p${String(seq).padStart(20, '0')}`,
  now: () => '1970-01-01T00:00:00.000Z',
};

/**
 * The events as the store would decode them after `tip` (sealing runs the readers' own checks), and the game's
 * view after them: a host.game-started begins the game, as in replay.
 */
export function previewAfter(
  view: GameView | undefined,
  game: string,
  events: readonly DomainEvent[],
  tip: ChainTip,
): { readonly events: readonly PreviewedEvent[]; readonly view: GameView | undefined } {
  const sealed = sealEvents(
    events.map((e) => ({ ...e, game })),
    tip,
    previewSource,
  ).events;
  let next = view;
  for (const event of sealed) {
    if (next === undefined) next = event.type === 'host.game-started' ? initialState(game, event.data) : undefined;
    else next = evolve(next, event, fastStep);
  }
  return { events: events.map((e, i) => ({ seq: tip.seq + 1 + i, game, ...e })), view: next };
}
