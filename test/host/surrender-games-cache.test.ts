// SurrenderGames keeps at most `maxOpenGames` engines (src/host/game-cache.ts): past that the least recently used
// game is closed and replayed from its stream when used again, with the same answers as with every game open.
import { describe, expect, it } from 'vitest';
import type { GameStreamStore } from '../../src/store/game-streams.js';
import { SurrenderGames } from '../../src/host/games.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { InputError } from '../../src/schema/validate.js';

/** Shared-log streams that count how often each game's stream is replayed from its first event. */
function counted(): { streams: GameStreamStore; replays: Map<string, number>; log: MemoryEventStore } {
  const log = new MemoryEventStore({ source: deterministicSource('two') });
  const inner: GameStreamStore = log;
  const replays = new Map<string, number>();
  const streams: GameStreamStore = {
    appendToGame: (game, events, expected, hash) => inner.appendToGame(game, events, expected, hash),
    gameHead: (game) => inner.gameHead(game),
    readGame: (game, options) => {
      if ((options?.from ?? 1) === 1) replays.set(game, (replays.get(game) ?? 0) + 1);
      return inner.readGame(game, options);
    },
    readAll: (from) => inner.readAll(from),
    games: () => inner.games(),
    subscribe: (listener, onGap) => inner.subscribe(listener, onGap),
    close: () => inner.close(),
  };
  return { streams, replays, log };
}

/** Plays the Sea Lion game in `a` and `b` command by command; every answer's versions. */
async function playTwo(games: SurrenderGames): Promise<number[]> {
  const versions: number[] = [];
  for (const origin of seaLion1941().events) {
    for (const game of ['a', 'b']) {
      const result = await games.execute(game, origin);
      if (!result.ok) throw new Error(`${game}: ${origin.type} refused: ${result.rejection.message}`);
      versions.push(result.head.seq);
    }
  }
  return versions;
}

describe('SurrenderGames: the engine-per-game cache', () => {
  it(
    '59.41: with maxOpenGames 1, two games played in turns are ' +
      'each replayed on every switch, and answer as with both open',
    async () => {
      const capped = counted();
      const one = await SurrenderGames.open(capped.streams, { maxOpenGames: 1 });
      const cappedVersions = await playTwo(one);
      const open = counted();
      const all = await SurrenderGames.open(open.streams);
      expect(cappedVersions).toEqual(await playTwo(all));
      const commands = seaLion1941().events.length;
      // Every command switches game: each game's engine was evicted by the other's and replayed on its next use.
      expect(capped.replays.get('a')).toBe(commands);
      expect(capped.replays.get('b')).toBe(commands);
      expect(open.replays.get('a')).toBe(1);
      expect(open.replays.get('b')).toBe(1);
      expect(capped.log.toJsonl()).toBe(open.log.toJsonl());
      // 59.41, 59.62: Britain surrendered and made peace in both games, as in the bundled Sea Lion game.
      for (const game of ['a', 'b']) expect((await one.game(game)).view(game)?.britain.value).toBe('atPeace');
      await one.close();
      await all.close();
    },
  );

  it('maxOpenGames must be a whole number of at least 1: an InputError naming it', async () => {
    for (const bad of [0, -1, 1.5, '2', Number.NaN]) {
      await expect(SurrenderGames.open(new MemoryEventStore(), { maxOpenGames: bad as number })).rejects.toThrow(
        new InputError('options.maxOpenGames', 'expected a whole number of at least 1'),
      );
    }
  });
});
