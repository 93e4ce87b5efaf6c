// The calculators take the ruling options a game fixes in host.game-started as `--option NAME=VALUE`
// (src/cli/ruling-options.ts, docs/rulings.md), with their JSON input and output unchanged.
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { britishResistanceExample, italianSurrenderExample } from '../support/calculator-examples.js';

async function cli(argv: string[], files: Record<string, string>) {
  const io = memoryIo(files);
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** U.S. and Russia at war, USAT 35: the 30-39 row is the one the option is about. */
const usAtWar35 = JSON.stringify({
  ...britishResistanceExample,
  atWarWithEuropeanAxis: { us: true, russia: true, france: false },
  usatLevel: 35,
});
const british = (...argv: string[]) =>
  cli(['british-resistance', '--json', ...argv, 'in.json'], { 'in.json': usAtWar35 });
const italian = (...argv: string[]) =>
  cli(['italian-surrender', ...argv, 'in.json'], { 'in.json': JSON.stringify(italianSurrenderExample) });

interface BritishOutput {
  level: number;
  offersSurrender: boolean;
  surrenderLevelIfAccepted: number;
  lines: { key: string; rule: string; value: number; detail: string }[];
}
const parsed = (stdout: string) => JSON.parse(stdout) as BritishOutput;

describe('59.21: british-resistance --option usat30to39WhenUsAtWar', () => {
  it(
    '59.21: "counts" (the default, also when not given) keeps the ' +
      '+1 of the USAT 30-39 row while the U.S. is at war with Germany',
    async () => {
      const given = await british('--option', 'usat30to39WhenUsAtWar=counts');
      const omitted = await british();
      expect([given.code, given.stderr]).toEqual([0, '']);
      expect(given.stdout).toBe(omitted.stdout);
      const out = parsed(given.stdout);
      expect(out.lines.find((l) => l.key === 'usat30to39')).toEqual({
        key: 'usat30to39',
        rule: '59.21',
        value: 1,
        detail: 'USAT level 35 is between 30 and 39: +1',
      });
      expect([out.level, out.surrenderLevelIfAccepted, out.offersSurrender]).toEqual([1, 1, false]);
    },
  );

  it(
    '59.21: "ignored" drops the USAT 30-39 row while the U.S. is at war with Germany: one level lower (here an ' +
      'offer, 59.12), every other line the same',
    async () => {
      const counts = parsed((await british()).stdout);
      const r = await british('--option=usat30to39WhenUsAtWar=ignored');
      expect([r.code, r.stderr]).toEqual([0, '']);
      const out = parsed(r.stdout);
      expect(out.lines.find((l) => l.key === 'usat30to39')).toEqual({
        key: 'usat30to39',
        rule: '59.21',
        value: 0,
        detail:
          'USAT level 35 is between 30 and 39 but does not count while the U.S. is at war with Germany ' +
          '(ruling option of 59.21, docs/rulings.md): 0',
      });
      expect([out.level, out.surrenderLevelIfAccepted, out.offersSurrender]).toEqual([0, 0, true]);
      expect(out.lines.filter((l) => l.key !== 'usat30to39')).toEqual(
        counts.lines.filter((l) => l.key !== 'usat30to39'),
      );
      // The output document keeps the contract's fields: the option is not echoed in it.
      expect(Object.keys(out)).toEqual([
        'level',
        'offersSurrender',
        'germanyMustAccept',
        'surrenderLevelIfAccepted',
        'naval',
        'lines',
      ]);
    },
  );

  it('59.21: "ignored" changes nothing while the U.S. is not at war with Germany', async () => {
    const neutral = JSON.stringify({ ...britishResistanceExample, usatLevel: 35 });
    const a = await cli(['british-resistance', '--json', '--option', 'usat30to39WhenUsAtWar=ignored', 'in.json'], {
      'in.json': neutral,
    });
    const b = await cli(['british-resistance', '--json', 'in.json'], { 'in.json': neutral });
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(parsed(a.stdout).lines.find((l) => l.key === 'usat30to39')?.value).toBe(1);
  });
});

describe('56.32: italian-surrender --option unfinishedLightShips', () => {
  const footnote = (stdout: string) => stdout.trimEnd().split('\n').at(-1);

  it(
    '56.32: "rows-2-and-launch" (the default): the table says ' +
      'unfinished ships on the "2" or "Launch" row may be selected',
    async () => {
      const given = await italian('--option', 'unfinishedLightShips=rows-2-and-launch');
      expect([given.code, given.stderr, given.stdout]).toEqual([0, '', (await italian()).stdout]);
      expect(footnote(given.stdout)).toBe(
        '* one named ship of the selecting player\'s choice; unfinished or damaged ships on the "2" or "Launch" row ' +
          'may be selected',
      );
    },
  );

  it(
    '56.32: "never": the table says unfinished cruisers and ' +
      'destroyers may not be selected; the JSON (the 56.32 row) is the same',
    async () => {
      const r = await italian('--option', 'unfinishedLightShips=never');
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(footnote(r.stdout)).toBe(
        '* one named ship of the selecting player\'s choice; unfinished or damaged named ships on the "2" or ' +
          '"Launch" row may be selected, unfinished cruisers and destroyers may not (option ' +
          'unfinishedLightShips: never)',
      );
      const never = await italian('--json', '--option', 'unfinishedLightShips=never');
      const standard = await italian('--json');
      expect(never.code).toBe(0);
      expect(never.stdout).toBe(standard.stdout);
      expect(JSON.parse(never.stdout)).toMatchObject({
        surrenderLevel: -2,
        forces: { us: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 } },
      });
    },
  );
});

describe('--option errors are usage errors (exit 2) naming the option and the allowed values', () => {
  const line = (message: string) => `$: usage: ${message}\n`;
  it.each([
    [
      'a value the option does not have',
      ['british-resistance', '--option', 'usat30to39WhenUsAtWar=maybe'],
      'british-resistance: --option usat30to39WhenUsAtWar="maybe": expected counts or ignored',
    ],
    [
      'an option that does not exist',
      ['british-resistance', '--option', 'usat3039=ignored'],
      'british-resistance: --option "usat3039": no such ruling option (the options are usWarContinuationException, ' +
        'surrenderAfterGermanDeclaration, usat30to39WhenUsAtWar, unfinishedLightShips, ' +
        'italianWarDeclarations; british-resistance takes --option usat30to39WhenUsAtWar=counts|ignored)',
    ],
    [
      'an option of another calculator',
      ['italian-surrender', '--option', 'usat30to39WhenUsAtWar=ignored'],
      'italian-surrender: --option usat30to39WhenUsAtWar does not apply to italian-surrender (italian-surrender ' +
        'takes --option unfinishedLightShips=rows-2-and-launch|never)',
    ],
    [
      'an option no calculator takes (the engine applies it; the input carries its result)',
      ['british-resistance', '--option', 'surrenderAfterGermanDeclaration=below-previous'],
      'british-resistance: --option surrenderAfterGermanDeclaration does not apply to british-resistance ' +
        '(british-resistance takes --option usat30to39WhenUsAtWar=counts|ignored)',
    ],
    [
      'an option on a calculator that takes none',
      ['concessions', '--option', 'usWarContinuationException=59.85'],
      'concessions: --option usWarContinuationException does not apply to concessions (concessions takes no --option)',
    ],
    [
      'no NAME=VALUE',
      ['british-resistance', '--option', 'ignored'],
      'british-resistance: --option "ignored": expected NAME=VALUE (british-resistance takes --option ' +
        'usat30to39WhenUsAtWar=counts|ignored)',
    ],
    [
      'the same option twice',
      ['british-resistance', '--option', 'usat30to39WhenUsAtWar=ignored', '--option', 'usat30to39WhenUsAtWar=counts'],
      'british-resistance: --option usat30to39WhenUsAtWar is given twice',
    ],
    ['--option without a value', ['british-resistance', 'in.json', '--option'], '--option needs a value'],
    [
      '--option followed by another option',
      ['british-resistance', '--option', '--full', 'in.json'],
      '--option needs a value (found --full; write --option=VALUE for a value that starts with -)',
    ],
    [
      '--option on a log command',
      ['replay', '--option', 'usat30to39WhenUsAtWar=ignored', 'game.jsonl'],
      "--option applies to the calculators only (a log's games fix their options in host.game-started)",
    ],
  ])('%s', async (_what, argv, message) => {
    const args = argv.includes('in.json') ? argv : [...argv, 'in.json'];
    const r = await cli(args, { 'in.json': usAtWar35 });
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', line(message)]);
    const withJson = await cli(['--json', ...args], { 'in.json': usAtWar35 });
    expect([withJson.code, JSON.parse(withJson.stdout)]).toEqual([
      2,
      { error: { path: '$', message: `usage: ${message}` } },
    ]);
  });
});
