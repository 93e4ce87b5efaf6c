// What every reader of a log refuses alike: a line over the documented 16 MiB, a repeated event id, a path that is
// not a regular file; and the head every append reports.
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logVersion } from '../../events/index.js';
import { replayVerifiedLog } from '../../src/host/file/replay-file.js';
import { deterministicSource } from '../../src/examples/build.js';
import { JsonlFileStore, NotALogFileError } from '../../src/store/file/jsonl-file.js';
import { LogError, MAX_LINE_BYTES, sha256Bytes } from '../../src/store/line-format.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { readLog, scanLog } from '../../src/store/file/scan.js';
import { writeVerifiedMark, type VerifiedPrefix } from '../../src/store/file/verified-mark.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { nonRegularFiles } from '../support/non-regular.js';
import { counterSource, envelopeOf, logged, readAll, sealedLog, tempLogFiles } from './support.js';

const { dir, write: onDisk } = tempLogFiles('l');

/** The JSON of event `seq` whose sealed line is exactly `length` bytes (ASCII). */
function eventOfLength(seq: number, length: number): string {
  const text = (pad: string): string =>
    JSON.stringify(envelopeOf(seq, { data: { turn: { year: 1941, season: 'spring' }, kind: 'pad', data: { pad } } }));
  // Sealing replaces the final `}` by `,"hash":"<64 hex>"}`: 74 bytes more.
  return text('x'.repeat(length - 74 - text('').length));
}

const short = (seq: number): string => JSON.stringify(envelopeOf(seq));

/**
 * `replay` through a verification mark forged for the whole file (a clean check never writes one for a line over
 * the limit): the mark is not trusted for such a line, and the answer is the full read's.
 */
async function replayThroughMark(path: string): Promise<{ code: number; stderr: string }> {
  const bytes = readFileSync(path);
  const lines = bytes.toString('latin1').trimEnd().split('\n');
  const lastHash = (lines.at(-1) ?? '').slice(-66, -2);
  const segments = [{ end: bytes.length, digest: sha256Bytes(bytes), lines: [] }];
  const mark = {
    engine: 'forged',
    logFormatVersion: 1,
    events: lines.length - 1,
    bytes: bytes.length,
    lastHash,
    skipped: ['host.logged'],
    segments,
  };
  expect(await writeVerifiedMark(path, mark)).toBe(true);
  const io = memoryIo();
  const code = await runCli(['replay', path], io, { engineId: 'forged' });
  return { code, stderr: io.stderr };
}

describe('one line limit, 16 MiB, in every reader', () => {
  const over = `line 2: line longer than ${MAX_LINE_BYTES} bytes: not an event line`;

  it("a line of exactly 16 MiB is read by verify, the store's open and its reads, trusted or not", async () => {
    const path = await onDisk(sealedLog([eventOfLength(1, MAX_LINE_BYTES), short(2)]));
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 2 });
    const store = await JsonlFileStore.open(path);
    expect(await store.version()).toBe(2);
    expect((await readAll(store, { validate: false })).map((e) => e.seq)).toEqual([1, 2]);
    expect((await replayVerifiedLog(path)).version).toBe(2);
    expect(await replayThroughMark(path)).toEqual({ code: 0, stderr: '' });
    // The last line at the limit: the tail-only open reads it.
    const last = await onDisk(sealedLog([short(1), eventOfLength(2, MAX_LINE_BYTES)]));
    expect(await (await JsonlFileStore.open(last)).version()).toBe(2);
  }, 60_000);

  it('a line one byte over is refused at its line by verify, by trusted reads, through a verification mark and by ' +
    "the store's open", async () => {
    const path = await onDisk(sealedLog([eventOfLength(1, MAX_LINE_BYTES + 1), short(2)]));
    expect(await verifyLog(path)).toEqual({ ok: false, line: 2, path: '$', message: over, torn: false });
    await expect(scanLog(path, { validate: false })).rejects.toThrow(over);
    await expect(replayVerifiedLog(path)).rejects.toThrow(over);
    // A mark vouching for those bytes (forged: a clean check never writes one) does not carry the line past the limit.
    expect(await replayThroughMark(path)).toEqual({ code: 1, stderr: `${path}:${over}\n` });
    const last = await onDisk(sealedLog([short(1), eventOfLength(2, MAX_LINE_BYTES + 1)]));
    await expect(JsonlFileStore.open(last)).rejects.toThrow(
      `line 3: line longer than ${MAX_LINE_BYTES} bytes: not an event line`,
    );
  }, 60_000);

  it('a fragment after the last line break longer than any line is a bad line, not a torn one', async () => {
    const path = await onDisk(`${sealedLog([short(1)])}${'x'.repeat(MAX_LINE_BYTES + 1)}`);
    const message = `line 3: line longer than ${MAX_LINE_BYTES} bytes: not an event line`;
    expect(await verifyLog(path)).toEqual({ ok: false, line: 3, path: '$', message, torn: false });
    await expect(JsonlFileStore.open(path)).rejects.toThrow(message);
  }, 60_000);
});

describe('event ids are unique', () => {
  const A = 'AAAAAAAAAAAAAAAAAAAAA';
  const B = 'BBBBBBBBBBBBBBBBBBBBB';
  const repeated = 'line 4: id: the id "AAAAAAAAAAAAAAAAAAAAA" is already that of line 2: event ids are unique';

  it('verify and a checked read refuse a repeated id, naming both lines', async () => {
    const path = await onDisk(
      sealedLog([
        JSON.stringify(envelopeOf(1, { id: A })),
        JSON.stringify(envelopeOf(2, { id: B })),
        JSON.stringify(envelopeOf(3, { id: A })),
      ]),
    );
    expect(await verifyLog(path)).toEqual({ ok: false, line: 4, path: 'id', message: repeated, torn: false });
    const error: unknown = await readAll(await JsonlFileStore.open(path)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LogError);
    expect(error).toMatchObject({ line: 4, message: repeated });
  });

  it('a line appended with the id of a line a verification mark vouches for is refused as without it', async () => {
    const first = [JSON.stringify(envelopeOf(1, { id: A })), JSON.stringify(envelopeOf(2, { id: B }))];
    const prefixPath = await onDisk(sealedLog(first));
    const marked = await scanLog(prefixPath, { validate: true, index: true, skipTypes: ['host.logged'] });
    const path = await onDisk(sealedLog([...first, JSON.stringify(envelopeOf(3, { id: A }))]));
    const prefix: VerifiedPrefix = {
      logFormatVersion: 1,
      events: 2,
      bytes: marked.wholeBytes,
      lastHash: marked.lastHash,
      skipped: ['host.logged'],
      segments: marked.index ?? [],
    };
    await expect(scanLog(path, { validate: true, trusted: prefix, skipTypes: ['host.logged'] })).rejects.toThrow(
      repeated,
    );
  });

  it('also when the line is appended while the vouched-for lines are being read', async () => {
    const first = [JSON.stringify(envelopeOf(1, { id: A })), JSON.stringify(envelopeOf(2, { id: B }))];
    const path = await onDisk(sealedLog(first));
    const marked = await scanLog(path, { validate: true, index: true });
    const prefix: VerifiedPrefix = {
      logFormatVersion: 1,
      events: 2,
      bytes: marked.wholeBytes,
      lastHash: marked.lastHash,
      skipped: [],
      segments: marked.index ?? [],
    };
    const reader = readLog(path, { validate: true, trusted: prefix });
    expect((await reader.next()).value).toHaveLength(2); // the vouched-for lines, the file not yet grown
    const grown = sealedLog([...first, JSON.stringify(envelopeOf(3, { id: A }))]);
    await writeFile(path, grown.slice(Buffer.byteLength(sealedLog(first))), { flag: 'a' });
    await expect(reader.next()).rejects.toThrow(repeated);
  });

  it('a store refuses to write an id its source gives twice in one append; nothing is written', async () => {
    const store = new MemoryEventStore({ source: { id: () => A, now: () => '2026-01-01T00:00:00.000Z' } });
    await expect(store.append([logged('g1'), logged('g1')], logVersion(0))).rejects.toThrow(
      'the envelope source gave the id "AAAAAAAAAAAAAAAAAAAAA" to events[0] and events[1]: ids must be unique',
    );
    expect(await store.version()).toBe(0);
  });

  it(
    "the examples' deterministic source gives every event its own id, also across appends and when a log is " +
      'reopened',
    async () => {
      const store = new MemoryEventStore({ source: deterministicSource('g1') });
      const one = await store.append([logged('g1'), logged('g1'), logged('g1')], logVersion(0));
      const two = await store.append([logged('g1'), logged('g1')], logVersion(3));
      const ids = [...one.events, ...two.events].map((e) => e.id);
      expect(new Set(ids).size).toBe(5);
      // Ids depend on the game and the seq only: the same seq, the same id.
      const again = await new MemoryEventStore({ source: deterministicSource('g1') }).append(
        [logged('g1')],
        logVersion(0),
      );
      expect(again.events[0]?.id).toBe(ids[0]);
    },
  );

  it('every bundled example log has unique event ids', () => {
    const root = new URL('../../examples/', import.meta.url);
    for (const name of readdirSync(root).filter((n) => n.endsWith('.jsonl'))) {
      const ids = readFileSync(new URL(name, root), 'utf8')
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((line) => (JSON.parse(line) as { id: string }).id);
      expect(new Set(ids).size, name).toBe(ids.length);
    }
  });
});

describe('a log is a regular file', () => {
  it("the store's open and every read refuse a FIFO, a directory, a device and a socket with NotALogFileError, " +
    'without blocking', async () => {
    const { cases, close } = await nonRegularFiles(dir());
    try {
      for (const [path, kind] of cases) {
        const message = `${path}: not a regular file (${kind}): a log is a regular file`;
        await expect(JsonlFileStore.open(path), path).rejects.toThrow(message);
        await expect(JsonlFileStore.open(path), path).rejects.toBeInstanceOf(NotALogFileError);
        await expect(verifyLog(path), path).rejects.toThrow(message);
        await expect(replayVerifiedLog(path), path).rejects.toThrow(message);
        const reader = readLog(path, { validate: false });
        await expect(reader.next(), path).rejects.toThrow(message);
      }
    } finally {
      await close();
    }
  }, 10_000);
});

describe('every append reports the head', () => {
  it("the file store's append result carries the seq and hash of the last line it wrote", async () => {
    const store = await JsonlFileStore.open(join(dir(), 'head.jsonl'), { create: true, source: counterSource() });
    const result = await store.append([logged('g1'), logged('g1')], logVersion(0));
    expect(result.head).toEqual({ seq: 2, hash: result.events[1]?.hash });
    expect(await verifyLog(store.path)).toMatchObject({ ok: true, head: result.head });
  });
});
