// The host protocol's handler (src/host-protocol/handle.ts) in-process, over a memory store: every operation, the
// request's id echoed, every kind of bad request answered (never thrown), and a conflict with a writer that
// keeps appending.
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events/index.js';
import { auditEntries } from '../../src/audit/audit.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { withDescription } from '../../src/engine/pending-text.js';
import { summarize } from '../../src/engine/summary.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { handleLine, handleRequest, type ProtocolContext } from '../../src/host-protocol/handle.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import type { EventStore, LogVersion } from '../../src/store/store.js';

const GAME = 'sea-lion-1941';
const script = seaLion1941().events;
const ACCEPT = script.findIndex((e) => e.type === 'britain.offer-accepted');
/** The operations a request may name, as an error lists them. */
const OPS = 'execute, preview, pending, state, wars, permissions, declarations, events, audit, games';
const note = (): NewEvent => ({
  game: GAME,
  type: 'host.logged',
  data: { turn: { season: 'summer', year: 1941 }, kind: 'note', data: {} },
});

async function contextAt(
  count: number,
  wrap: (store: MemoryEventStore) => EventStore = (s) => s,
): Promise<ProtocolContext & { memory: MemoryEventStore }> {
  const memory = new MemoryEventStore({ source: deterministicSource(GAME) });
  const setup = await SurrenderEngine.open(memory);
  for (const command of script.slice(0, count))
    if (!(await setup.execute(GAME, command)).ok) throw new Error('script refused');
  const store = wrap(memory);
  return { engine: await SurrenderEngine.open(store), store, memory };
}

/** A store another writer appends to just before each of this engine's appends, so that each of them is stale. */
const racing = (inner: MemoryEventStore): EventStore => ({
  version: () => inner.version(),
  head: () => inner.head(),
  read: (options) => inner.read(options),
  close: () => inner.close(),
  append: async (events: readonly NewEvent[], expected: LogVersion, hash?: string) => {
    await inner.append([note()], await inner.version());
    return inner.append(events, expected, hash);
  },
});

describe('the host protocol handler', () => {
  it('59.23: execute answers the appended events, the head and what is now pending, with the request id', async () => {
    const context = await contextAt(ACCEPT);
    const version = context.engine.version;
    const response = await handleRequest({ id: 'a-1', op: 'execute', game: GAME, command: script[ACCEPT] }, context);
    const head = await context.memory.head();
    expect(response).toMatchObject({
      id: 'a-1',
      ok: true,
      op: 'execute',
      version: version + 2,
      othersAppended: 0,
      head: { seq: head.seq, hash: head.hash },
    });
    if (!response.ok || response.op !== 'execute') throw new Error('refused');
    expect(response.events.map((e) => [e.seq, e.type])).toEqual([
      [version + 1, 'britain.offer-accepted'],
      [version + 2, 'britain.surrendered'],
    ]);
    expect(response.pending).toEqual(context.engine.pending(GAME).map(withDescription));
    expect(response.pending.map((p) => p.decision)).toEqual([
      'report-british-force-pool',
      'report-british-hex-control',
    ]);
  });

  it('preview answers what execute would, appending nothing', async () => {
    const context = await contextAt(ACCEPT);
    const before = context.memory.toJsonl();
    const response = await handleRequest({ id: 7, op: 'preview', game: GAME, command: script[ACCEPT] }, context);
    expect(response).toMatchObject({ id: 7, ok: true, op: 'preview', version: context.engine.version });
    if (!response.ok || response.op !== 'preview') throw new Error('refused');
    expect(response.events.map((e) => e.type)).toEqual(['britain.offer-accepted', 'britain.surrendered']);
    expect(response.pending.map((p) => p.decision)).toEqual([
      'report-british-force-pool',
      'report-british-hex-control',
    ]);
    expect(context.memory.toJsonl()).toBe(before);
  });

  it('pending, state, wars, permissions, declarations and games answer what the engine says', async () => {
    const context = await contextAt(ACCEPT);
    const { engine } = context;
    const view = engine.view(GAME);
    if (view === undefined) throw new Error('no game');
    const common = { version: engine.version, othersAppended: 0 };
    expect(await handleRequest({ id: 1, op: 'pending', game: GAME }, context)).toEqual({
      id: 1,
      ok: true,
      op: 'pending',
      game: GAME,
      pending: engine.pending(GAME).map(withDescription),
      ...common,
    });
    expect(await handleRequest({ id: 2, op: 'state', game: GAME }, context)).toEqual({
      id: 2,
      ok: true,
      op: 'state',
      game: GAME,
      state: summarize(view),
      ...common,
    });
    expect(await handleRequest({ id: 3, op: 'wars', game: GAME }, context)).toEqual({
      id: 3,
      ok: true,
      op: 'wars',
      game: GAME,
      wars: [
        { axis: 'germany', allied: 'britain' },
        { axis: 'germany', allied: 'russia' },
        { axis: 'italy', allied: 'britain' },
        { axis: 'italy', allied: 'russia' },
      ],
      ...common,
    });
    expect(await handleRequest({ id: 4, op: 'permissions', game: GAME }, context)).toEqual({
      id: 4,
      ok: true,
      op: 'permissions',
      game: GAME,
      permissions: engine.permissions(GAME),
      ...common,
    });
    expect(await handleRequest({ id: 5, op: 'declarations', game: GAME }, context)).toEqual({
      id: 5,
      ok: true,
      op: 'declarations',
      game: GAME,
      declarations: engine.declarations(GAME),
      ...common,
    });
    expect(await handleRequest({ op: 'games' }, context)).toEqual({
      id: null,
      ok: true,
      op: 'games',
      games: [GAME],
      ...common,
    });
  });

  it('events and audit read a range: from, limit, one game, and where to go on', async () => {
    const context = await contextAt(ACCEPT);
    const all = [];
    for await (const batch of context.memory.read()) all.push(...batch);
    const events = await handleRequest({ op: 'events', from: 3, limit: 2 }, context);
    expect(events).toMatchObject({ ok: true, op: 'events', events: all.slice(2, 4), next: 5 });
    expect(await handleRequest({ op: 'events', from: all.length, limit: 5, game: GAME }, context)).toMatchObject({
      events: all.slice(-1),
      next: null,
    });
    expect(await handleRequest({ op: 'events', game: 'other' }, context)).toMatchObject({
      ok: true,
      events: [],
      next: null,
    });
    const audit = await handleRequest({ id: 'aud', op: 'audit' }, context);
    expect(audit).toMatchObject({
      id: 'aud',
      ok: true,
      op: 'audit',
      entries: all.flatMap((e) => auditEntries(e)),
      next: null,
    });
    if (!audit.ok || audit.op !== 'audit') throw new Error('refused');
    expect(audit.entries.map((e) => e.rule)).toContain('59.12');
  });

  it('a rejected command is a response with code, rule and message, and appends nothing', async () => {
    const context = await contextAt(ACCEPT);
    const before = context.memory.toJsonl();
    const reject = { type: 'britain.forces-selected', data: { turn: { season: 'summer', year: 1941 }, selection: [] } };
    expect(await handleRequest({ id: 9, op: 'execute', game: GAME, command: reject }, context)).toMatchObject({
      id: 9,
      ok: false,
      op: 'execute',
      rejection: { code: 'not-pending' },
      othersAppended: 0,
    });
    expect(
      await handleRequest(
        { id: 10, op: 'execute', game: GAME, command: { type: 'host.game-turn-ended', data: {} } },
        context,
      ),
    ).toMatchObject({
      id: 10,
      ok: false,
      rejection: { code: 'malformed', rule: 'schema' },
    });
    expect(context.memory.toJsonl()).toBe(before);
  });

  it(
    'bad requests are answered, never thrown: not JSON, not an object, a bad id, no op, an unknown op, a missing ' +
      'or unknown field, an unknown game',
    async () => {
      const context = await contextAt(1);
      const line = (text: string) => handleLine(text, context);
      const failed = (id: unknown, op: unknown, code: string, message: string) => ({
        id,
        ok: false,
        op,
        rejection: { code, rule: 'protocol', message },
        version: 1,
        othersAppended: 0,
      });
      expect(await line('{"op":')).toEqual(failed(null, null, 'bad-request', `$: not JSON: ${errorOf('{"op":')}`));
      expect(await line('[1]')).toEqual(
        failed(null, null, 'bad-request', '$: expected a request object { id?, op, ... }'),
      );
      expect(await line('{"id":{},"op":"games"}')).toEqual(
        failed(null, null, 'bad-request', 'id: expected a string of at most 256 characters or an integer'),
      );
      expect(await line('{"id":1}')).toEqual(failed(1, null, 'bad-request', `op: required, one of ${OPS}`));
      expect(await line('{"id":2,"op":"launch"}')).toEqual(
        failed(2, null, 'unknown-op', `op: unknown operation "launch": expected one of ${OPS}`),
      );
      expect(await line('{"id":3,"op":"pending"}')).toMatchObject(
        failed(
          3,
          'pending',
          'bad-request',
          'game: missing required field (expected a string matching ^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$)',
        ),
      );
      expect(await line('{"id":4,"op":"games","extra":true}')).toMatchObject({
        id: 4,
        ok: false,
        op: 'games',
        rejection: { code: 'bad-request', message: expect.stringMatching(/^extra: /) },
      });
      expect(await line('{"id":5,"op":"events","limit":0}')).toMatchObject({
        id: 5,
        ok: false,
        rejection: { code: 'bad-request', message: expect.stringMatching(/^limit: /) },
      });
      expect(await line('{"id":6,"op":"wars","game":"g2"}')).toEqual({
        ...failed(6, 'wars', 'no-game', 'no such game: "g2" (no host.game-started event for it in this log)'),
        rejection: {
          code: 'no-game',
          rule: 'sequence',
          message: 'no such game: "g2" (no host.game-started event for it in this log)',
        },
      });
    },
  );

  it("another writer's appends are read, counted; if they keep coming, execute is refused as a conflict", async () => {
    const context = await contextAt(ACCEPT);
    await context.memory.append([note()], await context.memory.version());
    const version = context.engine.version;
    expect(await handleRequest({ id: 1, op: 'games' }, context)).toMatchObject({
      ok: true,
      version: version + 1,
      othersAppended: 1,
    });
    const raced = await contextAt(ACCEPT, racing);
    const before = raced.engine.version;
    const response = await handleRequest({ id: 2, op: 'execute', game: GAME, command: script[ACCEPT] }, raced);
    // Three attempts, each beaten by another writer's event; the first two of those were read before trying again.
    expect(response).toEqual({
      id: 2,
      ok: false,
      op: 'execute',
      rejection: {
        code: 'conflict',
        rule: 'concurrency',
        message: 'the log kept changing while the command was decided (3 attempts): report it again',
      },
      version: before + 2,
      othersAppended: 2,
    });
  });
});

function errorOf(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}
