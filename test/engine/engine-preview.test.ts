// SurrenderEngine.preview: what execute would append and what would then be pending, decided as execute decides,
// appending nothing (a what-if for a host's UI).
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../events/index.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { deterministicSource } from '../../src/examples/build.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { MemoryEventStore } from '../../src/store/memory.js';

const GAME = 'sea-lion-1941';
const script = seaLion1941().events;
const at = (type: OriginEvent['type']): number => script.findIndex((e) => e.type === type);

/** An engine on a new log holding the example's first `count` commands. */
async function playedTo(count: number): Promise<{ engine: SurrenderEngine; store: MemoryEventStore }> {
  const store = new MemoryEventStore({ source: deterministicSource(GAME) });
  const engine = await SurrenderEngine.open(store);
  for (const command of script.slice(0, count)) {
    const result = await engine.execute(GAME, command);
    if (!result.ok) throw new Error(result.rejection.message);
  }
  return { engine, store };
}

describe('SurrenderEngine.preview', () => {
  it(
    '59.23: previewing the acceptance of the British offer gives exactly the events and the pending decisions ' +
      'execute then gives, and appends nothing',
    async () => {
      const accept = at('britain.offer-accepted');
      const { engine, store } = await playedTo(accept);
      const before = store.toJsonl();
      const version = engine.version;
      const preview = await engine.preview(GAME, script[accept] as OriginEvent);
      expect(store.toJsonl()).toBe(before);
      expect(engine.version).toBe(version);
      expect(engine.pending(GAME).map((p) => p.decision)).toEqual(['respond-to-british-offer']);
      const executed = await engine.execute(GAME, script[accept] as OriginEvent);
      if (!preview.ok || !executed.ok) throw new Error('refused');
      expect(preview.version).toBe(version);
      expect(preview.events).toEqual(
        executed.events.map((e) => ({ seq: e.seq, game: e.game, type: e.type, data: e.data })),
      );
      expect(preview.events.map((e) => e.type)).toEqual(['britain.offer-accepted', 'britain.surrendered']);
      expect(preview.pending).toEqual(engine.pending(GAME));
      expect(preview.pending.map((p) => p.decision)).toEqual([
        'report-british-force-pool',
        'report-british-hex-control',
      ]);
    },
  );

  it(
    '59.12: previewing the game turn end that makes Britain offer shows the offer and, pending after it, ' +
      "Germany's answer",
    async () => {
      const offerTurn = at('britain.offer-accepted') - 1;
      const { engine } = await playedTo(offerTurn);
      const preview = await engine.preview(GAME, script[offerTurn] as OriginEvent);
      if (!preview.ok) throw new Error(preview.rejection.message);
      expect(preview.events.map((e) => [e.seq, e.type])).toEqual([
        [engine.version + 1, 'host.game-turn-ended'],
        [engine.version + 2, 'britain.resistance-determined'],
        [engine.version + 3, 'britain.surrender-offered'],
      ]);
      expect(preview.pending).toMatchObject([
        {
          decision: 'respond-to-british-offer',
          by: 'germany',
          rule: '59.23',
          resistanceLevel: -4,
          surrenderLevel: -4,
          forced: false,
        },
      ]);
      expect(engine.pending(GAME)).toEqual([]);
    },
  );

  it('a refused command is refused exactly as execute refuses it, and a malformed one too', async () => {
    const { engine, store } = await playedTo(at('britain.offer-accepted'));
    const early = {
      type: 'host.game-turn-ended',
      data: { turn: { season: 'spring', year: 1941 }, britain: {} },
    } as unknown as OriginEvent;
    const before = store.toJsonl();
    const preview = await engine.preview(GAME, early);
    const pendingBefore = engine.pending(GAME);
    const executed = await engine.execute(GAME, early);
    // The refusal is execute's; a preview adds what is pending as it stands, for a host building its move.
    expect(preview).toEqual({ ...executed, pending: pendingBefore });
    expect(preview.ok).toBe(false);
    expect(pendingBefore.map((p) => p.decision)).toEqual(['respond-to-british-offer']);
    expect(await engine.preview('no such game!', script[0] as OriginEvent)).toEqual({
      ok: false,
      rejection: {
        code: 'malformed',
        rule: 'schema',
        message: 'game: expected a string matching ^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$',
      },
    });
    expect(await engine.preview(GAME, 42 as unknown as OriginEvent)).toEqual({
      ok: false,
      rejection: { code: 'malformed', rule: 'schema', message: '$: expected an event object { type, data }' },
    });
    expect(store.toJsonl()).toBe(before);
  });

  it('a game not started: previewing host.game-started shows it, nothing pending; anything else: no-game', async () => {
    const { engine } = await playedTo(0);
    expect(await engine.preview(GAME, script[0] as OriginEvent)).toEqual({
      ok: true,
      version: 0,
      pending: [],
      events: [{ seq: 1, game: GAME, ...script[0] }],
    });
    expect(await engine.preview(GAME, script[1] as OriginEvent)).toEqual({
      ok: false,
      rejection: { code: 'no-game', rule: 'sequence', message: 'no host.game-started event for this game yet' },
    });
    expect(engine.games()).toEqual([]);
  });

  it('decides against what another writer appended first', async () => {
    const accept = at('britain.offer-accepted');
    const { engine, store } = await playedTo(accept);
    const other = await SurrenderEngine.open(store);
    expect((await other.execute(GAME, script[accept] as OriginEvent)).ok).toBe(true);
    const preview = await engine.preview(GAME, script[accept] as OriginEvent);
    expect(preview).toMatchObject({ ok: false, rejection: { code: 'not-pending' } });
    expect(engine.version).toBe(other.version);
  });
});
