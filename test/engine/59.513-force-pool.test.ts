// 59.51 in the engine: the host reports the British force pool when Britain surrenders, the British player
// selects units of that report by id, and 59.513E/F and 59.514 are judged against the recorded pool.
import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventData } from '../../events/index.js';
import type { OriginEvent } from '../../src/engine/decide.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { auditEntries } from '../../src/audit/audit.js';
import { turn } from '../support/fixtures.js';
import { given, ofType, play, stored, viewAfter } from '../support/given.js';
import {
  accept,
  britishPool,
  gameTurnEnded,
  reportPool,
  selectForces,
  usAtWarStart,
} from '../support/british-fixtures.js';

type PoolUnit = EventData<'host.british-force-pool'>['units'][number];

const sp43 = turn('spring', 1943);
const su43 = turn('summer', 1943);
/** DP -14, +2 (the U.S. and Russia at war), -1 (Singapore, 59.22B): -13: Germany must accept at -10 (59.23, 59.41). */
const forcedAtMinus10 = (): OriginEvent[] => [usAtWarStart(), gameTurnEnded(sp43, { britishDpLevel: -14 })];
/** The U.S. at war: a -1 surrender, force reductions only (59.61): the selection follows the pool report at once. */
const warContinuesAtMinus1 = (): OriginEvent[] => [
  usAtWarStart(),
  gameTurnEnded(sp43, { britishDpLevel: -2 }),
  accept(sp43),
];

const refusal = (history: readonly DomainEvent[], origin: OriginEvent) => {
  const { decision } = given(history).when(origin);
  return decision.ok ? null : decision.rejection;
};

describe('59.513: the British force pool is a host report', () => {
  it('59.513: after a surrender that reduces the forces the engine asks the host for the pool and waits for it', () => {
    const log = play(forcedAtMinus10());
    const view = viewAfter(log);
    expect(view && pendingDecisions(view).map((p) => [p.decision, p.by, p.rule, p.commands])).toEqual([
      ['report-british-force-pool', 'host', '59.513', ['host.british-force-pool']],
    ]);
    expect(refusal(log, selectForces(sp43, ['aaf-3']))).toEqual({
      code: 'not-pending',
      rule: '59.513',
      message:
        'the host has not yet reported the British force pool (host.british-force-pool): the British player ' +
        'selects units of it by id',
    });
    expect(refusal(log, gameTurnEnded(su43))).toMatchObject({ code: 'decision-pending', rule: '59.513' });
  });

  it(
    '59.513E: at -10 the requirement is judged against the ' +
      'reported pool: three units selected from a larger pool are refused',
    () => {
      const log = play([...forcedAtMinus10(), reportPool(sp43)]);
      // Before, a host that sent only these three units inline was judged against a pool of three.
      const rejection = refusal(log, selectForces(sp43, ['aaf-3', 'arm-1', 'bb-1']));
      expect(rejection?.rule).toBe('59.513E');
      expect(rejection?.violations?.map((v) => v.message)).toEqual([
        'the eligible pool holds only 6 AAF factors of the 20 ' +
          'required, so every eligible unit must go: missing aaf-1, aaf-2, aaf-4',
        'the eligible pool holds only 15 BRPs of ground units and NAS of the 40 required, so every eligible unit ' +
          'must go: missing inf-1, inf-2, inf-3, nas-1',
        'the eligible pool holds only 24 naval factors of the 100 ' +
          'required, so every eligible unit must go: missing bb-2, ca-1, ca-2, cv-1',
      ]);
    },
  );

  it('59.513E: everything eligible in the recorded pool goes, and the decision states the cap', () => {
    const all = [
      'aaf-1',
      'aaf-2',
      'aaf-3',
      'aaf-4',
      'arm-1',
      'inf-1',
      'inf-2',
      'inf-3',
      'nas-1',
      'bb-1',
      'bb-2',
      'ca-1',
      'ca-2',
      'cv-1',
    ];
    const log = play([...forcedAtMinus10(), reportPool(sp43), selectForces(sp43, all)]);
    const [reduced] = ofType(log, 'britain.forces-reduced');
    expect([reduced?.required, reduced?.selected, reduced?.unbuiltFactorsAdded]).toEqual([
      { aafFactors: 6, groundNasBrps: 15, navalFactors: 24 },
      { aafFactors: 6, groundNasBrps: 15, navalFactors: 24 },
      17,
    ]);
    expect(reduced?.effects[0]).toEqual({
      rule: '59.513E',
      code: 'requirement-capped-by-pool',
      params: {
        wanted: { aafFactors: 20, groundNasBrps: 40, navalFactors: 100 },
        required: { aafFactors: 6, groundNasBrps: 15, navalFactors: 24 },
      },
    });
  });

  it('59.513E: an empty pool is a report like any other: it caps every requirement to 0; nothing is selected', () => {
    const log = play([...forcedAtMinus10(), reportPool(sp43, []), selectForces(sp43, [])]);
    const [reduced] = ofType(log, 'britain.forces-reduced');
    expect([reduced?.required, reduced?.selected, reduced?.removed]).toEqual([
      { aafFactors: 0, groundNasBrps: 0, navalFactors: 0 },
      { aafFactors: 0, groundNasBrps: 0, navalFactors: 0 },
      [],
    ]);
    expect(viewAfter(log)?.britain.value).toBe('atWar');
  });

  it('59.513A: a unit not in the reported pool, or one named twice, is refused naming the path and the rule', () => {
    const log = play([...warContinuesAtMinus1(), reportPool(sp43)]);
    expect(refusal(log, selectForces(sp43, ['aaf-3', 'arm-1', 'bb-1', 'hood']))).toEqual({
      code: 'illegal',
      rule: '59.513A',
      message: 'data.selection[3]: unknown unit id "hood": not in the British force pool reported for Spring 1943',
    });
    expect(refusal(log, selectForces(sp43, ['aaf-3', 'arm-1', 'bb-1', 'aaf-3']))).toEqual({
      code: 'illegal',
      rule: '59.513A',
      message: 'data.selection[3]: "aaf-3" is selected twice',
    });
    expect(given(log).when(selectForces(sp43, ['aaf-3', 'arm-1', 'bb-1', 'ca-1'])).decision.ok).toBe(true);
  });

  it(
    '59.513: a malformed pool report is refused naming the JSON path: a repeated id, a ship without its type, a ' +
      'minor unit without its country',
    () => {
      const log = play(warContinuesAtMinus1());
      const aaf = britishPool[0] as PoolUnit;
      const ship = britishPool.find((u) => u.kind === 'naval') as PoolUnit;
      const { naval: _naval, ...bare } = ship;
      const minor: PoolUnit = {
        id: 'gr-1',
        nationality: 'minor',
        kind: 'ground',
        factors: 2,
        brps: 4,
        theater: 'europe',
      };
      expect(refusal(log, reportPool(sp43, [aaf, aaf]))).toEqual({
        code: 'malformed',
        rule: 'schema',
        message: 'data.units[1].id: repeats "aaf-1"',
      });
      expect(refusal(log, reportPool(sp43, [bare]))).toEqual({
        code: 'malformed',
        rule: 'schema',
        message: 'data.units[0].naval: missing required field for a naval unit (type and status)',
      });
      expect(refusal(log, reportPool(sp43, [aaf, minor]))).toEqual({
        code: 'malformed',
        rule: 'schema',
        message: 'data.units[1].minor: missing: a minor-country unit names its minor country (59.514E)',
      });
      expect(refusal(log, reportPool(sp43, [{ ...aaf, minor: 'greece' }]))).toEqual({
        code: 'malformed',
        rule: 'schema',
        message: 'data.units[0].minor: only minor-country units have it (nationality is "british")',
      });
      expect(refusal(log, reportPool(sp43, [{ ...aaf, factors: -1 }]))).toMatchObject({
        code: 'malformed',
        rule: 'schema',
        message: expect.stringMatching(/^data\.units\[0\]\.factors: /),
      });
    },
  );

  it('59.513: a second report, or one while no reduction is pending, is refused', () => {
    const log = play([...warContinuesAtMinus1(), reportPool(sp43)]);
    expect(refusal(log, reportPool(sp43))).toEqual({
      code: 'not-pending',
      rule: '59.513',
      message: 'the British force pool has already been reported for this surrender',
    });
    expect(refusal(play([usAtWarStart()]), reportPool(sp43))).toEqual({
      code: 'not-pending',
      rule: '59.513',
      message: 'no British force reduction is awaiting the force pool',
    });
  });

  it('59.513A: the audit shows the reported pool unit by unit, and the selection judged against it', () => {
    const log = play([
      ...warContinuesAtMinus1(),
      reportPool(sp43),
      selectForces(sp43, ['aaf-3', 'arm-1', 'bb-1', 'ca-1']),
    ]);
    const entries = stored(log).flatMap(auditEntries);
    const pool = entries.find((e) => e.rule === '59.513');
    expect(pool?.result).toBe('The host reports the British force pool: 16 units');
    expect(pool?.breakdown.slice(0, 2)).toEqual([
      'aaf-1: British AAF, 1 factor, 5 BRPs, unbuilt',
      'aaf-2: British AAF, 1 factor, 5 BRPs, unbuilt',
    ]);
    expect(pool?.breakdown).toContain('bb-1: British battleship, 9 factors, operational, in Europe');
    const reduced = entries.find((e) => e.rule === '59.51');
    expect(reduced?.result).toBe('British forces reduced: 2 AAF, 4 BRPs ground/NAS, 10 naval factors');
    expect(reduced?.breakdown[0]).toBe('59.512 required 2 AAF, 4 BRPs ground/NAS, 10 naval factors');
  });
});
