// The hash chain checked on a second thread (src/store/file/seal-thread.ts) changes nothing a reader sees: the
// same events, the same summary, and a broken log refused at the same line with the same words as when one thread
// checks everything, whichever of a broken seal and another fault comes first.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { LogError } from '../../src/store/line-format.js';
import { readLog, type ScanSummary } from '../../src/store/file/scan.js';
import { SEAL_THREAD_MIN_BYTES, wantsSealThread } from '../../src/store/file/seal-thread.js';
import { envelopeOf, sealedLog, tempLogFiles } from './support.js';

const { write } = tempLogFiles('seal');
const EVENTS = 3000;

/** The log's event texts (before sealing): host.logged lines, some with multi-byte text. */
function texts(): string[] {
  return Array.from({ length: EVENTS }, (_, i) =>
    JSON.stringify(
      envelopeOf(i + 1, {
        data: { turn: { year: 1941, season: 'spring' }, kind: 'move', data: i % 7 === 0 ? { to: 'Zürich €' } : {} },
      }),
    ),
  );
}

type Outcome =
  | { readonly kind: 'read'; readonly yielded: readonly StoredEvent[]; readonly summary: ScanSummary }
  | { readonly kind: 'refused'; readonly yielded: number; readonly message: string; readonly line: number };

async function read(path: string, sealThread: boolean, chunkSize: number): Promise<Outcome> {
  const yielded: StoredEvent[] = [];
  const reader = readLog(path, { sealThread, chunkSize });
  try {
    for (;;) {
      const next = await reader.next();
      if (next.done === true) return { kind: 'read', yielded, summary: next.value };
      yielded.push(...next.value);
    }
  } catch (error) {
    if (!(error instanceof LogError)) throw error;
    return { kind: 'refused', yielded: yielded.length, message: error.message, line: error.line };
  }
}

/**
 * Reads `content` both ways, in chunks of 64 KiB (a few hundred lines each) or of 1 MiB (the whole log, read in
 * batches of 256 events); returns the second thread's outcome after checking it is the one thread's.
 */
async function bothWays(content: string | Buffer, chunkSize = 64 * 1024): Promise<Outcome> {
  const path = await write(content);
  const threaded = await read(path, true, chunkSize);
  expect(threaded).toEqual(await read(path, false, chunkSize));
  return threaded;
}

const ONE_CHUNK = 1024 * 1024;

/** The sealed log with line `line` (1-based, the header is line 1) changed by `change` after sealing. */
function changedAt(lines: string, line: number, change: (text: string) => string): string {
  const all = lines.split('\n');
  all[line - 1] = change(all[line - 1] ?? '');
  return all.join('\n');
}

const HASH_WORDS = 'hash does not match: this line (or the chain before it) was changed';

describe('the log hash chain checked on a second thread', () => {
  it('yields every event of an intact log and the same summary as one thread', async () => {
    const outcome = await bothWays(sealedLog(texts()));
    expect(outcome.kind).toBe('read');
    if (outcome.kind !== 'read') return;
    expect(outcome.yielded).toHaveLength(EVENTS);
    expect(outcome.summary.events).toBe(EVENTS);
    expect(outcome.yielded[EVENTS - 1]?.seq).toBe(EVENTS);
  });

  it('refuses a changed byte at the changed line, having handed on only the lines before it', async () => {
    const log = changedAt(sealedLog(texts()), 1701, (t) => t.replace('"move"', '"mave"'));
    const outcome = await bothWays(log);
    expect(outcome).toMatchObject({ kind: 'refused', line: 1701, message: `line 1701: hash: ${HASH_WORDS}` });
    if (outcome.kind === 'refused') expect(outcome.yielded).toBeLessThan(1700);
  });

  it('reports a broken seal before a later line of bad content', async () => {
    const all = texts();
    all[1999] = all[1999]?.replace('"kind":"move"', '"kind":7') ?? '';
    const log = changedAt(sealedLog(all), 1201, (t) => t.replace('"move"', '"mave"'));
    expect(await bothWays(log)).toMatchObject({
      kind: 'refused',
      line: 1201,
      message: `line 1201: hash: ${HASH_WORDS}`,
    });
  });

  it('in one chunk: a broken seal is reported before later bad content, and stops what is handed on', async () => {
    const all = texts();
    all[148] = all[148]?.replace('"kind":"move"', '"kind":7') ?? '';
    const early = changedAt(sealedLog(all), 101, (t) => t.replace('"move"', '"mave"'));
    expect(await bothWays(early, ONE_CHUNK)).toEqual({
      kind: 'refused',
      yielded: 0,
      line: 101,
      message: `line 101: hash: ${HASH_WORDS}`,
    });
    const late = changedAt(sealedLog(texts()), 400, (t) => t.replace('"move"', '"mave"'));
    expect(await bothWays(late, ONE_CHUNK)).toEqual({
      kind: 'refused',
      yielded: 256,
      line: 400,
      message: `line 400: hash: ${HASH_WORDS}`,
    });
  });

  it('in one chunk: bad content is reported before a later broken seal', async () => {
    const all = texts();
    all[99] = all[99]?.replace('"kind":"move"', '"kind":7') ?? '';
    const outcome = await bothWays(
      changedAt(sealedLog(all), 150, (t) => t.replace('"move"', '"mave"')),
      ONE_CHUNK,
    );
    expect(outcome).toMatchObject({ kind: 'refused', line: 101 });
    if (outcome.kind === 'refused') expect(outcome.message).toMatch(/^line 101: data\.kind: /);
  });

  it('reports bad content before a later broken seal', async () => {
    const all = texts();
    all[1199] = all[1199]?.replace('"kind":"move"', '"kind":7') ?? '';
    const log = changedAt(sealedLog(all), 2001, (t) => t.replace('"move"', '"mave"'));
    const outcome = await bothWays(log);
    expect(outcome).toMatchObject({ kind: 'refused', line: 1201 });
    if (outcome.kind === 'refused') expect(outcome.message).toMatch(/^line 1201: data\.kind: /);
  });

  it('refuses a seal in capitals with the words of the envelope check', async () => {
    const log = changedAt(sealedLog(texts()), 901, (t) => t.slice(0, -66) + t.slice(-66).toUpperCase());
    const outcome = await bothWays(log);
    expect(outcome).toMatchObject({ kind: 'refused', line: 901 });
    if (outcome.kind === 'refused') expect(outcome.message).toMatch(/^line 901: hash: /);
  });

  it('refuses a line without its seal and a line of bytes that are not UTF-8 where one thread does', async () => {
    const unsealed = changedAt(sealedLog(texts()), 2501, (t) => `${t.slice(0, -75)}}`);
    expect(await bothWays(unsealed)).toMatchObject({ kind: 'refused', line: 2501 });
    const good = Buffer.from(sealedLog(texts()));
    const at = good.indexOf('Zürich', good.indexOf('\n', 100_000));
    good[at + 1] = 0xff;
    expect(await bothWays(good)).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/not valid UTF-8 text$/),
    });
  });

  it('reads lines longer than a chunk, and refuses a broken seal after them, where one thread does', async () => {
    const all = texts();
    // Chunks of 4 KiB: these lines of 10 KB each take several reads to arrive whole.
    for (const i of [300, 301, 1500])
      all[i] = all[i]?.replace('"data":{}', `"data":{"note":"${'x'.repeat(10_000)}"}`) ?? '';
    const outcome = await bothWays(sealedLog(all), 4096);
    expect(outcome.kind).toBe('read');
    if (outcome.kind === 'read') expect(outcome.yielded.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    const broken = changedAt(sealedLog(all), 1503, (t) => t.replace('"move"', '"mave"'));
    expect(await bothWays(broken, 4096)).toMatchObject({
      kind: 'refused',
      line: 1503,
      message: `line 1503: hash: ${HASH_WORDS}`,
    });
  });

  it('is used by default for a log of at least 64 MiB on two cores or more, and as forced', () => {
    expect(SEAL_THREAD_MIN_BYTES).toBe(64 * 1024 * 1024);
    expect(wantsSealThread('auto', SEAL_THREAD_MIN_BYTES - 1)).toBe(false);
    expect(wantsSealThread('auto', SEAL_THREAD_MIN_BYTES)).toBe(availableParallelism() >= 2);
    expect(wantsSealThread(true, 10)).toBe(true);
    expect(wantsSealThread(false, 2 * SEAL_THREAD_MIN_BYTES)).toBe(false);
  });
});
