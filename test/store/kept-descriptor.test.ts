// The descriptor a store keeps of its log between appends (src/store/file/file-lock.ts): one per store at most, none
// once it is closed, at most KEPT_DESCRIPTORS in a process, and never the way to a file the path no longer names.
import { readdirSync, readlinkSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { KEPT_DESCRIPTORS } from '../../src/store/file/file-lock.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { counterSource, logged, makeTempDir, readAll } from './support.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir());
});
afterAll(() => cleanup());

/** This process's open descriptors of files under `under` (Linux's /proc/self/fd). */
function openUnder(under: string): string[] {
  const paths: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(`${under}/`)) paths.push(target.slice(under.length + 1));
    } catch {
      // the descriptor readdir itself used, closed since
    }
  }
  return paths.sort();
}

describe.runIf(process.platform === 'linux')('the log descriptor a store keeps between appends', () => {
  it('is one per store after its appends, and none once the store is closed', async () => {
    const sub = join(dir, 'one');
    await mkdir(sub);
    const store = await JsonlFileStore.open(join(sub, 'g.jsonl'), { create: true, source: counterSource() });
    expect(openUnder(sub)).toEqual([]);
    await store.append([logged('g1')], logVersion(0));
    await store.append([logged('g1')], logVersion(1));
    expect(openUnder(sub)).toEqual(['g.jsonl']);
    await store.close();
    expect(openUnder(sub)).toEqual([]);
  });

  it(`are ${KEPT_DESCRIPTORS} at most in a process: the least recently used is closed; its store appends`, async () => {
    const sub = join(dir, 'many');
    await mkdir(sub);
    const stores = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        JsonlFileStore.open(join(sub, `g${String(i).padStart(2, '0')}.jsonl`), { create: true }),
      ),
    );
    for (const store of stores) await store.append([logged('g1')], logVersion(0));
    expect(KEPT_DESCRIPTORS).toBe(32);
    expect(openUnder(sub)).toEqual(Array.from({ length: 32 }, (_, i) => `g${String(i + 8).padStart(2, '0')}.jsonl`));
    expect((await stores[0]?.append([logged('g1')], logVersion(1)))?.version).toBe(2);
    expect(openUnder(sub)).toContain('g00.jsonl');
    expect(openUnder(sub)).not.toContain('g08.jsonl');
    expect(openUnder(sub)).toHaveLength(32);
    for (const store of stores) await store.close();
    expect(openUnder(sub)).toEqual([]);
  });

  it('is not written once the path names another file: the append goes to the file the path names now', async () => {
    const path = join(dir, 'replaced.jsonl');
    const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
    await store.append([logged('g1', 'first')], logVersion(0));
    // The file moves away (the kept descriptor still reaches it) and a copy takes its name.
    await rename(path, join(dir, 'moved.jsonl'));
    await copyFile(join(dir, 'moved.jsonl'), path);
    const moved = await readFile(join(dir, 'moved.jsonl'));
    expect((await store.append([logged('g1', 'second')], logVersion(1))).version).toBe(2);
    expect((await readFile(join(dir, 'moved.jsonl'))).equals(moved)).toBe(true);
    expect((await readAll(store)).map((e) => e.data)).toEqual([
      expect.objectContaining({ kind: 'first' }),
      expect.objectContaining({ kind: 'second' }),
    ]);
    await store.close();
  });
});
