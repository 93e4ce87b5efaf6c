// A crash in the middle of an append leaves a prefix of the batch on disk. For every possible cut, the torn
// line is detected, a reader leaves it alone, and the next append (as `repairLog`) repairs it, keeping every whole
// event, and records the repair.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { ConcurrencyError } from '../../src/store/store.js';
import { repairLog, verifyLog } from '../../src/store/file/verify.js';
import { counterSource, gameStarted, logged, makeTempDir, readAll } from './support.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir());
});
afterAll(async () => {
  await cleanup();
});

/** The bytes of a log of 3 events, then a last batch of `last` events (the last ones hold Köln and 東京). */
async function sampleLog(last: number): Promise<{ bytes: Buffer; lastBatchStart: number; lineStarts: number[] }> {
  const memory = new MemoryEventStore({ source: counterSource() });
  await memory.append([gameStarted('g1'), logged('g1'), logged('g2')], logVersion(0));
  const before = Buffer.byteLength(memory.toJsonl());
  await memory.append(
    Array.from({ length: last }, (_, i) => logged('g1', 'move', { from: 'Köln', to: '東京', i })),
    logVersion(3),
  );
  const bytes = Buffer.from(memory.toJsonl());
  const lineStarts = [0];
  for (let i = 0; i < bytes.length - 1; i += 1) if (bytes[i] === 0x0a) lineStarts.push(i + 1);
  return { bytes, lastBatchStart: before, lineStarts };
}

/** How many whole event lines (each with its `\n`) the first `length` bytes hold. */
const wholeEvents = (bytes: Buffer, length: number): number =>
  bytes.subarray(0, length).filter((b) => b === 0x0a).length - 1;

/** What a repair records (a `log.repaired` line) for `removed`, the bytes it cut off (none: a line break added). */
const recorded = (writer: string, removed: Buffer, seq: number | null) => ({
  writer,
  bytes: removed.length,
  sha256: createHash('sha256').update(removed).digest('hex'),
  seq: removed.length === 0 ? null : seq,
  events: 0,
  lineBreakAdded: removed.length === 0,
});

describe('crash: a log cut at every byte offset of its last line', () => {
  it(
    'is torn at every cut inside the line (and before its line break); a reader changes nothing; the next append, ' +
      'like repair, keeps every whole event and records the repair',
    async () => {
      const { bytes, lineStarts } = await sampleLog(1);
      const start = lineStarts[lineStarts.length - 1] as number;
      const path = join(dir, 'cut-line.jsonl');
      let completed = 0;
      for (let cut = start + 1; cut < bytes.length; cut += 1) {
        const cutBytes = bytes.subarray(0, cut);
        const whole = cut === bytes.length - 1; // only the final line break is missing
        if (whole) completed += 1;
        const kept = whole ? 4 : 3;
        const removed = whole ? Buffer.alloc(0) : bytes.subarray(start, cut);
        const repaired = whole ? bytes : bytes.subarray(0, start);
        for (const by of ['append', 'repair'] as const) {
          await writeFile(path, cutBytes);
          const torn = `${path} cut at ${cut}, repaired by ${by}`;
          const store = await JsonlFileStore.open(path, { source: counterSource('x') });
          expect(store.torn, torn).toBe(true);
          expect(await store.version(), torn).toBe(3);
          expect(await verifyLog(path), torn).toMatchObject({ ok: false, line: 5, torn: true });
          // Whole events before the cut are still readable; the fragment is not; a reader repairs nothing.
          expect(
            (await readAll(store)).map((e) => e.seq),
            torn,
          ).toEqual([1, 2, 3]);
          expect((await readFile(path)).equals(cutBytes), torn).toBe(true);

          if (by === 'append') {
            // Under the lock the torn end is repaired and recorded, then the append finds the log moved on.
            await expect(store.append([logged('g1')], logVersion(3)), torn).rejects.toBeInstanceOf(ConcurrencyError);
            expect(store.repairs, torn).toMatchObject([{ line: 5, removedBytes: removed.length, events: kept + 1 }]);
          } else {
            expect(await repairLog(path), torn).toMatchObject({
              ok: true,
              action: whole ? 'completed' : 'truncated',
              line: 5,
              removedBytes: removed.length,
              events: kept + 1,
              record: { seq: kept + 1, type: 'log.repaired', game: whole ? 'g1' : 'g2' },
            });
          }
          const text = await readFile(path);
          expect(text.subarray(0, repaired.length).equals(repaired), torn).toBe(true);
          expect(await verifyLog(path), torn).toMatchObject({
            ok: true,
            events: kept + 1,
            repairs: [{ line: kept + 2, ...recorded(by === 'append' ? 'library' : 'verify', removed, 4) }],
          });
          // The store appends again, at the version after the record.
          const version = logVersion(kept + 1);
          expect((await store.append([logged('g1', 'after')], version)).version, torn).toBe(version + 1);
          expect(await verifyLog(path), torn).toMatchObject({ ok: true, events: version + 1 });
        }
      }
      expect(completed).toBe(1);
    },
  );

  it('a cut just before the last line is no damage: the log is whole with one event less', async () => {
    const { bytes, lineStarts } = await sampleLog(1);
    const path = join(dir, 'cut-before.jsonl');
    await writeFile(path, bytes.subarray(0, lineStarts[lineStarts.length - 1]));
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 3 });
    expect(await repairLog(path)).toMatchObject({ ok: true, action: 'none', events: 3, record: null });
    const store = await JsonlFileStore.open(path);
    expect(store.torn).toBe(false);
    expect((await store.append([logged('g1')], logVersion(3))).version).toBe(4);
  });

  it(
    'a batch cut anywhere keeps exactly the whole lines written before the cut ' + '(no rules tell the batch)',
    async () => {
      const { bytes, lastBatchStart } = await sampleLog(3);
      const path = join(dir, 'cut-batch.jsonl');
      // Every byte near a line break (where the cases change), every 5th byte elsewhere (the last line is cut at
      // every byte above).
      const nearBreak = (cut: number): boolean => bytes.subarray(Math.max(0, cut - 6), cut + 6).includes(0x0a);
      for (let cut = lastBatchStart + 1; cut < bytes.length; cut += 1) {
        if (!nearBreak(cut) && cut % 5 !== 0) continue;
        await writeFile(path, bytes.subarray(0, cut));
        const where = `cut at ${cut}`;
        if (bytes[cut - 1] === 0x0a) {
          // Cut between two lines: a whole (shorter) log.
          expect(await verifyLog(path), where).toMatchObject({ ok: true, events: wholeEvents(bytes, cut) });
          continue;
        }
        const before = wholeEvents(bytes, cut);
        const lineComplete = bytes[cut] === 0x0a; // only its line break is missing
        const kept = before + (lineComplete ? 1 : 0);
        expect(await verifyLog(path), where).toMatchObject({ ok: false, torn: true, line: before + 2 });
        const store = await JsonlFileStore.open(path);
        expect(await store.version(), where).toBe(before);
        await expect(store.append([logged('g1')], logVersion(before)), where).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await verifyLog(path), where).toMatchObject({ ok: true, events: kept + 1 });
        const end = lineComplete ? cut + 1 : bytes.lastIndexOf(0x0a, cut - 1) + 1;
        const text = await readFile(path);
        expect(text.subarray(0, end).equals(bytes.subarray(0, end)), where).toBe(true);
        expect(JSON.parse(text.subarray(end).toString('utf8'))).toMatchObject({ seq: kept + 1, type: 'log.repaired' });
      }
    },
  );
});

describe('crash: what repair refuses', () => {
  it('damage before the last line is not repaired: the file is left unchanged', async () => {
    const { bytes, lineStarts } = await sampleLog(2);
    const damaged = Buffer.from(bytes.subarray(0, bytes.length - 10)); // torn last line as well
    const third = lineStarts[2] as number;
    damaged[third + 3] = 0x78; // inside line 3
    const path = join(dir, 'damaged.jsonl');
    await writeFile(path, damaged);
    expect(await verifyLog(path)).toMatchObject({ ok: false, line: 3, torn: false });
    const repair = await repairLog(path);
    expect(repair).toMatchObject({ ok: false, line: 3 });
    expect(repair.message).toMatch(
      /^line 3 is corrupt \(.*\): restore it from a backup; --repair only truncates a torn last line$/,
    );
    expect((await readFile(path)).equals(damaged)).toBe(true);
  });

  it('a torn fragment that is not the next event in the chain is truncated, not completed', async () => {
    const { bytes, lineStarts } = await sampleLog(1);
    // The last line repeated without its line break: whole JSON, but the wrong seq and hash.
    const last = bytes.subarray(lineStarts[lineStarts.length - 1], bytes.length - 1);
    const path = join(dir, 'repeated.jsonl');
    await writeFile(path, Buffer.concat([bytes, last]));
    expect(await verifyLog(path)).toMatchObject({ ok: false, line: 6, torn: true });
    expect(await repairLog(path)).toMatchObject({
      ok: true,
      action: 'truncated',
      events: 5,
      removedBytes: last.length,
      record: { seq: 5, type: 'log.repaired' },
    });
    expect((await readFile(path)).subarray(0, bytes.length).equals(bytes)).toBe(true);
  });

  it('a header without its line break is completed (no event, no record); an empty file is refused', async () => {
    const { bytes, lineStarts } = await sampleLog(1);
    const path = join(dir, 'header-only.jsonl');
    const header = bytes.subarray(0, (lineStarts[1] as number) - 1);
    await writeFile(path, header);
    expect(await verifyLog(path)).toMatchObject({ ok: false, line: 1, torn: true });
    expect(await repairLog(path)).toMatchObject({ ok: true, action: 'completed', events: 0, record: null });
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 0, repairs: [] });
    await writeFile(path, header);
    expect((await (await JsonlFileStore.open(path)).append([gameStarted('g1')], logVersion(0))).version).toBe(1);
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 1, repairs: [] });
    await writeFile(path, '');
    expect(await repairLog(path)).toMatchObject({ ok: false, line: 1 });
  });
});
