// 59.61-59.68 in the engine: with the U.S. at war the war continues (59.61); otherwise peace, hex control and
// Germany's terms (59.62-59.68).
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../events/index.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { warList } from '../../src/engine/wars.js';
import { defaultRulingOptions } from '../../src/rules/options.js';
import { turn } from '../support/fixtures.js';
import { decideChecked, given, play, ofType, viewAfter } from '../support/given.js';
import {
  accept,
  demand,
  gameTurnEnded,
  hexControl,
  reportPool,
  seaLionStart,
  selectForces,
  usAtWarStart,
} from '../support/british-fixtures.js';
import { su41, ALL_ELIGIBLE } from '../support/british-engine.js';

describe('59.61: the U.S. at war with Germany: the war continues', () => {
  const start = usAtWarStart();
  const t = turn('spring', 1943);

  it('59.61: force reductions only: no hex control, no terms; Britain stays at war', () => {
    // 3 major powers at war (U.S., Russia) = +2: DP -3 gives -1.
    // DP -2, +2 for the U.S. and Russia at war, -1 for Singapore (Japanese from Winter 1941 in a European game,
    // 59.22B).
    const log = play([start, gameTurnEnded(t, { britishDpLevel: -2 }), accept(t)]);
    const [surrender] = ofType(log, 'britain.surrendered');
    expect(surrender).toMatchObject({ surrenderLevel: -1, outcome: 'war-continues', concessionPoints: 0 });
    expect(surrender?.effects.map((e) => e.code)).toContain('war-continues-no-concessions');
    const afterSelection = play([
      start,
      gameTurnEnded(t, { britishDpLevel: -2 }),
      accept(t),
      reportPool(t),
      selectForces(t, ['aaf-3', 'arm-1', 'bb-1', 'ca-1']),
    ]);
    const view = viewAfter(afterSelection);
    expect(view?.britain.value).toBe('atWar');
    expect(view && pendingDecisions(view)).toEqual([]);
    expect(view && warList(view.world.wars)).toHaveLength(6);
    given(afterSelection).when(hexControl(t)).thenRejected('59.631', 'not-pending');
  });

  it(
    '59.85 and 59.14B: with Russia in surrender and Japan ' +
      'not surrendered the U.S. and Britain leave the war (62.91)',
    () => {
      const log = play([
        start,
        { type: 'host.power-surrendered', data: { turn: t, power: 'russia' } },
        gameTurnEnded(t, { britishDpLevel: -2 }),
        accept(t),
      ]);
      const [surrender] = ofType(log, 'britain.surrendered');
      expect(surrender?.outcome).toBe('war-ends-62.91');
      const view = viewAfter(log);
      expect(view && warList(view.world.wars)).toEqual([]);
    },
  );

  it('59.85: read as 59.85 says (Japan HAS surrendered), the same situation continues the war', () => {
    const options = { ...defaultRulingOptions, usWarContinuationException: '59.85' } as const;
    const log = play([
      usAtWarStart({ options }),
      { type: 'host.power-surrendered', data: { turn: t, power: 'russia' } },
      gameTurnEnded(t, { britishDpLevel: -2 }),
      accept(t),
    ]);
    expect(ofType(log, 'britain.surrendered')[0]?.outcome).toBe('war-continues');
  });
});

describe('59.62-59.68: peace negotiations', () => {
  const base = () =>
    [seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -4 }), accept(su41), reportPool(su41)] as const;

  it('59.62: peace: Britain leaves the war with Germany and Italy at once', () => {
    const view = viewAfter(play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -4 }), accept(su41)]));
    expect(view && warList(view.world.wars)).toEqual([]);
  });

  it('59.631: German terms wait for the host to report hex control', () => {
    const log = play([...base()]);
    given(log)
      .when(demand(su41, { take: ['malta'] }))
      .thenRejected('59.66', 'not-pending');
    const view = viewAfter(log);
    expect(view && pendingDecisions(view).map((p) => p.decision)).toEqual(['report-british-hex-control']);
  });

  it('59.66: a demand that skips an eligible lower priority is refused; 59.68 an excessive one too', () => {
    const log = play([...base(), hexControl(su41)]);
    given(log)
      .when(demand(su41, { take: ['egypt'] }))
      .thenRejected('59.66', 'illegal');
    given(log)
      .when(demand(su41, { take: ['malta', 'palestine', 'transjordan', 'egypt', 'iraq', 'gibraltar'] }))
      .thenRejected('59.68', 'illegal');
  });

  it('59.65-59.67: terms in priority order with an indemnity are imposed; 59.66G Malta may pass to Italy', () => {
    const log = play([
      ...base(),
      hexControl(su41),
      demand(su41, { take: ['malta', 'palestine', 'transjordan'], indemnityBrps: 30 }, ['malta']),
      selectForces(su41, ALL_ELIGIBLE),
    ]);
    const [imposed] = ofType(log, 'britain.terms-imposed');
    expect(imposed).toMatchObject({
      pointsAvailable: 8,
      pointsUsed: 6,
      taken: ['malta', 'palestine', 'transjordan'],
      toItaly: ['malta'],
      indemnityBrps: 30,
    });
    // 59.71: Britain had more than 8 points left, so 2 points were voluntarily not taken.
    expect([imposed?.pointsNotTaken, imposed?.resistanceModifier, imposed?.usatChange]).toEqual([2, -1, -4]);
    expect(imposed?.effects.map((e) => e.code)).toEqual([
      'territory-ceded',
      'territory-ceded',
      'territory-ceded',
      'russian-units-in-neutral-britain',
      'wafdists-eliminated',
      'usat-as-conquest',
      'indemnity',
      'resistance-reduced',
      'usat-reduced',
      'force-reductions-unaffected',
    ]);
    const view = viewAfter(log);
    expect(view?.britain.value).toBe('atPeace');
    expect(view && pendingDecisions(view)).toEqual([]);
  });

  it('59.66G: only ceded Mediterranean-front territories may pass to Italy', () => {
    const log = play([...base(), hexControl(su41)]);
    given(log)
      .when(demand(su41, { take: ['malta', 'palestine'] }, ['gibraltar']))
      .thenRejected('59.66G', 'illegal');
  });

  it('59.72 and 59.73G: returning territory rules out taking any', () => {
    const log = play([...base(), hexControl(su41, { originallyBritish: ['libya', 'malta'] })]);
    given(log)
      .when(demand(su41, { take: ['malta'], return: ['libya'] }))
      .thenRejected('59.73G', 'illegal');
  });

  it(
    '59.631, 59.65: a hex control report without a table ' +
      'territory, or with another, is refused by its schema with its JSON path',
    () => {
      const log = play([...base()]);
      const bad = hexControl(su41);
      if (bad.type !== 'host.british-hex-control') throw new Error('fixture');
      const { malta: _dropped, ...territories } = bad.data.territories;
      const missing = decideChecked(viewAfter(log), {
        ...bad,
        data: { ...bad.data, territories },
      } as unknown as OriginEvent);
      expect(missing.ok === false && missing.rejection).toEqual({
        code: 'malformed',
        rule: 'schema',
        message: 'data.territories.malta: missing required field (expected one of "british", "axis", "independent")',
      });
      const extra = decideChecked(viewAfter(log), {
        ...bad,
        data: { ...bad.data, territories: { ...bad.data.territories, cyprus: 'british' } },
      } as unknown as OriginEvent);
      expect(extra.ok === false && extra.rejection).toEqual({
        code: 'malformed',
        rule: 'schema',
        message: 'data.territories.cyprus: unknown field',
      });
    },
  );
});
