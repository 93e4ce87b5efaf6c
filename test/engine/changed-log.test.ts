// An engine left open while the log is changed other than by appends: a crash cut an append between its
// lines, `verify --repair` (the real CLI, another process) removes that batch and records the repair in its place,
// and another host process appends. The engine must notice that the log is no longer the one it read, read it
// again before it decides, and never append on top of a view of events the log no longer holds (59.21 counts surrenders
// from the log: a decision on a stale view is a wrong rule decision).
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginEvent, StoredEvent } from '../../events/index.js';
import { SurrenderEngine, type CommandResult } from '../../src/host/engine.js';
import { buildExample } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { ensureBuilt, ROOT } from '../support/build.js';

const GAME = 'sea-lion-1941';
const CLI = join(ROOT, 'dist/awaw-surrender.cjs');
const WORKER = fileURLToPath(new URL('./fixtures/execute-worker.mjs', import.meta.url));
const sp42 = { season: 'spring', year: 1942 } as const;
const su42 = { season: 'summer', year: 1942 } as const;

let dir = '';
/** The sea-lion example: a whole log, ending with the Spring 1942 game turn end and its resistance level. */
let example = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-changed-log-'));
  const path = join(dir, 'example.jsonl');
  await buildExample(seaLion1941(), path);
  example = await readFile(path, 'utf8');
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const events = (text: string): StoredEvent[] =>
  text
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as StoredEvent);

/** The example with its last append cut inside its second line, as a crash leaves it (see test/store/crash.test.ts). */
async function cutLog(name: string): Promise<string> {
  const path = join(dir, name);
  const [origin, decision] = events(example).slice(-2);
  expect([origin?.type, decision?.type]).toEqual(['host.game-turn-ended', 'britain.resistance-determined']);
  await writeFile(path, example.slice(0, -40));
  return path;
}

const run = (...args: string[]) => {
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

/** Another host process appends one command through its own engine. */
function otherWriter(path: string, origin: OriginEvent): CommandResult {
  const answer = run(WORKER, path, GAME, JSON.stringify(origin));
  expect([answer.code, answer.stderr]).toEqual([0, '']);
  return JSON.parse(answer.stdout) as CommandResult;
}

/** The script's Spring 1942 commands (the Allied player turn end, the game turn end), moved to `turn`. */
function spring1942(
  type: 'host.allied-player-turn-ended' | 'host.game-turn-ended',
  turn: { readonly season: 'spring' | 'summer'; readonly year: 1942 } = sp42,
): OriginEvent {
  const origin = seaLion1941().events.findLast((e) => e.type === type);
  if (origin === undefined) throw new Error(`fixture: no ${type}`);
  return { ...origin, data: { ...origin.data, turn } } as OriginEvent;
}

// Britain is at peace from Summer 1941, so no British city can be firestormed then: the other writer reports that
// Russia has surrendered, which the resistance level counts (59.21: one major power fewer at war with the Axis).
const russiaSurrenders = (turn: { readonly season: 'spring' | 'summer'; readonly year: 1942 }): OriginEvent => ({
  type: 'host.power-surrendered',
  data: { turn, power: 'russia' },
});

/** The British resistance level appended: its line for major powers at war with the Axis (59.21), and its level. */
function resistance(result: CommandResult): { line: number | undefined; level: number } {
  const event = result.ok ? result.events.find((e) => e.type === 'britain.resistance-determined') : undefined;
  if (event?.type !== 'britain.resistance-determined')
    throw new Error(`no resistance level appended: ${JSON.stringify(result)}`);
  return { line: event.data.lines.find((l) => l.key === 'majorPowersAtWar')?.value, level: event.data.level };
}

/** `replay --full` of the log in its own process: exit 0, no mismatch. */
function expectReplaysClean(path: string): void {
  const replay = run(CLI, 'replay', '--full', path);
  expect([replay.code, replay.stderr]).toEqual([0, '']);
}

/**
 * An engine opened on the cut log; then `verify --repair` removes the cut batch, its record of the repair taking the
 * seq of the removed game turn end, the last event the engine read; then another writer reports Russia's surrender.
 */
async function regrownUnderEngine(name: string): Promise<{ path: string; engine: SurrenderEngine; whole: number }> {
  const path = await cutLog(name);
  const whole = events(example).length;
  const engine = await SurrenderEngine.open(await JsonlFileStore.open(path));
  expect(engine.version).toBe(whole - 1);
  expect(run(CLI, 'verify', '--repair', path).code).toBe(0);
  const storm = otherWriter(path, russiaSurrenders(sp42));
  expect(storm.ok && storm.events.map((e) => e.seq)).toEqual([whole]);
  return { path, engine, whole };
}

describe('an engine left open across verify --repair and another writer', () => {
  it(
    "59.21: the issue's sequence: repair, the engine's next report, another writer's report, the engine's next " +
      'append counts it',
    async () => {
      const path = await cutLog('sequence.jsonl');
      const whole = events(example).length;
      const engine = await SurrenderEngine.open(await JsonlFileStore.open(path));
      // The engine read the cut batch's first line: a game turn end without its resistance level.
      expect(engine.version).toBe(whole - 1);

      const repair = run(CLI, 'verify', '--json', '--repair', path);
      expect(repair.code).toBe(0);
      expect(JSON.parse(repair.stdout)).toMatchObject({
        ok: true,
        events: whole - 1,
        cutBatch: { seq: whole - 1, type: 'host.game-turn-ended' },
        record: { seq: whole - 1, type: 'log.repaired', data: { writer: 'verify', events: 1, seq: whole - 1 } },
      });

      // The host reports the Spring 1942 game turn end again: the engine reads the repaired log before deciding.
      const again = await engine.execute(GAME, spring1942('host.game-turn-ended'));
      expect(again.ok && again.events.map((e) => [e.seq, e.type])).toEqual([
        [whole, 'host.game-turn-ended'],
        [whole + 1, 'britain.resistance-determined'],
      ]);
      expect(resistance(again)).toEqual({ line: 1, level: 2 });

      const storm = otherWriter(path, russiaSurrenders(su42));
      expect(storm.ok && storm.events.map((e) => e.seq)).toEqual([whole + 2]);

      expect((await engine.execute(GAME, spring1942('host.allied-player-turn-ended', su42))).ok).toBe(true);
      const summer = await engine.execute(GAME, spring1942('host.game-turn-ended', su42));
      // 59.21: with Russia surrendered no major power other than Britain is at war with the European Axis.
      expect(resistance(summer)).toEqual({ line: 0, level: 1 });
      await engine.close();
      expectReplaysClean(path);
    },
  );

  it(
    '59.21: the log cut back by a repair and grown again to ' +
      'the very seq the engine had read: the engine reads it again',
    async () => {
      const { path, engine, whole } = await regrownUnderEngine('same-seq.jsonl');
      // In the engine's old view Spring 1942 has ended; in the log it has not, and it holds Russia's surrender.
      const ended = await engine.execute(GAME, spring1942('host.game-turn-ended'));
      expect(ended.ok && ended.events.map((e) => [e.seq, e.type])).toEqual([
        [whole + 1, 'host.game-turn-ended'],
        [whole + 2, 'britain.resistance-determined'],
      ]);
      expect(resistance(ended)).toEqual({ line: 0, level: 1 });
      expect(engine.version).toBe(whole + 2);
      await engine.close();
      expectReplaysClean(path);
    },
  );

  it(
    'a command legal in either view is not appended on top of ' +
      'the old one: the log changed at the same seq is read again first',
    async () => {
      const { path, engine, whole } = await regrownUnderEngine('legal-either-way.jsonl');
      const note = await engine.execute(GAME, { type: 'host.logged', data: { turn: sp42, kind: 'note', data: {} } });
      expect(note.ok && note.events.map((e) => e.seq)).toEqual([whole + 1]);
      // The engine's view is the log's: the surrender it did not write is in it, the removed game turn end is not.
      const fresh = await SurrenderEngine.open(await JsonlFileStore.open(path));
      expect(engine.view(GAME)?.world).toEqual(fresh.view(GAME)?.world);
      expect(engine.view(GAME)?.world.surrendered.russia).toBe(true);
      await Promise.all([engine.close(), fresh.close()]);
      expectReplaysClean(path);
    },
  );
});
