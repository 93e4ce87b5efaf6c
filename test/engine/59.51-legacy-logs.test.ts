// Logs written before the British force pool was reported (the selection carried its units inline) still
// replay: their inline units are read as the recorded pool (docs/log-format.md, docs/rulings.md).
// (The fixtures' repeated ids, left by the examples' old deterministic source, were made unique and the chain
// re-sealed once verify refused repeated ids; nothing else in them changed.)
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { Replayer } from '../../src/engine/replay.js';
import { decide } from '../../src/engine/decide.js';
import { readLog } from '../../src/store/file/verify.js';

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}.jsonl`, import.meta.url));

async function replayFixture(name: string): Promise<{ replayer: Replayer; events: StoredEvent[] }> {
  const replayer = new Replayer({ checkDecisions: true });
  const events: StoredEvent[] = [];
  for await (const batch of readLog(fixture(name), { validate: true })) {
    replayer.applyAll(batch);
    events.push(...batch);
  }
  return { replayer, events };
}

describe('59.513: logs whose British selection carried the units inline', () => {
  it(
    '59.513E: a peace log (selection before the terms) ' +
      'replays with every force decision re-derived from its inline pool',
    async () => {
      const { replayer, events } = await replayFixture('legacy-sea-lion-1941');
      // Every force decision re-derives from the inline pool. The one mismatch is a reading added since the log
      // was written: the terms now also carry the 59.66B effect on Russian units in a neutral Britain.
      expect(replayer.finish()).toEqual([
        {
          game: 'sea-lion-1941',
          seq: 72,
          message:
            '"britain.terms-imposed" no longer matches the rules at ' +
            'data.effects[3].rule: the rules give "59.66B", the log holds "59.66E"',
        },
      ]);
      const selection = events.find((e) => e.type === 'britain.forces-selected');
      expect(selection?.type === 'britain.forces-selected' && selection.data.units?.length).toBe(38);
      const reduced = events.find((e) => e.type === 'britain.forces-reduced');
      expect(reduced?.type === 'britain.forces-reduced' && reduced.data.required).toEqual({
        aafFactors: 8,
        groundNasBrps: 16,
        navalFactors: 40,
      });
      const view = replayer.view('sea-lion-1941');
      expect(view?.britain.value).toBe('atPeace');
    },
  );

  it('59.23, 59.61: a forced surrender, the war continuing, replays without a mismatch; Britain at war', async () => {
    const { replayer } = await replayFixture('legacy-rejected-then-forced-1943');
    expect(replayer.finish()).toEqual([]);
    expect(replayer.view('rejected-then-forced-1943')?.britain.value).toBe('atWar');
  });

  it('59.513A: the same inline selection sent as a command is refused: the pool is reported by the host', async () => {
    const replayer = new Replayer({ checkDecisions: false });
    const events: StoredEvent[] = [];
    for await (const batch of readLog(fixture('legacy-sea-lion-1941'), { validate: true })) events.push(...batch);
    const at = events.findIndex((e) => e.type === 'britain.forces-selected');
    replayer.applyAll(events.slice(0, at));
    const selection = events[at];
    if (selection?.type !== 'britain.forces-selected') throw new Error('fixture');
    const decision = decide(replayer.view('sea-lion-1941'), { type: selection.type, data: selection.data });
    expect(decision).toEqual({
      ok: false,
      rejection: {
        code: 'malformed',
        rule: '59.513A',
        message:
          'data.units: the host reports the British force pool ' +
          '(host.british-force-pool); the selection names its units by id',
      },
    });
  });
});
