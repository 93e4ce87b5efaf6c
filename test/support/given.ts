// given(events).when(origin).then(events | rejection): the Decider tests' shape. Every event a test puts into a
// replay or gets from decide is sealed into a log line and read back by the stores' own code (src/store/seal.ts:
// the payload schemas, the envelope, the line format, seq and chain), so no test path skips the checks the file
// store applies to what the engine appends.
import { expect } from 'vitest';
import type { DomainEvent, EventData, StoredEvent } from '../../events/index.js';
import { decide, type OriginEvent } from '../../src/engine/decide.js';
import type { Decision, RejectionCode } from '../../src/engine/decision.js';
import { Replayer } from '../../src/engine/replay.js';
import { headerLine } from '../../src/store/line-format.js';
import { sealEvents } from '../../src/store/seal.js';
import { expectExpressible } from './menu-completeness.js';

export const GAME = 'g1';

/** The hash a log's first event is chained to (the header line's). */
const HEADER_HASH = headerLine().hash;

/**
 * Seals payloads into log lines exactly as MemoryEventStore and JsonlFileStore append them, and returns the events
 * as a reader decodes them: throws the stores' InputError (with its JSON path) for anything a log would refuse.
 * Ids and times are deterministic; a batch that starts after seq 1 is chained to the header's hash (replay ignores
 * hashes, the reader checks only that each line is sealed to the one before).
 */
export function stored(events: readonly DomainEvent[], game = GAME, firstSeq = 1): StoredEvent[] {
  let seq = firstSeq;
  const ids = { id: () => `id${String(seq++).padStart(19, '0')}`, now: () => '2026-01-01T00:00:00.000Z' };
  return [
    ...sealEvents(
      events.map((e) => ({ ...e, game })),
      { seq: firstSeq - 1, hash: HEADER_HASH },
      ids,
    ).events,
  ];
}

/** decide, with every event it produces sealed and read back as a store would (it throws where a store would). */
export function decideChecked(view: Parameters<typeof decide>[0], origin: OriginEvent, game = GAME): Decision {
  const decision = decide(view, origin);
  if (decision.ok) stored(decision.events, game);
  return decision;
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
  const view = live.replayer.view(game);
  const decision = decide(view, origin);
  // Sealed before it is applied, as SurrenderEngine.execute appends before it applies.
  if (decision.ok) {
    // Completeness of the menus: what the engine accepts, a host could have built from the choices offered.
    expectExpressible(view, origin);
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
    if (!decision.ok)
      throw new Error(`rejected ${origin.type}: ${decision.rejection.rule} ${decision.rejection.message}`);
  }
  return live.log;
}

export function given(history: readonly DomainEvent[], game = GAME) {
  const replayer = replay(history, game);
  return {
    when(origin: OriginEvent) {
      const decision: Decision = decideChecked(replayer.view(game), origin, game);
      return {
        decision,
        // biome-ignore lint/suspicious/noThenProperty: the given/when/then steps; the object is never awaited
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
