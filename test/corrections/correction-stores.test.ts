// Corrections on every store (memory, a JSON Lines file, PostgreSQL): the game's stream stays one append-only
// stream, the correction's account is the same on each, another writer that opens the store afterwards reads the
// corrected game, and the correction can be named by the first writer after a second one made it.
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { projection } from '../../src/engine/evolve.js';
import { exampleGames } from '../../src/examples/games.js';
import { SurrenderGames } from '../../src/host/games.js';
import type { GameStreamStore } from '../../src/store/game-streams.js';
import { onEveryStore, type Stores } from '../support/every-store.js';

const GAME = 'rejected-then-forced-1943';
const script = exampleGames[GAME]?.().events ?? [];

async function events(store: GameStreamStore): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for await (const batch of store.readGame(GAME)) all.push(...batch);
  return all;
}

function describeCorrections(name: string, stores: () => Stores): void {
  describe(`${name}: corrections`, () => {
    const open: GameStreamStore[] = [];
    afterAll(async () => {
      await Promise.all(open.map((store) => store.close()));
    });

    it('correction: the Fall 1942 report corrected (59.12), read by another writer; the stream grows', async () => {
      const another = stores();
      const store = await another();
      open.push(store);
      const games = await SurrenderGames.open(store);
      for (const command of script) expect((await games.execute(GAME, command)).ok).toBe(true);
      const before = await events(store);
      const report = before.find((e) => e.seq === 61) as StoredEvent & { type: 'host.game-turn-ended' };
      const britain = { ...report.data.britain, britishDpLevel: 5 };
      const correction = {
        type: 'host.report-corrected',
        data: { seq: 61, report: { type: report.type, data: { ...report.data, britain } } },
      } as OriginEvent;
      const result = await games.execute(GAME, correction);
      if (!result.ok) throw new Error(result.rejection.message);
      expect(result.events[1]?.data).toEqual({
        of: 61,
        superseded: [62, 63],
        setAside: [{ seq: 64, type: 'britain.offer-rejected', rule: '59.12', code: 'not-pending' }],
        decisions: [{ after: 163, count: 1 }],
      });
      const after = await events(store);
      // Append-only: every event before the correction is there, unchanged, and the correction follows.
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length).map((e) => [e.seq, e.type])).toEqual([
        [163, 'host.report-corrected'],
        [164, 'game.redecided'],
        [165, 'britain.resistance-determined'],
      ]);
      // Another writer reads the corrected game and corrects the report back to what it was.
      const elsewhere = await another();
      open.push(elsewhere);
      const other = await SurrenderGames.open(elsewhere);
      const view = (await games.game(GAME)).view(GAME);
      const theirs = (await other.game(GAME)).view(GAME);
      expect(theirs && projection(theirs)).toEqual(view && projection(view));
      const back = await other.execute(GAME, {
        type: 'host.report-corrected',
        data: { seq: 163, report: { type: report.type, data: report.data } },
      } as OriginEvent);
      // The Fall 1942 offer is made again and awaits Germany's answer (59.23); the rejection set aside by the first
      // correction stays out of the game, so every later report waits behind the answer and is set aside.
      if (!back.ok) throw new Error(back.rejection.message);
      const account = back.events[1] as StoredEvent & { type: 'game.redecided' };
      expect(account.data.of).toBe(163);
      expect(account.data.setAside.map((s) => [s.seq, s.rule, s.code])).toEqual(
        [90, 93, 108, 109, 110, 123, 126, 130, 131, 158, 161].map((seq) => [seq, '59.23', 'decision-pending']),
      );
      expect((await other.game(GAME)).pending(GAME).map((p) => [p.decision, p.by, p.rule])).toEqual([
        ['respond-to-british-offer', 'germany', '59.23'],
      ]);
      // The first writer catches up with the second's correction before it decides again.
      const refused = await games.execute(GAME, { type: 'game.decision-withdrawn', data: { seq: 64 } } as OriginEvent);
      expect(refused.ok ? null : refused.rejection.message).toBe(
        'data.seq: event 64 is no longer part of the game: the correction at event 163 took it out',
      );
    });
  });
}

onEveryStore('corrections', describeCorrections);
