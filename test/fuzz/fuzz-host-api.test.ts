// Fuzzing the host API (SurrenderEngine.execute) with values no JSON document holds, where a host's command
// goes: the hostile corpus (test/support/hostile-values.ts: circular data, BigInt, throwing getters and
// Proxies, nesting 5,000 and 100,000 deep, a 20 MB string, class instances, sparse arrays ...) and fast-check's
// arbitrary values (Maps, Sets, Dates, boxed values, typed arrays, null prototypes, sparse arrays, BigInt),
// put anywhere in a valid command, as the command itself or as the game id. Every call must resolve, never
// throw; a refusal is typed and appends nothing; an accepted command is logged exactly as it was decided (a
// checked replay of the log finds no mismatch). FUZZ_RUNS and FUZZ_SEED: ./support.ts.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { OriginEvent, StoredEvent } from '../../events/index.js';
import type { RejectionCode } from '../../src/engine/decision.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { Replayer } from '../../src/engine/replay.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { hostileValues } from '../support/hostile-values.js';
import { fuzzParameters, pathsOf, setAt, Tally, type Json } from './support.js';

const GAME = 'sea-lion-1941';
const CODES: readonly RejectionCode[] = [
  'malformed',
  'no-game',
  'game-exists',
  'out-of-sequence',
  'not-pending',
  'decision-pending',
  'illegal',
  'conflict',
];

const script = seaLion1941().events;
const firstTurnEnd = script.findIndex((e) => e.type === 'host.game-turn-ended');
/** Valid commands at the point where the engine is left: the Spring 1941 game turn end, and a host note. */
const validCommands: readonly Json[] = [
  script[firstTurnEnd] as unknown as Json,
  { type: 'host.logged', data: { turn: { season: 'spring', year: 1941 }, kind: 'note', data: { a: [1, { b: 'c' }] } } },
];

/** A fresh engine on a memory log, the sea-lion example played up to its first game turn end. */
async function engineBeforeTurnEnd(): Promise<{ engine: SurrenderEngine; store: MemoryEventStore }> {
  const store = new MemoryEventStore({ source: deterministicSource(GAME) });
  const engine = await SurrenderEngine.open(store);
  for (const origin of script.slice(0, firstTurnEnd)) await engine.execute(GAME, origin);
  return { engine, store };
}

/** A value made only inside the property: fast-check must never touch a revoked Proxy or a throwing getter itself. */
type Make = () => unknown;
const hostile: fc.Arbitrary<Make> = fc.oneof(
  fc.constantFrom(...hostileValues).map((h) => h.make),
  fc
    .anything({
      maxDepth: 3,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
    })
    .map(
      (value): Make =>
        () =>
          value,
    ),
);
const plain: fc.Arbitrary<Make> = fc.jsonValue({ maxDepth: 3 }).map(
  (value): Make =>
    () =>
      value,
);

/** Where the value goes: somewhere in a valid command, the command itself, or the game id. */
const call: fc.Arbitrary<{
  readonly how: string;
  readonly make: () => { readonly game: unknown; readonly command: unknown };
}> = fc.oneof(
  fc
    .constantFrom(...validCommands)
    .chain((valid) => fc.tuple(fc.constant(valid), fc.constantFrom(...pathsOf(valid)), hostile))
    .map(([valid, path, value]) => ({
      how: `at ${path.join('.')}`,
      make: () => ({ game: GAME, command: setAt(valid, path, value() as Json) }),
    })),
  // In the free-form data of a host note, where any JSON value is accepted: plain data and hostile values side by side.
  fc.tuple(fc.oneof(hostile, plain), plain).map(([value, other]) => ({
    how: 'in a host note',
    make: () => ({
      game: GAME,
      command: {
        type: 'host.logged',
        data: { turn: { season: 'spring', year: 1941 }, kind: 'note', data: { x: value(), y: other() } },
      },
    }),
  })),
  hostile.map((value) => ({ how: 'as the command', make: () => ({ game: GAME, command: value() }) })),
  hostile.map((value) => ({ how: 'as the game id', make: () => ({ game: value(), command: validCommands[1] }) })),
);
/** Run first whatever the seed: the valid commands as they are, so that the accepting branch always runs. */
const unchanged = validCommands.map(
  (command) =>
    [{ how: 'unchanged', make: () => ({ game: GAME, command }) }] as [
      { readonly how: string; readonly make: () => { readonly game: unknown; readonly command: unknown } },
    ],
);

const tally = new Tally('fuzz-host-api');
afterAll(() => {
  console.log(tally.report());
});

describe('fuzz: the host API on hostile values', () => {
  it('execute resolves for any value anywhere: a typed refusal appends nothing, an acceptance is logged', async () => {
    await fc.assert(
      fc.asyncProperty(call, async ({ how, make }) => {
        const { engine, store } = await engineBeforeTurnEnd();
        const { game, command } = make();
        const before = store.toJsonl();
        const version = engine.version;
        const result = await engine.execute(game as string, command as OriginEvent);
        tally.add(how.startsWith('at ') ? 'inside a command' : how, !result.ok);
        if (!result.ok) {
          expect(CODES).toContain(result.rejection.code);
          expect([typeof result.rejection.rule, typeof result.rejection.message]).toEqual(['string', 'string']);
          expect(store.toJsonl()).toBe(before);
          expect(engine.version).toBe(version);
          return;
        }
        const replayer = new Replayer({ checkDecisions: true });
        const lines = store.toJsonl().trimEnd().split('\n').slice(1);
        replayer.applyAll(lines.map((line) => JSON.parse(line) as StoredEvent));
        expect(replayer.finish()).toEqual([]);
        expect(engine.version).toBe(version + result.events.length);
      }),
      fuzzParameters(0.05, unchanged),
    );
    // The accepting branch ran: an acceptance is logged exactly as it was decided.
    expect(tally.accepted('unchanged')).toBe(validCommands.length);
  });
});
