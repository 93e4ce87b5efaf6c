// verifyLog checks every line; one changed byte anywhere is found at its line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOG_FORMAT, logVersion, type NewEvent } from '../../events/index.js';
import { decodeEventLine, GENESIS_HASH, headerLine, LogError, sealLine } from '../../src/store/line-format.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { verifyLog } from '../../src/store/file/verify.js';
import { counterSource, envelopeOf, gameStarted, logged, sealedLog, tempLogFiles } from './support.js';

const { write: writeLog } = tempLogFiles('v');

/** A valid log of a few events, multi-byte text included. */
async function validLog(): Promise<Buffer> {
  const store = new MemoryEventStore({ source: counterSource() });
  await store.append([gameStarted('g1'), logged('g1', 'move', { from: 'Köln', to: '東京' })], logVersion(0));
  await store.append(
    [logged('g2', 'combat', { odds: '3:2', note: 'a "quoted" \\ back\\slash €' }), logged('g1')],
    logVersion(2),
  );
  return Buffer.from(store.toJsonl());
}

const lineOf = (bytes: Buffer, offset: number): number =>
  bytes.subarray(0, offset).filter((b) => b === 0x0a).length + 1;

describe('verifyLog: an intact log', () => {
  it('verifies, reporting its events, version, format version and last hash', async () => {
    const bytes = await validLog();
    const path = await writeLog(bytes);
    const report = await verifyLog(path);
    const lastLine = bytes.toString('utf8').trimEnd().split('\n').pop() ?? '';
    const { hash } = JSON.parse(lastLine) as { hash: string };
    expect(report).toEqual({
      ok: true,
      events: 4,
      version: 4,
      formatVersion: 1,
      lastHash: hash,
      head: { seq: 4, hash },
      repairs: [],
    });
  });

  it('a log holding only its header verifies with 0 events', async () => {
    expect(await verifyLog(await writeLog(`${headerLine().line}\n`))).toMatchObject({
      ok: true,
      events: 0,
      version: 0,
    });
  });

  it('property: any events the store accepts make a log that verifies (any text, any JSON data)', async () => {
    const data = fc.dictionary(fc.string({ unit: 'binary', maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), {
      maxKeys: 4,
    });
    const batch = fc.array(
      fc.record({
        game: fc.constantFrom('g1', 'game-2', 'G.3_x'),
        kind: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
        data,
      }),
      { minLength: 0, maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 4 }), async (batches) => {
        const store = new MemoryEventStore({ source: counterSource() });
        let version = logVersion(0);
        for (const events of batches) {
          const news = events.map((e): NewEvent => logged(e.game, e.kind, e.data));
          version = (await store.append(news, version)).version;
        }
        const report = await verifyLog(await writeLog(store.toJsonl()));
        expect(report).toMatchObject({ ok: true, events: version, version });
      }),
      { numRuns: 80 },
    );
  });
});

describe('verifyLog: one changed byte', () => {
  it('property: changing any one byte to another makes verify fail at the line holding that byte', async () => {
    const bytes = await validLog();
    const replacement = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(0x0a, 0x0d, 0x20, 0x22, 0x5c, 0x7d, 0x80, 0xbf, 0xc3, 0xef, 0xff),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: bytes.length - 1 }), replacement, async (offset, byte) => {
        fc.pre(bytes[offset] !== byte);
        const changed = Buffer.from(bytes);
        changed[offset] = byte;
        const report = await verifyLog(await writeLog(changed));
        const line = lineOf(bytes, offset);
        expect(report).toMatchObject({ ok: false, line, torn: offset === bytes.length - 1 });
        if (!report.ok) expect(report.message.startsWith(`line ${line}`)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('every byte of the log, each changed by one bit, is found at its line', async () => {
    const bytes = await validLog();
    for (let offset = 0; offset < bytes.length; offset += 1) {
      const changed = Buffer.from(bytes);
      changed[offset] = (bytes[offset] as number) ^ 0x01;
      expect(await verifyLog(await writeLog(changed)), `offset ${offset}`).toMatchObject({
        ok: false,
        line: lineOf(bytes, offset),
      });
    }
  });
});

describe('verifyLog: what is refused, by line and JSON path', () => {
  const refused = async (content: string) => verifyLog(await writeLog(content));
  const json = (value: unknown): string => JSON.stringify(value);

  it('a seq gap', async () => {
    const report = await refused(sealedLog([json(envelopeOf(1)), json(envelopeOf(2)), json(envelopeOf(4))]));
    expect(report).toEqual({
      ok: false,
      line: 4,
      path: 'seq',
      torn: false,
      message: 'line 4: seq: expected 3, found 4 (events missing, repeated or out of order)',
    });
  });

  it('a repeated line', async () => {
    const log = sealedLog([json(envelopeOf(1)), json(envelopeOf(2))]);
    const lines = log.split('\n');
    const report = await refused(`${[...lines.slice(0, 3), lines[2], ''].join('\n')}`);
    expect(report).toMatchObject({
      ok: false,
      line: 4,
      path: 'seq',
      message: 'line 4: seq: expected 3, found 2 (events missing, repeated or out of order)',
    });
  });

  it('an unknown event type', async () => {
    const report = await refused(sealedLog([json(envelopeOf(1)), json(envelopeOf(2, { type: 'host.nonsense' }))]));
    expect(report).toMatchObject({
      ok: false,
      line: 3,
      path: 'type',
      message: 'line 3: type: unknown event type "host.nonsense"',
    });
  });

  it('an extra field in data', async () => {
    const data = { turn: { year: 1941, season: 'spring' }, kind: 'move', data: {}, extra: true };
    const report = await refused(sealedLog([json(envelopeOf(1, { data }))]));
    expect(report).toMatchObject({
      ok: false,
      line: 2,
      path: 'data.extra',
      message: 'line 2: data.extra: unknown field',
    });
  });

  it('a missing field, in data and in the envelope', async () => {
    const data = { turn: { year: 1941, season: 'spring' }, data: {} };
    expect(await refused(sealedLog([json(envelopeOf(1, { data }))]))).toMatchObject({
      ok: false,
      line: 2,
      path: 'data.kind',
      message: 'line 2: data.kind: missing required field (expected a non-empty string)',
    });
    const { at: _at, ...withoutAt } = envelopeOf(2);
    expect(await refused(sealedLog([json(envelopeOf(1)), json(withoutAt)]))).toMatchObject({
      ok: false,
      line: 3,
      path: 'at',
    });
  });

  it('a value out of range deep in data', async () => {
    const data = { turn: { year: 1800, season: 'spring' }, kind: 'move', data: {} };
    expect(await refused(sealedLog([json(envelopeOf(1, { data }))]))).toMatchObject({
      line: 2,
      path: 'data.turn.year',
      message: 'line 2: data.turn.year: expected an integer from 1900 to 2100',
    });
  });

  it('a newer event version (v: 2)', async () => {
    const report = await refused(sealedLog([json(envelopeOf(1)), json(envelopeOf(2, { v: 2 }))]));
    expect(report).toMatchObject({
      ok: false,
      line: 3,
      path: 'v',
      message: 'line 3: v: "host.logged" version 2 is newer than this engine reads (1); upgrade awaw-surrender',
    });
  });

  it('a newer format version', async () => {
    const header = sealLine(GENESIS_HASH, json({ format: LOG_FORMAT, formatVersion: 2 })).line;
    expect(await refused(sealedLog([json(envelopeOf(1))], header))).toMatchObject({
      ok: false,
      line: 1,
      path: 'formatVersion',
      message:
        'line 1: formatVersion: log format version 2 is newer than this engine reads (1); upgrade awaw-surrender',
    });
  });

  it('a file of another format', async () => {
    expect(await refused('time,event\n')).toMatchObject({ ok: false, line: 1, path: 'format', torn: false });
    expect(await refused(`${json({ format: 'other', formatVersion: 1 })}\n`)).toMatchObject({
      ok: false,
      line: 1,
      path: 'format',
    });
  });

  it('a blank line', async () => {
    const log = sealedLog([json(envelopeOf(1)), json(envelopeOf(2))]);
    const lines = log.split('\n');
    expect(await refused([lines[0], lines[1], '', lines[2], ''].join('\n'))).toMatchObject({
      ok: false,
      line: 3,
      path: '$',
    });
  });

  it('a line that is not valid UTF-8 (an invalid sequence would decode to U+FFFD unseen by the hash)', async () => {
    const log = Buffer.from(
      sealedLog([json(envelopeOf(1, { data: { turn: { year: 1941, season: 'spring' }, kind: '\uFFFD', data: {} } }))]),
    );
    expect(await verifyLog(await writeLog(log))).toMatchObject({ ok: true });
    const at = log.indexOf(Buffer.from('\uFFFD'));
    const changed = Buffer.from(log);
    changed[at] = 0xf0; // F0 BF BD is an incomplete 4-byte sequence: it decodes to the same single U+FFFD
    expect(changed.toString('utf8')).toBe(log.toString('utf8'));
    expect(await verifyLog(await writeLog(changed))).toMatchObject({
      ok: false,
      line: 2,
      path: '$',
      message: 'line 2: not valid UTF-8 text',
    });
  });
});

describe('malformed lines', () => {
  const prevHash = headerLine().hash;
  const validLine = sealLine(prevHash, JSON.stringify(envelopeOf(1))).line;
  const malformed = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.json({ maxDepth: 4 }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    // Mutations of a valid line: a slice removed, text inserted.
    fc
      .tuple(fc.nat(validLine.length), fc.nat(validLine.length), fc.string({ maxLength: 8 }))
      .map(([a, b, insert]) => validLine.slice(0, Math.min(a, b)) + insert + validLine.slice(Math.max(a, b))),
    // Envelopes with random values, correctly sealed: only the content can be wrong.
    fc
      .record(
        {
          seq: fc.jsonValue(),
          id: fc.string(),
          game: fc.string(),
          type: fc.constantFrom('host.logged', 'host.game-started', 'x'),
          v: fc.jsonValue(),
          at: fc.jsonValue(),
          data: fc.jsonValue(),
        },
        { requiredKeys: [] },
      )
      .map((value) => sealLine(prevHash, JSON.stringify(value)).line),
  );

  it('property: a malformed line only ever throws a LogError naming its line', () => {
    fc.assert(
      fc.property(malformed, (text) => {
        fc.pre(text !== validLine);
        let thrown: unknown = null;
        try {
          decodeEventLine(text, 2, { expectedSeq: 1, prevHash });
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(LogError);
        expect((thrown as LogError).line).toBe(2);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: a log with a malformed line is reported at that line, never with an exception', async () => {
    const good = sealedLog([json(envelopeOf(1))]);
    await fc.assert(
      fc.asyncProperty(malformed, async (text) => {
        const line = text.replace(/\n/g, ' ');
        const report = await verifyLog(await writeLog(`${good}${line}\n`));
        expect(report).toMatchObject({ ok: false, line: 3, torn: false });
      }),
      { numRuns: 200 },
    );
  });

  function json(value: unknown): string {
    return JSON.stringify(value);
  }
});
