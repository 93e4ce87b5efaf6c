import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_FORMAT, logVersion, type StoredEvent } from '../../events/index.js';
import { JsonlFileStore, LockTimeoutError } from '../../src/store/file/jsonl-file.js';
import { GENESIS_HASH, headerLine, LogError, sealLine } from '../../src/store/line-format.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { ConcurrencyError, type AppendResult } from '../../src/store/store.js';
import { withLogLock } from '../../src/store/file/file-lock.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { counterSource, gameStarted, logged, makeTempDir, readAll } from './support.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
let files = 0;
const newPath = (): string => join(dir, `log-${++files}.jsonl`);

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir());
});
afterAll(async () => {
  await cleanup();
});

/** Writes a log of `count` host.logged events directly (no store), returning the path and the events' lines. */
async function writeLog(path: string, datas: readonly Record<string, unknown>[]): Promise<string[]> {
  const header = headerLine();
  let hash = header.hash;
  const lines = [header.line];
  datas.forEach((data, index) => {
    const seq = index + 1;
    const id = `id-${String(seq).padStart(18, '0')}`;
    const json = JSON.stringify({
      seq,
      id,
      game: 'g1',
      type: 'host.logged',
      v: 1,
      at: '2024-01-01T00:00:00.000Z',
      data: { turn: { year: 1941, season: 'spring' }, kind: 'move', data },
    });
    const sealed = sealLine(hash, json);
    lines.push(sealed.line);
    hash = sealed.hash;
  });
  await writeFile(path, lines.map((line) => `${line}\n`).join(''));
  return lines;
}

describe('JsonlFileStore: files', () => {
  it(
    'create writes only the header line; an existing log is kept; ' +
      'without create a missing file is a StoreError of kind missing',
    async () => {
      const path = newPath();
      await expect(JsonlFileStore.open(path)).rejects.toMatchObject({
        name: 'StoreError',
        kind: 'missing',
        code: 'ENOENT',
        system: { code: 'ENOENT', text: 'no such file or directory (ENOENT, open)' },
      });
      const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
      expect(await readFile(path, 'utf8')).toBe(`${headerLine().line}\n`);
      await store.append([logged('g1')], logVersion(0));
      const again = await JsonlFileStore.open(path, { create: true });
      expect(await again.version()).toBe(1);
      expect(JSON.parse(headerLine().line)).toEqual({ format: LOG_FORMAT, formatVersion: 1, hash: headerLine().hash });
    },
  );

  it('a reopened log holds the same events and continues the chain', async () => {
    const path = newPath();
    const first = await JsonlFileStore.open(path, { create: true, source: counterSource('a') });
    await first.append([gameStarted('g1'), logged('g1', 'move', { city: 'Köln' })], logVersion(0));
    await first.append([logged('g2')], logVersion(2));
    const events = await readAll(first);
    await first.close();
    const second = await JsonlFileStore.open(path, { source: counterSource('b') });
    expect(second.torn).toBe(false);
    expect(await second.version()).toBe(3);
    expect(await readAll(second)).toEqual(events);
    await second.append([logged('g1', 'combat')], logVersion(3));
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 4, version: 4 });
  });

  it('writes byte for byte what the memory store holds for the same input and envelope source', async () => {
    const path = newPath();
    const file = await JsonlFileStore.open(path, { create: true, source: counterSource() });
    const memory = new MemoryEventStore({ source: counterSource() });
    const batches = [
      [gameStarted('g1')],
      [logged('g1', 'move', { from: 'Köln', to: '東京' }), logged('g2')],
      [logged('g1', 'combat', { n: 1.5 })],
    ];
    let version = logVersion(0);
    for (const batch of batches) {
      const a = await file.append(batch, version);
      const b = await memory.append(batch, version);
      expect(a).toEqual(b);
      version = a.version;
    }
    expect(await readFile(path, 'utf8')).toBe(memory.toJsonl());
  });

  it('an invalid payload leaves the file byte for byte unchanged', async () => {
    const path = newPath();
    const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
    await store.append([logged('g1')], logVersion(0));
    const before = await readFile(path);
    await expect(
      store.append(
        [
          logged('g1'),
          {
            type: 'host.logged',
            game: 'g1',
            data: { turn: { year: 1941, season: 'autumn' as 'fall' }, kind: 'x', data: {} },
          },
        ],
        logVersion(1),
      ),
    ).rejects.toMatchObject({
      path: 'events[1].data.turn.season',
    });
    await expect(store.append([logged('g1')], logVersion(0))).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await readFile(path)).equals(before)).toBe(true);
  });
});

describe('JsonlFileStore: formats', () => {
  it('refuses a log of a newer format version, saying to upgrade', async () => {
    const path = newPath();
    await writeFile(path, `${sealLine(GENESIS_HASH, JSON.stringify({ format: LOG_FORMAT, formatVersion: 2 })).line}\n`);
    const opening = JsonlFileStore.open(path);
    await expect(opening).rejects.toBeInstanceOf(LogError);
    await expect(opening).rejects.toMatchObject({ line: 1, path: 'formatVersion' });
    await expect(opening).rejects.toThrow(
      'line 1: formatVersion: log format version 2 is newer than this engine reads (1); upgrade awaw-surrender',
    );
  });

  it('refuses a file of another format: another JSON header, CSV text, an empty file', async () => {
    const other = newPath();
    await writeFile(
      other,
      `${sealLine(GENESIS_HASH, JSON.stringify({ format: 'some-other-log', formatVersion: 1 })).line}\n`,
    );
    await expect(JsonlFileStore.open(other)).rejects.toMatchObject({
      line: 1,
      path: 'format',
      message: expect.stringContaining('not an awaw-surrender log'),
    });
    const csv = newPath();
    await writeFile(csv, 'seq,type\n1,host.logged\n');
    await expect(JsonlFileStore.open(csv)).rejects.toMatchObject({
      line: 1,
      path: 'format',
      message: expect.stringContaining('not an awaw-surrender log'),
    });
    const binary = newPath();
    await writeFile(binary, Buffer.alloc(100_000, 0x41));
    await expect(JsonlFileStore.open(binary)).rejects.toMatchObject({ line: 1, path: 'format' });
    const empty = newPath();
    await writeFile(empty, '');
    await expect(JsonlFileStore.open(empty)).rejects.toThrow('line 1: the file is empty: not an awaw-surrender log');
    await expect(JsonlFileStore.open(empty, { create: true })).rejects.toBeInstanceOf(LogError);
  });
});

describe('JsonlFileStore: tail-only open', () => {
  it('is correct after many appends, also stepping back in small chunks', async () => {
    const path = newPath();
    const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
    let version = logVersion(0);
    for (let i = 0; i < 60; i += 1) {
      version = (await store.append([logged('g1', `a${i}`), logged('g2', `b${i}`), logged('g1', `c${i}`)], version))
        .version;
    }
    expect(version).toBe(180);
    for (const chunkSize of [1, 7, 64, 1024 * 1024]) {
      const reopened = await JsonlFileStore.open(path, { chunkSize, source: counterSource('z') });
      expect(await reopened.version()).toBe(180);
    }
    const reopened = await JsonlFileStore.open(path, { chunkSize: 64, source: counterSource('z') });
    const next = await reopened.append([logged('g1', 'next')], logVersion(180));
    expect(next.events[0]?.hash).toBeDefined();
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 181 });
  });

  it('does not read the middle of the log: a damaged middle line does not stop open, verify names it', async () => {
    const path = newPath();
    const lines = await writeLog(
      path,
      Array.from({ length: 100 }, (_, i) => ({ i })),
    );
    const bytes = await readFile(path);
    const offset = lines.slice(0, 50).reduce((n, line) => n + Buffer.byteLength(line) + 1, 0) + 10; // inside line 51
    bytes[offset] = 0x7a;
    await writeFile(path, bytes);
    const store = await JsonlFileStore.open(path);
    expect(await store.version()).toBe(100);
    expect(await verifyLog(path)).toMatchObject({ ok: false, line: 51, torn: false });
  });

  it('a damaged last line is refused at open, naming the first bad line', async () => {
    const path = newPath();
    await writeLog(path, [{ a: 1 }, { a: 2 }, { a: 3 }]);
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace('"a":3', '"a":4'));
    await expect(JsonlFileStore.open(path)).rejects.toMatchObject({ line: 4, path: 'hash' });
    await writeFile(path, text.replace('"a":3', '"a":4').replace('"a":1', '"a":0'));
    await expect(JsonlFileStore.open(path)).rejects.toMatchObject({ line: 2, path: 'hash' });
  });

  it('handles last lines longer than the backward read step', async () => {
    const path = newPath();
    const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
    await store.append(
      [logged('g1', 'big', { text: 'x'.repeat(200_000) }), logged('g1', 'big', { text: 'ö'.repeat(100_000) })],
      logVersion(0),
    );
    const reopened = await JsonlFileStore.open(path, { chunkSize: 4096, source: counterSource('z') });
    expect(await reopened.version()).toBe(2);
    await reopened.append([logged('g1')], logVersion(2));
    expect(await verifyLog(path, { chunkSize: 4096 })).toMatchObject({ ok: true, events: 3 });
  });
});

describe('JsonlFileStore: streaming reads', () => {
  it('decodes multi-byte UTF-8 split across every possible chunk boundary', async () => {
    const path = newPath();
    const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
    await store.append(
      [
        logged('g1', 'move', { city: 'Köln' }),
        logged('g1', 'move', { city: '東京' }),
        logged('g1', 'move', { city: '𝔅erlin €' }),
      ],
      logVersion(0),
    );
    const expected = await readAll(store);
    const bytes = await readFile(path);
    // Offsets that fall inside a multi-byte character: a chunk boundary there splits the character.
    const inside = [...bytes.keys()].filter((i) => ((bytes[i] as number) & 0xc0) === 0x80);
    expect(inside.length).toBe(1 + 2 * 2 + 3 + 2); // ö, 東京, 𝔅, €
    let splitting = 0;
    for (let chunkSize = 1; chunkSize <= bytes.length + 1; chunkSize += 1) {
      if (inside.some((i) => i % chunkSize === 0)) splitting += 1;
      const chunked = await JsonlFileStore.open(path, { chunkSize });
      expect(await readAll(chunked)).toEqual(expected);
      expect(await readAll(chunked, { validate: false })).toEqual(expected);
      expect(await readAll(chunked, { from: 2, validate: false })).toEqual(expected.slice(1));
    }
    expect(splitting).toBeGreaterThanOrEqual(inside.length);
  });

  it('yields one batch per chunk, never the whole of a large log at once', async () => {
    const path = newPath();
    await writeLog(
      path,
      Array.from({ length: 20_000 }, (_, i) => ({ i, city: i % 2 === 0 ? 'Köln' : '東京' })),
    );
    const size = (await stat(path)).size;
    const store = await JsonlFileStore.open(path, { chunkSize: 64 * 1024 });
    expect(await store.version()).toBe(20_000);
    for (const validate of [true, false]) {
      let batches = 0;
      let largest = 0;
      let next = 1;
      for await (const batch of store.read({ validate })) {
        batches += 1;
        largest = Math.max(largest, batch.length);
        for (const event of batch) expect(event.seq).toBe(next++);
      }
      expect(next).toBe(20_001);
      expect(batches).toBeGreaterThanOrEqual(Math.floor(size / (64 * 1024)));
      expect(largest).toBeLessThan((64 * 1024) / 150); // each line is longer than 150 bytes
    }
  });

  it('ignores a line still being written by another process (no trailing line break yet)', async () => {
    const path = newPath();
    const lines = await writeLog(path, [{ a: 1 }, { a: 2 }]);
    const store = await JsonlFileStore.open(path);
    await writeFile(path, `${lines.join('\n')}\n${lines[2]?.slice(0, 40) ?? ''}`);
    const events = await readAll(store);
    expect(events.map((e: StoredEvent) => e.seq)).toEqual([1, 2]);
  });
});

describe('JsonlFileStore: two writers', () => {
  it('a second store on the same file sees the other appends and is refused at a stale version', async () => {
    const path = newPath();
    const a = await JsonlFileStore.open(path, { create: true, source: counterSource('a') });
    const b = await JsonlFileStore.open(path, { source: counterSource('b') });
    await a.append([logged('g1')], logVersion(0));
    expect(await b.version()).toBe(1);
    await b.append([logged('g1'), logged('g1')], logVersion(1));
    await expect(a.append([logged('g1')], logVersion(1))).rejects.toMatchObject({
      name: 'ConcurrencyError',
      expected: 1,
      actual: 3,
    });
    await a.append([logged('g1')], logVersion(3));
    const report = await verifyLog(path);
    expect(report).toMatchObject({ ok: true, events: 4 });
    expect((await readAll(b)).map((e) => e.id)).toEqual([
      'a-0000000000000000001',
      'b-0000000000000000001',
      'b-0000000000000000002',
      'a-0000000000000000002',
    ]);
  });

  it('concurrent appends through one store at one version: exactly one succeeds', async () => {
    const path = newPath();
    const store = await JsonlFileStore.open(path, { create: true, source: counterSource() });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => store.append([logged('g1')], logVersion(0))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof ConcurrencyError)).toHaveLength(4);
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 1 });
  });
});

describe('JsonlFileStore: the lock within one process', () => {
  it(
    'an append of a second store waits while the lock is held elsewhere in this process, and gives up after its ' +
      'timeout with LockTimeoutError, writing nothing',
    async () => {
      const path = newPath();
      const store = await JsonlFileStore.open(path, { create: true, source: counterSource(), lockTimeoutMs: 100 });
      const before = await readFile(path);
      await withLogLock(path, async () => {
        await expect(store.append([logged('g1')], logVersion(0))).rejects.toBeInstanceOf(LockTimeoutError);
      });
      expect((await readFile(path)).equals(before)).toBe(true);
      expect((await store.append([logged('g1')], logVersion(0))).version).toBe(1);
    },
  );

  it('an append started while the lock is held goes ahead once it is let go', async () => {
    const path = newPath();
    const store = await JsonlFileStore.open(path, { create: true, source: counterSource(), lockTimeoutMs: 30_000 });
    let waiting: Promise<AppendResult> | null = null;
    await withLogLock(path, async () => {
      waiting = store.append([logged('g1')], logVersion(0));
    });
    expect((await (waiting as Promise<AppendResult> | null))?.version).toBe(1);
  });
});
