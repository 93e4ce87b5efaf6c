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

/** A game driven command by command as the engine drives it (the system under test of the model-based tests). */
export interface LiveGame {
  readonly replayer: Replayer;
  readonly log: DomainEvent[];
}

export const liveGame = (): LiveGame => ({ replayer: new Replayer({ checkDecisions: false }), log: [] });

/** Decides a command against the game and, when it is accepted, applies its events; returns the decision. */
export function execute(live: LiveGame, origin: OriginEvent, game = GAME): Decision {
  const decision = decide(live.replayer.view(game), origin);
  if (decision.ok) {
    live.replayer.applyAll(stored(decision.events, game, live.log.length + 1));
    live.log.push(...decision.events);
  }
  return decision;
}

/** Runs commands in order the way the engine does (decide, then evolve); fails on the first rejection. */
export function play(origins: readonly OriginEvent[], game = GAME): DomainEvent[] {
  const live = liveGame();
  for (const origin of origins) {
    const decision = execute(live, origin, game);
    if (!decision.ok) throw new Error(`rejected ${origin.type}: ${decision.rejection.rule} ${decision.rejection.message}`);
  }
  return live.log;
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
