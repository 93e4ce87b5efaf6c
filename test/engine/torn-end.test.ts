// A torn end met through the library (JsonlFileStore and SurrenderEngine): a writer that died in the middle of an
// append left its last line cut. The next execute repairs it under the lock, as `verify --repair` does (the cut
// append removed whole), records the repair in the log (`log.repaired`), and goes on; a reader leaves it alone.
import { createHash } from 'node:crypto';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { readLog, verifyLog } from '../../src/store/file/verify.js';
import { ACCEPT, acceptOffer, SEA_LION, seaLionLog } from '../support/exec-process.js';

let dir = '';
/** The example up to the British offer of Summer 1941, then the same log with Germany's acceptance (two events). */
let base = '';
let batch: string[] = [];
let accepted = '';
let version = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'awaw-torn-end-'));
  ({ version } = await seaLionLog(join(dir, 'base.jsonl'), ACCEPT));
  await seaLionLog(join(dir, 'accepted.jsonl'), ACCEPT + 1);
  base = await readFile(join(dir, 'base.jsonl'), 'utf8');
  accepted = await readFile(join(dir, 'accepted.jsonl'), 'utf8');
  batch = accepted.slice(base.length).split('\n').slice(0, -1);
  expect(batch.map((line) => (JSON.parse(line) as StoredEvent).type)).toEqual([
    'britain.offer-accepted',
    'britain.surrendered',
  ]);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

let logs = 0;
const logOf = async (text: string): Promise<string> => {
  const path = join(dir, `log-${++logs}.jsonl`);
  await writeFile(path, text);
  return path;
};

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

async function eventsOf(path: string): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for await (const read of readLog(path)) events.push(...read);
  return events;
}

/** The game as a fresh engine replays it from the file. */
async function replayed(path: string): Promise<unknown> {
  const engine = await SurrenderEngine.open(await JsonlFileStore.open(path));
  try {
    return engine.view(SEA_LION);
  } finally {
    await engine.close();
  }
}

describe('a torn end met through the library', () => {
  it(
    '59.23: an engine opened before a writer died with half its line written: the execute removes the half line, ' +
      'records it, appends; the log verifies and replays to the same state as one never torn',
    async () => {
      const path = await logOf(base);
      const engine = await SurrenderEngine.open(await JsonlFileStore.open(path));
      const half = (batch[0] as string).slice(0, 90);
      await appendFile(path, half);
      const result = await engine.execute(SEA_LION, acceptOffer);
      await engine.close();
      expect(result.ok && result.events.map((e) => [e.seq, e.type])).toEqual([
        [version + 2, 'britain.offer-accepted'],
        [version + 3, 'britain.surrendered'],
      ]);
      const events = await eventsOf(path);
      expect(events.at(-3)).toMatchObject({
        seq: version + 1,
        game: SEA_LION,
        type: 'log.repaired',
        data: {
          writer: 'library',
          bytes: 90,
          sha256: sha256(half),
          seq: version + 1,
          events: 0,
          lineBreakAdded: false,
        },
      });
      expect(await verifyLog(path)).toMatchObject({
        ok: true,
        events: version + 3,
        repairs: [{ line: version + 2, writer: 'library', bytes: 90, seq: version + 1, events: 0 }],
      });
      expect(await replayed(path)).toEqual(await replayed(await logOf(accepted)));
    },
  );

  it(
    '59.23: a fresh engine on an append cut between its lines (the acceptance written, the surrender torn): the ' +
      'cut append is removed whole before the command is decided, and the acceptance is executed again',
    async () => {
      const cut = `${batch[0]}\n${(batch[1] as string).slice(0, 200)}`;
      const path = await logOf(base + cut);
      const store = await JsonlFileStore.open(path);
      const engine = await SurrenderEngine.open(store);
      // The engine read the cut append's first line: in its view the offer is accepted, the surrender missing.
      expect(engine.version).toBe(version + 1);
      const result = await engine.execute(SEA_LION, acceptOffer);
      await engine.close();
      expect(result.ok && result.events.map((e) => [e.seq, e.type])).toEqual([
        [version + 2, 'britain.offer-accepted'],
        [version + 3, 'britain.surrendered'],
      ]);
      expect(store.repairs).toMatchObject([
        {
          line: version + 3,
          removedEvents: 1,
          cut: { seq: version + 1, type: 'britain.offer-accepted', present: 1, expected: 2 },
        },
      ]);
      const text = await readFile(path, 'utf8');
      expect(text.startsWith(base)).toBe(true);
      expect(JSON.parse(text.slice(base.length).split('\n')[0] ?? '')).toMatchObject({
        seq: version + 1,
        type: 'log.repaired',
        data: {
          writer: 'library',
          bytes: Buffer.byteLength(cut),
          sha256: sha256(cut),
          seq: version + 1,
          events: 1,
          lineBreakAdded: false,
        },
      });
      expect(await verifyLog(path)).toMatchObject({ ok: true, events: version + 3 });
      expect(await replayed(path)).toEqual(await replayed(await logOf(accepted)));
    },
  );

  it('a reader leaves a torn end alone: open, replay, pending, preview, read and head change no byte', async () => {
    const torn = `${base}${(batch[0] as string).slice(0, 120)}`;
    const path = await logOf(torn);
    const store = await JsonlFileStore.open(path);
    const engine = await SurrenderEngine.open(store);
    expect(store.torn).toBe(true);
    expect(engine.pending(SEA_LION).map((p) => p.decision)).toEqual(['respond-to-british-offer']);
    expect(await engine.preview(SEA_LION, acceptOffer)).toMatchObject({ ok: true, version });
    await engine.catchUp();
    expect((await store.head()).seq).toBe(version);
    expect((await eventsOf(path)).length).toBe(version);
    await engine.close();
    expect(await readFile(path, 'utf8')).toBe(torn);
  });
});
