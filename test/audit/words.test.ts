// What a person reads is in words with rule numbers (55, 56, 59): the text audit, the `replay` summary and the
// report of every bundled game and of a round of games played by the menu-only host hold no bare effect code, no
// camelCase key, no machine state name, and the text audit no line wider than 100 columns.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectCodes } from '../../events/effects.js';
import { britainMachine, germanyMachine, italyMachine } from '../../machines/index.js';
import { deterministicSource } from '../../src/examples/build.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { defaultRulingOptions } from '../../src/rules/options.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { gameTurnEnded, usAtWarStart } from '../support/british-fixtures.js';
import { ensureBuilt, ROOT } from '../support/build.js';
import { turn } from '../support/fixtures.js';
import { openExec } from '../menu-host/exec-client.js';
import { playGame } from '../menu-host/play.js';
import { Schemas } from '../menu-host/world.js';

const dir = mkdtempSync(join(tmpdir(), 'awaw-words-'));
const MENU_LOG = join(dir, 'menu.jsonl');
/**
 * A game whose ruling option drops the USAT 30 to 39 row while the U.S. is at war with Germany (59.21, docs/
 * rulings.md), at USAT level 35: the row and the option in words, which no bundled game shows.
 */
const OPTION_LOG = join(dir, 'usat-row-ignored.jsonl');
const GAMES = 12;
beforeAll(async () => {
  ensureBuilt();
  const engine = await SurrenderEngine.open(
    await JsonlFileStore.open(OPTION_LOG, { create: true, source: deterministicSource('usat-row-ignored') }),
  );
  for (const origin of [
    usAtWarStart({ options: { ...defaultRulingOptions, usat30to39WhenUsAtWar: 'ignored' } }),
    gameTurnEnded(turn('spring', 1943), { usatLevel: 35 }),
  ])
    expect((await engine.execute('g1', origin)).ok).toBe(true);
  await engine.close();
  const client = openExec(ROOT, MENU_LOG);
  const schemas = new Schemas(ROOT);
  for (let game = 0; game < GAMES; game += 1) await playGame(client, schemas, 20261202 + game, game);
  await client.close();
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]): string => {
  const run = spawnSync(process.execPath, [join(ROOT, 'dist/awaw-surrender.cjs'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${args.join(' ')}: exit ${run.status}: ${run.stderr}`);
  return run.stdout;
};

/** Every state of a machine, by the name its node has (`selecting`, `awaitingPool` ...). */
function stateNames(root: { readonly key: string; readonly states: Record<string, unknown> }): string[] {
  const names: string[] = [];
  const walk = (node: { readonly key: string; readonly states: Record<string, unknown> }): void => {
    names.push(node.key);
    for (const child of Object.values(node.states)) walk(child as typeof node);
  };
  walk(root);
  return names;
}

const CODES = Object.keys(effectCodes).filter((c) => c.includes('-'));
const STATES = [germanyMachine, britainMachine, italyMachine].flatMap((m) => stateNames(m.root));
// A camelCase key, digits in it too (`maltaSingapore`, `usat30to39WhenUsAtWar`).
const CAMEL = /\b[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b/g;

/** The words a reader finds in `text` that are a code, a key or a state name, each with its line. */
function unworded(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    for (const match of line.match(CAMEL) ?? []) found.push(`${match} in: ${line.trim()}`);
    for (const code of CODES)
      if (new RegExp(`(^|[^a-z0-9-])${code}($|[^a-z0-9-])`).test(line)) found.push(`${code} in: ${line.trim()}`);
    // A state path as `stateName` writes it (`surrendered.forces.selecting`).
    for (const match of line.match(/\b[a-z]+\.[a-z]+[A-Za-z]*\b/g) ?? [])
      if (STATES.includes(match.split('.')[0] ?? '')) found.push(`${match} in: ${line.trim()}`);
  }
  return found;
}

/** The report's visible text: no scripts, styles or tags, the entities read. */
const visibleText = (html: string): string =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

const EXAMPLES = readdirSync(join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => join(ROOT, 'examples', f));

describe('every line a person reads is in words', () => {
  it.each([...EXAMPLES, OPTION_LOG, MENU_LOG])(
    '55, 56, 59: the audit of %s, in words and at most 100 columns',
    (log) => {
      const text = cli('audit', log);
      expect(text.split('\n').length).toBeGreaterThan(20);
      expect(unworded(text)).toEqual([]);
      expect(text.split('\n').filter((line) => line.length > 100)).toEqual([]);
    },
  );

  it.each([...EXAMPLES, OPTION_LOG, MENU_LOG])('55, 56, 59: the replay summary of %s, in words', (log) => {
    const text = cli('replay', log).replaceAll(log, 'LOG');
    expect(text).toMatch(/Germany: .+\n {2}Britain: .+\n {2}Italy: .+/);
    expect(unworded(text)).toEqual([]);
  });

  it.each([...EXAMPLES, OPTION_LOG])('55, 56, 59: the report of %s, in words', (log) => {
    const out = join(dir, 'report.html');
    cli('report', log, '--out', out);
    expect(unworded(visibleText(readFileSync(out, 'utf8')))).toEqual([]);
  });

  it('59.21: the USAT 30 to 39 row the ruling option drops, in words in the report', () => {
    const out = join(dir, 'option-report.html');
    cli('report', OPTION_LOG, '--out', out);
    const row =
      '59.21 USAT level 35 is between 30 and 39 but does not count while the U.S. is at war with Germany ' +
      '(ruling option of 59.21, docs/rulings.md): 0';
    expect(visibleText(readFileSync(out, 'utf8')).replace(/\s+/g, ' ')).toContain(row);
    expect(visibleText(readFileSync(out, 'utf8'))).toContain(
      'ruling option 59.21, the USAT 30 to 39 row while the U.S. is at war with Germany: does not count',
    );
  });

  it('the check finds a code, a key and a state name where they stand', () => {
    expect(
      unworded(
        '59.512 force-reduction-required\nzero: 59.22B maltaSingapore\n59.21 (option usat30to39WhenUsAtWar: ' +
          'ignored)\nBritain: surrendered.forces.selecting',
      ),
    ).toEqual([
      'force-reduction-required in: 59.512 force-reduction-required',
      'maltaSingapore in: zero: 59.22B maltaSingapore',
      'usat30to39WhenUsAtWar in: 59.21 (option usat30to39WhenUsAtWar: ignored)',
      'surrendered.forces in: Britain: surrendered.forces.selecting',
    ]);
  });
});
