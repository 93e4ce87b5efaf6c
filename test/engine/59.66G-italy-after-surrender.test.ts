// 59.66G with 56.52: a surrendered Italy takes no ceded territory; a minor moved to Axis control never passes to
// Italy (only ceded Mediterranean-front territories do).
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import { territories1941 } from '../../src/examples/british-reports.js';
import { alliedTurnEnded, germanFacts, turn } from '../support/fixtures.js';
import { GAME, given, ofType, play, replay } from '../support/given.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { accept, demand, gameTurnEnded, hexControl, reportPool, seaLionStart } from '../support/british-fixtures.js';
import { forcesReported, surrenderFacts } from '../support/italian-fixtures.js';

const sp41 = turn('spring', 1941);
const libyaBritish = hexControl(sp41, {
  territories: territories1941({ libya: 'british' }),
  minors: [{ name: 'greece', brps: 5, status: 'british' }],
});

/** Britain surrenders at -3 in Spring 1941, into peace; with `italyOut`, Italy surrendered earlier that turn (56.1). */
const toTerms = (italyOut: boolean): OriginEvent[] => [
  seaLionStart(),
  ...(italyOut ? [alliedTurnEnded(sp41, germanFacts(), surrenderFacts(0)), forcesReported(sp41)] : []),
  gameTurnEnded(sp41, { britishDpLevel: -3 }),
  accept(sp41),
  reportPool(sp41),
  libyaBritish,
];

describe('59.66G with 56.52: Italian acquisitions', () => {
  it('59.66G: with Italy at war, ceded Libya may come under Italian control', () => {
    const { decision } = given(play(toTerms(false))).when(demand(sp41, { take: ['libya'] }, ['libya']));
    expect(decision.ok && ofType(decision.events, 'britain.terms-imposed')[0]?.toItaly).toEqual(['libya']);
  });

  it('59.66G with 56.52: once Italy has surrendered, ceded Libya cannot pass to Italy', () => {
    const { decision } = given(play(toTerms(true))).when(demand(sp41, { take: ['libya'] }, ['libya']));
    expect(decision).toEqual({
      ok: false,
      rejection: {
        code: 'illegal',
        rule: '59.66G',
        message: 'Italy has surrendered and is out of the war (56.52), so libya cannot come under Italian control',
      },
    });
  });

  it('59.66G with 56.52: the same terms without Italy are accepted after its surrender, Libya German', () => {
    const { decision } = given(play(toTerms(true))).when(demand(sp41, { take: ['libya'] }));
    const imposed = decision.ok ? ofType(decision.events, 'britain.terms-imposed')[0] : undefined;
    expect(imposed?.toItaly).toEqual([]);
    expect(imposed?.effects[0]).toEqual({
      rule: '59.66',
      code: 'territory-ceded',
      params: { territory: 'libya', value: 1, to: 'germany' },
    });
  });

  it('59.66G: a minor moved to Axis control never passes to Italy, Italy at war or not', () => {
    for (const italyOut of [false, true]) {
      const terms = demand(sp41, { take: ['libya'], minors: [{ name: 'greece', to: 'axis' }] }, ['greece']);
      const { decision } = given(play(toTerms(italyOut))).when(terms);
      expect(decision.ok ? null : decision.rejection.rule).toBe('59.66G');
    }
    const { decision } = given(play(toTerms(false))).when(
      demand(sp41, { take: ['libya'], minors: [{ name: 'greece', to: 'axis' }] }, ['greece']),
    );
    expect(decision.ok ? null : decision.rejection.message).toBe(
      'greece is not a Mediterranean-front territory ceded by these terms, so it cannot come under Italian control',
    );
  });

  it(
    '59.66G with 56.52: the choices say so: no territory may ' +
      'pass to a surrendered Italy, and ceded Libya is refused to it',
    () => {
      const choicesAfter = (italyOut: boolean) => {
        const view = replay(play(toTerms(italyOut))).view(GAME);
        const terms =
          view &&
          pendingDecisions(view, demand(sp41, { take: ['libya'] })).find((p) => p.decision === 'state-german-terms');
        if (terms?.decision !== 'state-german-terms') throw new Error('no terms pending');
        return terms.choices;
      };
      const out = choicesAfter(true);
      expect(out.territories.filter((t) => t.mayPassToItaly)).toEqual([]);
      expect(out.toItaly).toEqual([
        { key: 'libya', chosen: false, allowed: false, refusedBy: { rule: '59.66G', code: 'italy-surrendered' } },
      ]);
      const atWar = choicesAfter(false);
      expect(atWar.territories.find((t) => t.key === 'libya')?.mayPassToItaly).toBe(true);
      expect(atWar.toItaly).toEqual([{ key: 'libya', chosen: false, allowed: true, refusedBy: null }]);
    },
  );

  it('59.66G: a minor moved to Axis control is never offered to Italy in the choices', () => {
    const view = replay(play(toTerms(false))).view(GAME);
    const terms =
      view &&
      pendingDecisions(view, demand(sp41, { take: ['libya'], minors: [{ name: 'greece', to: 'axis' }] })).find(
        (p) => p.decision === 'state-german-terms',
      );
    expect(terms?.decision === 'state-german-terms' && terms.choices.toItaly.map((t) => t.key)).toEqual(['libya']);
  });
});
