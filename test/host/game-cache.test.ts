// The games a host process keeps open (src/host/game-cache.ts, `serve --max-open-games`): past the
// capacity the least recently used slot that no request holds is closed, and replayed when next asked for.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SurrenderEngine } from '../../src/host/engine.js';
import { buildServer } from '../../src/server/app.js';
import { GameCache } from '../../src/host/game-cache.js';
import { gameSlot, IfMatchGuard, withSlot, type GameSlot } from '../../src/server/backend.js';
import { DirectoryBackend } from '../../src/server/directory-backend.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { auth, createGame, script, send } from '../server/api-client.js';
import { TEST_OPERATOR } from '../support/operator.js';

/** A cache of memory-store slots that records which games it opened and closed. */
function recorded(capacity: number) {
  const opened: string[] = [];
  const closed: string[] = [];
  const cache = new GameCache<GameSlot>(async (game) => {
    opened.push(game);
    const guard = new IfMatchGuard();
    const store = guard.wrap(new MemoryEventStore());
    const engine = await SurrenderEngine.open(store);
    const close = engine.close.bind(engine);
    engine.close = async () => {
      closed.push(game);
      await close();
    };
    return gameSlot(engine, store, guard);
  }, capacity);
  return { cache, opened, closed };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

describe('GameCache', () => {
  it('past capacity, the least recently used game no one holds is closed; asked for again, it opens anew', async () => {
    const { cache, opened, closed } = recorded(2);
    for (const game of ['a', 'b', 'a', 'c']) (await cache.lease(game)).release();
    await settle();
    // b was used before a's second use: b is the least recent when c comes.
    expect(closed).toEqual(['b']);
    expect(cache.size).toBe(2);
    (await cache.lease('b')).release();
    await settle();
    expect(opened).toEqual(['a', 'b', 'c', 'b']);
    expect(closed).toEqual(['b', 'a']);
  });

  it('a game a request holds is never closed, however far past capacity; released, it is least recent', async () => {
    const { cache, closed } = recorded(1);
    const held = await cache.lease('a');
    for (const game of ['b', 'c']) (await cache.lease(game)).release();
    await settle();
    expect(closed).toEqual(['b', 'c']);
    expect(cache.size).toBe(1);
    held.release();
    held.release();
    (await cache.lease('d')).release();
    await settle();
    expect(closed).toEqual(['b', 'c', 'a']);
    expect(cache.size).toBe(1);
  });

  it('withSlot releases the slot when its body throws, and one slot serves leases at once', async () => {
    const { cache, opened } = recorded(1);
    const backend = { lease: (game: string) => cache.lease(game) };
    const seen: GameSlot[] = [];
    const [first, second] = await Promise.all([cache.lease('a'), cache.lease('a')]);
    expect(first?.value).toBe(second?.value);
    first?.release();
    second?.release();
    await expect(
      withSlot(backend as never, 'b', async (slot) => {
        seen.push(slot);
        throw new Error('the body failed');
      }),
    ).rejects.toThrow('the body failed');
    (await cache.lease('c')).release();
    await settle();
    expect(opened).toEqual(['a', 'b', 'c']);
    expect(cache.size).toBe(1);
  });
});

describe('serve --max-open-games 1', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it(
    '59.41: two games played in turns over HTTP, each ' +
      'closed and replayed in between: every answer as with all open',
    async () => {
      const play = async (
        maxOpenGames: number | undefined,
        names: readonly string[],
      ): Promise<{ versions: number[][]; states: unknown[] }> => {
        const dir = mkdtempSync(join(tmpdir(), 'awaw-slot-cache-'));
        dirs.push(dir);
        const app = await buildServer(
          await DirectoryBackend.open(dir, maxOpenGames === undefined ? {} : { maxOpenGames }),
          { operator: TEST_OPERATOR },
        );
        try {
          const games = [];
          for (const name of names) games.push(await createGame(app, name));
          const versions: number[][] = games.map(() => []);
          for (const command of script()) {
            for (const [i, created] of games.entries()) {
              const response = await send(app, created, command);
              expect(response.statusCode).toBe(200);
              versions[i]?.push((response.json() as { version: number }).version);
            }
          }
          const states = [];
          for (const created of games)
            states.push(
              (
                await app.inject({ method: 'GET', url: `/games/${created.game}`, headers: auth(created.tokens.host) })
              ).json() as unknown,
            );
          return { versions, states };
        } finally {
          await app.close();
        }
      };
      const reference = await play(undefined, ['sea-lion-a', 'sea-lion-b']);
      const capped = await play(1, ['sea-lion-a', 'sea-lion-b']);
      expect(capped.versions).toEqual(reference.versions);
      expect(capped.versions[1]).toEqual(capped.versions[0]);
      expect(capped.states).toEqual(reference.states);
      // 59.41: Britain surrendered at level -4 in Summer 1941 (peace, 59.62), in both games.
      for (const state of capped.states)
        expect(state).toMatchObject({
          ok: true,
          version: 163,
          state: { britishSurrenders: [{ turn: 'Summer 1941', level: -4, outcome: 'peace' }] },
        });
    },
  );
});
