// Which events at the end of a log begin an append a crash cut off: the rules' half of repairing a torn end
// (src/store/repair.ts). Every append of the engine is one batch, a host report or player decision followed by the
// rule decisions decide made of it, written in one write; a crash can cut that write between two lines, and keeping
// the whole lines would leave a report whose rule decisions are missing. Such a batch was never acknowledged, so it
// is removed whole, as though the append had not happened, and the host reports the command again.
import type { StoredEvent } from '../../events/index.js';
import { isOrigin, type OriginEvent } from '../engine/decide.js';
import { LOG_RECORD_TYPES, Replayer } from '../engine/replay.js';
import type { CutAppend } from '../store/repair.js';

const records = new Set(LOG_RECORD_TYPES);

const sameEvent = (have: StoredEvent, want: { type: string; data: unknown }): boolean =>
  have.type === want.type && JSON.stringify(have.data) === JSON.stringify(want.data);

/**
 * The log's last batch, if it holds only the first events of what decide makes of its command (the same events, in
 * order, with the rest missing); null when it is complete or wrong in another way (replay reports that as a
 * mismatch). Call it only on the evidence of a crash, a torn end: a short last batch may otherwise mean that the
 * rules now make more of the command than they did.
 */
export async function findCutAppend(events: AsyncIterable<readonly StoredEvent[]>): Promise<CutAppend | null> {
  const replayer = new Replayer({ checkDecisions: false });
  // The events from the last origin on; everything before it is applied.
  let tail: StoredEvent[] = [];
  for await (const batch of events) {
    for (const event of batch) {
      if (records.has(event.type)) continue;
      if (isOrigin(event)) {
        replayer.applyAll(tail);
        tail = [event];
      } else if (tail.length > 0) tail.push(event);
      else replayer.apply(event);
    }
  }
  const origin = tail[0];
  if (origin === undefined) return null;
  const decision = replayer.decide(origin.game, { type: origin.type, data: origin.data } as OriginEvent, origin.seq);
  if (!decision.ok || decision.events.length <= tail.length) return null;
  const prefix = tail.every((event, i) => {
    const want = decision.events[i];
    return want !== undefined && event.game === origin.game && sameEvent(event, want);
  });
  if (!prefix) return null;
  return {
    line: origin.seq + 1,
    seq: origin.seq,
    game: origin.game,
    type: origin.type,
    present: tail.length,
    expected: decision.events.length,
    missing: decision.events.slice(tail.length).map((e) => e.type),
  };
}
