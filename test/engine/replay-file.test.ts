// The fast replay of a verified log file skips the lines the rules ignore, and ends in the same state.
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { evolve } from '../../src/engine/evolve.js';
import { replayVerifiedLog } from '../../src/host/file/replay-file.js';
import { INERT_TYPES, Replayer } from '../../src/engine/replay.js';
import { readLog } from '../../src/store/file/scan.js';
import { exampleGames } from '../../src/examples/games.js';
import { examplePath } from '../examples/support.js';

describe('replayVerifiedLog', () => {
  for (const name of Object.keys(exampleGames)) {
    it(`${name}: the same state and version as a full replay, with host.logged lines not parsed`, async () => {
      const full = new Replayer({ checkDecisions: true });
      let parsed = 0;
      for await (const batch of readLog(examplePath(name), { validate: true })) full.applyAll(batch);
      for await (const batch of readLog(examplePath(name), { validate: false, skipTypes: ['host.logged'] })) {
        parsed += batch.length;
        expect(batch.some((e) => e.type === 'host.logged')).toBe(false);
      }
      expect(full.finish()).toEqual([]);
      const fast = await replayVerifiedLog(examplePath(name));
      expect(fast.projection()).toEqual(full.projection());
      expect(fast.version).toBe(full.version);
      expect(parsed).toBeLessThan(full.version);
    });
  }
});

describe('the inert event types (the Replayer steps over them)', () => {
  for (const name of Object.keys(exampleGames)) {
    it(`${name}: evolve gives back the very view it is given, at every host.logged event`, async () => {
      const replayer = new Replayer({ checkDecisions: false });
      let inert = 0;
      for await (const batch of readLog(examplePath(name), { validate: true })) {
        for (const event of batch) {
          const view = replayer.view(event.game);
          if (INERT_TYPES.includes(event.type) && view !== undefined) {
            expect(evolve(view, event)).toBe(view);
            inert += 1;
          }
          replayer.apply(event);
        }
      }
      expect(INERT_TYPES).toEqual(['host.logged']);
      expect(inert).toBeGreaterThan(0);
    });
  }
});

describe('Replayer checkFrom (the events a verification mark vouches for are not re-derived again)', () => {
  it('59.21: an edited resistance level before checkFrom is not re-derived; from it on, it is reported', async () => {
    const events: StoredEvent[] = [];
    for await (const batch of readLog(examplePath('sea-lion-1941'), { validate: true })) events.push(...batch);
    const edited = events.map((e) =>
      e.type === 'britain.resistance-determined' &&
      e === events.findLast((x) => x.type === 'britain.resistance-determined')
        ? { ...e, data: { ...e.data, level: e.data.level + 1 } }
        : e,
    );
    const seq = edited.find((e, i) => e !== events[i])?.seq ?? 0;
    const from = (checkFrom: number) => {
      const replayer = new Replayer({ checkDecisions: true, checkFrom });
      replayer.applyAll(edited);
      return replayer.finish().map((m) => m.seq);
    };
    expect(seq).toBeGreaterThan(1);
    expect(from(1)).toEqual([seq]);
    expect(from(seq)).toEqual([seq]);
    expect(from(seq + 1)).toEqual([]);
  });
});
