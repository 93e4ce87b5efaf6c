// What a command may hold: `{ type, data }`, and a `game` only when it names the game it is executed for (a log
// line read back as a command carries one). A member the engine would not read is refused, never dropped: the
// library's execute and preview and exec's execute and preview give the same malformed rejection, appending nothing.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { handleRequest } from '../../src/host-protocol/handle.js';
import { MemoryEventStore } from '../../src/store/memory.js';

const GAME = 'sea-lion-1941';
const [started] = seaLion1941().events as [OriginEvent, ...OriginEvent[]];
const note = { type: 'host.logged', data: { turn: { season: 'spring', year: 1941 }, kind: 'note', data: {} } } as const;

async function opened(): Promise<{ engine: SurrenderEngine; store: MemoryEventStore }> {
  const store = new MemoryEventStore();
  const engine = await SurrenderEngine.open(store);
  expect((await engine.execute(GAME, started)).ok).toBe(true);
  return { engine, store };
}

const MISMATCH = {
  code: 'malformed',
  rule: 'schema',
  message: 'command.game: the command names game "another-game", but it is executed for game "sea-lion-1941"',
};
const UNKNOWN = {
  code: 'malformed',
  rule: 'schema',
  message: 'extra: not a member of a command: expected only type, data and, optionally, game',
};

/** Each way a command reaches the engine, answering its rejection (or null when it was accepted). */
const paths: readonly [
  string,
  (engine: SurrenderEngine, store: MemoryEventStore, command: unknown) => Promise<unknown>,
][] = [
  [
    'SurrenderEngine.execute',
    async (engine, _store, command) => {
      const r = await engine.execute(GAME, command as OriginEvent);
      return r.ok ? null : r.rejection;
    },
  ],
  [
    'SurrenderEngine.preview',
    async (engine, _store, command) => {
      const r = await engine.preview(GAME, command as OriginEvent);
      return r.ok ? null : r.rejection;
    },
  ],
  [
    'exec execute',
    async (engine, store, command) => {
      const r = await handleRequest({ op: 'execute', game: GAME, command }, { engine, store });
      return r.ok ? null : r.rejection;
    },
  ],
  [
    'exec preview',
    async (engine, store, command) => {
      const r = await handleRequest({ op: 'preview', game: GAME, command }, { engine, store });
      return r.ok ? null : r.rejection;
    },
  ],
];

describe('the members of a command', () => {
  for (const [name, send] of paths) {
    it(
      `${name}: a command naming another game than the one it ` +
        `is sent to is malformed at command.game; nothing is appended`,
      async () => {
        const { engine, store } = await opened();
        expect(await send(engine, store, { ...note, game: 'another-game' })).toEqual(MISMATCH);
        expect(await store.version()).toBe(1);
      },
    );

    it(`${name}: an unknown member is malformed, naming it; nothing is appended`, async () => {
      const { engine, store } = await opened();
      expect(await send(engine, store, { ...note, extra: 1 })).toEqual(UNKNOWN);
      expect(await send(engine, store, { ...note, 'an odd name': null })).toEqual({
        ...UNKNOWN,
        message: UNKNOWN.message.replace('extra', '["an odd name"]'),
      });
      expect(await store.version()).toBe(1);
    });

    it(`${name}: a command naming the game it goes to is accepted; that game is no part of the decision`, async () => {
      const { engine, store } = await opened();
      expect(await send(engine, store, { ...note, game: GAME })).toBeNull();
    });
  }

  it(
    'a host.game-started naming its own game is written as the ' +
      'command without it: the stored event is the envelope and its data',
    async () => {
      const store = new MemoryEventStore();
      const engine = await SurrenderEngine.open(store);
      const result = await engine.execute(GAME, { ...started, game: GAME } as unknown as OriginEvent);
      if (!result.ok) throw new Error(result.rejection.message);
      expect(Object.keys(result.events[0] ?? {}).sort()).toEqual([
        'at',
        'data',
        'game',
        'hash',
        'id',
        'seq',
        'type',
        'v',
      ]);
    },
  );
});
