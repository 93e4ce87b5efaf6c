// The fast replay of a verified log file skips the lines the rules ignore, and ends in the same state.
import { describe, expect, it } from 'vitest';
import { replayVerifiedLog } from '../../src/engine/replay-file.js';
import { Replayer } from '../../src/engine/replay.js';
import { readLog } from '../../src/store/scan.js';
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
