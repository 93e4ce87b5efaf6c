// One `events` or `audit` response carries at most 4 MiB of events (or entries) as JSON text
// (docs/host-protocol.md): it ends before the event that would pass that, `next` going on from it, and an event
// larger than that alone is answered alone, so that every response goes on by one event at least.
import { describe, expect, it } from 'vitest';
import type { NewEvent, OriginEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { handleRequest, type ProtocolContext } from '../../src/host-protocol/handle.js';
import { MemoryEventStore } from '../../src/store/memory.js';

const GAME = 'sea-lion-1941';
const MIB = 1024 * 1024;
const LIMIT = 4 * MIB;
const start = seaLion1941().events[0] as OriginEvent;
const startOf = (game: string): NewEvent => ({ ...start, game });
const note = (blob: string): NewEvent => ({
  game: GAME,
  type: 'host.logged',
  data: { turn: { season: 'spring', year: 1941 }, kind: 'note', data: { blob } },
});

/** A store holding the game's start, then `events`, appended as they are (not decided: the handler only reads). */
async function contextOf(
  events: readonly NewEvent[],
): Promise<ProtocolContext & { readonly lines: readonly string[] }> {
  const store = new MemoryEventStore({ source: deterministicSource(GAME) });
  const engine = await SurrenderEngine.open(store);
  if (!(await engine.execute(GAME, start)).ok) throw new Error('start refused');
  for (const event of events) await store.append([event], await store.version());
  // The log's own lines, the header first: each event's JSON text as stored.
  const lines = store.toJsonl().trimEnd().split('\n').slice(1);
  return { engine, store, caughtUp: true, lines };
}

const bytes = (line: string): number => Buffer.byteLength(line);

describe('the bytes of one events or audit response', () => {
  it(
    'a response holds events up to 4 MiB of JSON text exactly ' +
      '(with their commas); one byte more moves the last to the next one',
    async () => {
      // The length of a note's line apart from its blob: measured on one note, as stored.
      const probe = await contextOf([note('x')]);
      const overhead = bytes(probe.lines[1] as string) - 1;
      const first = bytes(probe.lines[0] as string);
      // The game's start, its comma, then a note filling the rest exactly: start + 1 + note + 1 = 4 MiB.
      const fill = LIMIT - (first + 1) - overhead - 1;
      const exact = await contextOf([note('x'.repeat(fill)), note('y')]);
      expect(bytes(exact.lines[0] as string) + 1 + bytes(exact.lines[1] as string) + 1).toBe(LIMIT);
      const fits = await handleRequest({ op: 'events' }, exact);
      expect(fits.ok && fits.op === 'events' ? [fits.events.map((e) => e.seq), fits.next] : fits).toEqual([[1, 2], 3]);
      const over = await contextOf([note('x'.repeat(fill + 1)), note('y')]);
      const cut = await handleRequest({ op: 'events' }, over);
      expect(cut.ok && cut.op === 'events' ? [cut.events.map((e) => e.seq), cut.next] : cut).toEqual([[1], 2]);
      // Going on from `next`, the rest: nothing is skipped or repeated.
      const rest = await handleRequest({ op: 'events', from: 2 }, over);
      expect(rest.ok && rest.op === 'events' ? [rest.events.map((e) => e.seq), rest.next] : rest).toEqual([
        [2, 3],
        null,
      ]);
    },
  );

  it('an event larger than 4 MiB alone is answered alone, and the one after it in the next response', async () => {
    const context = await contextOf([note('x'.repeat(5 * MIB)), note('y')]);
    expect(bytes(context.lines[1] as string)).toBeGreaterThan(LIMIT);
    const pages: number[][] = [];
    for (let from: number | null = 1; from !== null; ) {
      const response = await handleRequest({ op: 'events', from }, context);
      if (!response.ok || response.op !== 'events') throw new Error(JSON.stringify(response));
      pages.push(response.events.map((e) => e.seq));
      from = response.next;
    }
    expect(pages).toEqual([[1], [2], [3]]);
  });

  it("with game, only the bytes of that game's events count: other games' events are read, not answered", async () => {
    const other = (blob: string): NewEvent => ({ ...note(blob), game: 'other' });
    const context = await contextOf([
      startOf('other'),
      other('x'.repeat(3 * MIB)),
      other('x'.repeat(3 * MIB)),
      note('x'.repeat(3 * MIB)),
      note('x'.repeat(3 * MIB)),
    ]);
    const response = await handleRequest({ op: 'events', game: GAME }, context);
    expect(
      response.ok && response.op === 'events' ? [response.events.map((e) => e.seq), response.next] : response,
    ).toEqual([[1, 5], 6]);
  });

  it(
    '59.513: audit entries are counted the same way: three ' +
      'pools of about 1.5 MiB of entries each take two responses',
    async () => {
      // A unit's line in the audit breakdown holds its id: 2,000 units with ids of 700 characters are about 1.5 MiB.
      const units = Array.from(
        { length: 2000 },
        (_, i) =>
          ({
            id: `raf-${i}-${'x'.repeat(700)}`,
            nationality: 'british',
            kind: 'aaf',
            factors: 2,
            brps: 10,
            theater: 'europe',
          }) as const,
      );
      const pool: NewEvent = {
        game: GAME,
        type: 'host.british-force-pool',
        data: { turn: { season: 'spring', year: 1941 }, units },
      };
      const context = await contextOf([pool, pool, pool]);
      const first = await handleRequest({ op: 'audit' }, context);
      const second = await handleRequest({ op: 'audit', from: 4 }, context);
      if (!first.ok || first.op !== 'audit' || !second.ok || second.op !== 'audit') throw new Error('refused');
      const seqs = (entries: readonly { seq: number }[]) => [...new Set(entries.map((e) => e.seq))];
      expect([seqs(first.entries), first.next, seqs(second.entries), second.next]).toEqual([[1, 2, 3], 4, [4], null]);
      // Measured on the responses themselves: an array's JSON text is its items, their commas and two brackets.
      const held = Buffer.byteLength(JSON.stringify(first.entries)) - 1;
      const moved = Buffer.byteLength(JSON.stringify(second.entries)) - 1;
      expect([held <= LIMIT, held + moved > LIMIT]).toEqual([true, true]);
    },
  );
});
