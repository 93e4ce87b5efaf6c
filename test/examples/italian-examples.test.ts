// The bundled Italian and German example games replay cleanly and reach the decisions a referee expects.
import { describe, expect, it } from 'vitest';
import { warList } from '../../src/engine/wars.js';
import { decisions, replayExample } from './support.js';

describe('examples/italy-1943-germany-1945.jsonl (56.11B, 56.311, 55.11, 55.21)', () => {
  it(
    '56.311: Italy surrenders at level 0 in Fall 1943, the Axis selects before the Allied player; Germany ' +
      'surrenders in Spring 1945 and the war in Europe ends (55.21)',
    async () => {
      const { replayer, events } = await replayExample('italy-1943-germany-1945');
      expect(
        decisions(events, [
          'italy.surrendered',
          'italy.forces-selected',
          'italy.forces-disposed',
          'germany.surrendered',
          'europe.war-ended',
        ]),
      ).toEqual([
        ['Fall 1943', 'italy.surrendered', 'level 0, 56.11B'],
        ['Fall 1943', 'italy.forces-selected', 'axis'],
        ['Fall 1943', 'italy.forces-selected', 'allied'],
        ['Fall 1943', 'italy.forces-disposed', ''],
        ['Spring 1945', 'germany.surrendered', 'berlin-and-resistance'],
        ['Spring 1945', 'europe.war-ended', '55.21'],
      ]);
      const view = replayer.view('italy-1943-germany-1945');
      expect(view && warList(view.world.wars)).toEqual([]);
      expect([view?.germany.value, view?.italy.value]).toEqual(['surrendered', 'done']);
    },
  );
});

describe('examples/germany-first-then-italy-1945.jsonl (55.22, 55.52, 56.21)', () => {
  it(
    '56.21: Germany surrenders first (an atomic marker in Berlin), Italy fights on and receives the Mediterranean ' +
      'conquests, then surrenders at -2, ending the war in Europe',
    async () => {
      const { replayer, events } = await replayExample('germany-first-then-italy-1945');
      expect(decisions(events, ['germany.surrendered', 'italy.surrendered', 'europe.war-ended'])).toEqual([
        ['Spring 1945', 'germany.surrendered', 'berlin-and-resistance'],
        ['Summer 1945', 'italy.surrendered', 'level -2, 56.11A, 56.11B'],
        ['Summer 1945', 'europe.war-ended', '56.21'],
      ]);
      const german = events.find((e) => e.type === 'germany.surrendered');
      expect(german?.type === 'germany.surrendered' && german.data.effects.map((e) => e.code)).toEqual(
        expect.arrayContaining(['italy-fights-on', 'german-mediterranean-conquests-to-italy']),
      );
      const view = replayer.view('germany-first-then-italy-1945');
      expect(view && warList(view.world.wars)).toEqual([]);
    },
  );
});
