// The Decider of one game: initialState, decide, evolve, pure, and the same state however the machines are stepped.
import { describe, expect, it } from 'vitest';
import { produce, setAutoFreeze } from 'immer';
import type { StoredEvent } from '../../events/index.js';
import { decider } from '../../src/engine/decider.js';
import { evolve, initialState, projection } from '../../src/engine/evolve.js';
import type { GameView } from '../../src/engine/game-view.js';
import { Replayer } from '../../src/engine/replay.js';
import { fastStep, pureStep } from '../../machines/step.js';
import { replayExample } from '../examples/support.js';

const EXAMPLES = [
  'sea-lion-1941',
  'rejected-then-forced-1943',
  'conciliation-and-second-surrender',
  'italy-1943-germany-1945',
  'germany-first-then-italy-1945',
  'far-east-1941',
];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Folds one game's events with the Decider alone, deciding each command again on the way. */
function fold(
  events: readonly StoredEvent[],
  step: typeof pureStep,
  check: (view: GameView, event: StoredEvent) => void = () => undefined,
): GameView {
  const [first, ...rest] = events;
  if (first?.type !== 'host.game-started') throw new Error('an example starts with host.game-started');
  let view = initialState(first.game, first.data);
  for (const event of rest) {
    check(view, event);
    view = evolve(view, event, step);
  }
  return view;
}

describe('the Decider', () => {
  for (const name of EXAMPLES) {
    it(
      `55, 56, 59: ${name}: the Decider's fold with xstate's transition() is the replay's state, and evolve ` +
        `changes no state it is given`,
      async () => {
        const { replayer, events } = await replayExample(name);
        // Each state deep-frozen before evolve (the world, each machine's value and context): a change in place throws.
        const pure = fold(
          events,
          pureStep,
          (view) =>
            void deepFreeze([view.world, ...[view.germany, view.britain, view.italy].map((s) => [s.value, s.context])]),
        );
        const fast = fold(events, fastStep);
        expect(projection(pure)).toEqual(projection(fast));
        expect({ [name]: projection(pure) }).toEqual(replayer.projection());
      },
    );
  }

  it(
    '59.23: decide against the Decider state answers each ' +
      'origin event of a log with the rule decisions the log holds',
    async () => {
      const { events } = await replayExample('rejected-then-forced-1943');
      let decided = 0;
      fold(events, pureStep, (view, event) => {
        if (event.type === 'britain.offer-rejected' || event.type === 'host.game-turn-ended') {
          const decision = decider.decide(view, { type: event.type, data: event.data } as Parameters<
            typeof decider.decide
          >[1]);
          expect(decision.ok).toBe(true);
          decided += 1;
        }
      });
      expect(decided).toBeGreaterThan(1);
    },
  );

  it('a replay changes no process-wide immer setting of its host', async () => {
    setAutoFreeze(false);
    try {
      const { events } = await replayExample('sea-lion-1941');
      const replayer = new Replayer();
      replayer.applyAll(events);
      const changed = produce({ a: { b: 1 } }, (d) => {
        d.a.b = 2;
      });
      expect(Object.isFrozen(changed.a)).toBe(false);
    } finally {
      setAutoFreeze(true);
    }
    const { events } = await replayExample('sea-lion-1941');
    new Replayer().applyAll(events);
    expect(
      Object.isFrozen(
        produce({ a: { b: 1 } }, (d) => {
          d.a.b = 2;
        }).a,
      ),
    ).toBe(true);
  });
});
