// Shared helpers for the store tests: deterministic envelopes, sample events, temporary directories.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewEvent, StoredEvent } from '../../events/index.js';
import { defaultRulingOptions } from '../../src/rules/options.js';
import { headerLine, sha256 } from '../../src/store/line-format.js';
import type { EnvelopeSource, EventStore } from '../../src/store/store.js';

/** Ids `id-000000000000000001`, ... (21 characters, the nanoid alphabet) and one second per call. */
export function counterSource(prefix = 'id'): EnvelopeSource & { readonly ids: () => number } {
  let ids = 0;
  let ticks = 0;
  return {
    id: () => `${prefix}-${String((ids += 1)).padStart(20 - prefix.length, '0')}`,
    now: () => new Date(Date.UTC(2024, 0, 1, 0, 0, (ticks += 1))).toISOString(),
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
