// The test support applies the stores' checks: an event the log would refuse is refused by every path a test
// takes (stored, replay, given/when, play, execute), with the same InputError and JSON path as an append.
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { logVersion } from '../../events/envelope.js';
import { GAME, given, replay, stored } from '../support/given.js';
import { gameStarted, turn } from '../support/fixtures.js';

const su41 = turn('summer', 1941);
/**
 * A rule decision whose effect code is not in the registry: a compile error in code (events/effects.ts), so it is
 * built from JSON here, as a hostile or damaged log would hold it.
 */
const badDecision: DomainEvent = JSON.parse(
  JSON.stringify({
    type: 'germany.surrendered',
    data: { turn: su41, reason: 'collapse', effects: [{ rule: '55.31', code: 'remove-units-55.31', params: {} }] },
  }),
);

describe('test paths seal events as the stores do', () => {
  it('an event the memory store refuses on append is refused by stored() and replay() with its message', async () => {
    const store = new MemoryEventStore();
    const append = store.append(
      [
        { ...gameStarted(), game: GAME },
        { ...badDecision, game: GAME },
      ],
      logVersion(0),
    );
    await expect(append).rejects.toThrow('events[1].data.effects[0].code: unknown code "remove-units-55.31"');
    expect(() => stored([gameStarted(), badDecision])).toThrow(
      'events[1].data.effects[0].code: unknown code "remove-units-55.31"',
    );
    expect(() => replay([gameStarted(), badDecision])).toThrow('events[1].data.effects[0].code');
    expect(() => given([gameStarted(), badDecision])).toThrow('events[1].data.effects[0].code');
    expect(await store.version()).toBe(0);
  });

  it(
    'stored() gives the events as a reader decodes them: ' +
      'seq, a nanoid-shaped id, the schema version, a chained hash',
    () => {
      const [first, second] = stored([
        gameStarted(),
        { type: 'host.logged', data: { turn: su41, kind: 'note', data: {} } },
      ]);
      expect([first?.seq, second?.seq, first?.v, second?.id]).toEqual([1, 2, 1, 'id0000000000000000002']);
      expect(second?.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(second?.hash).not.toBe(first?.hash);
    },
  );
});
