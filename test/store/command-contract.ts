// The store contract for commands with a host-chosen id, part of the game stream contract (./stream-contract.ts):
// run on memory, a JSON Lines file, PostgreSQL and the adapter over a log. The id is recorded on the command's first
// event, findCommand answers that event and the rule decisions after it, and an append of an id the game holds is
// refused, writing nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { logVersion, type NewEvent, type StoredEvent } from '../../events/index.js';
import type { GameStreamStore } from '../../src/store/game-streams.js';
import { CommandRecordedError, type EnvelopeSource } from '../../src/store/store.js';
import { StoreError } from '../../src/store/store-error.js';
import { counterSource, gameStarted, logged, turn } from './support.js';

async function collect<T>(batches: AsyncIterable<readonly T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

/** A rule decision (an engine event) to follow a command's first event in its append. */
const warEnded = (game: string): NewEvent => ({
  type: 'europe.war-ended',
  game,
  data: { turn, rule: '55.21', reason: 'same-turn' },
});

const withId = (event: NewEvent, commandId: string): NewEvent => ({ ...event, commandId });

export function describeCommandContract(
  name: string,
  makeStreams: (source: EnvelopeSource) => Promise<GameStreamStore>,
): void {
  describe(`${name}: commands with an id`, () => {
    const open: GameStreamStore[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((store) => store.close()));
    });
    const fresh = async (): Promise<GameStreamStore> => {
      const store = await makeStreams(counterSource());
      open.push(store);
      return store;
    };
    const find = (store: GameStreamStore, game: string, commandId: string): Promise<readonly StoredEvent[] | null> => {
      if (store.findCommand === undefined) throw new Error(`${name} has no findCommand`);
      return store.findCommand(game, commandId);
    };

    it(
      'the id is on the first event alone; findCommand answers the events of that append, the rule decisions ' +
        'after the command included, per game; null for an id the game does not hold',
      async () => {
        const store = await fresh();
        const start = await store.appendToGame('g1', [gameStarted('g1')], logVersion(0));
        const command = await store.appendToGame(
          'g1',
          [withId(logged('g1', 'a'), 'c-1'), warEnded('g1')],
          start.version,
          start.head.hash,
        );
        await store.appendToGame('g1', [logged('g1', 'b')], command.version, command.head.hash);
        const other = await store.appendToGame('g2', [withId(gameStarted('g2'), 'c-1')], logVersion(0));
        expect(command.events.map((e) => e.commandId)).toEqual(['c-1', undefined]);
        expect(Object.keys(command.events[0] ?? {})).toEqual([
          'seq',
          'id',
          'game',
          'type',
          'v',
          'at',
          'commandId',
          'data',
          'hash',
        ]);
        expect(await find(store, 'g1', 'c-1')).toEqual(command.events);
        expect(await find(store, 'g2', 'c-1')).toEqual(other.events);
        expect(await find(store, 'g1', 'c-2')).toBeNull();
        expect(await find(store, 'g3', 'c-1')).toBeNull();
        const read = await collect(store.readGame('g1'));
        expect(read.map((e) => e.commandId ?? null)).toEqual([null, 'c-1', null, null]);
      },
    );

    it('an append of a command id its game holds is refused (CommandRecordedError), writing nothing', async () => {
      const store = await fresh();
      const first = await store.appendToGame('g1', [withId(logged('g1', 'first'), 'c-1')], logVersion(0));
      const again = store.appendToGame('g1', [withId(logged('g1', 'again'), 'c-1')], first.version, first.head.hash);
      await expect(again).rejects.toBeInstanceOf(CommandRecordedError);
      await expect(again).rejects.toBeInstanceOf(StoreError);
      await expect(again).rejects.toMatchObject({
        kind: 'conflict',
        game: 'g1',
        commandId: 'c-1',
        message: 'game g1 already holds the command with id "c-1": a command is recorded once',
      });
      expect(await store.gameHead('g1')).toEqual(first.head);
      expect((await collect(store.readGame('g1'))).map((e) => (e.data as { kind: string }).kind)).toEqual(['first']);
      expect(await find(store, 'g1', 'c-1')).toEqual(first.events);
    });

    it('a command id on a later event of an append, or one that is no id, is refused at its path', async () => {
      const store = await fresh();
      await expect(
        store.appendToGame('g1', [logged('g1'), withId(logged('g1'), 'c-1')], logVersion(0)),
      ).rejects.toMatchObject({
        name: 'InputError',
        path: 'events[1].commandId',
        detail: 'only the first event of an append, its command, carries a command id',
      });
      for (const bad of ['', 'x'.repeat(129), 'with space', 'é']) {
        await expect(store.appendToGame('g1', [withId(logged('g1'), bad)], logVersion(0))).rejects.toMatchObject({
          name: 'InputError',
          path: 'events[0].commandId',
          detail: 'expected a string matching ^[A-Za-z0-9_.:-]{1,128}$',
        });
      }
      const longest = 'x'.repeat(128);
      const written = await store.appendToGame('g1', [withId(logged('g1'), longest)], logVersion(0));
      expect(await find(store, 'g1', longest)).toEqual(written.events);
    });
  });
}
