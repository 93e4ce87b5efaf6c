// Shared helpers for the store tests: deterministic envelopes, sample events, temporary directories.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { NewEvent, StoredEvent } from '../../events/index.js';
import { defaultRulingOptions } from '../../src/rules/options.js';
import { headerLine, sealLine, sha256 } from '../../src/store/line-format.js';
import type { EnvelopeSource, EventStore } from '../../src/store/store.js';

/** Ids `id-000000000000000001`, ... (21 characters, the nanoid alphabet) and one second per call. */
export function counterSource(prefix = 'id'): EnvelopeSource & { readonly ids: () => number } {
  let ids = 0;
  let ticks = 0;
  return {
    id: () => `${prefix}-${String(++ids).padStart(20 - prefix.length, '0')}`,
    now: () => new Date(Date.UTC(2024, 0, 1, 0, 0, ++ticks)).toISOString(),
    ids: () => ids,
  };
}

export const turn = { year: 1941, season: 'spring' } as const;

/** A `host.logged` event; `data` goes into its free-form data record. */
export const logged = (game: string, kind = 'move', data: Record<string, unknown> = {}): NewEvent => ({
  type: 'host.logged',
  game,
  data: { turn, kind, data },
});

export const gameStarted = (game: string): NewEvent => ({
  type: 'host.game-started',
  game,
  data: {
    scenario: 'european',
    turn,
    wars: [{ axis: 'germany', allied: 'britain' }],
    italy: { declaredWarOnWesternAlliesYear: null, westernAlliesDeclaredWar: false },
    options: defaultRulingOptions,
  },
});

export async function readAll(store: EventStore, options?: Parameters<EventStore['read']>[0]): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for await (const batch of store.read(options)) out.push(...batch);
  return out;
}

/** The hash chain computed from first principles: sha256(previous hash + the line without its hash field). */
export function expectedHashes(events: readonly StoredEvent[]): string[] {
  let prev = headerLine().hash;
  return events.map(({ seq, id, game, type, v, at, data }) => {
    prev = sha256(prev + JSON.stringify({ seq, id, game, type, v, at, data }));
    return prev;
  });
}

export async function makeTempDir(): Promise<{ readonly dir: string; readonly cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'awaw-store-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A temporary directory for the calling test file (made before its tests, removed after them) and a writer of
 * numbered files in it: `write(content)` resolves to the new file's path.
 */
export function tempLogFiles(prefix: string): {
  readonly dir: () => string;
  readonly write: (content: string | Buffer) => Promise<string>;
} {
  let dir = '';
  let cleanup: () => Promise<void> = async () => undefined;
  let files = 0;
  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir());
  });
  afterAll(() => cleanup());
  return {
    dir: () => dir,
    write: async (content) => {
      const path = join(dir, `${prefix}-${++files}.jsonl`);
      await writeFile(path, content);
      return path;
    },
  };
}

/** The envelope of a `host.logged` event of game g1 at `seq`, with `fields` replacing any of its own. */
export const envelopeOf = (seq: number, fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  seq,
  id: `id-${String(seq).padStart(18, '0')}`,
  game: 'g1',
  type: 'host.logged',
  v: 1,
  at: '2024-01-01T00:00:00.000Z',
  data: { turn: { year: 1941, season: 'spring' }, kind: 'move', data: {} },
  ...fields,
});

/** Seals each JSON text in a chain after a header (a valid one unless given), each with its line break. */
export function sealedLog(texts: readonly string[], header = headerLine().line): string {
  let hash = header === headerLine().line ? headerLine().hash : (JSON.parse(header) as { hash: string }).hash;
  const lines = [header];
  for (const text of texts) {
    const sealed = sealLine(hash, text);
    lines.push(sealed.line);
    hash = sealed.hash;
  }
  return lines.map((line) => `${line}\n`).join('');
}

/** Waits until `done()` holds (checked every 20 ms) or `ms` have passed: for what comes asynchronously (a notice). */
export async function waitUntil(done: () => boolean, ms = 5000): Promise<void> {
  for (let waited = 0; !done() && waited < ms; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
}
