// given(events).when(origin).then(events | rejection): the Decider tests' shape.
import { expect } from 'vitest';
import type { DomainEvent, EventData, StoredEvent } from '../../events/index.js';
import { decide, type OriginEvent } from '../../src/engine/decide.js';
import type { Decision, RejectionCode } from '../../src/engine/decision.js';
import { Replayer } from '../../src/engine/replay.js';

export const GAME = 'g1';

/** Wraps payloads in envelopes as a store would (ids and hashes are placeholders: replay ignores them). */
export function stored(events: readonly DomainEvent[], game = GAME, firstSeq = 1): StoredEvent[] {
  return events.map((e, i) => ({
    ...e,
    seq: firstSeq + i,
    id: `id${String(firstSeq + i).padStart(19, '0')}`,
    game,
    v: 1,
    at: '2026-01-01T00:00:00.000Z',
    hash: '0'.repeat(64),
  })) as StoredEvent[];
}

/** Replays the given history (checking every rule decision in it) and returns the replayer. */
export function replay(history: readonly DomainEvent[], game = GAME): Replayer {
  const replayer = new Replayer({ checkDecisions: true });
  replayer.applyAll(stored(history, game));
  expect(replayer.finish()).toEqual([]);
  return replayer;
}

/** Runs commands in order the way the engine does (decide, then evolve); fails on the first rejection. */
export function play(origins: readonly OriginEvent[], game = GAME): DomainEvent[] {
  const replayer = new Replayer({ checkDecisions: false });
  const log: DomainEvent[] = [];
  for (const origin of origins) {
    const decision = decide(replayer.view(game), origin);
    if (!decision.ok) throw new Error(`rejected ${origin.type}: ${decision.rejection.rule} ${decision.rejection.message}`);
    replayer.applyAll(stored(decision.events, game, log.length + 1));
    log.push(...decision.events);
  }
  return log;
}

export function given(history: readonly DomainEvent[], game = GAME) {
  const replayer = replay(history, game);
  return {
    when(origin: OriginEvent) {
      const decision: Decision = decide(replayer.view(game), origin);
      return {
        decision,
        then(expected: readonly DomainEvent[]) {
          expect(decision).toEqual({ ok: true, events: expected });
        },
        thenRejected(rule: string, code?: RejectionCode) {
          expect(decision.ok).toBe(false);
          if (!decision.ok) {
            expect(decision.rejection.rule).toBe(rule);
            if (code !== undefined) expect(decision.rejection.code).toBe(code);
          }
        },
      };
    },
  };
}

/** The payloads of the events of one type, in log order. */
export const ofType = <K extends DomainEvent['type']>(events: readonly DomainEvent[], type: K): EventData<K>[] =>
  events.filter((e): e is Extract<DomainEvent, { type: K }> => e.type === type).map((e) => e.data as EventData<K>);

/** The view after replaying a history (every rule decision in it re-derived). */
export const viewAfter = (history: readonly DomainEvent[], game = GAME) => replay(history, game).view(game);
