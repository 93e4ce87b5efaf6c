// `awaw-surrender append LOG [--game G] [--command-id ID] FILE|-` as a real process (the built CLI): one command,
// one JSON result, exit 0 appended, 1 refused by a rule, 2 malformed or unusable; anything but 0 leaves the log byte
// for byte as it was; a command sent again with its id prints its first result.
import { spawnSync } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPathOf } from '../../src/store/file/verified-mark.js';
import { ensureBuilt, ROOT } from '../support/build.js';
import { ACCEPT, acceptOffer, BIN, SEA_LION, seaLionLog } from '../support/exec-process.js';

const GAME = SEA_LION;
const accept = acceptOffer;

let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-append-'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

let logs = 0;
const logAt = (count: number, others: readonly string[] = []) =>
  seaLionLog(join(dir, `log-${++logs}.jsonl`), count, others);

function append(args: readonly string[], input = '') {
  const run = spawnSync(process.execPath, [BIN, 'append', ...args], { input, encoding: 'utf8' });
  let json: unknown = null;
  try {
    json = JSON.parse(run.stdout);
  } catch {
    // not JSON: json stays null, and the test says so
  }
  return { code: run.status, json, stderr: run.stderr };
}

describe('awaw-surrender append', () => {
  it('59.23: exit 0 appends the command and prints the events, the head and what is now pending', async () => {
    const { path, version } = await logAt(ACCEPT);
    const before = await readFile(path, 'utf8');
    const run = append([path, '--game', GAME, '-'], JSON.stringify(accept));
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.json).toMatchObject({
      ok: true,
      game: GAME,
      version: version + 2,
      head: { seq: version + 2 },
      events: [
        { seq: version + 1, type: 'britain.offer-accepted' },
        { seq: version + 2, type: 'britain.surrendered' },
      ],
      pending: [{ decision: 'report-british-force-pool', rule: '59.513' }, { decision: 'report-british-hex-control' }],
    });
    const after = await readFile(path, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.trimEnd().split('\n')).toHaveLength(before.trimEnd().split('\n').length + 2);
    // The log was read as replay reads it, and marked: the next fresh process trusts what this one checked.
    expect(JSON.parse(await readFile(markPathOf(path), 'utf8'))).toMatchObject({ events: version });
  });

  it('--command-id: sent again, the command prints its first result, repeated, exit 0, the log unchanged', async () => {
    const { path, version } = await logAt(ACCEPT);
    const first = append([path, '--command-id', 'accept-1', '-'], JSON.stringify(accept));
    expect(first).toMatchObject({
      code: 0,
      json: { ok: true, events: [{ seq: version + 1, commandId: 'accept-1' }, { seq: version + 2 }] },
    });
    expect(first.json).not.toHaveProperty('repeated');
    const before = await readFile(path, 'utf8');
    const again = append([path, '--command-id', 'accept-1', '-'], JSON.stringify(accept));
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(again.json).toEqual({ ...(first.json as object), repeated: true });
    expect(await readFile(path, 'utf8')).toBe(before);
    const other = { type: 'britain.offer-rejected', data: accept.data };
    expect(append([path, '--command-id', 'accept-1', '-'], JSON.stringify(other))).toMatchObject({
      code: 1,
      json: { ok: false, rejection: { code: 'command-id-reused', rule: 'command-id' } },
    });
    expect(append([path, '--command-id', 'no spaces', '-'], JSON.stringify(accept))).toEqual({
      code: 2,
      json: {
        error: {
          path: '--command-id',
          message: 'expected 1 to 128 characters, each a letter, a digit or one of _ . : - (^[A-Za-z0-9_.:-]{1,128}$)',
        },
      },
      stderr:
        '--command-id: expected 1 to 128 characters, each a letter, a digit or one of _ . : - ' +
        '(^[A-Za-z0-9_.:-]{1,128}$)\n',
    });
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it(
    "the game: the command's own, else --game, else the log's only game; both given must agree; none on a log of " +
      'several is exit 2',
    async () => {
      const one = await logAt(ACCEPT);
      expect(append([one.path, '-'], JSON.stringify({ game: GAME, ...accept }))).toMatchObject({
        code: 0,
        json: { ok: true, game: GAME },
      });
      const only = await logAt(ACCEPT);
      expect(append([only.path, '-'], JSON.stringify(accept))).toMatchObject({
        code: 0,
        json: { ok: true, game: GAME },
      });
      const several = await logAt(ACCEPT, ['g2']);
      const before = await readFile(several.path);
      expect(append([several.path, '-'], JSON.stringify(accept))).toEqual({
        code: 2,
        json: {
          error: {
            path: 'game',
            message: `the command names no game and the log holds several (${GAME}, g2): give --game`,
          },
        },
        stderr: `game: the command names no game and the log holds several (${GAME}, g2): give --game\n`,
      });
      expect(append([several.path, '--game', 'g2', '-'], JSON.stringify({ game: GAME, ...accept }))).toMatchObject({
        code: 2,
        json: { error: { path: 'game', message: `the command is for game "${GAME}", --game names "g2"` } },
      });
      expect((await readFile(several.path)).equals(before)).toBe(true);
    },
  );

  it("exit 1: a rule refuses the command; the result names code and rule; the log's bytes are unchanged", async () => {
    const { path } = await logAt(ACCEPT);
    const before = await readFile(path);
    const early = { type: 'britain.forces-selected', data: { turn: { season: 'summer', year: 1941 }, selection: [] } };
    const run = append([path, '-'], JSON.stringify(early));
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({
      ok: false,
      game: GAME,
      rejection: { code: 'not-pending', rule: expect.any(String), message: expect.any(String) },
    });
    expect(run.stderr).toMatch(/^not-pending \(.+\): .*; nothing was appended\n$/);
    const noGame = append([path, '--game', 'g9', '-'], JSON.stringify(accept));
    expect(noGame).toMatchObject({
      code: 1,
      json: { ok: false, game: 'g9', rejection: { code: 'no-game', rule: 'sequence' } },
    });
    expect((await readFile(path)).equals(before)).toBe(true);
  });

  it(
    'exit 2, {error: {path, message}}: malformed input or command, a missing log, ' + 'bad usage; log unchanged',
    async () => {
      const { path } = await logAt(ACCEPT);
      const commandFile = join(dir, 'bad.json');
      await writeFile(commandFile, Buffer.from([0x7b, 0xfe, 0x7d]));
      const before = await readFile(path);
      expect(append([path, '-'], '{"type":')).toMatchObject({
        code: 2,
        json: { error: { path: '$', message: expect.stringMatching(/^not valid JSON/) } },
      });
      expect(append([path, commandFile])).toMatchObject({
        code: 2,
        json: { error: { path: '$', message: 'not valid UTF-8: byte 0xfe at offset 1' } },
      });
      expect(append([path, '-'], '[]')).toMatchObject({ code: 2, json: { error: { path: '$' } } });
      expect(append([path, '-'], JSON.stringify({ game: 7, ...accept }))).toMatchObject({
        code: 2,
        json: { error: { path: 'game' } },
      });
      expect(append([path, '-'], JSON.stringify({ type: 'host.game-turn-ended', data: {} }))).toEqual({
        code: 2,
        json: { error: { path: 'data.turn', message: 'missing required field (expected an object)' } },
        stderr: 'data.turn: missing required field (expected an object)\n',
      });
      expect(append([path, '-'], JSON.stringify({ ...accept, extra: 1 }))).toEqual({
        code: 2,
        json: {
          error: {
            path: 'extra',
            message: 'not a member of a command: expected only type, data and, optionally, game',
          },
        },
        stderr: 'extra: not a member of a command: expected only type, data and, optionally, game\n',
      });
      expect(append([path, '-'], JSON.stringify({ type: 'britain.surrendered', data: {} }))).toEqual({
        code: 2,
        json: { error: { path: '$', message: '"britain.surrendered" is not a host report or a player decision' } },
        stderr: '$: "britain.surrendered" is not a host report or a player decision\n',
      });
      // A mistyped type names the command type it is nearest to; an engine event's type (above) is named as it is.
      const typo =
        '"britain.offer-acepted" is not a host report or a player decision: did you mean "britain.offer-accepted"?';
      expect(append([path, '-'], JSON.stringify({ ...accept, type: 'britain.offer-acepted' }))).toEqual({
        code: 2,
        json: { error: { path: '$', message: typo } },
        stderr: `$: ${typo}\n`,
      });
      // The store's record of a repair is no command either.
      const record = { writer: 'append', bytes: 0, sha256: '0'.repeat(64), seq: null, events: 0, lineBreakAdded: true };
      expect(append([path, '-'], JSON.stringify({ type: 'log.repaired', data: record }))).toMatchObject({
        code: 2,
        json: { error: { path: '$', message: '"log.repaired" is not a host report or a player decision' } },
      });
      expect(append([path, join(dir, 'none.json')])).toMatchObject({
        code: 2,
        json: { error: { path: '$', message: `cannot read ${join(dir, 'none.json')}: no such file or directory` } },
      });
      expect((await readFile(path)).equals(before)).toBe(true);
      expect(append([join(dir, 'missing.jsonl'), '-'], JSON.stringify(accept))).toMatchObject({
        code: 2,
        json: {
          error: {
            path: '$',
            message:
              `cannot read ${join(dir, 'missing.jsonl')}: no such file or directory; ` +
              'exec LOG --create starts a new log (append adds to one that exists)',
          },
        },
      });
      expect(append([path])).toMatchObject({
        code: 2,
        json: {
          error: {
            path: '$',
            message:
              'usage: append takes a log file and a command file (or - for ' +
              'standard input) (awaw-surrender append LOG [--game G] [--command-id ID] FILE|-)',
          },
        },
      });
      const help = spawnSync(process.execPath, [BIN, 'append', '--help'], { encoding: 'utf8' });
      expect([help.status, help.stderr]).toEqual([0, '']);
      expect(help.stdout).toContain('\n\nusage:\n  awaw-surrender append LOG [--game G] [--command-id ID] FILE|-\n\n');
      expect(append([path, '--game'])).toMatchObject({
        code: 2,
        json: {
          error: {
            message: 'usage: --game needs a value (awaw-surrender append LOG [--game G] [--command-id ID] FILE|-)',
          },
        },
      });
    },
  );

  it(
    'the example of append --help runs as printed, from a directory holding the bundled examples: it appends to a ' +
      'copy, and the bundled log is unchanged',
    async () => {
      const help = spawnSync(process.execPath, [BIN, 'append', '--help'], { encoding: 'utf8' });
      const lines = help.stdout.split('\n');
      const example = lines
        .slice(lines.indexOf('example:') + 1)
        .map((line) => line.replace(/^ {2}/, ''))
        .join('\n');
      expect(example.startsWith('cp examples/sea-lion-1941.jsonl ')).toBe(true);
      // The project's layout in a directory of its own, and the command on the PATH as an install puts it.
      const cwd = join(dir, 'example-run');
      await mkdir(join(cwd, 'examples'), { recursive: true });
      await mkdir(join(cwd, 'bin'));
      await copyFile(join(ROOT, 'examples/sea-lion-1941.jsonl'), join(cwd, 'examples/sea-lion-1941.jsonl'));
      const command = join(cwd, 'bin', 'awaw-surrender');
      await writeFile(command, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
      await chmod(command, 0o755);
      const bundled = await readFile(join(ROOT, 'examples/sea-lion-1941.jsonl'));
      const env = { ...process.env, PATH: `${join(cwd, 'bin')}:${process.env['PATH'] ?? ''}` };
      // Twice: the copy is made again each time, so the example runs as often as it is tried.
      for (const _ of [1, 2]) {
        const run = spawnSync('sh', ['-c', example], { cwd, env, encoding: 'utf8' });
        expect([run.status, run.stderr]).toEqual([0, '']);
        expect(JSON.parse(run.stdout)).toMatchObject({
          ok: true,
          game: GAME,
          events: [{ type: 'host.logged', data: { kind: 'note' } }],
        });
        const copy = await readFile(join(cwd, 'sea-lion-copy.jsonl'), 'utf8');
        expect(copy.startsWith(bundled.toString('utf8'))).toBe(true);
        expect(copy.trimEnd().split('\n')).toHaveLength(bundled.toString('utf8').trimEnd().split('\n').length + 1);
      }
      expect((await readFile(join(cwd, 'examples/sea-lion-1941.jsonl'))).equals(bundled)).toBe(true);
      expect((await readFile(join(ROOT, 'examples/sea-lion-1941.jsonl'))).equals(bundled)).toBe(true);
    },
  );
});
