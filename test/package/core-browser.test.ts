// awaw-surrender/core in a browser: a small program importing it (./browser-program.js) is bundled by esbuild from
// the packed tarball for the browser platform, every import of a Node.js built-in module refused, and the bundle is
// run in a fresh V8 context that has none of Node's globals (and in headless Chromium, when it is there). It plays
// the Sea Lion example game that the package ships through the Decider, and says what is pending.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { build, type Metafile, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../support/build.js';
import { launchBrowser, skipBrowser } from '../browser/chromium.js';
import { packTarball, unpackInto } from './pack.js';

interface Played {
  readonly commands: number;
  readonly appended: readonly (readonly string[])[];
  readonly stops: readonly { readonly seq: number; readonly pending: readonly object[]; readonly words: string[] }[];
  readonly again: unknown;
}

const dir = mkdtempSync(join(tmpdir(), 'awaw-core-browser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
/** Any import of a Node.js built-in module, from the program or from anything it reaches, fails the build. */
const noNodeBuiltins: Plugin = {
  name: 'no-node-builtins',
  setup: (b) =>
    b.onResolve({ filter: /.*/ }, (args) =>
      builtins.has(args.path)
        ? { errors: [{ text: `${args.importer} imports the Node.js built-in module ${args.path}` }] }
        : undefined,
    ),
};

/** Where a bundle's modules come from: each npm package by its name, the program's own files by theirs; sorted. */
const sourcesOf = (metafile: Metafile): string[] =>
  [
    ...new Set(
      Object.keys(metafile.inputs).map((input) => {
        const at = input.lastIndexOf('node_modules/');
        if (at === -1) return input;
        const [first = '', second = ''] = input.slice(at + 'node_modules/'.length).split('/');
        return first.startsWith('@') ? `${first}/${second}` : first;
      }),
    ),
  ].sort();

let bundle = '';
let sources: string[] = [];
beforeAll(async () => {
  ensureBuilt();
  const app = join(dir, 'app');
  const installed = unpackInto(packTarball(dir), app);
  // Sea Lion 1941: Britain's offer at -4 in Summer 1941 (59.23), Germany's acceptance (59.41).
  const events = readFileSync(join(installed, 'examples/sea-lion-1941.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as unknown);
  writeFileSync(join(app, 'game.json'), JSON.stringify({ name: 'sea-lion-1941', stops: [63, 66], events }));
  copyFileSync(join(ROOT, 'test/package/browser-program.js'), join(app, 'main.js'));
  // The package's dependencies come from this repository's node_modules, as an install would bring them.
  const result = await build({
    entryPoints: [join(app, 'main.js')],
    absWorkingDir: app,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    metafile: true,
    nodePaths: [join(ROOT, 'node_modules')],
    plugins: [noNodeBuiltins],
    logLevel: 'silent',
  });
  bundle = result.outputFiles[0]?.text ?? '';
  sources = sourcesOf(result.metafile);
}, 120_000);

/** The Sea Lion game's commands up to seq 66, as the program played them: the exact events and decisions. */
function expectSeaLion(played: Played): void {
  const turn = { season: 'summer', year: 1941 };
  // 59 commands, 50 of them host.logged.
  expect(played.commands).toBe(59);
  expect(played.appended).toEqual([
    ['host.game-started'],
    ['host.city-firestormed'],
    ['host.allied-player-turn-ended', 'germany.surrender-checked', 'italy.surrender-checked'],
    ['host.game-turn-ended', 'britain.resistance-determined'],
    ['war.declared'],
    ['war.declared'],
    ['host.allied-player-turn-ended', 'germany.surrender-checked', 'italy.surrender-checked'],
    ['host.game-turn-ended', 'britain.resistance-determined', 'britain.surrender-offered'],
    ['britain.offer-accepted', 'britain.surrendered'],
  ]);
  const [offered, accepted] = played.stops;
  // 59.23: the offer at -4 waits for Germany, who may accept (59.41) or reject it (59.31): above -10 it is not forced.
  expect(offered).toEqual({
    seq: 63,
    pending: [
      {
        decision: 'respond-to-british-offer',
        by: 'germany',
        rule: '59.23',
        commands: ['britain.offer-accepted', 'britain.offer-rejected'],
        turn,
        resistanceLevel: -4,
        surrenderLevel: -4,
        previousSurrenderLevel: null,
        forced: false,
        choices: {
          answers: [
            {
              rule: '59.41',
              allowed: true,
              refusedBy: null,
              command: { type: 'britain.offer-accepted', data: { turn } },
            },
            {
              rule: '59.31',
              allowed: true,
              refusedBy: null,
              command: { type: 'britain.offer-rejected', data: { turn } },
            },
          ],
        },
      },
    ],
    words: [
      'Germany must accept or reject the British surrender offer of Summer 1941 at level -4 (surrender level -4 if ' +
        'accepted)',
    ],
  });
  // 59.41: the surrender accepted, the host reports the force pool (59.513: 59.512's removals at level -4) and the
  // hex control (59.631).
  expect([
    accepted?.seq,
    accepted?.pending.map(({ choices: _, ...decision }: { choices?: unknown }) => decision),
  ]).toEqual([
    66,
    [
      {
        decision: 'report-british-force-pool',
        by: 'host',
        rule: '59.513',
        commands: ['host.british-force-pool'],
        turn,
        surrenderLevel: -4,
        previousSurrenderLevel: null,
        required: { aafFactors: 8, groundNasBrps: 16, navalFactors: 40 },
      },
      {
        decision: 'report-british-hex-control',
        by: 'host',
        rule: '59.631',
        commands: ['host.british-hex-control'],
        turn,
        surrenderLevel: -4,
      },
    ],
  ]);
  expect(accepted?.words).toEqual([
    'the host must report the British force pool and Royal Navy (every unit with its id, kind, factors, BRPs, ' +
      'theater; a minor-country unit with its country) from which 8 AAF factors, 16 BRPs of ground units or NAS and ' +
      '40 naval factors are removed (59.512, 59.513B-D)',
    'the host must report which British-controlled hexes can trace supply from a mapboard box, and the resulting ' +
      'control (59.631-59.634)',
  ]);
  // 59.41: the acceptance sent again is refused, nothing is waiting for it.
  expect(played.again).toEqual({
    code: 'not-pending',
    rule: '59.41',
    message: 'the British offer of Summer 1941 has been accepted: Britain has surrendered',
  });
}

it('the browser bundle holds the program, the core, xstate, immer and TypeBox: no store, driver or id source', () => {
  expect(sources).toEqual(['@sinclair/typebox', 'awaw-surrender', 'game.json', 'immer', 'main.js', 'xstate']);
  // Nor any code, run or not, that reads Node's globals.
  expect(bundle.match(/\b(require\(|process\.|Buffer\.|__dirname)/g)).toBe(null);
});

it('59.23, 59.41: the bundle plays the Sea Lion game in a V8 context with no Node.js global', () => {
  const context = createContext({});
  expect(runInContext('[typeof process, typeof Buffer, typeof require, typeof setTimeout].join()', context)).toBe(
    'undefined,undefined,undefined,undefined',
  );
  runInContext(bundle, context);
  expectSeaLion(JSON.parse(String(runInContext('globalThis.played', context))) as Played);
});

describe.skipIf(skipBrowser)('in headless Chromium', () => {
  it('59.23, 59.41: the bundle plays the Sea Lion game in a page', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.setContent('<!DOCTYPE html><title>core</title>');
      await page.addScriptTag({ content: bundle });
      const played = (await page.evaluate('globalThis.played')) as string;
      expect(errors).toEqual([]);
      expectSeaLion(JSON.parse(played) as Played);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
