// A host in another language: the Python client (test/clients/python/, standard library only) plays each bundled
// example game from its script through `awaw-surrender exec`, and the log it writes replays to the same rule
// decisions and the same final state as the bundled log. The same client also plays each script with every player
// decision built from the engine's menus alone (play_menus.py, menus.py): each such command is accepted and the
// log replays; and its Python files hold no rule number, unit kind, nationality or territory, the sign that no
// copy of the rules is in it. Skipped, with a notice, where there is no python3, unless AWAW_REQUIRE_PYTHON=1
// (CI), where it fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
if (!hasPython && process.env['AWAW_REQUIRE_PYTHON'] === '1') {
  describe('a Python host', () => {
    it('needs python3 (AWAW_REQUIRE_PYTHON=1)', () => {
      throw new Error(`test/clients/python: no python3 on this machine: ${python.error?.message ?? python.stderr}`);
    });
  });
} else if (!hasPython)
  console.log('test/clients/python: skipped, no python3 on this machine (AWAW_REQUIRE_PYTHON=1 fails instead)');

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
      const run = spawnSync('python3', [CLIENT, scriptPath, log, process.execPath, BIN], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect([run.status, run.stderr]).toEqual([0, '']);
      const bundled = join(ROOT, 'examples', `${name}.jsonl`);
      const played = decisions(log);
      expect(played).toEqual(decisions(bundled));
      expect(played.filter((e) => e.engine).length).toBeGreaterThan(0);
      const replayed = replayJson(log);
      const reference = replayJson(bundled);
      expect(replayed.games).toEqual(reference.games);
      expect([replayed.ok, replayed.version, replayed.mismatches]).toEqual([true, reference.version, []]);
      const summary = JSON.parse(run.stdout) as {
        game: string;
        commands: number;
        head: { seq: number };
        pending: string[];
      };
      expect(summary).toMatchObject({
        game: script.game,
        commands: script.events.length,
        head: { seq: reference.version },
      });
    });
  }
});

const MENUS_CLIENT = join(ROOT, 'test/clients/python/play_menus.py');
const PYTHON_DIR = join(ROOT, 'test/clients/python');
const MENU_DECISIONS = [
  'select-british-force-reductions',
  'state-german-terms',
  'select-post-surrender-italian-forces',
] as const;
const BUILT_TYPES = ['britain.forces-selected', 'britain.terms-demanded', 'italy.forces-selected'];

interface MenuSummary {
  game: string;
  seed: number;
  commands: number;
  built: Record<string, number>;
  skipped: number[];
  head: { seq: number };
  pending: string[];
}

/** Every string a shipped command schema enumerates under FILE (unit kinds, nationalities, ship types and statuses). */
function enumerated(file: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'enum' && Array.isArray(value))
          found.push(...value.filter((v): v is string => typeof v === 'string'));
        else if (key === 'const' && typeof value === 'string') found.push(value);
        else walk(value);
      }
    }
  };
  walk(JSON.parse(readFileSync(join(ROOT, 'schemas/command', file), 'utf8')));
  return found;
}

describe.skipIf(!hasPython)('a Python host that builds its decisions from the menus', () => {
  const built: Record<string, number> = {};
  let differing = 0;
  for (const [name, make] of Object.entries(exampleGames)) {
    it(`plays ${name}: every selection, demand and answer built from the choices is accepted; the log replays`, () => {
      const script = make();
      const scriptPath = join(dir, `${name}.menus.script.json`);
      writeFileSync(scriptPath, JSON.stringify({ game: script.game, commands: script.events }));
      const log = join(dir, `${name}.menus.jsonl`);
      const run = spawnSync('python3', [MENUS_CLIENT, scriptPath, log, '--seed', '1', process.execPath, BIN], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect([run.status, run.stderr]).toEqual([0, '']);
      const summary = JSON.parse(run.stdout) as MenuSummary;
      expect(summary).toMatchObject({ game: script.game, seed: 1, pending: [] });
      for (const [decision, count] of Object.entries(summary.built)) built[decision] = (built[decision] ?? 0) + count;
      const replayed = replayJson(log);
      expect([replayed.ok, replayed.version, replayed.mismatches]).toEqual([true, summary.head.seq, []]);
      // Each menu-built command is in the log as a player decision (war declarations are sent as scripted).
      const players = decisions(log).filter(
        (e) => definitionOf(e.type)?.source === 'player' && e.type !== 'war.declared',
      ).length;
      expect(players).toBe(Object.values(summary.built).reduce((a, b) => a + b, 0));
      // The menus, not the script, chose: selections and demands that differ from the bundled game's.
      const chosen = (path: string): string[] =>
        decisions(path)
          .filter((e) => BUILT_TYPES.includes(e.type))
          .map((e) => JSON.stringify(e.data));
      const scripted = chosen(join(ROOT, 'examples', `${name}.jsonl`));
      differing += chosen(log).filter((data, at) => data !== scripted[at]).length;
    });
  }

  it(
    'built at least one British selection, one set of German terms and ' +
      'one Italian allocation from the menus, not all as the script chose',
    () => {
      expect(Object.keys(built).length).toBeGreaterThan(0);
      for (const decision of MENU_DECISIONS) expect([decision, (built[decision] ?? 0) > 0]).toEqual([decision, true]);
      expect(differing).toBeGreaterThan(0);
    },
  );
});

describe('the Python host carries no copy of the rules', () => {
  const sources = readdirSync(PYTHON_DIR)
    .filter((f) => f.endsWith('.py'))
    .map((f) => ({ file: f, text: readFileSync(join(PYTHON_DIR, f), 'utf8') }));
  const forbidden = [
    ...new Set([
      ...enumerated('host.british-force-pool.json'),
      ...enumerated('host.italian-forces-reported.json'),
      ...Object.keys(
        (
          JSON.parse(readFileSync(join(ROOT, 'schemas/command/host.british-hex-control.json'), 'utf8')) as {
            properties: { data: { properties: { territories: { properties: object } } } };
          }
        ).properties.data.properties.territories.properties,
      ),
    ]),
    'kind',
    'factors',
  ].filter((v) => !['spring', 'summer', 'fall', 'winter'].includes(v) && !v.includes('.'));

  it(
    'reads the menus module and its player among the Python ' +
      'files, and the forbidden values from the shipped schemas',
    () => {
      expect(sources.map((s) => s.file).sort()).toEqual([
        'awaw_client.py',
        'menus.py',
        'play_example.py',
        'play_menus.py',
      ]);
      expect(forbidden).toEqual(
        expect.arrayContaining([
          'british',
          'minor',
          'aaf',
          'naval',
          'battleship',
          'destroyer',
          'row-3-plus',
          'malta',
          'southern-england',
        ]),
      );
    },
  );

  it(
    '59.513, 59.514, 59.65, 59.66, 56.31, 56.32: no rule number, unit kind, nationality, ship type or status, ' +
      'territory or Italian category in the Python files',
    () => {
      for (const { file, text } of sources) {
        expect([file, text.match(/\b\d{2}\.\d+[A-Z]?\b/g)]).toEqual([file, null]);
        expect([
          file,
          text.match(/\b(nationality|exempt\w*|eligib\w*|infantry|namedShips|cruisers?|destroyers?|battleships?)\b/gi),
        ]).toEqual([file, null]);
        const quoted = forbidden.filter((value) => text.includes(`"${value}"`) || text.includes(`'${value}'`));
        expect([file, quoted]).toEqual([file, []]);
      }
    },
  );
});
