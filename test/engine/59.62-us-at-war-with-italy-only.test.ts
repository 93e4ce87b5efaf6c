// 59.61, 59.62: Britain surrenders while the U.S. is at war with Italy but not with Germany.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { renderEffect } from '../../events/effects.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { Replayer } from '../../src/engine/replay.js';
import { accept, gameTurnEnded, seaLionStart } from '../support/british-fixtures.js';
import { turn } from '../support/fixtures.js';
import { ofType, play, stored } from '../support/given.js';
import { defined } from '../support/defined.js';

const su41 = turn('summer', 1941);

const start = (usAtWarWithItaly: boolean) =>
  seaLionStart({
    wars: [
      { axis: 'germany', allied: 'britain' },
      { axis: 'italy', allied: 'britain' },
      ...(usAtWarWithItaly ? [{ axis: 'italy', allied: 'us' } as const] : []),
    ],
  });
const surrender = (usAtWarWithItaly: boolean): DomainEvent[] =>
  play([start(usAtWarWithItaly), gameTurnEnded(su41, { britishDpLevel: -2 }), accept(su41)]);
const treatyOf = (events: readonly DomainEvent[]) =>
  ofType(events, 'britain.surrendered')[0]?.effects.find((e) => e.rule === '59.62');

describe('59.62: the case of the peace treaty is said truly', () => {
  it(
    '59.61, 59.62: the U.S. at war with Italy only: peace, and the ' +
      'effect says the U.S. was at war with Italy but not with Germany',
    () => {
      const events = surrender(true);
      expect(ofType(events, 'britain.surrendered')[0]?.outcome).toBe('peace');
      // 59.21: the U.S. at war with the European Axis lifts the level to -1: 2 points.
      expect(treatyOf(events)).toEqual({
        rule: '59.62',
        code: 'peace-treaty-us-at-war-with-italy-only',
        params: { concessionPoints: 2 },
      });
      const treaty = treatyOf(events);
      const words = treaty && renderEffect(treaty);
      expect(words).toBe(
        'The U.S. was at war with Italy but not with Germany: the war does not continue (59.61 speaks only of ' +
          'Germany), and a peace treaty is negotiated between Germany and Britain, worth 2 concession points (59.65).',
      );
    },
  );

  it('59.62: the U.S. at war with no one in Europe: the effect says the U.S. was not at war in Europe', () => {
    expect(treatyOf(surrender(false))).toEqual({
      rule: '59.62',
      code: 'peace-treaty',
      params: { concessionPoints: 4 },
    });
  });

  it(
    '59.62: a log that recorded "peace-treaty" while the U.S. was at war with Italy replays to the same state; a ' +
      'checked replay names that one effect',
    () => {
      const events = surrender(true);
      const old = events.map((e) =>
        e.type === 'britain.surrendered'
          ? {
              ...e,
              data: {
                ...e.data,
                effects: e.data.effects.map((f) =>
                  f.rule === '59.62' ? { rule: '59.62', code: 'peace-treaty', params: f.params } : f,
                ),
              },
            }
          : e,
      ) as DomainEvent[];
      const now = new Replayer({ checkDecisions: false });
      now.applyAll(stored(events));
      const then = new Replayer({ checkDecisions: true });
      then.applyAll(stored(old));
      const [a, b] = [then.view('g1'), now.view('g1')];
      expect(a && [a.world, a.britain.value, pendingDecisions(a)]).toEqual(
        b && [b.world, b.britain.value, pendingDecisions(b)],
      );
      const index = defined(ofType(events, 'britain.surrendered')[0], 'the surrender').effects.findIndex(
        (e) => e.rule === '59.62',
      );
      expect(then.finish().map((m) => m.message)).toEqual([
        `"britain.surrendered" no longer matches the rules at data.effects[${index}].code: the rules give ` +
          `"peace-treaty-us-at-war-with-italy-only", the log holds "peace-treaty"`,
      ]);
    },
  );
});
