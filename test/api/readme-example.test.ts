// The README's host API example, run as written (through the package's public entry point).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SurrenderEngine, JsonlFileStore, defaultRulingOptions, describePending, UnknownGameError, verifyLog } from '../../src/index.js';

it('59.12, 59.23: the README example offers, accepts and waits for the reductions and the hex control', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'awaw-readme-'));
  try {
    const path = join(dir, 'g42.jsonl');
    const store = await JsonlFileStore.open(path, { create: true });
    const engine = await SurrenderEngine.open(store);
    const turn = { season: 'summer', year: 1941 } as const;
    await engine.execute('g42', {
      type: 'host.game-started',
      data: {
        scenario: 'european',
        turn,
        options: defaultRulingOptions,
        wars: [
          { axis: 'germany', allied: 'britain' },
          { axis: 'italy', allied: 'britain' },
        ],
        italy: { declaredWarOnWesternAlliesYear: 1940, westernAlliesDeclaredWar: false },
      },
    });
    const result = await engine.execute('g42', {
      type: 'host.game-turn-ended',
      data: {
        turn,
        britain: {
          britishDpLevel: -2,
          axisControlsMalta: false,
          axisControlsSingapore: false,
          oilEffectsOnBritain: 1,
          atlanticSwTransports: 9,
          russianGroundUnitInEasternEurope: true,
          unbuiltBritishGroundAirFactors: 4,
          usatLevel: 20,
          westernAlliedGroundAirFactorsOnWesternFront: 0,
          westernAlliedGroundUnitInGermany: false,
          russianGroundUnitInWesternPolandOrRumania: false,
          naval: [],
        },
      },
    });
    expect(result.ok && result.events.map((e) => e.type)).toEqual(['host.game-turn-ended', 'britain.resistance-determined', 'britain.surrender-offered']);
    expect(result.ok && result.head).toEqual({ seq: 4, hash: result.ok ? result.events[2]?.hash : null });
    const [offer] = engine.pending('g42');
    expect(offer).toEqual({
      decision: 'respond-to-british-offer',
      by: 'germany',
      rule: '59.23',
      commands: ['britain.offer-accepted', 'britain.offer-rejected'],
      turn,
      resistanceLevel: -4,
      surrenderLevel: -4,
      previousSurrenderLevel: null,
      forced: false,
    });
    expect(offer && describePending(offer)).toBe('Germany must accept or reject the British surrender offer of Summer 1941 at level -4 (surrender level -4 if accepted)');
    await engine.execute('g42', { type: 'britain.offer-accepted', data: { turn } });
    expect(engine.pending('g42').map((p) => p.decision)).toEqual(['report-british-force-pool', 'report-british-hex-control']);
    expect(engine.wars('g42')).toEqual([]);
    expect(engine.permissions('g42').map((p) => p.rule)).toEqual(['59.52', '59.82A', '59.83', '59.84', '59.86A', '59.88']);
    expect(() => engine.pending('g43')).toThrow(UnknownGameError);
    expect(() => engine.pending('g43')).toThrow(expect.objectContaining({ code: 'no-game', game: 'g43' }));
    await engine.close();
    expect(await verifyLog(path)).toMatchObject({ ok: true, events: 6 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
