// The bundled British example games replay cleanly and reach the decisions a referee expects.
import { describe, expect, it } from 'vitest';
import { replayExample, decisions } from './support.js';

describe('examples/sea-lion-1941.jsonl (59.12, 59.41, 59.62-59.68)', () => {
  it(
    '59.41: Britain offers at -4 in Summer 1941, Germany ' +
      'accepts, peace with concessions in priority order and an indemnity',
    async () => {
      const { replayer, events } = await replayExample('sea-lion-1941');
      expect(
        decisions(events, [
          'britain.surrender-offered',
          'britain.surrendered',
          'host.british-force-pool',
          'britain.terms-imposed',
          'britain.forces-reduced',
        ]),
      ).toEqual([
        ['Summer 1941', 'britain.surrender-offered', 'level -4'],
        ['Summer 1941', 'britain.surrendered', 'level -4, peace, forced false'],
        ['Summer 1941', 'host.british-force-pool', ''],
        ['Summer 1941', 'britain.terms-imposed', '8 of 8 points: malta, palestine, transjordan; indemnity 30'],
        // 59.514E: in a peace the selection follows the terms; Persia passed to the Axis, so its unit was eligible.
        ['Summer 1941', 'britain.forces-reduced', '8 AAF, 16 BRPs, 40 naval'],
      ]);
      const reduced = events.find((e) => e.type === 'britain.forces-reduced');
      expect(reduced?.type === 'britain.forces-reduced' && reduced.data.effects.map((e) => e.code)[0]).toBe(
        'minor-units-subject-to-elimination',
      );
      const view = replayer.view('sea-lion-1941');
      expect(view?.britain.value).toBe('atPeace');
      expect(view?.world.turn).toEqual({ season: 'spring', year: 1942 });
    },
  );
});

describe('examples/rejected-then-forced-1943.jsonl (59.23, 59.32, 59.61)', () => {
  it(
    '59.32 then 59.23: a rejected offer at -3 lapses; the offer ' +
      'at -12 must be accepted at -10, and the war continues (59.61)',
    async () => {
      const { replayer, events } = await replayExample('rejected-then-forced-1943');
      expect(
        decisions(events, [
          'britain.surrender-offered',
          'britain.offer-rejected',
          'britain.surrendered',
          'britain.forces-reduced',
        ]),
      ).toEqual([
        ['Fall 1942', 'britain.surrender-offered', 'level -3'],
        ['Fall 1942', 'britain.offer-rejected', ''],
        ['Spring 1943', 'britain.surrender-offered', 'level -12, Germany must accept'],
        ['Spring 1943', 'britain.surrendered', 'level -10, war-continues, forced true'],
        ['Spring 1943', 'britain.forces-reduced', '10 AAF, 32 BRPs, 100 naval'],
      ]);
      // 59.513E: the reported pool holds only 10 AAF and 32 BRPs of the 20 and 40 required.
      const reduced = events.find((e) => e.type === 'britain.forces-reduced');
      expect(
        reduced?.type === 'britain.forces-reduced' && [reduced.data.required, reduced.data.effects[0]?.code],
      ).toEqual([{ aafFactors: 10, groundNasBrps: 32, navalFactors: 100 }, 'requirement-capped-by-pool']);
      const view = replayer.view('rejected-then-forced-1943');
      expect(view?.britain.value).toBe('atWar');
    },
  );
});

describe('examples/conciliation-and-second-surrender.jsonl (59.7, 59.86C, 59.87)', () => {
  it(
    '59.75 and 59.872: a conciliatory peace returning Egypt, ' +
      'U.S. resumption at USAT 51, a second surrender measured from -3',
    async () => {
      const { replayer, events } = await replayExample('conciliation-and-second-surrender');
      expect(decisions(events, ['britain.surrendered', 'britain.terms-imposed', 'britain.war-resumed'])).toEqual([
        ['Summer 1941', 'britain.surrendered', 'level -3, peace, forced false'],
        ['Summer 1941', 'britain.terms-imposed', '1 of 6 points: ; indemnity 10'],
        ['Spring 1942', 'britain.war-resumed', '59.86C'],
        ['Fall 1942', 'britain.surrendered', 'level -6, war-continues, forced false'],
      ]);
      const second = events.filter((e) => e.type === 'britain.surrendered').at(-1);
      expect(second?.type === 'britain.surrendered' && second.data).toMatchObject({
        previousSurrenderLevel: -3,
        requirements: { aafFactors: 6, groundNasBrps: 12, navalFactors: 30 },
      });
      const view = replayer.view('conciliation-and-second-surrender');
      expect(view?.britain.context.surrenders.map((s) => s.concessionPointsForgone)).toEqual([7, 0]);
    },
  );
});
