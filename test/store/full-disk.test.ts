// A full disk and a read-only file system, on a small tmpfs and a read-only bind mount. These need root (mount):
// elsewhere they are skipped with a notice, unless AWAW_REQUIRE_ROOT=1 (CI, which runs as root), where they fail.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { StoreError } from '../../src/store/store-error.js';
import { gameStarted as startCommand } from '../support/fixtures.js';
import { counterSource, logged } from './support.js';

let base = '';
let disk = '';
let readOnly = '';
const mounted: string[] = [];
let skipped: string | null = null;
const required = process.env['AWAW_REQUIRE_ROOT'] === '1';

/** Skips the test where the mounts could not be made; fails it instead under AWAW_REQUIRE_ROOT=1. */
function skipWithoutMounts(context: { skip: () => void }): boolean {
  if (skipped === null) return false;
  if (required) throw new Error(`full-disk tests need root mounts (AWAW_REQUIRE_ROOT=1): ${skipped}`);
  context.skip();
  return true;
}

function mount(...args: string[]): boolean {
  return spawnSync('mount', args, { stdio: 'ignore' }).status === 0;
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'awaw-full-disk-'));
  disk = join(base, 'disk');
  readOnly = join(base, 'ro');
  mkdirSync(disk);
  mkdirSync(readOnly);
  if (process.getuid?.() !== 0) skipped = 'not run as root';
  else if (!mount('-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk)) skipped = 'mount -t tmpfs failed';
  else {
    mounted.push(disk);
    if (mount('--bind', disk, readOnly)) mounted.push(readOnly);
    if (mounted.length === 2 && mount('-o', 'remount,bind,ro', readOnly)) return;
    skipped = 'a read-only bind mount failed';
  }
  console.log(`full-disk tests skipped: ${skipped} (they need root to mount a small tmpfs; CI runs as root)`);
});
afterEach(async () => {
  // Each test starts on an empty disk, whatever the one before left.
  if (skipped === null) for (const name of await readdir(disk)) await rm(join(disk, name), { force: true });
});
afterAll(() => {
  for (const dir of mounted.reverse()) spawnSync('umount', [dir], { stdio: 'ignore' });
  rmSync(base, { recursive: true, force: true });
});

/** Fills the tmpfs until a write fails with ENOSPC; returns the filler's path. */
function fill(): string {
  const filler = join(disk, 'filler');
  const chunk = Buffer.alloc(1024, 0x20);
  writeFileSync(filler, '');
  for (;;) {
    try {
      writeFileSync(filler, chunk, { flag: 'a' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return filler;
      throw error;
    }
  }
}

/** A log on the tmpfs of one event and a torn last line. */
async function tornLog(name: string): Promise<string> {
  const path = join(disk, name);
  const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
  await store.append([logged('g1')], logVersion(0));
  await store.close();
  await writeFile(path, '{"seq":2,"id":"torn', { flag: 'a' });
  return path;
}

/**
 * A log on the tmpfs of one whole event that lacks only its `\n`, `size` bytes long (the event padded to fit): a
 * repair adds the `\n`. The line's length grows by one byte per character of padding (ids and times counted).
 */
async function unterminatedLog(name: string, size: number): Promise<string> {
  const written = async (path: string, pad: number): Promise<number> => {
    const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
    await store.append([logged('g1', 'note', { pad: 'x'.repeat(pad) })], logVersion(0));
    await store.close();
    return (await stat(path)).size - 1;
  };
  const probe = join(disk, `${name}.probe`);
  const pad = size - (await written(probe, 0));
  await rm(probe);
  const path = join(disk, name);
  if ((await written(path, pad)) !== size) throw new Error(`${name}: not ${size} bytes`);
  await truncate(path, size);
  return path;
}

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = memoryIo();
  const code = await runCli(argv, io, { engineId: null });
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('a full disk (ENOSPC) and a read-only file system (EROFS)', () => {
  it(
    'a full disk: an append fails with ENOSPC, a StoreError of kind full, and leaves no lock behind; once there ' +
      'is space the next append goes ahead at once',
    async (context) => {
      if (skipWithoutMounts(context)) return;
      const path = join(disk, 'g.jsonl');
      // No wait for a lock: a lock left behind by the failed append would refuse the next one at once.
      const store = await JsonlFileStore.open(path, { create: true, source: counterSource(), lockTimeoutMs: 0 });
      await store.append([logged('g1')], logVersion(0));
      const before = await readFile(path);
      const filler = fill();
      const full = store.append([logged('g1', 'move', { note: 'x'.repeat(5000) })], logVersion(1));
      await expect(full).rejects.toBeInstanceOf(StoreError);
      await expect(full).rejects.toMatchObject({
        kind: 'full',
        code: 'ENOSPC',
        system: { code: 'ENOSPC', text: 'no space left on device (ENOSPC, write)' },
      });
      expect((await readFile(path)).equals(before)).toBe(true);
      expect((await readdir(disk)).sort()).toEqual(['filler', 'g.jsonl']);
      await rm(filler);
      expect((await store.append([logged('g1')], logVersion(1))).version).toBe(2);
      await store.close();
      await rm(path);
    },
  );

  it(
    'the host API on a full disk: execute resolves as store-failed naming ENOSPC; nothing is recorded, and the ' +
      'command goes through once there is space',
    async (context) => {
      if (skipWithoutMounts(context)) return;
      const path = join(disk, 'engine.jsonl');
      const engine = await SurrenderEngine.open(
        await JsonlFileStore.open(path, { create: true, source: counterSource(), lockTimeoutMs: 0 }),
      );
      expect(await engine.execute('g1', startCommand())).toMatchObject({ ok: true, head: { seq: 1 } });
      // More than the last page of the log holds: the write needs space the disk does not have.
      const note = {
        type: 'host.logged',
        data: { turn: { season: 'spring', year: 1944 }, kind: 'note', data: { note: 'x'.repeat(5000) } },
      } as const;
      const before = await readFile(path);
      const filler = fill();
      expect(await engine.execute('g1', note)).toEqual({
        ok: false,
        rejection: {
          code: 'store-failed',
          rule: 'store',
          message:
            'the log could not be read or written (ENOSPC): ' +
            'ENOSPC: no space left on device, write; nothing was recorded',
        },
      });
      expect((await readFile(path)).equals(before)).toBe(true);
      await rm(filler);
      expect(await engine.execute('g1', note)).toMatchObject({ ok: true, head: { seq: 2 } });
      await engine.close();
      await rm(path);
    },
  );

  it('a full disk: creating a log fails with ENOSPC (kind full) and leaves no temporary file', async (context) => {
    if (skipWithoutMounts(context)) return;
    const filler = fill();
    await expect(JsonlFileStore.open(join(disk, 'new.jsonl'), { create: true })).rejects.toMatchObject({
      kind: 'full',
      code: 'ENOSPC',
    });
    expect(await readdir(disk)).toEqual(['filler']);
    await rm(filler);
  });

  it('verify --repair on a full disk: ENOSPC named, not a read error; exit 2; nothing left behind', async (context) => {
    if (skipWithoutMounts(context)) return;
    // A repair that writes: the `\n` a whole last line lacks, at the start of a page the full disk cannot give.
    const path = await unterminatedLog('torn.jsonl', 8192);
    const filler = fill();
    const r = await cli('verify', '--repair', path);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `$: cannot repair ${path}: no space left on device (ENOSPC, write)\n`,
    });
    expect((await readdir(disk)).sort()).toEqual(['filler', 'torn.jsonl']);
    await rm(filler);
    expect((await cli('verify', '--repair', path)).code).toBe(0);
    await rm(path);
  });

  it('verify --repair on a read-only file system names it (EROFS); exit 2; the log unchanged', async (context) => {
    if (skipWithoutMounts(context)) return;
    const path = await tornLog('torn-ro.jsonl');
    const before = await readFile(path);
    const seen = join(readOnly, 'torn-ro.jsonl');
    const r = await cli('verify', '--repair', seen);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `$: cannot repair ${seen}: read-only file system (EROFS, open)\n`,
    });
    expect((await readFile(path)).equals(before)).toBe(true);
    const readOnlyStore = await JsonlFileStore.open(seen, { source: counterSource() });
    await expect(readOnlyStore.append([logged('g1')], logVersion(1))).rejects.toMatchObject({
      name: 'StoreError',
      kind: 'read-only',
      code: 'EROFS',
    });
    await readOnlyStore.close();
    await rm(path);
  });
});
