// If-Match against another process's append that lands while the command is being decided: the server's
// engine reads it and decides again, and the rules may then refuse the command (the decision was made, the game
// has started). The request named a version the game is no longer at: 412 stale-version, not the rules' 422,
// which would answer a question about a game the client never saw. Found by the scale test (scale.test.ts): two
// clients sending one game's next command to two processes at once. Deterministic here: "the other process" is
// a second engine on the same store, appending at a chosen moment.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { buildServer } from '../../src/server/app.js';
import { GameCache } from '../../src/host/game-cache.js';
import { gameSlot, IfMatchGuard, type Backend, type GameSlot } from '../../src/server/backend.js';
import { StoreFailures } from '../../src/server/store-failures.js';
import type { Seat } from '../../src/server/seats.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import type { EventStore } from '../../src/store/store.js';
import { examplePlans, type GamePlan } from '../support/serve-load.js';
import { auth, createGame, script } from './api-client.js';
import { TEST_OPERATOR } from '../support/operator.js';
import { memorySeatStore } from '../support/memory-seats.js';

/** When the other writer appends: at this process's n-th look at the head (from now on), or just before its append. */
type Moment = { readonly at: 'head'; readonly call: number } | { readonly at: 'append' };

interface Raced {
  readonly backend: Backend;
  readonly log: MemoryEventStore;
  /** Makes "another process" (a second engine on the log) execute `command` at `moment`, once. */
  race(command: OriginEvent, moment: Moment): void;
}

/** Games on one memory store, and another writer appending to it at a chosen moment. */
function racedBackend(): Raced {
  const log = new MemoryEventStore();
  const seatStore = memorySeatStore();
  let armed: { command: OriginEvent; moment: Moment; heads: number } | null = null;
  const fire = async (game: string, at: Moment['at']): Promise<void> => {
    if (armed === null || armed.moment.at !== at) return;
    if (armed.moment.at === 'head' && ++armed.heads !== armed.moment.call) return;
    const { command } = armed;
    armed = null;
    const result = await (await SurrenderEngine.open(log)).execute(game, command);
    if (!result.ok) throw new Error(result.rejection.message);
  };
  const slots = new GameCache<GameSlot>(async (game) => {
    const guard = new IfMatchGuard();
    const raced: EventStore = {
      version: () => log.version(),
      head: async () => {
        await fire(game, 'head');
        return log.head();
      },
      read: (options) => log.read(options),
      append: async (events, expected, hash) => {
        await fire(game, 'append');
        return log.append(events, expected, hash);
      },
      close: async () => undefined,
    };
    const store = guard.wrap(raced);
    return gameSlot(await SurrenderEngine.open(store), store, guard);
  });
  const backend: Backend = {
    kind: 'directory',
    seats: seatStore,
    createStream: async () => undefined,
    lease: (game) => slots.lease(game),
    watch: async () => () => undefined,
    check: async () => undefined,
    failures: new StoreFailures(),
    openGames: () => ({ open: slots.size, evicted: slots.evicted }),
    close: () => slots.close(),
  };
  return { backend, log, race: (command, moment) => (armed = { command, moment, heads: 0 }) };
}

describe('If-Match while another process appends', () => {
  const [started] = script() as [OriginEvent];
  const cases: readonly [string, Moment][] = [
    // The route's look at the head, the only one before deciding, reads the other's event.
    ['read before the command is decided', { at: 'head', call: 1 }],
    // Decided at version 0, the append fails on its expected version; decided again, the rules refuse it.
    ['found when the append fails', { at: 'append' }],
  ];
  for (const [when, moment] of cases) {
    it(`another process's host.game-started ${when}: 412 stale-version (not 422 game-exists), no write`, async () => {
      const { backend, log, race } = racedBackend();
      const app = await buildServer(backend, { operator: TEST_OPERATOR });
      try {
        const created = await createGame(app, 'g1');
        race(started, moment);
        const response = await app.inject({
          method: 'POST',
          url: '/games/g1/commands',
          headers: { ...auth(created.tokens.host), 'if-match': '"0"' },
          payload: started,
        });
        expect(response.statusCode, response.body).toBe(412);
        expect(response.json()).toEqual({
          ok: false,
          rejection: {
            code: 'stale-version',
            rule: 'concurrency',
            message: 'If-Match: the game is at version 1, not 0: read it again and decide again',
          },
        });
        expect(response.headers['etag']).toBeUndefined();
        // Only the other process's event is in the log.
        expect(await log.version()).toBe(1);
        // Without If-Match, the rules answer: the game has started (422).
        const again = await app.inject({
          method: 'POST',
          url: '/games/g1/commands',
          headers: auth(created.tokens.host),
          payload: started,
        });
        expect(again.statusCode).toBe(422);
        expect(again.json()).toMatchObject({ ok: false, rejection: { code: 'game-exists' } });
      } finally {
        await app.close();
        await backend.close();
      }
    });
  }

  it(
    '56.311: the Axis selection of the Italian forces, made meanwhile by another process: 412 for the Axis seat ' +
      'now that it is the Allied turn (not 403)',
    async () => {
      const plan = (await examplePlans()).find((p) => p.name === 'italy-1943-germany-1945') as GamePlan;
      const axis = plan.commands.findIndex(
        (command, i) => command.type === 'italy.forces-selected' && plan.seats[i] === 'axis',
      );
      expect([axis > 0, plan.seats[axis + 1]]).toEqual([true, 'allied']);
      const { backend, log, race } = racedBackend();
      const app = await buildServer(backend, { operator: TEST_OPERATOR });
      try {
        const created = await createGame(app, 'g1');
        for (const [i, command] of plan.commands.slice(0, axis).entries()) {
          const played = await app.inject({
            method: 'POST',
            url: '/games/g1/commands',
            headers: auth(created.tokens[plan.seats[i] as Seat]),
            payload: command,
          });
          expect(played.statusCode, played.body).toBe(200);
        }
        const version = await log.version();
        // Heard at the route's first look at the head: the pending selection is now the Allied side's.
        race(plan.commands[axis] as OriginEvent, { at: 'head', call: 1 });
        const response = await app.inject({
          method: 'POST',
          url: '/games/g1/commands',
          headers: { ...auth(created.tokens.axis), 'if-match': `"${version}"` },
          payload: plan.commands[axis],
        });
        expect(response.statusCode, response.body).toBe(412);
        expect(response.json()).toMatchObject({ ok: false, rejection: { code: 'stale-version', rule: 'concurrency' } });
        const now = await log.version();
        expect(now).toBeGreaterThan(version);
        // At the version it names, the Axis seat is refused with 403 (56.311: the Allied side selects now).
        const forbidden = await app.inject({
          method: 'POST',
          url: '/games/g1/commands',
          headers: { ...auth(created.tokens.axis), 'if-match': `"${now}"` },
          payload: plan.commands[axis],
        });
        expect(forbidden.statusCode, forbidden.body).toBe(403);
        expect(forbidden.json()).toMatchObject({ ok: false, rejection: { code: 'forbidden', rule: '56.311' } });
        expect(await log.version()).toBe(now);
      } finally {
        await app.close();
        await backend.close();
      }
    },
  );
});
