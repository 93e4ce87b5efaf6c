// The bundled global example game replays cleanly and reaches the Far East decisions of a British surrender (59.89).
import { describe, expect, it } from 'vitest';
import { atWar } from '../../src/engine/wars.js';
import { replayExample, decisions } from './support.js';

describe('examples/far-east-1941.jsonl (59.891C, 59.892A-C, 59.893)', () => {
  it(
    '59.891C, 59.892A: Japan, at war with Britain alone, adheres ' +
      'to the peace; the Far East hex control passes Hong Kong to Japan',
    async () => {
      const { events } = await replayExample('far-east-1941');
      expect(
        decisions(events, [
          'britain.surrendered',
          'japan.treaty-decided',
          'host.far-east-hex-control',
          'britain.far-east-settled',
          'britain.terms-imposed',
          'britain.forces-reduced',
          'war.declared',
        ]),
      ).toEqual([
        ['Summer 1941', 'war.declared', 'germany: russia'],
        ['Summer 1941', 'war.declared', 'italy: russia'],
        ['Summer 1941', 'britain.surrendered', 'level -3, peace, forced false'],
        ['Summer 1941', 'japan.treaty-decided', 'adheres'],
        ['Summer 1941', 'host.far-east-hex-control', ''],
        [
          'Summer 1941',
          'britain.far-east-settled',
          '59.892A, 59.632, 59.633, 59.634, 59.634, 59.892B, 59.892C, 59.893',
        ],
        ['Summer 1941', 'britain.terms-imposed', '4 of 6 points: malta, palestine; indemnity 20'],
        ['Summer 1941', 'britain.forces-reduced', '6 AAF, 12 BRPs, 30 naval'],
        // 59.892C: the second turn after the surrender, Japan resumes the war on Britain and the U.S. together.
        ['Winter 1941', 'war.declared', 'japan: britain, us'],
      ]);
      const surrendered = events.find((e) => e.type === 'britain.surrendered');
      expect(surrendered?.type === 'britain.surrendered' && surrendered.data.farEast).toBe('japan-chooses');
      const settled = events.find((e) => e.type === 'britain.far-east-settled');
      expect(settled?.type === 'britain.far-east-settled' && settled.data.effects.slice(1, 5)).toEqual([
        { rule: '59.632', code: 'far-east-unsupplied-hexes-to-japan', params: { hexes: ['Hong Kong', 'Kowloon'] } },
        { rule: '59.633', code: 'far-east-fortifications-eliminated', params: { hexes: ['Hong Kong'] } },
        { rule: '59.634', code: 'far-east-areas-to-japan', params: { areas: ['hong-kong'] } },
        { rule: '59.634', code: 'far-east-areas-to-britain', params: { areas: ['malaya', 'burma'] } },
      ]);
    },
  );

  it('59.893: British units in Asia are among those removed in the global scenario', async () => {
    const { events } = await replayExample('far-east-1941');
    const selected = events.find((e) => e.type === 'britain.forces-selected');
    expect(
      selected?.type === 'britain.forces-selected' &&
        selected.data.selection.filter((id) => ['far-east-raf', 'hong-kong-inf', 'repulse'].includes(id)),
    ).toEqual(['far-east-raf', 'hong-kong-inf', 'repulse']);
  });

  it(
    '59.892C: after the declaration Japan is at war with ' +
      'Britain and the U.S., while Britain stays at peace with Germany',
    async () => {
      const { replayer } = await replayExample('far-east-1941');
      const view = replayer.view('far-east-1941');
      expect(
        view && [
          atWar(view.world.wars, 'japan', 'britain'),
          atWar(view.world.wars, 'japan', 'us'),
          atWar(view.world.wars, 'germany', 'britain'),
        ],
      ).toEqual([true, true, false]);
      expect(view?.britain.value).toBe('atPeace');
      expect(view?.world.turn).toEqual({ season: 'spring', year: 1942 });
    },
  );
});
