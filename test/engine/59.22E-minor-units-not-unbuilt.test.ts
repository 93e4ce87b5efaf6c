// 59.22E with 59.871: units removed at a surrender count as unbuilt in later resistance levels, but minor ally and
// associated minor country units are not included, even those the terms made removable (59.514E).
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { Replayer } from '../../src/engine/replay.js';
import { decodeEventLine, headerLine } from '../../src/store/line-format.js';
import { sealEvents } from '../../src/store/seal.js';
import { turn } from '../support/fixtures.js';
import { GAME, ofType, play } from '../support/given.js';
import {
  accept,
  demand,
  gameTurnEnded,
  hexControl,
  reportPool,
  seaLionStart,
  selectForces,
} from '../support/british-fixtures.js';

const su41 = turn('summer', 1941);
const fa41 = turn('fall', 1941);

/**
 * At -1 after terms that neutralize Greece: a British AAF of 2, a Greek ground unit of 4 BRPs (4 factors) and a
 * battleship go.
 */
const surrenderAndSelection = (): OriginEvent[] => [
  seaLionStart(),
  gameTurnEnded(su41, { britishDpLevel: -1 }),
  accept(su41),
  reportPool(su41, [
    { id: 'raf-1', nationality: 'british', kind: 'aaf', factors: 2, brps: 10, theater: 'europe' },
    { id: 'inf-1', nationality: 'british', kind: 'ground', factors: 4, brps: 4, theater: 'europe' },
    { id: 'gr-inf', nationality: 'minor', minor: 'greece', kind: 'ground', factors: 4, brps: 4, theater: 'europe' },
    {
      id: 'warspite',
      nationality: 'british',
      kind: 'naval',
      factors: 10,
      brps: 0,
      theater: 'europe',
      naval: { type: 'battleship', status: 'operational' },
    },
  ]),
  hexControl(su41, { minors: [{ name: 'greece', brps: 5, status: 'british' }] }),
  demand(su41, { minors: [{ name: 'greece', to: 'neutral' }] }),
  selectForces(su41, ['raf-1', 'gr-inf', 'warspite']),
];

describe('59.22E: removed minor-country units are not unbuilt British units', () => {
  it('59.22E, 59.871: the British AAF removed adds 2 unbuilt factors; the Greek unit removed adds none', () => {
    const [reduced] = ofType(play(surrenderAndSelection()), 'britain.forces-reduced');
    expect(reduced?.unbuiltFactorsAdded).toBe(2);
    expect(reduced?.effects.at(-1)).toEqual({ rule: '59.871', code: 'removed-units-unbuilt', params: { factors: 2 } });
  });

  it('59.22E: the next resistance level counts 7 reported unbuilt factors and the 2 removed: 9, no full ten', () => {
    const log = play([...surrenderAndSelection(), gameTurnEnded(fa41, { unbuiltBritishGroundAirFactors: 7 })]);
    const resistance = ofType(log, 'britain.resistance-determined').at(-1);
    expect(resistance?.inputs.unbuiltBritishGroundAirFactors).toBe(9);
    expect(resistance?.lines.find((l) => l.key === 'unbuiltFactors')?.value).toBe(0);
  });

  it(
    '59.22E: a version 2 record that counted the Greek unit (6 ' +
      'factors) is read as 2 and replays with every decision re-derived',
    () => {
      const log = play([...surrenderAndSelection(), gameTurnEnded(fa41, { unbuiltBritishGroundAirFactors: 7 })]);
      let n = 0;
      const ids = { id: () => `id${String(++n).padStart(19, '0')}`, now: () => '2026-01-01T00:00:00.000Z' };
      const sealed = sealEvents(
        log.map((e) => ({ ...e, game: GAME })),
        { seq: 0, hash: headerLine().hash },
        ids,
      );
      const events: StoredEvent[] = sealed.lines.map((line, i) => {
        if (!line.includes('"type":"britain.forces-reduced"')) return decodeEventLine(line, i + 2);
        const v2 = line
          .replace('"v":3', '"v":2')
          .replace('"unbuiltFactorsAdded":2', '"unbuiltFactorsAdded":6')
          .replace('"params":{"factors":2}', '"params":{"factors":6}');
        expect(v2).toContain('"unbuiltFactorsAdded":6');
        return decodeEventLine(v2, i + 2);
      });
      const reduced = events.find((e) => e.type === 'britain.forces-reduced');
      expect(
        reduced?.type === 'britain.forces-reduced' && [
          reduced.v,
          reduced.data.unbuiltFactorsAdded,
          reduced.data.effects.at(-1),
        ],
      ).toEqual([3, 2, { rule: '59.871', code: 'removed-units-unbuilt', params: { factors: 2 } }]);
      const replayer = new Replayer({ checkDecisions: true });
      replayer.applyAll(events);
      expect(replayer.finish()).toEqual([]);
    },
  );
});
