// The host API under hostile callers (docs/host-api.md, "The copy of a command"): a command is copied as JSON data when
// `execute` is called and decided on and written exactly as copied, whatever the caller does afterwards;
// any value at all, anywhere, resolves with a typed rejection and appends nothing; never a throw.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logVersion, type OriginEvent, type StoredEvent } from '../../events/index.js';
import { SurrenderEngine, type CommandResult } from '../../src/host/engine.js';
import { COMMAND_LIMITS, copyJson } from '../../src/engine/json-copy.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { InputError } from '../../src/schema/validate.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { ConcurrencyError, type EventStore } from '../../src/store/store.js';
import { ensureBuilt, ROOT } from '../support/build.js';
import { hostileValues } from '../support/hostile-values.js';
import { UnknownGameError } from '../../src/engine/unknown-game.js';

/** What a call throws (a failure if it returns). */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

const GAME = 'sea-lion-1941';
const sp41 = { season: 'spring', year: 1941 } as const;

let dir = '';
let files = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-hostile-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The sea-lion example in a log file, played up to (not including) its first game turn end, Spring 1941. */
async function beforeFirstTurnEnd(): Promise<{
  engine: SurrenderEngine;
  path: string;
  turnEnd: Extract<OriginEvent, { type: 'host.game-turn-ended' }>;
}> {
  const path = join(dir, `log-${++files}.jsonl`);
  const engine = await SurrenderEngine.open(
    await JsonlFileStore.open(path, { create: true, source: deterministicSource(GAME) }),
  );
  const script = seaLion1941().events;
  const index = script.findIndex((e) => e.type === 'host.game-turn-ended');
  for (const origin of script.slice(0, index)) expect((await engine.execute(GAME, origin)).ok).toBe(true);
  const turnEnd = script[index];
  if (turnEnd?.type !== 'host.game-turn-ended') throw new Error('fixture');
  return { engine, path, turnEnd };
}

/** The game turn end and the resistance level as the log file holds them, read back by a fresh engine's store. */
async function loggedTurnEnd(path: string): Promise<{ reported: number; decided: number; line: number | undefined }> {
  const lines = (await readFile(path, 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as StoredEvent);
  const ended = lines.find((e) => e.type === 'host.game-turn-ended');
  const resistance = lines.find((e) => e.type === 'britain.resistance-determined');
  if (ended?.type !== 'host.game-turn-ended' || resistance?.type !== 'britain.resistance-determined')
    throw new Error('not appended');
  return {
    reported: ended.data.britain.britishDpLevel,
    decided: resistance.data.inputs.britishDpLevel,
    line: resistance.data.lines.find((l) => l.key === 'dpLevel')?.value,
  };
}

const rejectionOf = (result: CommandResult) => (result.ok ? null : result.rejection);

describe('59.22A: a command is decided on and logged as it was when execute was called', () => {
  it(
    "59.22A: the issue's example: britishDpLevel set to -30 while execute is pending; the log holds 10 and the " +
      'level was decided with 10',
    async () => {
      const { engine, path, turnEnd } = await beforeFirstTurnEnd();
      const facts = { ...turnEnd.data.britain, britishDpLevel: 10 };
      const pending = engine.execute(GAME, {
        type: 'host.game-turn-ended',
        data: { turn: turnEnd.data.turn, britain: facts },
      });
      facts.britishDpLevel = -30;
      expect((await pending).ok).toBe(true);
      expect(await loggedTurnEnd(path)).toEqual({ reported: 10, decided: 10, line: 10 });
      await engine.close();
    },
  );

  it(
    '59.22A: the same in a host process of its own, through the ' +
      'built engine: the log holds 10, and replay --full re-derives it',
    async () => {
      ensureBuilt();
      const path = join(dir, `process-${++files}.jsonl`);
      const host = spawnSync(
        process.execPath,
        [fileURLToPath(new URL('./fixtures/mutate-while-pending.mjs', import.meta.url)), path],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect([host.status, host.stdout, host.stderr]).toEqual([0, '{"ok":true}\n', '']);
      expect(await loggedTurnEnd(path)).toEqual({ reported: 10, decided: 10, line: 10 });
      const replay = spawnSync(process.execPath, [join(ROOT, 'dist/awaw-surrender.cjs'), 'replay', '--full', path], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect([replay.status, replay.stderr]).toEqual([0, '']);
    },
  );

  it('59.22A: a getter answering 10 the first time and -30 after is read once: 10 is decided and logged', async () => {
    const { engine, path, turnEnd } = await beforeFirstTurnEnd();
    let reads = 0;
    const facts = Object.defineProperty({ ...turnEnd.data.britain }, 'britishDpLevel', {
      enumerable: true,
      get: () => (++reads === 1 ? 10 : -30),
    });
    expect(
      (await engine.execute(GAME, { type: 'host.game-turn-ended', data: { turn: turnEnd.data.turn, britain: facts } }))
        .ok,
    ).toBe(true);
    expect(reads).toBe(1);
    expect(await loggedTurnEnd(path)).toEqual({ reported: 10, decided: 10, line: 10 });
    await engine.close();
  });

  it(
    '59.22A: a Proxy whose get trap answers -30 is copied ' +
      'through its own properties, once: 10 is decided on and logged',
    async () => {
      const { engine, path, turnEnd } = await beforeFirstTurnEnd();
      const facts = new Proxy(
        { ...turnEnd.data.britain, britishDpLevel: 10 },
        { get: (target, key) => (key === 'britishDpLevel' ? -30 : Reflect.get(target, key)) },
      );
      expect(
        (
          await engine.execute(GAME, {
            type: 'host.game-turn-ended',
            data: { turn: turnEnd.data.turn, britain: facts },
          })
        ).ok,
      ).toBe(true);
      expect(await loggedTurnEnd(path)).toEqual({ reported: 10, decided: 10, line: 10 });
      await engine.close();
    },
  );

  it('59.22A: facts with an inherited toJSON (which would write -30) are refused; nothing is appended', async () => {
    const { engine, path, turnEnd } = await beforeFirstTurnEnd();
    const facts: unknown = Object.assign(
      Object.create({ toJSON: () => ({ ...turnEnd.data.britain, britishDpLevel: -30 }) }) as object,
      { ...turnEnd.data.britain, britishDpLevel: 10 },
    );
    const before = await readFile(path);
    const result = await engine.execute(GAME, {
      type: 'host.game-turn-ended',
      data: { turn: turnEnd.data.turn, britain: facts },
    } as OriginEvent);
    expect(rejectionOf(result)).toEqual({
      code: 'malformed',
      rule: 'schema',
      message: 'data.britain: expected plain JSON data, found an object with another prototype',
    });
    expect((await readFile(path)).equals(before)).toBe(true);
    await engine.close();
  });
});

describe('any value gives a typed rejection and appends nothing', () => {
  it(
    'each hostile value inside a command: malformed, rule ' +
      'schema, its path and why; the log byte for byte unchanged',
    async () => {
      const { engine, path } = await beforeFirstTurnEnd();
      const before = await readFile(path);
      const version = engine.version;
      for (const hostile of hostileValues) {
        const result = await engine.execute(GAME, {
          type: 'host.logged',
          data: { turn: sp41, kind: 'note', data: { x: hostile.make() } },
        });
        const rejection = rejectionOf(result);
        expect([rejection?.code, rejection?.rule], hostile.how).toEqual(['malformed', 'schema']);
        if (hostile.at === null)
          expect(rejection?.message, hostile.how).toMatch(new RegExp(`^data\\.data\\.x[^ ]*: ${hostile.detail}$`));
        else expect(rejection?.message, hostile.how).toBe(`data.data.x${hostile.at}: ${hostile.detail}`);
      }
      expect((await readFile(path)).equals(before)).toBe(true);
      expect(engine.version).toBe(version);
      await engine.close();
    },
  );

  it('each hostile value as the command itself, and as the game id', async () => {
    const engine = await SurrenderEngine.open(new MemoryEventStore());
    const valid: OriginEvent = { type: 'host.logged', data: { turn: sp41, kind: 'note', data: {} } };
    for (const hostile of hostileValues) {
      const asCommand = rejectionOf(await engine.execute(GAME, hostile.make() as OriginEvent));
      expect([asCommand?.code, asCommand?.rule], hostile.how).toEqual(['malformed', 'schema']);
      const asGame = rejectionOf(await engine.execute(hostile.make() as string, valid));
      expect(asGame, hostile.how).toEqual({
        code: 'malformed',
        rule: 'schema',
        message: 'game: expected a string matching ^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$',
      });
    }
    // The queries take a game id too: anything else is no game, a typed UnknownGameError (view: undefined).
    const hostileIds: [unknown, string][] = [
      [Symbol('g'), 'a value of type symbol'],
      [10n, 'a value of type bigint'],
      [null, 'null'],
      [new String(GAME), 'a value of type object'],
      [[GAME], 'a value of type object'],
      [
        new Proxy(
          {},
          {
            get: () => {
              throw new Error('boom');
            },
            getPrototypeOf: () => {
              throw new Error('boom');
            },
          },
        ),
        'a value of type object',
      ],
    ];
    for (const [game, kind] of hostileIds) {
      for (const query of [
        (g: string) => engine.pending(g),
        (g: string) => engine.wars(g),
        (g: string) => engine.permissions(g),
      ]) {
        const error = thrownBy(() => query(game as string));
        expect(error).toBeInstanceOf(UnknownGameError);
        expect(error).toMatchObject({
          code: 'no-game',
          game: null,
          message: `no such game: a game id is a string, not ${kind}`,
        });
      }
      expect(engine.view(game as string)).toBeUndefined();
    }
    for (const hostile of hostileValues) {
      const value = hostile.make();
      const error = thrownBy(() => engine.pending(value as string));
      expect(error, hostile.how).toBeInstanceOf(UnknownGameError);
      expect(
        error instanceof UnknownGameError && [
          error.code,
          error.game === (typeof value === 'string' ? value : null),
          error.message.length < 200,
        ],
        hostile.how,
      ).toEqual(['no-game', true, true]);
    }
    expect(thrownBy(() => engine.wars('x'.repeat(65)))).toMatchObject({
      game: 'x'.repeat(65),
      message:
        `no such game: a game id matches ` +
        `^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$, and this string of 65 characters does not`,
    });
    expect(rejectionOf(await engine.execute(GAME, undefined as unknown as OriginEvent))?.message).toBe(
      '$: expected a JSON value, found undefined',
    );
    expect(rejectionOf(await engine.execute(GAME, new Date(0) as unknown as OriginEvent))?.message).toBe(
      '$: expected plain JSON data, found an instance of Date',
    );
    await engine.close();
  });

  it('the limits are exact: 64 levels and 1 MiB of JSON text pass, one more does not', () => {
    const deep = (levels: number): unknown =>
      Array.from({ length: levels - 1 }).reduce<unknown>((inner) => [inner], []);
    expect(copyJson(deep(COMMAND_LIMITS.maxDepth))).toMatchObject({ ok: true });
    expect(copyJson(deep(COMMAND_LIMITS.maxDepth + 1))).toEqual({
      ok: false,
      path: '[0]'.repeat(COMMAND_LIMITS.maxDepth),
      detail: 'nested deeper than 64 levels of objects and arrays',
    });
    const text = (chars: number): string => 'x'.repeat(chars - 2); // with its quotes
    expect(copyJson(text(COMMAND_LIMITS.maxChars))).toEqual({ ok: true, value: text(COMMAND_LIMITS.maxChars) });
    expect(copyJson(text(COMMAND_LIMITS.maxChars + 1))).toEqual({
      ok: false,
      path: '$',
      detail: 'too large: more than 1048576 characters of JSON text in all',
    });
    // Counted as JSON.stringify writes it: escapes, keys, commas, brackets.
    const value = { 'a"b': ['\n', 0, 1e21, null, true], c: {} };
    expect(copyJson(value, { maxDepth: 3, maxChars: JSON.stringify(value).length })).toEqual({
      ok: true,
      value: { 'a"b': ['\n', 0, 1e21, null, true], c: {} },
    });
    expect(copyJson(value, { maxDepth: 3, maxChars: JSON.stringify(value).length - 1 })).toMatchObject({ ok: false });
  });

  it('a member named __proto__ stays a member of the copy: it never sets the prototype', () => {
    const copy = copyJson(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(copy.ok && Object.getPrototypeOf(copy.value)).toBe(Object.prototype);
    expect(copy.ok && JSON.stringify(copy.value)).toBe('{"__proto__":{"polluted":true}}');
  });

  it(
    'open refuses options that are not booleans with an ' +
      'InputError naming the option, a getter that throws included',
    async () => {
      const store = new MemoryEventStore();
      await expect(
        SurrenderEngine.open(store, { checkDecisions: 'yes' } as unknown as { checkDecisions: boolean }),
      ).rejects.toEqual(new InputError('options.checkDecisions', 'expected true or false'));
      const throwing = Object.defineProperty({}, 'validate', {
        get: () => {
          throw new Error('boom');
        },
      });
      await expect(SurrenderEngine.open(store, throwing)).rejects.toEqual(
        new InputError('options.validate', 'cannot be read (a getter or Proxy threw)'),
      );
      await expect(SurrenderEngine.open(store, 42 as unknown as object)).rejects.toBeInstanceOf(InputError);
      expect((await SurrenderEngine.open(store, { validate: undefined })).version).toBe(0);
    },
  );

  it('a log that changes under every attempt is a conflict rejection, not a thrown ConcurrencyError', async () => {
    const memory = new MemoryEventStore();
    let appends = 0;
    // A store whose log another writer always moves on first (the version it reports never catches up).
    const racing: EventStore = {
      version: () => memory.version(),
      head: () => memory.head(),
      read: (options) => memory.read(options),
      close: () => memory.close(),
      append: async (_events, expected) => {
        appends += 1;
        throw new ConcurrencyError(expected, expected + 1);
      },
    };
    const engine = await SurrenderEngine.open(racing);
    const result = await engine.execute(GAME, seaLion1941().events[0] as OriginEvent);
    expect(rejectionOf(result)).toEqual({
      code: 'conflict',
      rule: 'concurrency',
      message: 'the log kept changing while the command was decided (3 attempts): report it again',
    });
    expect([appends, await memory.version()]).toEqual([3, logVersion(0)]);
  });

  it(
    'commands given at once to one engine are decided one ' +
      'after the other, each against the log the one before left',
    async () => {
      const store = new MemoryEventStore();
      const engine = await SurrenderEngine.open(store);
      const [start, ...rest] = seaLion1941().events.slice(0, 4);
      const results = await Promise.all([start, ...rest].map((origin) => engine.execute(GAME, origin as OriginEvent)));
      expect(results.map((r) => r.ok)).toEqual([true, true, true, true]);
      const fresh = await SurrenderEngine.open(store);
      expect(engine.version).toBe(fresh.version);
      expect(engine.view(GAME)?.world).toEqual(fresh.view(GAME)?.world);
    },
  );
});
