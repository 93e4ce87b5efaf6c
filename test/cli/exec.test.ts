// `awaw-surrender exec LOG` as a real process (the built CLI): one response line per request line with the
// request's id, every operation, bad lines answered and the process going on, a byte order mark, ids counted in
// characters, a second writer on the same log, EOF (signals: ./exec-signals.test.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../support/build.js';
import { ACCEPT, acceptOffer, BIN, SEA_LION, seaLionLog, seaLionScript, startExec } from '../support/exec-process.js';

const GAME = SEA_LION;
const script = seaLionScript;
const accept = acceptOffer;

let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-exec-'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

let logs = 0;
const logAt = (count: number, others: readonly string[] = []) =>
  seaLionLog(join(dir, `log-${++logs}.jsonl`), count, others);

describe('awaw-surrender exec', () => {
  it(
    '59.23: every operation answers on its own line with the ' +
      'request id; execute appends and answers what is pending next',
    async () => {
      const { path, version } = await logAt(ACCEPT);
      const exec = startExec([path]);
      expect(await exec.ask({ id: 'g', op: 'games' })).toEqual({
        id: 'g',
        ok: true,
        op: 'games',
        games: [GAME],
        version,
        othersAppended: 0,
      });
      expect(await exec.ask({ id: 1, op: 'pending', game: GAME })).toMatchObject({
        id: 1,
        ok: true,
        op: 'pending',
        pending: [{ decision: 'respond-to-british-offer', by: 'germany', rule: '59.23' }],
      });
      const preview = await exec.ask({ id: 2, op: 'preview', game: GAME, command: accept });
      expect(preview).toMatchObject({
        id: 2,
        ok: true,
        op: 'preview',
        events: [{ type: 'britain.offer-accepted' }, { type: 'britain.surrendered' }],
      });
      const before = await readFile(path, 'utf8');
      expect(await exec.ask({ id: 3, op: 'pending', game: GAME })).toMatchObject({
        pending: [{ decision: 'respond-to-british-offer' }],
      });
      const executed = await exec.ask({ id: 4, op: 'execute', game: GAME, command: accept });
      expect(executed).toMatchObject({
        id: 4,
        ok: true,
        op: 'execute',
        events: [{ type: 'britain.offer-accepted' }, { type: 'britain.surrendered' }],
      });
      expect((executed['pending'] as { decision: string }[]).map((p) => p.decision)).toEqual([
        'report-british-force-pool',
        'report-british-hex-control',
      ]);
      const head = executed['head'] as { seq: number; hash: string };
      expect([executed['version'], head.seq]).toEqual([version + 2, version + 2]);
      expect((await readFile(path, 'utf8')).startsWith(before)).toBe(true);
      expect(
        spawnSync(process.execPath, [BIN, 'verify', path, '--expect-head', `${head.seq}:${head.hash}`]).status,
      ).toBe(0);
      expect(await exec.ask({ id: 5, op: 'state', game: GAME })).toMatchObject({
        id: 5,
        ok: true,
        state: {
          game: GAME,
          turn: 'Summer 1941',
          britishSurrenders: [{ turn: 'Summer 1941', level: -4, outcome: 'peace' }],
        },
      });
      expect(await exec.ask({ id: 6, op: 'wars', game: GAME })).toMatchObject({
        id: 6,
        ok: true,
        wars: [
          { axis: 'germany', allied: 'russia' },
          { axis: 'italy', allied: 'russia' },
        ],
      });
      expect(await exec.ask({ id: 7, op: 'permissions', game: GAME })).toMatchObject({
        id: 7,
        ok: true,
        permissions: expect.arrayContaining([expect.objectContaining({ rule: '59.52' })]),
      });
      expect(await exec.ask({ id: 8, op: 'events', from: head.seq - 1 })).toMatchObject({
        id: 8,
        ok: true,
        events: [
          { seq: head.seq - 1, type: 'britain.offer-accepted' },
          { seq: head.seq, type: 'britain.surrendered', hash: head.hash },
        ],
        next: null,
      });
      const audit = await exec.ask({ id: 9, op: 'audit', from: head.seq });
      expect(audit).toMatchObject({
        id: 9,
        ok: true,
        entries: [{ seq: head.seq, game: GAME, rule: '59.41' }],
        next: null,
      });
      exec.child.stdin.end();
      expect(await exec.exited()).toEqual({ code: 0, signal: null, stderr: '', rest: '' });
    },
  );

  it(
    'malformed lines, an unknown op, bytes that are not UTF-8 ' +
      'and a rejected command are answered, and the process goes on',
    async () => {
      const { path } = await logAt(ACCEPT);
      const before = await readFile(path);
      const exec = startExec([path]);
      expect(await exec.ask('{"id":1,"op":"games"')).toMatchObject({
        id: null,
        ok: false,
        op: null,
        rejection: { code: 'bad-request', rule: 'protocol' },
      });
      expect(await exec.ask({ id: 2, op: 'teleport' })).toMatchObject({
        id: 2,
        ok: false,
        rejection: { code: 'unknown-op', rule: 'protocol' },
      });
      exec.child.stdin.write(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]));
      expect(await exec.next()).toMatchObject({
        id: null,
        ok: false,
        rejection: { code: 'bad-request', message: '$: not valid UTF-8: byte 0xff at offset 1' },
      });
      exec.send('');
      const early = {
        type: 'britain.forces-selected',
        data: { turn: { season: 'summer', year: 1941 }, selection: [] },
      };
      expect(await exec.ask({ id: 3, op: 'execute', game: GAME, command: early })).toMatchObject({
        id: 3,
        ok: false,
        op: 'execute',
        rejection: { code: 'not-pending', message: expect.any(String) },
      });
      expect(
        await exec.ask({ id: 4, op: 'execute', game: GAME, command: { type: 'host.game-turn-ended' } }),
      ).toMatchObject({ id: 4, ok: false, rejection: { code: 'malformed', rule: 'schema' } });
      // A mistyped command type is answered with the known type it is nearest to.
      expect(
        await exec.ask({
          id: 'typo',
          op: 'execute',
          game: GAME,
          command: { ...accept, type: 'britain.ofer-accepted' },
        }),
      ).toMatchObject({
        id: 'typo',
        ok: false,
        rejection: {
          code: 'malformed',
          rule: 'schema',
          message:
            '"britain.ofer-accepted" is not a host report or a player decision: did you mean "britain.offer-accepted"?',
        },
      });
      // The last line, without its `\n`, is answered at EOF.
      exec.child.stdin.end('{"id":5,"op":"games"}');
      expect(await exec.next()).toMatchObject({ id: 5, ok: true, games: [GAME] });
      expect(await exec.exited()).toMatchObject({ code: 0, rest: '' });
      expect((await readFile(path)).equals(before)).toBe(true);
    },
  );

  it('a leading byte order mark is ignored, as a calculator ignores one; on a later line it is no JSON', async () => {
    const { path } = await logAt(1);
    const exec = startExec([path]);
    exec.child.stdin.write(Buffer.from([0xef, 0xbb]));
    exec.child.stdin.write(Buffer.concat([Buffer.from([0xbf]), Buffer.from('{"id":1,"op":"games"}\n')]));
    expect(await exec.next()).toMatchObject({ id: 1, ok: true, games: [GAME] });
    expect(await exec.ask('\uFEFF{"id":2,"op":"games"}')).toMatchObject({
      id: null,
      ok: false,
      rejection: { code: 'bad-request', message: expect.stringMatching(/^\$: not JSON: /) },
    });
    exec.child.stdin.end();
    expect(await exec.exited()).toMatchObject({ code: 0, rest: '' });
  });

  it('a string id is at most 256 characters, as the schema says: characters beyond U+FFFF count once', async () => {
    const { path } = await logAt(1);
    const exec = startExec([path]);
    const emoji = '\u{1F600}';
    expect(await exec.ask({ id: emoji.repeat(256), op: 'games' })).toMatchObject({ id: emoji.repeat(256), ok: true });
    const refusal = {
      id: null,
      ok: false,
      op: null,
      rejection: {
        code: 'bad-request',
        rule: 'protocol',
        message: 'id: expected a string of at most 256 characters or an integer',
      },
    };
    expect(await exec.ask({ id: emoji.repeat(257), op: 'games' })).toMatchObject(refusal);
    expect(await exec.ask({ id: 'a'.repeat(257), op: 'games' })).toMatchObject(refusal);
    exec.child.stdin.end();
    expect(await exec.exited()).toMatchObject({ code: 0, rest: '' });
  });

  it('a second writer: its appends are read and counted; a decision it made is refused: not pending', async () => {
    const { path, version } = await logAt(ACCEPT);
    const first = startExec([path]);
    const second = startExec([path]);
    expect(await first.ask({ id: 'a', op: 'games' })).toMatchObject({ version });
    expect(await second.ask({ id: 'b', op: 'games' })).toMatchObject({ version });
    expect(await first.ask({ id: 'a1', op: 'execute', game: GAME, command: accept })).toMatchObject({
      ok: true,
      version: version + 2,
      othersAppended: 0,
    });
    expect(await second.ask({ id: 'b1', op: 'execute', game: GAME, command: accept })).toMatchObject({
      id: 'b1',
      ok: false,
      rejection: { code: 'not-pending' },
      version: version + 2,
      othersAppended: 2,
    });
    expect(await second.ask({ id: 'b2', op: 'pending', game: GAME })).toMatchObject({
      othersAppended: 0,
      pending: [{ decision: 'report-british-force-pool' }, { decision: 'report-british-hex-control' }],
    });
    first.child.stdin.end();
    second.child.stdin.end();
    expect((await first.exited()).code).toBe(0);
    expect((await second.exited()).code).toBe(0);
  });

  it('--create starts a new log; a missing log without it (naming --create), bad usage: exit 2, one line', async () => {
    const path = join(dir, 'new.jsonl');
    const created = startExec([path, '--create']);
    expect(await created.ask({ id: 1, op: 'execute', game: GAME, command: script[0] })).toMatchObject({
      id: 1,
      ok: true,
      version: 1,
      events: [{ seq: 1, type: 'host.game-started' }],
    });
    created.child.stdin.end();
    expect((await created.exited()).code).toBe(0);
    const missing = spawnSync(process.execPath, [BIN, 'exec', join(dir, 'missing.jsonl')], {
      input: '',
      encoding: 'utf8',
    });
    expect([missing.status, missing.stdout, missing.stderr]).toEqual([
      2,
      '',
      `$: cannot read ${join(dir, 'missing.jsonl')}: no such file or directory; ` +
        'give --create to start a new log there\n',
    ]);
    expect(existsSync(join(dir, 'missing.jsonl'))).toBe(false);
    // A log in a directory that does not exist: --create is no help (it makes no directory), and not suggested.
    const nowhere = join(dir, 'no-such-directory', 'new.jsonl');
    for (const args of [[nowhere], [nowhere, '--create']]) {
      const uncreated = spawnSync(process.execPath, [BIN, 'exec', ...args], { input: '', encoding: 'utf8' });
      expect([uncreated.status, uncreated.stdout, uncreated.stderr]).toEqual([
        2,
        '',
        `$: cannot read ${nowhere}: no such file or directory\n`,
      ]);
    }
    const usage = spawnSync(process.execPath, [BIN, 'exec', path, '--force'], { input: '', encoding: 'utf8' });
    expect([usage.status, usage.stdout, usage.stderr]).toEqual([
      2,
      '',
      '$: usage: unknown option "--force" (options: --create, --help) (awaw-surrender exec LOG [--create])\n',
    ]);
    const help = spawnSync(process.execPath, [BIN, 'exec', '--help'], { encoding: 'utf8' });
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toContain('\n\nusage:\n  awaw-surrender exec LOG [--create]\n\n');
  });
});
