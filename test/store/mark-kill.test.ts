// A verification mark (src/store/file/verified-mark.ts) is written to a temporary file and renamed into place. A
// writer killed between the two (SIGKILL, at that very point: its rename never returns) leaves its temporary file;
// the next writer of the mark removes it, so that no `LOG.verified.json.*tmp` stays beside the log.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPathOf } from '../../src/store/file/verified-mark.js';
import { ensureBuilt } from '../support/build.js';
import { BIN, seaLionLog } from '../support/exec-process.js';

const WRITER = fileURLToPath(new URL('./fixtures/mark-writer.mjs', import.meta.url));

let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'awaw-mark-kill-'));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const temporaries = async (): Promise<string[]> =>
  (await readdir(dir)).filter((f) => /\.verified\.json\..*tmp$/.test(f));

describe('a mark writer killed before its rename', () => {
  it('leaves a temporary file that the next writer of the mark (replay) removes', async () => {
    const { path, version } = await seaLionLog(join(dir, 'log.jsonl'), 5);
    const writer = spawn(process.execPath, [WRITER, path], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [said] = (await once(writer.stdout, 'data')) as [Buffer];
    expect(said.toString('utf8')).toBe('renaming\n');
    writer.kill('SIGKILL');
    await once(writer, 'exit');
    expect(await temporaries()).toHaveLength(1);
    const replay = spawnSync(process.execPath, [BIN, 'replay', path], { encoding: 'utf8' });
    expect([replay.status, replay.stderr]).toEqual([0, '']);
    expect(await temporaries()).toEqual([]);
    expect(JSON.parse(await readFile(markPathOf(path), 'utf8'))).toMatchObject({ events: version });
  });
});
