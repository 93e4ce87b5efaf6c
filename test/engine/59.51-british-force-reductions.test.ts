// 59.51 in the engine: the British force reductions after a surrender and the British player's selection.
import { describe, expect, it } from 'vitest';
import { pendingDecisions } from '../../src/engine/pending.js';
import { given, play, ofType, viewAfter } from '../support/given.js';
import { accept, gameTurnEnded, seaLionStart, selectForces } from '../support/british-fixtures.js';
import { su41, toSelection } from '../support/british-engine.js';

describe('59.51: British force reductions', () => {
  const surrendered = () => play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -1 }), accept(su41)]);
  const selecting = () => play(toSelection());

  it('59.511: a "0" surrender removes nothing and waits for no selection', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: 0 }), accept(su41)]);
    const view = viewAfter(log);
    expect(view && pendingDecisions(view).map((p) => p.decision)).toEqual(['report-british-hex-control']);
    given(log)
      .when(selectForces(su41, ['aaf-1']))
      .thenRejected('59.513A', 'not-pending');
  });

  it('59.512: at -1 the British player must remove 2 AAF, 4 BRPs of ground/NAS and 10 naval factors', () => {
    const view = viewAfter(surrendered());
    expect(view && pendingDecisions(view).map((p) => [p.decision, p.by])).toEqual([
      ['report-british-force-pool', 'host'],
      ['report-british-hex-control', 'host'],
    ]);
    expect(
      view && pendingDecisions(viewAfter(selecting()) ?? view).map((p) => [p.decision, p.by, p.rule, p.commands]),
    ).toEqual([['select-british-force-reductions', 'britain', '59.513A', ['britain.forces-selected']]]);
  });

  it('59.513F: a selection short of the requirement is refused with its rule, and nothing is appended', () => {
    const result = given(selecting()).when(selectForces(su41, ['aaf-1', 'inf-1', 'inf-2', 'bb-1']));
    result.thenRejected('59.513F', 'illegal');
  });

  it('59.514C: a Canadian unit cannot be selected', () => {
    given(selecting())
      .when(selectForces(su41, ['aaf-3', 'arm-1', 'bb-1', 'ca-1', 'can-inf']))
      .thenRejected('59.514C', 'illegal');
  });

  it('59.513: a legal selection reduces the forces; 59.871 records the ground/AAF factors as unbuilt', () => {
    const all = play([...toSelection(), selectForces(su41, ['aaf-3', 'arm-1', 'bb-1', 'ca-1'])]);
    const [reduced] = ofType(all, 'britain.forces-reduced');
    expect(reduced).toMatchObject({
      required: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
      selected: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
      removed: [
        { id: 'aaf-3', kind: 'aaf', factors: 2, brps: 10 },
        { id: 'arm-1', kind: 'ground', factors: 4, brps: 4 },
        { id: 'bb-1', kind: 'naval', factors: 9, brps: 0 },
        { id: 'ca-1', kind: 'naval', factors: 1, brps: 0 },
      ],
      unbuiltFactorsAdded: 6,
    });
  });
});
