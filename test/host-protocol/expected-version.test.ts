// execute with an expected version: the command is decided on the log at that version or not at all, refused as
// HTTP's If-Match refuses it (stale-version, rule concurrency) and appending nothing; through the library and exec.
import { describe, expect, it } from 'vitest';
import type { NewEvent, OriginEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { handleRequest } from '../../src/host-protocol/handle.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import type { EventStore, LogVersion } from '../../src/store/store.js';

const GAME = 'sea-lion-1941';
const script = seaLion1941().events;
const ACCEPT = script.findIndex((e) => e.type === 'britain.offer-accepted');
const accept = script[ACCEPT] as OriginEvent;
const note = (): NewEvent => ({
  game: GAME,
  type: 'host.logged',
  data: { turn: { season: 'summer', year: 1941 }, kind: 'note', data: {} },
});
const stale = (actual: number, expected: number) => ({
  code: 'stale-version',
  rule: 'concurrency',
  message: `expectedVersion: the log is at version ${actual}, not ${expected}: read it again and decide again`,
});

/** A log played up to the British offer of Summer 1941, and an engine over `wrap` of it. */
async function atOffer(
  wrap: (store: MemoryEventStore) => EventStore = (s) => s,
): Promise<{ engine: SurrenderEngine; memory: MemoryEventStore; store: EventStore }> {
  const memory = new MemoryEventStore({ source: deterministicSource(GAME) });
  const setup = await SurrenderEngine.open(memory);
  for (const command of script.slice(0, ACCEPT))
    if (!(await setup.execute(GAME, command)).ok) throw new Error('script refused');
  const store = wrap(memory);
  return { engine: await SurrenderEngine.open(store), memory, store };
}

/** A store another writer appends a note to just before this engine's first append (after its head was read). */
const racingOnce = (inner: MemoryEventStore): EventStore => {
  let raced = false;
  return {
    version: () => inner.version(),
    head: () => inner.head(),
    read: (options) => inner.read(options),
    close: () => inner.close(),
    append: async (events: readonly NewEvent[], expected: LogVersion, hash?: string) => {
      if (!raced) {
        raced = true;
        await inner.append([note()], await inner.version());
      }
      return inner.append(events, expected, hash);
    },
  };
};

describe('execute with an expected version', () => {
  it('59.23: at the expected version the command is decided and appended, as without one', async () => {
    const { engine, store } = await atOffer();
    const version = engine.version;
    const response = await handleRequest(
      { op: 'execute', game: GAME, command: accept, expectedVersion: version },
      { engine, store },
    );
    expect([response.ok, response.version]).toEqual([true, version + 2]);
  });

  it(
    'exec: an expected version the log is not at is refused ' +
      'as stale-version, rule concurrency, and nothing is appended',
    async () => {
      const { engine, store, memory } = await atOffer();
      const version = engine.version;
      const response = await handleRequest(
        { id: 1, op: 'execute', game: GAME, command: accept, expectedVersion: version - 1 },
        { engine, store },
      );
      expect(response).toEqual({
        id: 1,
        ok: false,
        op: 'execute',
        rejection: stale(version, version - 1),
        version,
        othersAppended: 0,
      });
      expect(await memory.version()).toBe(version);
    },
  );

  it(
    'another writer appended before the command was sent: ' +
      'stale at the version the log is now at, not decided again',
    async () => {
      const { engine, memory } = await atOffer();
      const version = engine.version;
      await memory.append([note()], await memory.version());
      expect(await engine.execute(GAME, accept, { expectedVersion: version })).toEqual({
        ok: false,
        rejection: stale(version + 1, version),
      });
      expect(await memory.version()).toBe(version + 1);
    },
  );

  it(
    'another writer appended between the read and the append: stale, and nothing of the command is written ' +
      '(without one, it is decided again)',
    async () => {
      const raced = await atOffer(racingOnce);
      const version = raced.engine.version;
      expect(await raced.engine.execute(GAME, accept, { expectedVersion: version })).toEqual({
        ok: false,
        rejection: stale(version + 1, version),
      });
      expect(await raced.memory.version()).toBe(version + 1);
      const again = await atOffer(racingOnce);
      expect((await again.engine.execute(GAME, accept)).ok).toBe(true);
      expect(await again.memory.version()).toBe(version + 3);
    },
  );

  it('59.23: at the expected version, a rule refusal is the rule refusal', async () => {
    const { engine } = await atOffer();
    const result = await engine.execute(
      GAME,
      { type: 'japan.treaty-decided', data: { turn: { season: 'summer', year: 1941 }, adheres: true } },
      { expectedVersion: engine.version },
    );
    expect(result.ok ? null : result.rejection.code).toBe('not-pending');
  });

  it('an expected version of none: malformed in the library, a bad request in exec; preview takes none', async () => {
    const { engine, store } = await atOffer();
    const message =
      'options.expectedVersion: expected a non-negative integer, the log version the command was decided on';
    for (const expectedVersion of [-1, 1.5, '3', null, Number.NaN]) {
      expect(await engine.execute(GAME, accept, { expectedVersion } as unknown as { expectedVersion: number })).toEqual(
        { ok: false, rejection: { code: 'malformed', rule: 'schema', message } },
      );
    }
    expect(await engine.execute(GAME, accept, 5 as unknown as { expectedVersion: number })).toEqual({
      ok: false,
      rejection: {
        code: 'malformed',
        rule: 'schema',
        message: 'options: expected an object { expectedVersion?, commandId? }',
      },
    });
    const bad = await handleRequest(
      { op: 'execute', game: GAME, command: accept, expectedVersion: -1 },
      { engine, store },
    );
    expect(bad.ok ? null : bad.rejection.code).toBe('bad-request');
    const preview = await handleRequest(
      { op: 'preview', game: GAME, command: accept, expectedVersion: engine.version },
      { engine, store },
    );
    expect(preview.ok ? null : [preview.rejection.code, preview.rejection.message]).toEqual([
      'bad-request',
      'expectedVersion: unknown field',
    ]);
    expect(await store.version()).toBe(engine.version);
  });
});
