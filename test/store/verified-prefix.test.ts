// readLog with a verified prefix (a verification mark): the bytes a mark vouches for are checked segment by
// segment against their digests and only their listed lines are parsed; everything after them is fully checked.
// The invariant: a trusted read yields what a full read yields (less the skipped types), or throws
// StaleMarkError when the log no longer holds the bytes the mark vouches for. It never yields other events.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { logVersion, type StoredEvent } from '../../events/index.js';
import { LogError } from '../../src/store/line-format.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { readLog, type ScanOptions, type ScanSummary } from '../../src/store/file/scan.js';
import { StaleMarkError, type VerifiedPrefix } from '../../src/store/file/verified-mark.js';
import { ROOT } from '../support/build.js';
import { counterSource, gameStarted, logged, tempLogFiles } from './support.js';

const SKIPPED = ['host.logged'];

const { write: writeLog } = tempLogFiles('p');
/** A whole example game (273 lines, most of them rule events). */
let example = Buffer.alloc(0);
/** A small log with multi-byte text in its host.logged lines. */
let multibyte = Buffer.alloc(0);

beforeAll(async () => {
  example = await readFile(join(ROOT, 'examples', 'italy-1943-germany-1945.jsonl'));
  const store = new MemoryEventStore({ source: counterSource() });
  await store.append([gameStarted('g1'), logged('g1', 'move', { from: 'Köln', to: '東京' })], logVersion(0));
  await store.append(
    [logged('g2', 'combat', { note: 'a "quoted" € sign' }), gameStarted('g2'), logged('g1')],
    logVersion(2),
  );
  await store.append([logged('g2', 'move', { to: 'Zürich' }), logged('g1')], logVersion(5));
  multibyte = Buffer.from(store.toJsonl());
});

type Outcome =
  | { readonly kind: 'read'; readonly events: readonly StoredEvent[]; readonly summary: Omit<ScanSummary, 'index'> }
  | { readonly kind: 'log-error'; readonly line: number; readonly path: string; readonly detail: string }
  | { readonly kind: 'stale' };

async function read(path: string, options: ScanOptions): Promise<Outcome> {
  const events: StoredEvent[] = [];
  try {
    const reader = readLog(path, options);
    for (;;) {
      const next = await reader.next();
      if (next.done === true) {
        const { index: _index, ...summary } = next.value;
        return { kind: 'read', events, summary };
      }
      events.push(...next.value);
    }
  } catch (error) {
    if (error instanceof StaleMarkError) return { kind: 'stale' };
    if (error instanceof LogError)
      return { kind: 'log-error', line: error.line, path: error.path, detail: error.detail };
    throw error;
  }
}

/** What a verification mark of `path` would hold: a full, checked read with an index. */
async function prefixOf(path: string, chunkSize: number): Promise<VerifiedPrefix> {
  const reader = readLog(path, { validate: true, index: true, skipTypes: SKIPPED, chunkSize });
  for (;;) {
    const next = await reader.next();
    if (next.done === true) {
      const s = next.value;
      if (s.index === null) throw new Error('no index');
      return {
        logFormatVersion: s.formatVersion,
        events: s.events,
        bytes: s.wholeBytes,
        lastHash: s.lastHash,
        skipped: SKIPPED,
        segments: s.index,
      };
    }
  }
}

/** A full read's outcome less the skipped lines among the first `through` events (those a mark vouches for). */
const withoutSkipped = (outcome: Outcome, through = Number.POSITIVE_INFINITY): Outcome =>
  outcome.kind === 'read'
    ? { ...outcome, events: outcome.events.filter((e) => e.seq > through || !SKIPPED.includes(e.type)) }
    : outcome;

/** Byte offsets just past each `\n`. */
const lineEnds = (bytes: Buffer): number[] => [...bytes.entries()].filter(([, b]) => b === 0x0a).map(([i]) => i + 1);

describe('readLog with a verified prefix', () => {
  it(
    'the index of a full read covers the whole lines in ' +
      'consecutive segments and lists exactly the lines not skipped',
    async () => {
      const path = await writeLog(example);
      const prefix = await prefixOf(path, 4096);
      expect(prefix.bytes).toBe(example.length);
      expect(prefix.events).toBe(272);
      expect(prefix.segments.length).toBeGreaterThan(5);
      expect(prefix.segments.at(-1)?.end).toBe(example.length);
      let start = 0;
      const listed: string[] = [];
      for (const segment of prefix.segments) {
        expect(example[segment.end - 1]).toBe(0x0a);
        for (const offset of segment.lines)
          listed.push(example.toString('latin1', start + offset, start + offset + 12));
        start = segment.end;
      }
      const expected = example
        .toString('latin1')
        .split('\n')
        .slice(1, -1)
        .filter((line) => !line.includes('"type":"host.logged"'))
        .map((line) => line.slice(0, 12));
      expect(listed).toEqual(expected);
    },
  );

  it('reads what a full read reads, less the skipped lines; the same summary', async () => {
    for (const bytes of [example, multibyte]) {
      for (const chunkSize of [64, 1000, 1 << 20]) {
        const path = await writeLog(bytes);
        const trusted = await prefixOf(path, chunkSize);
        const full = await read(path, { validate: true });
        expect(await read(path, { validate: true, trusted, skipTypes: SKIPPED })).toEqual(withoutSkipped(full));
        // `from` applies to the vouched-for lines too.
        const later = await read(path, { validate: true, trusted, skipTypes: SKIPPED, from: 4 });
        expect(later.kind === 'read' ? later.events.map((e) => e.seq) : []).toEqual(
          full.kind === 'read'
            ? full.events.filter((e) => e.seq >= 4 && e.type !== 'host.logged').map((e) => e.seq)
            : [],
        );
      }
    }
  });

  it('is not used when the reader would yield a type the mark skipped', async () => {
    const path = await writeLog(example);
    const trusted = await prefixOf(path, 4096);
    const full = await read(path, { validate: true });
    expect(await read(path, { validate: true, trusted })).toEqual(full);
  });

  it(
    'property: a log that grew after its mark reads as a full ' +
      'read does (the new lines fully checked, chained to the mark)',
    async () => {
      const ends = lineEnds(example);
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: ends.length - 2 }),
          fc.integer({ min: 128, max: 8192 }),
          async (cut, chunkSize) => {
            const path = await writeLog(example.subarray(0, ends[cut]));
            const trusted = await prefixOf(path, chunkSize);
            await writeFile(path, example);
            expect(await read(path, { validate: true, trusted, skipTypes: SKIPPED, chunkSize })).toEqual(
              withoutSkipped(await read(path, { validate: true, chunkSize }), cut),
            );
          },
        ),
        { numRuns: 40 },
      );
    },
  );

  it(
    "property: one changed byte in the vouched-for bytes is StaleMarkError; after them, the full read's own " +
      'verdict',
    async () => {
      const ends = lineEnds(example);
      const cut = ends[150] ?? 0;
      const prefixPath = await writeLog(example.subarray(0, cut));
      const trusted = await prefixOf(prefixPath, 2048);
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: example.length - 1 }),
          fc.integer({ min: 1, max: 255 }),
          async (at, delta) => {
            const changed = Buffer.from(example);
            changed[at] = ((changed[at] ?? 0) + delta) % 256;
            const path = await writeLog(changed);
            const outcome = await read(path, { validate: true, trusted, skipTypes: SKIPPED });
            if (at < cut) expect(outcome).toEqual({ kind: 'stale' });
            else expect(outcome).toEqual(withoutSkipped(await read(path, { validate: true }), trusted.events));
          },
        ),
        { numRuns: 150 },
      );
    },
  );

  it('a log shorter than its mark, or a mark listing a line that is not an event: StaleMarkError', async () => {
    const path = await writeLog(example);
    const trusted = await prefixOf(path, 4096);
    await writeFile(path, example.subarray(0, example.length - 10));
    expect(await read(path, { validate: true, trusted, skipTypes: SKIPPED })).toEqual({ kind: 'stale' });
    await writeFile(path, example);
    const [first, ...rest] = trusted.segments;
    if (first === undefined) throw new Error('no segment');
    const wrong: VerifiedPrefix = {
      ...trusted,
      segments: [{ ...first, lines: [...first.lines.slice(0, 1), (first.lines[1] ?? 0) + 3] }, ...rest],
    };
    expect(await read(path, { validate: true, trusted: wrong, skipTypes: SKIPPED })).toEqual({ kind: 'stale' });
  });
});
