// Fuzzing everything that reads a log file: `replay`, `audit`, `verify`, `verify --repair` (in-process through
// runCli, on files in a temporary directory) and JsonlFileStore.open, on logs of the example games mutated by
// byte flips, cuts, duplicated, deleted and swapped lines, lines of another log and random garbage. Each must
// end in a typed answer (exit 0 only for a log the independent reference check finds intact), never a throw,
// a stack trace or a hang, and must leave the file as it was: only `--repair` may change it, and only by
// cutting off a torn end. FUZZ_RUNS and FUZZ_SEED: ./support.ts.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { SurrenderEngine } from '../../src/engine/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { exampleGames } from '../../src/examples/games.js';
import { JsonlFileStore } from '../../src/store/jsonl-file.js';
import { LogError } from '../../src/store/line-format.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { TornLogError } from '../../src/store/store.js';
import { verifyLog } from '../../src/store/verify.js';
import { expectTypedAnswer, expectUsageOrInputError, fuzzParameters, mutatedLog, referenceEvents, Tally, type CliAnswer } from './support.js';

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
  const chosen = [names[0], names.find((n) => n.includes('italy')) ?? names[1]].filter((n): n is string => n !== undefined);
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

async function onDisk(bytes: Buffer): Promise<string> {
  const path = join(dir, `case-${(cases += 1)}.jsonl`);
  await writeFile(path, bytes);
  return path;
}

/** Leaves the directory empty for the next input; nothing but the log itself may have been left behind. */
async function cleanUp(path: string): Promise<void> {
  expect(await readdir(dir)).toEqual([path.slice(dir.length + 1)]);
  await rm(path);
}

async function run(argv: readonly string[]): Promise<CliAnswer> {
  const io = memoryIo();
  const code = await runCli(argv, io);
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
        fuzzParameters(0.1),
      );
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
          // missing line break of a whole last line added.
          expect(bytes[bytes.length - 1]).not.toBe(0x0a);
          const cut = after.length < bytes.length && bytes.subarray(0, after.length).equals(after);
          const completed = after.equals(Buffer.concat([bytes, Buffer.from('\n')]));
          expect(cut || completed).toBe(true);
          expect(result.code).toBe(0);
        }
        if (result.code === 0) expect(referenceEvents(after)).not.toBeNull();
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
            const appended = store.append([{ type: 'host.logged', game: 'fuzz', data: { turn: { year: 1941, season: 'spring' }, kind: 'fuzz', data: {} } }], logVersion(expected ?? 0));
            if (torn) {
              await expect(appended).rejects.toBeInstanceOf(TornLogError);
              expect((await readFile(path)).equals(bytes)).toBe(true);
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
      fuzzParameters(0.1),
    );
  });
});

describe('fuzz: the log commands on paths that are not logs', () => {
  it('a missing file, a directory: exit 2 naming the problem', async () => {
    for (const command of [['replay'], ['audit'], ['verify'], ['verify', '--repair']]) {
      for (const path of [join(dir, 'missing.jsonl'), dir]) {
        const result = await run([...command, path]);
        expectTypedAnswer(result);
        expectUsageOrInputError(result, false);
        tally.add('not a file', true);
      }
    }
    expect(await readdir(dir)).toEqual([]);
  });
});
