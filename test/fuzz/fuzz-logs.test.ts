// Fuzzing everything that reads a log file: `replay`, `audit`, `verify`, `verify --repair` (in-process through
// runCli, on files in a temporary directory) and JsonlFileStore.open, on logs of the example games mutated by
// byte flips, cuts, duplicated, deleted and swapped lines, lines of another log and random garbage. Each must
// end in a typed answer (exit 0 only for a log the independent reference check finds intact), never a throw,
// a stack trace or a hang, and must leave the file as it was: only `--repair` may change it, and only by
// cutting off a torn end. Damaged verification marks (LOG.verified.json) beside an intact log never change what
// replay and audit answer. FUZZ_RUNS and FUZZ_SEED: ./support.ts.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { exampleGames } from '../../src/examples/games.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { LogError } from '../../src/store/line-format.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { ConcurrencyError } from '../../src/store/store.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { nonRegularFiles } from '../support/non-regular.js';
import { resealed } from '../support/reseal.js';
import {
  expectTypedAnswer,
  expectUsageOrInputError,
  fuzzParameters,
  mutatedLog,
  referenceEvents,
  Tally,
  type CliAnswer,
} from './support.js';

let dir = '';
/** Two example games' logs, each the other's source of foreign lines. */
let logs: readonly Buffer[] = [];
let cases = 0;

/** The example game played through the real engine into a log, as the CLI would find it on disk. */
async function exampleLog(name: string): Promise<Buffer> {
  const make = exampleGames[name];
  if (make === undefined) throw new Error(`no example game ${name}`);
  const script = make();
  const store = new MemoryEventStore({ source: deterministicSource(name) });
  const engine = await SurrenderEngine.open(store);
  for (const origin of script.events) {
    const result = await engine.execute(name, origin);
    if (!result.ok) throw new Error(`${name}: ${origin.type} refused: ${result.rejection.message}`);
  }
  return Buffer.from(store.toJsonl(), 'utf8');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-fuzz-logs-'));
  const names = Object.keys(exampleGames);
  // A British and (when there is one) an Italian example: different games, different chains.
  const chosen = [names[0], names.find((n) => n.includes('italy')) ?? names[1]].filter(
    (n): n is string => n !== undefined,
  );
  logs = await Promise.all(chosen.map(exampleLog));
  expect(logs.length).toBe(2);
}, 120_000);

const tally = new Tally('fuzz-logs');
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  console.log(tally.report());
});

/** The base log (either example) and a mutation of it. */
const mutated = fc.nat({ max: 1 }).chain((i) => mutatedLog(logs[i] as Buffer, logs[1 - i] as Buffer));
/** Run first, whatever the seed: both intact logs and a re-sealed prefix of each, so that the accepting branch runs. */
const intactExamples = (): { how: string; bytes: Buffer }[] =>
  logs.flatMap((bytes) => [
    { how: 'intact', bytes },
    {
      how: 're-sealed prefix',
      bytes: Buffer.from(
        resealed(bytes.toString('utf8'), (b) => b.splice(Math.ceil(b.length / 2))),
        'utf8',
      ),
    },
  ]);

async function onDisk(bytes: Buffer): Promise<string> {
  const path = join(dir, `case-${++cases}.jsonl`);
  await writeFile(path, bytes);
  return path;
}

/** Leaves the directory empty for the next input; nothing but the log itself may have been left behind. */
async function cleanUp(path: string): Promise<void> {
  expect(await readdir(dir)).toEqual([path.slice(dir.length + 1)]);
  await rm(path);
}

/** The log commands in-process; with a build id they read and write verification marks, as the bin does. */
async function run(argv: readonly string[], engineId: string | null = null): Promise<CliAnswer> {
  const io = memoryIo();
  const code = await runCli(argv, io, { engineId });
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('fuzz: log commands on mutated logs', () => {
  for (const command of ['replay', 'audit', 'verify'] as const) {
    it(`${command}: exit 0 only for an intact log, 1 naming the damage otherwise; the file unchanged`, async () => {
      await fc.assert(
        fc.asyncProperty(mutated, fc.boolean(), async ({ bytes }, json) => {
          const path = await onDisk(bytes);
          const result = await run([command, ...(json ? ['--json'] : []), path]);
          expectTypedAnswer(result);
          tally.add(command, result.code !== 0);
          const intact = referenceEvents(bytes) !== null;
          if (command === 'verify') expect(result.code).toBe(intact ? 0 : 1);
          else if (!intact) expect(result.code).toBe(1);
          else expect([0, 1]).toContain(result.code);
          if (json) expect(() => JSON.parse(result.stdout) as unknown).not.toThrow();
          if (result.code !== 0) expect(result.stderr.length).toBeGreaterThan(0);
          expect((await readFile(path)).equals(bytes)).toBe(true);
          await cleanUp(path);
        }),
        fuzzParameters(
          0.1,
          intactExamples().flatMap((example) => [[example, false] as [typeof example, boolean], [example, true]]),
        ),
      );
      expect(tally.accepted(command)).toBeGreaterThanOrEqual(4);
    });
  }

  it('verify --repair: changes a log only by cutting off its torn end, and leaves it intact when it does', async () => {
    await fc.assert(
      fc.asyncProperty(mutated, fc.boolean(), async ({ bytes }, json) => {
        const path = await onDisk(bytes);
        const result = await run(['verify', '--repair', ...(json ? ['--json'] : []), path]);
        expectTypedAnswer(result);
        tally.add('verify --repair', result.code !== 0);
        expect(result.code).not.toBe(2);
        const after = await readFile(path);
        if (!after.equals(bytes)) {
          // Only a torn end is repaired: cut back (to the last whole line, or a whole cut batch), or the
          // missing line break of a whole last line added; then the repair recorded on a line of its own.
          expect(bytes[bytes.length - 1]).not.toBe(0x0a);
          const lines = after.toString('utf8').split('\n');
          const last = lines.at(-2) ?? '';
          const recorded = lines.length > 2 && last.includes('"type":"log.repaired"');
          const repaired = recorded ? after.subarray(0, after.length - Buffer.byteLength(last) - 1) : after;
          const cut = repaired.length < bytes.length && bytes.subarray(0, repaired.length).equals(repaired);
          const completed = repaired.equals(Buffer.concat([bytes, Buffer.from('\n')]));
          expect(cut || completed).toBe(true);
          expect(result.code).toBe(0);
        }
        if (result.code === 0) expect(referenceEvents(after)).not.toBeNull();
        await cleanUp(path);
      }),
      fuzzParameters(
        0.1,
        intactExamples().map((example) => [example, false] as [typeof example, boolean]),
      ),
    );
    expect(tally.accepted('verify --repair')).toBeGreaterThanOrEqual(4);
  });
});

describe('fuzz: verification marks (LOG.verified.json)', () => {
  /** A mark's text mutated: a byte changed, cut short, one of its values replaced, or garbage. */
  const mutatedMark = (mark: string): fc.Arbitrary<string> => {
    const doc = JSON.parse(mark) as Record<string, unknown>;
    const paths: (readonly (string | number)[])[] = [];
    const walk = (value: unknown, path: readonly (string | number)[]): void => {
      paths.push(path);
      if (Array.isArray(value)) for (const [i, v] of value.entries()) walk(v, [...path, i]);
      else if (typeof value === 'object' && value !== null)
        for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    };
    walk(doc, []);
    const replaced = (path: readonly (string | number)[], value: unknown): string => {
      const copy = JSON.parse(mark) as Record<string | number, unknown>;
      let node: Record<string | number, unknown> = copy;
      for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
      const last = path.at(-1);
      if (last === undefined) return JSON.stringify(value);
      node[last] = value;
      return JSON.stringify(copy);
    };
    const near = (path: readonly (string | number)[]): unknown =>
      path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], doc);
    return fc.oneof(
      fc
        .tuple(fc.nat({ max: mark.length - 1 }), fc.integer({ min: 32, max: 126 }))
        .map(([at, code]) => `${mark.slice(0, at)}${String.fromCharCode(code)}${mark.slice(at + 1)}`),
      fc.nat({ max: mark.length - 1 }).map((n) => mark.slice(0, n)),
      fc.tuple(fc.constantFrom(...paths), fc.integer({ min: -3, max: 3 })).map(([path, delta]) => {
        const value = near(path);
        return replaced(path, typeof value === 'number' ? value + delta : delta);
      }),
      fc.tuple(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 2 })).map(([path, value]) => replaced(path, value)),
      fc.string({ maxLength: 200 }),
    );
  };

  it('a damaged mark never changes a verdict: replay and audit answer as --full does; the log unchanged', async () => {
    const marks: string[] = [];
    for (const bytes of logs) {
      const path = await onDisk(bytes);
      expect((await run(['replay', path], 'fuzz-build')).code).toBe(0);
      marks.push(await readFile(`${path}.verified.json`, 'utf8'));
      await rm(`${path}.verified.json`);
      await cleanUp(path);
    }
    const input = fc.nat({ max: 1 }).chain((i) =>
      fc.record({
        i: fc.constant(i),
        mark: mutatedMark(marks[i] as string),
        command: fc.constantFrom('replay', 'audit'),
        json: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(input, async ({ i, mark, command, json }) => {
        const bytes = logs[i] as Buffer;
        const path = await onDisk(bytes);
        await writeFile(`${path}.verified.json`, mark);
        const argv = [command, ...(json ? ['--json'] : []), path];
        const result = await run(argv, 'fuzz-build');
        expectTypedAnswer(result);
        tally.add('damaged mark', result.code !== 0);
        expect(result).toEqual(await run([command, '--full', ...argv.slice(1)], null));
        expect((await readFile(path)).equals(bytes)).toBe(true);
        await rm(`${path}.verified.json`, { force: true });
        await cleanUp(path);
      }),
      fuzzParameters(0.1),
    );
  });
});

describe('fuzz: JsonlFileStore.open on mutated logs', () => {
  it('opens or refuses with a LogError; reads or refuses with a LogError; appends only to an intact log', async () => {
    await fc.assert(
      fc.asyncProperty(mutated, async ({ bytes }) => {
        const path = await onDisk(bytes);
        const expected = referenceEvents(bytes);
        tally.add('JsonlFileStore.open', expected === null);
        let store: JsonlFileStore;
        try {
          store = await JsonlFileStore.open(path, { lockTimeoutMs: 1000 });
        } catch (error) {
          expect(error).toBeInstanceOf(LogError);
          expect(expected).toBeNull();
          expect((await readFile(path)).equals(bytes)).toBe(true);
          await cleanUp(path);
          return;
        }
        try {
          let events = 0;
          try {
            for await (const batch of store.read()) events += batch.length;
            if (expected !== null) expect(events).toBe(expected);
          } catch (error) {
            expect(error).toBeInstanceOf(LogError);
            expect(expected).toBeNull();
          }
          expect((await readFile(path)).equals(bytes)).toBe(true);
          const torn = bytes[bytes.length - 1] !== 0x0a;
          expect(store.torn).toBe(torn);
          if (torn || expected !== null) {
            const appended = store.append(
              [
                {
                  type: 'host.logged',
                  game: 'fuzz',
                  data: { turn: { year: 1941, season: 'spring' }, kind: 'fuzz', data: {} },
                },
              ],
              logVersion(expected ?? 0),
            );
            if (torn) {
              // Under the lock the torn end is repaired and recorded (a bad last whole line refuses it, changing
              // nothing); the append then goes on, or finds the log moved on by the record.
              const failure = await appended.then(
                () => null,
                (error: unknown) => error,
              );
              const after = await readFile(path);
              if (failure instanceof LogError) expect(after.equals(bytes)).toBe(true);
              else {
                if (failure !== null) expect(failure).toBeInstanceOf(ConcurrencyError);
                const whole = bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
                const completed = Buffer.concat([bytes, Buffer.from('\n')]);
                expect(
                  after.subarray(0, whole.length).equals(whole) ||
                    after.subarray(0, completed.length).equals(completed),
                ).toBe(true);
                expect(after[after.length - 1]).toBe(0x0a);
              }
            } else {
              await appended;
              const after = await readFile(path);
              expect(after.subarray(0, bytes.length).equals(bytes)).toBe(true);
              expect(await verifyLog(path)).toMatchObject({ ok: true, events: (expected ?? 0) + 1 });
            }
          }
        } finally {
          await store.close();
        }
        await cleanUp(path);
      }),
      fuzzParameters(
        0.1,
        intactExamples().map((example) => [example] as [typeof example]),
      ),
    );
    expect(tally.accepted('JsonlFileStore.open')).toBeGreaterThanOrEqual(4);
  });
});

describe('fuzz: the log commands on paths that are not logs', () => {
  it('a missing file, a directory, a FIFO, a device, a socket: exit 2 naming the problem, never a hang', async () => {
    const { cases, close } = await nonRegularFiles(dir);
    try {
      for (const command of [['replay'], ['audit'], ['verify'], ['verify', '--repair'], ['replay', '--full']]) {
        for (const path of [join(dir, 'missing.jsonl'), '/dev/null', ...cases.map(([p]) => p)]) {
          const result = await run([...command, path]);
          expectTypedAnswer(result);
          expectUsageOrInputError(result, false);
          tally.add('not a file', true);
        }
      }
    } finally {
      await close();
    }
    expect(await readdir(dir)).toEqual([]);
  }, 30_000);
});
