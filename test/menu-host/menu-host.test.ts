// A menu-only host (this folder): it imports no rule code and talks to the engine through `awaw-surrender exec`
// alone, reporting random world facts and building every player decision from the choices the engine offers
// (random picks among what may be added, in random orders). Soundness of the menus: every command it builds
// from a menu is accepted, in every game, on every ruling option value. MENU_GAMES games (default 150;
// `npm run model` plays 2,000), MENU_SEED to replay a run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../support/build.js';
import { openExec } from './exec-client.js';
import { playGame, type GameRecord } from './play.js';
import { Schemas } from './world.js';

const GAMES = Math.max(1, Number(process.env['MENU_GAMES'] ?? 150));
const SEED = Number(process.env['MENU_SEED'] ?? 20261201);
/** Every decision kind the engine can raise; each must be reached by some game of a run of 150 or more. */
const KINDS = [
  'respond-to-british-offer',
  'report-british-force-pool',
  'select-british-force-reductions',
  'report-british-hex-control',
  'state-german-terms',
  'decide-japanese-adherence',
  'report-far-east-hex-control',
  'report-italian-forces',
  'select-post-surrender-italian-forces',
];

const dir = mkdtempSync(join(tmpdir(), 'awaw-menu-host-'));
beforeAll(() => ensureBuilt(), 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a menu-only host through exec', () => {
  it(`plays ${GAMES} random whole games, every decision built from ` +
    `the engine's choices alone, and every such command is accepted`, async () => {
    const log = join(dir, 'menu.jsonl');
    const client = openExec(ROOT, log);
    const schemas = new Schemas(ROOT);
    const records: GameRecord[] = [];
    try {
      for (let game = 0; game < GAMES; game += 1) records.push(await playGame(client, schemas, SEED + game, game));
    } finally {
      const exit = await client.close();
      expect([exit.code, exit.stderr]).toEqual([0, '']);
    }
    const reached = new Map<string, number>();
    for (const r of records) for (const d of r.decisions) reached.set(d, (reached.get(d) ?? 0) + 1);
    console.log(
      `menu host: ${GAMES} games, ${records.reduce((n, r) => n + r.commands, 0)} commands, ` +
        `${records.reduce((n, r) => n + r.menus, 0)} menus read, ` +
        `${records.reduce((n, r) => n + r.declarations, 0)} declarations;`,
      Object.fromEntries(reached),
    );
    if (GAMES >= 150) expect(KINDS.filter((kind) => (reached.get(kind) ?? 0) === 0)).toEqual([]);
    // The log the host wrote replays to the same decisions, each re-derived.
    const replay = spawnSync(
      process.execPath,
      [join(ROOT, 'dist/awaw-surrender.cjs'), 'replay', log, '--json', '--full'],
      { encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    expect([replay.status, replay.stderr]).toEqual([0, '']);
    const replayed = JSON.parse(replay.stdout) as { ok: boolean; mismatches: unknown[]; games: unknown[] };
    expect([replayed.ok, replayed.mismatches, replayed.games.length]).toEqual([true, [], GAMES]);
  }, 1_800_000);

  it('imports nothing of the engine: only node, vitest, the build helper and its own modules', () => {
    const here = join(ROOT, 'test/menu-host');
    for (const file of readdirSync(here).filter((f) => f.endsWith('.ts'))) {
      const imports = [...readFileSync(join(here, file), 'utf8').matchAll(/^import [^;]*? from '([^']+)';/gm)].map(
        (m) => m[1],
      );
      expect(
        imports.filter(
          (from) =>
            !(
              from?.startsWith('node:') ||
              from?.startsWith('./') ||
              from === 'vitest' ||
              from === '../support/build.js'
            ),
        ),
      ).toEqual([]);
    }
  });
});
