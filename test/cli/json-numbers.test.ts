// A number is taken only as written (docs/cli.md): real processes of the built CLI refuse one that JSON.parse would
// change, naming its path, exit 2 for a calculator's input and append's command, a refusal for an exec request;
// the log is left as it was.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../support/build.js';
import { BIN, SEA_LION, seaLionLog } from '../support/exec-process.js';

let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-numbers-'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const cli = (args: readonly string[], input = '') => {
  const run = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};
const note = (n: string): string =>
  `{"type":"host.logged","data":{"turn":{"season":"spring","year":1941},"kind":"note","data":{"n":${n}}}}`;
const error = (path: string, message: string) => ({
  code: 2,
  stdout: `${JSON.stringify({ error: { path, message } })}\n`,
  stderr: `${path}: ${message}\n`,
});

describe('numbers JSON would change', () => {
  it('55.11B: a calculator refuses -0 and 1e-400 at their paths (exit 2)', async () => {
    const input = (field: string, n: string) =>
      `{"berlin":"axis","germanDpTotal":${field === 'germanDpTotal' ? n : '3'},"germanyControlsBerchtesgaden":true,` +
      `"germanCitiesFirestormed":${field === 'germanCitiesFirestormed' ? n : '0'},"atomicAttacksOnGermany":0,` +
      '"allGermanHexesAlliedOrAtomic":false}';
    expect(cli(['german-surrender', '--json', '-'], input('germanDpTotal', '-0'))).toEqual(
      error('germanDpTotal', '-0 cannot be represented exactly (JSON writes it as 0)'),
    );
    expect(cli(['german-surrender', '--json', '-'], input('germanCitiesFirestormed', '1e-400'))).toEqual(
      error('germanCitiesFirestormed', '1e-400 cannot be represented exactly (too small: it would be read as 0)'),
    );
    expect(cli(['german-surrender', '--json', '-'], input('germanDpTotal', '3.0')).code).toBe(0);
  });

  it('append refuses an integer beyond 2^53, -0 and 1e-400 in host data (exit 2), appending nothing', async () => {
    const { path } = await seaLionLog(join(dir, 'append.jsonl'), 1);
    const before = await readFile(path);
    const file = join(dir, 'command.json');
    await writeFile(file, note('1152921504606846977'));
    expect(cli(['append', path, file])).toEqual(
      error('data.data.n', '1152921504606846977 cannot be represented exactly (beyond 2^53)'),
    );
    expect(cli(['append', path, '-'], note('-0'))).toEqual(
      error('data.data.n', '-0 cannot be represented exactly (JSON writes it as 0)'),
    );
    expect(cli(['append', path, '-'], note('1e-400'))).toEqual(
      error('data.data.n', '1e-400 cannot be represented exactly (too small: it would be read as 0)'),
    );
    expect((await readFile(path)).equals(before)).toBe(true);
  });

  it('exec refuses an id past 2^53 (not echoed as 9007199254740992) and host data past it: none appended', async () => {
    const { path } = await seaLionLog(join(dir, 'exec.jsonl'), 1);
    const before = await readFile(path);
    const requests = [
      '{"id":9007199254740993,"op":"games"}',
      `{"id":"x","op":"execute","game":"${SEA_LION}","command":${note('1152921504606846977')}}`,
      '',
    ].join('\n');
    const run = cli(['exec', path], requests);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(
      run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      {
        id: null,
        ok: false,
        op: null,
        rejection: {
          code: 'bad-request',
          rule: 'protocol',
          message: 'id: 9007199254740993 cannot be represented exactly (beyond 2^53)',
        },
        version: 1,
        othersAppended: 0,
      },
      {
        id: 'x',
        ok: false,
        op: 'execute',
        rejection: {
          code: 'malformed',
          rule: 'schema',
          message: 'data.data.n: 1152921504606846977 cannot be represented exactly (beyond 2^53)',
        },
        version: 1,
        othersAppended: 0,
      },
    ]);
    expect((await readFile(path)).equals(before)).toBe(true);
  });
});
