// A torn end met by the command line, as real processes (the built CLI): a writer that died in the middle of an
// append left its last line cut. The next `append` or `exec` execute repairs it under the lock (the append it cut
// off removed whole), records the repair in the log and goes on; `verify` and `audit` show the repair in words; the
// commands that only read (`replay`, `audit`, `verify`, an exec that executes nothing) leave the torn end alone.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { ensureBuilt } from '../support/build.js';
import { ACCEPT, acceptOffer, BIN, SEA_LION, seaLionLog, startExec } from '../support/exec-process.js';

let dir = '';
/** The example up to the British offer of Summer 1941, and the two lines of Germany's acceptance after it. */
let base = '';
let batch: string[] = [];
let version = 0;
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-torn-cli-'));
  ({ version } = await seaLionLog(join(dir, 'base.jsonl'), ACCEPT));
  await seaLionLog(join(dir, 'accepted.jsonl'), ACCEPT + 1);
  base = await readFile(join(dir, 'base.jsonl'), 'utf8');
  batch = (await readFile(join(dir, 'accepted.jsonl'), 'utf8')).slice(base.length).split('\n').slice(0, -1);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

let logs = 0;
const logOf = async (text: string): Promise<string> => {
  const path = join(dir, `log-${++logs}.jsonl`);
  await writeFile(path, text);
  return path;
};

const run = (args: readonly string[], input = '') => {
  const result = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const lineOf = (text: string, seq: number): StoredEvent => JSON.parse(text.split('\n')[seq] ?? '') as StoredEvent;

describe('a torn end met by append and exec', () => {
  it(
    '59.23: append on a log ending in half a line: exit 0, the half line removed and recorded; verify and audit ' +
      'name the repair in words',
    async () => {
      const half = (batch[0] as string).slice(0, 90);
      const path = await logOf(base + half);
      const appended = run(['append', path, '--game', SEA_LION, '-'], JSON.stringify(acceptOffer));
      expect([appended.code, appended.stderr]).toEqual([0, '']);
      expect(JSON.parse(appended.stdout)).toMatchObject({
        ok: true,
        version: version + 3,
        events: [
          { seq: version + 2, type: 'britain.offer-accepted' },
          { seq: version + 3, type: 'britain.surrendered' },
        ],
      });
      const text = await readFile(path, 'utf8');
      expect(text.startsWith(base)).toBe(true);
      const record = lineOf(text, version + 1);
      expect(record).toMatchObject({
        seq: version + 1,
        game: SEA_LION,
        type: 'log.repaired',
        data: { writer: 'append', bytes: 90, sha256: sha256(half), seq: version + 1, events: 0, lineBreakAdded: false },
      });
      const last = lineOf(text, version + 3);
      const verify = run(['verify', path]);
      expect(verify).toEqual({
        code: 0,
        stdout:
          `${path}: intact: ${version + 3} events, head ${version + 3}:${last.hash}; 1 repair of a torn end:\n` +
          `  line ${version + 2} (${record.at}): log repaired by the next writer, awaw-surrender append\n` +
          `    removed 90 bytes from where event ${version + 1} would begin: a torn last line (a write cut off)\n` +
          `    SHA-256 ${sha256(half)}, of the bytes removed\n`,
        stderr: '',
      });
      expect(JSON.parse(run(['verify', '--json', path]).stdout)).toMatchObject({
        ok: true,
        repairs: [
          {
            line: version + 2,
            at: record.at,
            writer: 'append',
            bytes: 90,
            sha256: sha256(half),
            seq: version + 1,
            events: 0,
            lineBreakAdded: false,
          },
        ],
      });
      const audit = run(['audit', path]);
      expect([audit.code, audit.stderr]).toEqual([0, '']);
      expect(audit.stdout).toContain(
        '-            log      log repaired by the next writer, awaw-surrender append\n' +
          `             removed 90 bytes from where event ${version + 1} would begin: a torn last line (a write ` +
          'cut off)\n' +
          `             SHA-256 ${sha256(half)}, of the bytes\n` +
          '               removed\n',
      );
      const replay = run(['replay', '--json', path]);
      expect([replay.code, JSON.parse(replay.stdout).mismatches]).toEqual([0, []]);
    },
  );

  it(
    '59.23: exec on an append cut between its lines: it says so at start, the first execute removes the cut ' +
      'append whole, records it and appends the command again; exit 0',
    async () => {
      const cut = `${batch[0]}\n${(batch[1] as string).slice(0, 200)}`;
      const path = await logOf(base + cut);
      const exec = startExec([path]);
      expect(await exec.ask({ id: 1, op: 'execute', game: SEA_LION, command: acceptOffer })).toMatchObject({
        id: 1,
        ok: true,
        version: version + 3,
        events: [
          { seq: version + 2, type: 'britain.offer-accepted' },
          { seq: version + 3, type: 'britain.surrendered' },
        ],
      });
      expect(await exec.ask({ id: 2, op: 'events', from: version + 1, limit: 1 })).toMatchObject({
        ok: true,
        events: [
          {
            seq: version + 1,
            type: 'log.repaired',
            data: { writer: 'exec', bytes: Buffer.byteLength(cut), sha256: sha256(cut), seq: version + 1, events: 1 },
          },
        ],
      });
      exec.child.stdin.end();
      expect(await exec.exited()).toEqual({
        code: 0,
        signal: null,
        stderr:
          `${path}:line ${version + 3}: the last line is torn (a write was cut off); the first execute repairs it ` +
          'and records the repair\n' +
          // What the log held when exec opened it: the cut append's first event without the rule decision after it.
          `${path}: 1 rule decisions no longer re-derive (see awaw-surrender replay ${path})\n`,
        rest: '',
      });
      const verify = run(['verify', path]);
      expect([verify.code, verify.stderr]).toEqual([0, '']);
      expect(verify.stdout).toContain(
        `    removed ${Buffer.byteLength(cut)} bytes from where event ${version + 1} would begin: a torn last line ` +
          'and the event already written of the append it cut off (never acknowledged: its command is to be ' +
          'reported again)\n',
      );
    },
  );

  it(
    'the commands that only read leave a torn end alone: replay, audit, verify, ' + 'an exec that executes none',
    async () => {
      const torn = base + (batch[0] as string).slice(0, 150);
      const path = await logOf(torn);
      for (const command of ['replay', 'audit', 'verify']) expect(run([command, path]).code).toBe(1);
      const exec = startExec([path]);
      expect(await exec.ask({ id: 1, op: 'pending', game: SEA_LION })).toMatchObject({ ok: true, version });
      expect(await exec.ask({ id: 2, op: 'preview', game: SEA_LION, command: acceptOffer })).toMatchObject({
        ok: true,
      });
      expect(await exec.ask({ id: 3, op: 'events', from: version })).toMatchObject({
        ok: true,
        events: [{ seq: version }],
      });
      exec.child.stdin.end();
      expect((await exec.exited()).code).toBe(0);
      expect(await readFile(path, 'utf8')).toBe(torn);
    },
  );
});
