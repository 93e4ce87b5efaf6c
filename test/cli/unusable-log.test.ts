// A log that `exec` and `append` cannot use, as real processes (the built CLI): exit 2 in the error format of
// docs/cli.md, one line `$: cannot use LOG: line N: ...` on standard error; `append` prints its one exit-2 document
// `{error: {path, message}}`, `exec` nothing on standard output. The log is left byte for byte as it was.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../support/build.js';
import { ACCEPT, acceptOffer, BIN, seaLionLog } from '../support/exec-process.js';
import { resealed } from '../support/reseal.js';

let dir = '';
let text = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-unusable-'));
  await seaLionLog(join(dir, 'base.jsonl'), ACCEPT);
  text = await readFile(join(dir, 'base.jsonl'), 'utf8');
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Each unusable log: its name, its bytes (a symlink's target's), and what is wrong, as the reader names it. */
const cases = (): { name: string; bytes: string; problem: string }[] => {
  const lines = text.split('\n');
  const line4 = lines[3] as string;
  const digit = line4.at(-3) === '0' ? '1' : '0';
  lines[3] = `${line4.slice(0, -3)}${digit}${line4.slice(-2)}`;
  return [
    { name: 'empty', bytes: '', problem: 'line 1: the file is empty: not an awaw-surrender log' },
    {
      name: 'hash',
      bytes: lines.join('\n'),
      problem: 'line 4: hash: hash does not match: this line (or the chain before it) was changed',
    },
    {
      name: 'crlf',
      bytes: text.replaceAll('\n', '\r\n'),
      problem:
        'line 1: format: the log has CRLF line endings (converted by an editor or by git?); convert it back to LF ' +
        'line endings, byte for byte',
    },
    {
      name: 'newer',
      bytes: resealed(text, (bodies) => {
        bodies[0] = bodies[0]?.replace('"formatVersion":1', '"formatVersion":2') ?? '';
      }),
      problem:
        'line 1: formatVersion: log format version 2 is newer than this engine reads (1); upgrade awaw-surrender',
    },
    {
      name: 'symlink',
      bytes: '{"type":"host.logged"}\n',
      problem: 'line 1: format: not an awaw-surrender log (the first line must name the format "awaw-surrender-log")',
    },
  ];
};

const run = (args: readonly string[], input: string) => {
  const result = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('a log exec and append cannot use: exit 2, the error format', () => {
  it('empty, a hash that does not match, CRLF line ends, a newer format, a symlink to a file not a log', async () => {
    for (const { name, bytes, problem } of cases()) {
      const target = join(dir, `${name}.jsonl`);
      await writeFile(name === 'symlink' ? join(dir, 'not-a-log.json') : target, bytes);
      if (name === 'symlink') await symlink(join(dir, 'not-a-log.json'), target);
      const message = `cannot use ${target}: ${problem}`;
      const exec = run(['exec', target], '{"id":1,"op":"games"}\n');
      expect([name, exec]).toEqual([name, { code: 2, stdout: '', stderr: `$: ${message}\n` }]);
      const append = run(['append', target, '--game', 'sea-lion-1941', '-'], JSON.stringify(acceptOffer));
      expect([name, append.code, JSON.parse(append.stdout), append.stderr]).toEqual([
        name,
        2,
        { error: { path: '$', message } },
        `$: ${message}\n`,
      ]);
      expect(await readFile(target, 'utf8')).toBe(bytes);
    }
  });
});
