// 59.514E in the engine: units of a minor country whose political status the surrender negotiations
// changed are subject to elimination; so, in a peace, the British selection follows the German terms.
import { describe, expect, it } from 'vitest';
import type { EventData } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { turn } from '../support/fixtures.js';
import { given, ofType, play, viewAfter } from '../support/given.js';
import {
  accept,
  demand,
  gameTurnEnded,
  hexControl,
  reportPool,
  seaLionStart,
  selectForces,
} from '../support/british-fixtures.js';

type PoolUnit = EventData<'host.british-force-pool'>['units'][number];

const su41 = turn('summer', 1941);

/**
 * At -1 (2 AAF factors, 4 BRPs of ground/NAS, 10 naval factors): a British AAF, British and Greek ground units, a
 * battleship.
 */
const pool: PoolUnit[] = [
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
];

/** A -1 peace; Greece a British minor ally worth 5 BRPs (one concession point to neutralize, 59.65). */
const beforeTerms = (): OriginEvent[] => [
  seaLionStart(),
  gameTurnEnded(su41, { britishDpLevel: -1 }),
  accept(su41),
  reportPool(su41, pool),
  hexControl(su41, { minors: [{ name: 'greece', brps: 5, status: 'british' }] }),
];
const neutralizeGreece = demand(su41, { minors: [{ name: 'greece', to: 'neutral' }] });
const SELECTION = ['raf-1', 'gr-inf', 'warspite'];

describe('59.514E: minor-country units whose status the negotiations changed', () => {
  it(
    '59.514E: at -1, after terms that neutralize Greece, a British AAF of 2, a Greek ground unit of 4 BRPs and a ' +
      'British battleship of 10 meet the requirement exactly',
    () => {
      const log = play([...beforeTerms(), neutralizeGreece, selectForces(su41, SELECTION)]);
      const [reduced] = ofType(log, 'britain.forces-reduced');
      expect(reduced).toEqual({
        turn: su41,
        required: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
        selected: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
        removed: [
          { id: 'raf-1', kind: 'aaf', factors: 2, brps: 10 },
          { id: 'gr-inf', kind: 'ground', factors: 4, brps: 4 },
          { id: 'warspite', kind: 'naval', factors: 10, brps: 0 },
        ],
        // 59.22E: the Greek unit is not among the unbuilt British units (59.871 counts the AAF's 2).
        unbuiltFactorsAdded: 2,
        effects: [
          {
            rule: '59.514E',
            code: 'minor-units-subject-to-elimination',
            params: { units: [{ id: 'gr-inf', minor: 'greece' }] },
          },
          { rule: '59.513B', code: 'removed-units-count-to-pool-limits', params: {} },
          { rule: '59.871', code: 'removed-units-unbuilt', params: { factors: 2 } },
        ],
      });
    },
  );

  it('59.514E: a minor passed to Axis control changes status too: its unit may be selected', () => {
    const log = play([...beforeTerms(), demand(su41, { minors: [{ name: 'greece', to: 'axis' }] })]);
    expect(given(log).when(selectForces(su41, SELECTION)).decision.ok).toBe(true);
  });

  it('59.514E: when the terms leave Greece as it was, its unit stays exempt and the same selection is refused', () => {
    const log = play([...beforeTerms(), demand(su41, {})]);
    const { decision } = given(log).when(selectForces(su41, SELECTION));
    expect(decision.ok === false && decision.rejection).toMatchObject({
      code: 'illegal',
      rule: '59.514E',
      message:
        'gr-inf: minor ally and associated minor units are not ' +
        'subject to elimination unless the negotiations changed their status',
    });
    expect(given(log).when(selectForces(su41, ['raf-1', 'inf-1', 'warspite'])).decision.ok).toBe(true);
  });

  it("59.514E: in a peace the selection waits for the German terms, which may change a minor country's status", () => {
    const log = play(beforeTerms());
    const view = viewAfter(log);
    expect(view && pendingDecisions(view).map((p) => p.decision)).toEqual(['state-german-terms']);
    expect(given(log).when(selectForces(su41, ['raf-1', 'inf-1', 'warspite'])).decision).toEqual({
      ok: false,
      rejection: {
        code: 'not-pending',
        rule: '59.514E',
        message:
          'in a peace the British player selects once the German terms are imposed: they may change the status of ' +
          'minor countries, whose units then become subject to elimination',
      },
    });
    const after = viewAfter(play([...beforeTerms(), neutralizeGreece]));
    expect(after && pendingDecisions(after).map((p) => [p.decision, p.by, p.rule])).toEqual([
      ['select-british-force-reductions', 'britain', '59.513A'],
    ]);
  });
});
