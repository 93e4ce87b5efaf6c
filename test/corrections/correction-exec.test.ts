// Corrections through `awaw-surrender exec` as a real process (docs/corrections.md, docs/host-protocol.md): on a copy
// of the bundled log "rejected-then-forced-1943" the Fall 1942 report (seq 61) is corrected; a refused correction
// leaves the file as it was; `verify` and `replay` then check the correction as every other decision.
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { ensureBuilt } from '../support/build.js';
import { startExec } from '../support/exec-process.js';

const GAME = 'rejected-then-forced-1943';
const BUNDLED = join(import.meta.dirname, '..', '..', 'examples', `${GAME}.jsonl`);

let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-correction-exec-'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

it('correction: exec previews and executes a correction; a refused one changes no byte; verify checks it', async () => {
  const path = join(dir, 'game.jsonl');
  await copyFile(BUNDLED, path);
  const lines = (await readFile(path, 'utf8')).trim().split('\n');
  const report = JSON.parse(lines[61] as string) as { seq: number; type: string; data: { britain: object } };
  expect([report.seq, report.type]).toEqual([61, 'host.game-turn-ended']);
  const correction = {
    type: 'host.report-corrected',
    data: {
      seq: 61,
      report: { type: report.type, data: { ...report.data, britain: { ...report.data.britain, britishDpLevel: 5 } } },
    },
  };
  const exec = startExec([path]);
  const refused = await exec.ask({
    id: 1,
    op: 'execute',
    game: GAME,
    command: { type: 'host.report-corrected', data: { seq: 62, report: null } },
  });
  expect(refused).toMatchObject({ id: 1, ok: false, rejection: { code: 'illegal', rule: 'correction' }, version: 162 });
  expect((await readFile(path, 'utf8')).trim().split('\n')).toEqual(lines);
  const preview = await exec.ask({ id: 2, op: 'preview', game: GAME, command: correction });
  expect(preview).toMatchObject({
    ok: true,
    events: [
      { seq: 163, type: 'host.report-corrected' },
      { seq: 164, type: 'game.redecided' },
      { seq: 165, type: 'britain.resistance-determined' },
    ],
    pending: [],
  });
  const executed = await exec.ask({ id: 3, op: 'execute', game: GAME, command: correction });
  expect(executed).toMatchObject({ id: 3, ok: true, version: 165, pending: [] });
  exec.child.stdin.end();
  expect((await exec.exited()).code).toBe(0);
  const io = memoryIo();
  expect(await runCli(['verify', path], io, { engineId: null })).toBe(0);
  const replay = memoryIo();
  expect(await runCli(['replay', path, '--full'], replay, { engineId: null })).toBe(0);
});

it('correction: append takes a correction as one command; a refused one exits 1 and changes no byte', async () => {
  const path = join(dir, 'appended.jsonl');
  await copyFile(BUNDLED, path);
  const before = await readFile(path, 'utf8');
  const append = async (seq: number) => {
    const io = memoryIo({ '-': JSON.stringify({ type: 'host.report-corrected', data: { seq, report: null } }) });
    return { code: await runCli(['append', path, '--game', GAME, '-'], io, { engineId: null }), io };
  };
  const refused = await append(62);
  expect(refused.code, refused.io.stderr).toBe(1);
  expect(await readFile(path, 'utf8')).toBe(before);
  const accepted = await append(108);
  expect(accepted.code, accepted.io.stderr).toBe(0);
  const result = JSON.parse(accepted.io.stdout) as { events: { seq: number; type: string }[] };
  expect(result.events.slice(0, 2).map((e) => [e.seq, e.type])).toEqual([
    [163, 'host.report-corrected'],
    [164, 'game.redecided'],
  ]);
});
