// `exec` with command ids, as real processes: the same execute sent again with its commandId answers its first events
// (repeated, nothing appended), in the same process or a new one after the first was SIGKILLed with the reply
// unread; a reply exec cannot write (its reader gone: EPIPE; or a pipe nobody reads, then SIGTERM) is said on
// standard error with exit 3, and the command it answered is found again by its id.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { ensureBuilt } from '../support/build.js';
import { ACCEPT, acceptOffer, BIN, SEA_LION as GAME, seaLionLog, startExec } from '../support/exec-process.js';

let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-exec-id-'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

let logs = 0;
const logAt = (count: number) => seaLionLog(join(dir, `log-${++logs}.jsonl`), count);
const execute = (id: unknown, commandId: string, command: unknown = acceptOffer) => ({
  id,
  op: 'execute',
  game: GAME,
  command,
  commandId,
});

/** The log's event lines that carry `commandId`. */
const linesWith = async (path: string, commandId: string): Promise<Record<string, unknown>[]> =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line.includes(`"commandId":"${commandId}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Resolves once the log holds a line with `commandId` (the file system says when it changes). */
function untilLogged(path: string, commandId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(path);
    const check = (): void => {
      linesWith(path, commandId).then((lines) => {
        if (lines.length === 0) return;
        watcher.close();
        resolve();
      }, reject);
    };
    watcher.on('change', check);
    check();
  });
}

describe('exec: commands with an id', () => {
  it('the same execute with its commandId answers the first events and head, repeated, appending nothing', async () => {
    const { path, version } = await logAt(ACCEPT);
    const exec = startExec([path]);
    const first = await exec.ask(execute(1, 'accept-1'));
    expect(first).toMatchObject({
      id: 1,
      ok: true,
      events: [{ type: 'britain.offer-accepted', commandId: 'accept-1' }, { type: 'britain.surrendered' }],
      version: version + 2,
      othersAppended: 0,
    });
    expect(first).not.toHaveProperty('repeated');
    const again = await exec.ask(execute(2, 'accept-1'));
    expect(again).toEqual({ ...first, id: 2, repeated: true });
    const reused = await exec.ask(
      execute(3, 'accept-1', { type: 'britain.offer-rejected', data: { turn: { season: 'summer', year: 1941 } } }),
    );
    expect(reused).toMatchObject({ id: 3, ok: false, rejection: { code: 'command-id-reused', rule: 'command-id' } });
    expect(await exec.ask(execute(4, 'not an id'))).toMatchObject({
      id: 4,
      ok: false,
      rejection: { code: 'bad-request', rule: 'protocol', message: expect.stringMatching(/^commandId: /) },
    });
    exec.child.stdin.end();
    expect(await exec.exited()).toEqual({ code: 0, signal: null, stderr: '', rest: '' });
    expect(await linesWith(path, 'accept-1')).toHaveLength(1);
  });

  it('exec SIGKILLed, its reply unread: the same execute on a new exec answers the first outcome, once', async () => {
    const { path, version } = await logAt(ACCEPT);
    const killed = startExec([path]);
    const logged = untilLogged(path, 'kill-1');
    killed.send(execute('lost', 'kill-1'));
    await logged;
    killed.child.kill('SIGKILL');
    expect((await killed.exited()).signal).toBe('SIGKILL');
    const [origin] = await linesWith(path, 'kill-1');
    const next = startExec([path]);
    const answer = await next.ask(execute('again', 'kill-1'));
    expect(answer).toMatchObject({
      id: 'again',
      ok: true,
      repeated: true,
      events: [origin, { type: 'britain.surrendered' }],
      head: { seq: version + 2 },
      version: version + 2,
      othersAppended: 0,
    });
    expect(await next.ask(execute('and again', 'kill-1'))).toEqual({ ...answer, id: 'and again' });
    next.child.stdin.end();
    expect((await next.exited()).code).toBe(0);
    expect(await linesWith(path, 'kill-1')).toHaveLength(1);
    const text = await readFile(path, 'utf8');
    expect(text.trimEnd().split('\n')).toHaveLength(version + 3);
  });

  it('standard output closed (EPIPE): the lost reply is said on standard error, exit 3; the id finds it', async () => {
    const { path, version } = await logAt(ACCEPT);
    const child = spawn(process.execPath, [BIN, 'exec', path], { stdio: 'pipe' });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.write(`${JSON.stringify(execute(7, 'pipe-1'))}\n`);
    expect(await exited).toBe(3);
    expect(stderr).toBe(
      'exec: the response to request 7 (execute) could not be written: standard output is closed (EPIPE); its ' +
        `command was applied (events ${version + 1} to ${version + 2}): sent again with commandId "pipe-1", it ` +
        'answers these events\n',
    );
    const exec = startExec([path]);
    expect(await exec.ask(execute(8, 'pipe-1'))).toMatchObject({ id: 8, ok: true, repeated: true });
    exec.child.stdin.end();
    expect((await exec.exited()).code).toBe(0);
    expect(await linesWith(path, 'pipe-1')).toHaveLength(1);
  });

  it('a reply a pipe nobody reads does not take, then SIGTERM: said on standard error, exit 3', async () => {
    const { path } = await logAt(1);
    // Events large enough that one reply cannot fit in a pipe and its buffers.
    const store = await JsonlFileStore.open(path);
    const big = 'x'.repeat(200_000);
    const turn = { season: 'summer', year: 1941 } as const;
    let head = await store.head();
    for (let i = 0; i < 10; i += 1)
      ({ head } = await store.append(
        [{ type: 'host.logged', game: GAME, data: { turn, kind: 'note', data: { big } } }],
        logVersion(head.seq),
        head.hash,
      ));
    await store.close();
    const child = spawn(process.execPath, [BIN, 'exec', path], { stdio: 'pipe' });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The first bytes of the reply have come: exec is writing it, and nobody reads the rest.
    const writing = new Promise<void>((resolve) =>
      child.stdout.once('data', () => {
        child.stdout.pause();
        resolve();
      }),
    );
    child.stdin.write(`${JSON.stringify({ id: 'big', op: 'events', game: GAME })}\n`);
    await writing;
    child.kill('SIGTERM');
    expect(await exited).toBe(3);
    expect(stderr).toBe(
      'exec: the response to request "big" (events) could not be written: exec was told to stop while standard ' +
        'output took nothing\n',
    );
  });
});
