// The game decided again from a corrected command (docs/corrections.md): every later command in its order against
// the corrected state. A decision that comes out the same stands with its seqs; one that changes is superseded and
// its new events follow the correction; a command the rules now refuse is set aside, with the rule that refuses it.
import type { DomainEvent, EventData, OriginEvent } from '../../../events/index.js';
import type { Rejection } from '../decision.js';
import type { GameView } from '../game-view.js';
import { sameJson } from '../same-json.js';
import { decide, decideStored } from '../decide.js';
import { applyEvents, viewBefore } from './fold.js';
import type { Timeline, TimelineEntry } from './timeline.js';

/** What a correction does to its game's timeline: applied by the Replayer when its events are read. */
export interface Redecision {
  /** The index of the corrected command in the timeline: everything from it on is `tail`. */
  readonly index: number;
  /** The seq of the corrected command. */
  readonly of: number;
  readonly tail: readonly TimelineEntry[];
  /** The view before each entry of `tail`, and after the last. */
  readonly views: readonly (GameView | undefined)[];
  /** The seqs of the commands taken out: the corrected one (replaced or withdrawn) and those set aside. */
  readonly removed: readonly number[];
  /** The rule each set-aside command is refused by now, in words (for the audit and the result). */
  readonly refusals: ReadonlyMap<number, Rejection>;
}

export type RedecisionResult =
  | { readonly ok: true; readonly events: readonly DomainEvent[]; readonly redecision: Redecision }
  | { readonly ok: false; readonly rejection: Rejection };

const sameEvents = (a: readonly DomainEvent[], b: readonly DomainEvent[]): boolean =>
  a.length === b.length && a.every((e, i) => e.type === b[i]?.type && sameJson(e.data, b[i]?.data));

/**
 * Decides the game again from `timeline.entries[index]`, that command replaced by `replacement` (or taken out, when
 * null), the correction itself to be the event `origin` at seq `seq`. Its events: `origin`, the game.redecided
 * account, then the new decisions. Refused when the rules refuse the replacement where it stands.
 */
export function redecide(
  timeline: Timeline,
  game: string,
  index: number,
  origin: OriginEvent,
  seq: number,
  replacement: OriginEvent | null,
): RedecisionResult {
  const corrected = timeline.entries[index] as TimelineEntry;
  const before = viewBefore(timeline, game, index);
  let oldView = before;
  let newView = before;
  const tail: TimelineEntry[] = [];
  const views: (GameView | undefined)[] = [];
  const superseded: number[] = [...corrected.effects];
  const removed: number[] = [corrected.seq];
  const setAside: EventData<'game.redecided'>['setAside'][number][] = [];
  const refusals = new Map<number, Rejection>();
  const decisions: { after: number; count: number }[] = [];
  const added: DomainEvent[] = [];
  // The correction is `seq`, its account `seq + 1`; the new decisions follow in order.
  let next = seq + 2;
  const take = (after: number, events: readonly DomainEvent[]): number[] => {
    if (events.length === 0) return [];
    decisions.push({ after, count: events.length });
    added.push(...events);
    const seqs = events.map((_, i) => next + i);
    next += events.length;
    return seqs;
  };

  const old = decideStored(oldView, corrected.command);
  oldView = applyEvents(oldView, game, old.ok ? old.events : [corrected.command]);
  if (replacement !== null) {
    const decision = decide(newView, replacement);
    if (!decision.ok) return { ok: false, rejection: replacementRefused(decision.rejection) };
    views.push(newView);
    newView = applyEvents(newView, game, decision.events);
    tail.push({ seq, command: replacement, effects: take(seq, decision.events.slice(1)) });
  }
  for (let i = index + 1; i < timeline.entries.length; i += 1) {
    const entry = timeline.entries[i] as TimelineEntry;
    const was = decideStored(oldView, entry.command);
    oldView = applyEvents(oldView, game, was.ok ? was.events : [entry.command]);
    const now = decideStored(newView, entry.command);
    if (!now.ok) {
      setAside.push({ seq: entry.seq, type: entry.command.type, rule: now.rejection.rule, code: now.rejection.code });
      refusals.set(entry.seq, now.rejection);
      superseded.push(...entry.effects);
      removed.push(entry.seq);
      continue;
    }
    views.push(newView);
    newView = applyEvents(newView, game, now.events);
    const effects = now.events.slice(1);
    if (was.ok && sameEvents(was.events.slice(1), effects)) {
      tail.push(entry);
      continue;
    }
    superseded.push(...entry.effects);
    tail.push({ seq: entry.seq, command: entry.command, effects: take(entry.seq, effects) });
  }
  views.push(newView);
  const account: DomainEvent = {
    type: 'game.redecided',
    data: { of: corrected.seq, superseded, setAside, decisions },
  };
  const redecision = { index, of: corrected.seq, tail, views, removed, refusals };
  return { ok: true, events: [origin, account, ...added], redecision };
}

/** The rules refuse the report the correction gives, where it would stand: the correction is refused with them. */
const replacementRefused = (rejection: Rejection): Rejection => ({
  ...rejection,
  message: `data.report: the corrected report is refused where it would stand: ${rejection.message}`,
});
