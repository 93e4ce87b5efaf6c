// A host in another language: the Python client (test/clients/python/, standard library only) plays each bundled
// example game from its script through `awaw-surrender exec`, and the log it writes replays to the same rule
// decisions and the same final state as the bundled log. Skipped, with a notice, where there is no python3.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionOf } from '../../events/index.js';
import { exampleGames } from '../../src/examples/games.js';
import { ensureBuilt, ROOT } from '../support/build.js';
import { BIN } from '../support/exec-process.js';

const CLIENT = join(ROOT, 'test/clients/python/play_example.py');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;
if (!hasPython) console.log('test/clients/python: skipped, no python3 on this machine');

const dir = mkdtempSync(join(tmpdir(), 'awaw-python-'));
beforeAll(() => ensureBuilt(), 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the rules decided, event by event: everything of a line but its id, time and hash. */
function decisions(path: string): { seq: number; game: string; type: string; data: unknown; engine: boolean }[] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => {
      const { seq, game, type, data } = JSON.parse(line) as { seq: number; game: string; type: string; data: unknown };
      return { seq, game, type, data, engine: definitionOf(type)?.source === 'engine' };
    });
}

function replayJson(path: string): { ok: boolean; version: number; games: unknown[]; mismatches: unknown[] } {
  const run = spawnSync(process.execPath, [BIN, 'replay', path, '--json', '--full'], { encoding: 'utf8' });
  expect([run.status, run.stderr]).toEqual([0, '']);
  return JSON.parse(run.stdout) as { ok: boolean; version: number; games: unknown[]; mismatches: unknown[] };
}

describe.skipIf(!hasPython)('a Python host through exec', () => {
  for (const [name, make] of Object.entries(exampleGames)) {
    it(`plays ${name} from its script: the log replays to the bundled log's rule decisions and final state`, () => {
      const script = make();
      const scriptPath = join(dir, `${name}.script.json`);
      writeFileSync(scriptPath, JSON.stringify({ game: script.game, commands: script.events }));
      const log = join(dir, `${name}.jsonl`);
      const run = spawnSync('python3', [CLIENT, scriptPath, log, process.execPath, BIN], { encoding: 'utf8', timeout: 120_000 });
      expect([run.status, run.stderr]).toEqual([0, '']);
      const bundled = join(ROOT, 'examples', `${name}.jsonl`);
      const played = decisions(log);
      expect(played).toEqual(decisions(bundled));
      expect(played.filter((e) => e.engine).length).toBeGreaterThan(0);
      const replayed = replayJson(log);
      const reference = replayJson(bundled);
      expect(replayed.games).toEqual(reference.games);
      expect([replayed.ok, replayed.version, replayed.mismatches]).toEqual([true, reference.version, []]);
      const summary = JSON.parse(run.stdout) as { game: string; commands: number; head: { seq: number }; pending: string[] };
      expect(summary).toMatchObject({ game: script.game, commands: script.events.length, head: { seq: reference.version } });
    });
  }
});
