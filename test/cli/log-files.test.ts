// The log commands on paths that are not log files, and `--expect-head SEQ:HASH`:
// the hash chain is not a signature, so only a head noted elsewhere shows that the last appends were cut off.
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { buildExample } from '../../src/examples/build.js';
import { GENESIS_HASH, sealLine } from '../../src/store/line-format.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { nonRegularFiles } from '../support/non-regular.js';

let dir = '';
let seaLion = '';
let onExit = async (): Promise<void> => undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-log-files-'));
  seaLion = join(dir, 'sea-lion-1941.jsonl');
  await buildExample(seaLion1941(), seaLion);
}, 60_000);
afterAll(async () => {
  await onExit();
  await rm(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = memoryIo();
  const code = await runCli(argv, io, { engineId: null });
  return { code, stdout: io.stdout, stderr: io.stderr };
}

let copies = 0;
async function copyOf(path: string): Promise<string> {
  const copy = join(dir, `copy-${++copies}.jsonl`);
  await writeFile(copy, await readFile(path));
  return copy;
}

const LOG_COMMANDS = [['verify'], ['verify', '--repair'], ['replay'], ['audit']] as const;

describe('a log path that is not a regular file', () => {
  it('a FIFO, a directory, /dev/zero, a socket: verify, verify ' +
    '--repair, replay and audit exit 2 naming it, without blocking', async () => {
    const { cases, close } = await nonRegularFiles(dir);
    onExit = close;
    for (const [path, kind] of cases) {
      for (const command of LOG_COMMANDS) {
        const message = `${path}: not a regular file (${kind}): a log is a regular file`;
        expect(await cli(...command, path), `${command.join(' ')} ${path}`).toEqual({
          code: 2,
          stdout: '',
          stderr: `$: ${message}\n`,
        });
        const json = await cli(...command, '--json', path);
        expect(JSON.parse(json.stdout)).toEqual({ error: { path: '$', message } });
      }
    }
  }, 20_000);
});

describe('--expect-head SEQ:HASH', () => {
  /** The head `verify` reports now. */
  async function headOf(path: string): Promise<{ seq: number; hash: string; text: string }> {
    const report = await verifyLog(path);
    if (!report.ok) throw new Error(report.message);
    return { ...report.head, text: `${report.head.seq}:${report.head.hash}` };
  }

  it('verify, replay and audit pass when the log holds that head, also once it has grown past it', async () => {
    const path = await copyOf(seaLion);
    const head = await headOf(path);
    for (const command of ['verify', 'replay', 'audit'])
      expect((await cli(command, '--expect-head', head.text, path)).code, command).toBe(0);
    const store = await JsonlFileStore.open(path);
    const engine = await SurrenderEngine.open(store);
    const result = await engine.execute('sea-lion-1941', {
      type: 'host.logged',
      data: { turn: { season: 'spring', year: 1942 }, kind: 'note', data: {} },
    });
    await engine.close();
    expect(result.ok).toBe(true);
    // The host API's result names the new head: the one to note now.
    if (!result.ok) return;
    expect(result.head).toEqual({ seq: head.seq + 1, hash: result.events.at(-1)?.hash });
    for (const command of ['verify', 'replay', 'audit']) {
      expect((await cli(command, '--expect-head', head.text, path)).code, `${command}, grown`).toBe(0);
      expect(
        (await cli(command, '--expect-head', `${result.head.seq}:${result.head.hash}`, path)).code,
        `${command}, new head`,
      ).toBe(0);
    }
    expect((await cli('replay', '--json', path)).stdout).toContain(
      `"head": {\n    "seq": ${result.head.seq},\n    "hash": "${result.head.hash}"`,
    );
  });

  it('a log whose last appends were cut off, though it verifies by itself: exit 1 naming what it holds', async () => {
    const path = await copyOf(seaLion);
    const head = await headOf(path);
    const text = await readFile(path, 'utf8');
    // Cut off the last two lines on a line boundary: a shorter log, intact by itself.
    await truncate(path, Buffer.byteLength(text.split('\n').slice(0, -3).join('\n')) + 1);
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: head.seq - 2 });
    const message =
      `line ${head.seq + 1}: --expect-head ${head.text}: the log holds only ${head.seq - 2} events: ` +
      `it is shorter than when that head was noted (appends were cut off)`;
    for (const command of ['verify', 'replay', 'audit']) {
      const r = await cli(command, '--expect-head', head.text, path);
      expect(r.code, command).toBe(1);
      expect(r.stderr, command).toBe(`${path}:${message}\n`);
    }
    const json = await cli('verify', '--json', '--expect-head', head.text, path);
    expect(JSON.parse(json.stdout)).toEqual({ ok: false, line: head.seq + 1, path: 'hash', message, torn: false });
  });

  it('a log rewritten from some line on and sealed again: exit 1 naming the hash it holds at that seq', async () => {
    const path = await copyOf(seaLion);
    const head = await headOf(path);
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
    // The last line's `at` changed, the chain sealed again from the header: a log that verifies by itself.
    let prev = GENESIS_HASH;
    const resealed = lines.map((line, i) => {
      const body = `${line.slice(0, -75)}}`;
      const sealed = sealLine(
        prev,
        i === lines.length - 1 ? body.replace(/"at":"[^"]+"/, '"at":"2030-01-01T00:00:00.000Z"') : body,
      );
      prev = sealed.hash;
      return sealed.line;
    });
    await writeFile(path, `${resealed.join('\n')}\n`);
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: head.seq });
    for (const command of ['verify', 'replay', 'audit']) {
      const r = await cli(command, '--expect-head', head.text, path);
      expect([r.code, r.stderr], command).toEqual([
        1,
        `${path}:line ${head.seq + 1}: --expect-head ${head.text}: seq ${head.seq} has hash ${prev}: the log was ` +
          `rewritten from there on or before\n`,
      ]);
    }
  });

  it('a malformed value, or --expect-head with --repair or with a calculator: exit 2', async () => {
    const hash = 'a'.repeat(64);
    for (const bad of [
      '12',
      `x:${hash}`,
      `12:${hash.slice(1)}`,
      `12:${hash.toUpperCase()}`,
      `-1:${hash}`,
      `012:${hash}`,
      '',
    ]) {
      const r = await cli('verify', `--expect-head=${bad}`, seaLion);
      expect(r.code, bad).toBe(2);
      expect(r.stderr, bad).toBe(
        `$: usage: --expect-head ${JSON.stringify(bad)}: expected SEQ:HASH, a seq and its line's 64 lowercase hex ` +
          `digits, as verify reports the head\n`,
      );
    }
    expect(await cli('verify', '--repair', '--expect-head', `1:${hash}`, seaLion)).toMatchObject({ code: 2 });
    expect(await cli('german-surrender', '--expect-head', `1:${hash}`, seaLion)).toMatchObject({
      code: 2,
      stderr: '$: usage: --expect-head applies to replay, audit and verify only\n',
    });
  });

  it('with a verification mark: a head at or before the vouched-for end is checked as without the mark', async () => {
    const path = await copyOf(seaLion);
    const head = await headOf(path);
    const hashes = (await readFile(path, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => line.slice(-66, -2));
    const marked = async (...argv: string[]): Promise<number> => runCli(argv, memoryIo(), { engineId: 'mark-test' });
    expect(await marked('replay', path)).toBe(0); // writes the mark
    for (const seq of [0, 7, head.seq]) {
      expect(await marked('replay', '--expect-head', `${seq}:${hashes[seq]}`, path), `seq ${seq}`).toBe(0);
      expect(await marked('audit', '--expect-head', `${seq}:${'0'.repeat(64)}`, path), `seq ${seq}, another hash`).toBe(
        1,
      );
    }
    expect(await marked('replay', '--expect-head', `${head.seq + 1}:${head.hash}`, path)).toBe(1);
  });

  it('seq 0 is the header: any log of this format holds it', async () => {
    const path = await copyOf(seaLion);
    const header = JSON.parse((await readFile(path, 'utf8')).split('\n')[0] ?? '') as { hash: string };
    expect((await cli('verify', '--expect-head', `0:${header.hash}`, path)).code).toBe(0);
  });
});
