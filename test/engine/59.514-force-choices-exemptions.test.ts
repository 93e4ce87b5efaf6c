// 59.514A-E and 59.513B-E in the force reduction choices: which units the menu keeps out and by which rule, the
// cap when the pool falls short, and the 0 surrender that removes nothing (59.511).
import { describe, expect, it } from 'vitest';
import { britishForceChoices } from '../../src/engine/choices/british-forces.js';
import type { ForceReductionInput, ForceUnit } from '../../src/rules/force-reduction.js';

const u = (id: string, over: Partial<ForceUnit> = {}): ForceUnit => ({
  id,
  nationality: 'british',
  kind: 'ground',
  factors: 2,
  brps: 4,
  theater: 'europe',
  ...over,
});
const ship = (id: string, factors: number, over: Partial<ForceUnit> = {}): ForceUnit => ({
  ...u(id, { kind: 'naval', factors, brps: 0, naval: { type: 'cruiser', status: 'operational' } }),
  ...over,
});

const choices = (units: ForceUnit[], over: Partial<ForceReductionInput> = {}, changed: string[] = []) =>
  britishForceChoices(
    { surrenderLevel: -1, scenario: 'global', units, selection: [], ...over },
    { minorUnitsWithChangedStatus: changed },
    true,
  );
const exemptions = (c: ReturnType<typeof choices>) =>
  c.units.map((x) => [x.id, x.selectable, x.exemptBy, x.subjectToEliminationBy]);

describe('59.514: units not subject to elimination, in the menu', () => {
  it(
    '59.514A-E: strategic bombers, interceptors, jets; ASW, ' +
      'transports; Dominion units; Free French; minor units the terms left alone',
    () => {
      const c = choices(
        [
          u('sb', { kind: 'strategic-bomber' }),
          u('int', { kind: 'interceptor' }),
          u('jet', { kind: 'jet' }),
          u('asw', { kind: 'asw' }),
          u('tp', { kind: 'transport' }),
          u('can', { nationality: 'canadian' }),
          u('sa', { nationality: 'south-african', kind: 'aaf' }),
          u('aus', { ...ship('aus', 3), nationality: 'australian' }),
          u('ind', { nationality: 'indian' }),
          u('ff', { nationality: 'free-french' }),
          u('gr', { nationality: 'minor' }),
          u('pe', { nationality: 'minor' }),
        ],
        {},
        ['pe'],
      );
      expect(exemptions(c)).toEqual([
        ['sb', false, '59.514A', null],
        ['int', false, '59.514A', null],
        ['jet', false, '59.514A', null],
        ['asw', false, '59.514B', null],
        ['tp', false, '59.514B', null],
        ['can', false, '59.514C', null],
        ['sa', false, '59.514C', null],
        ['aus', false, '59.514C', null],
        ['ind', false, '59.514C', null],
        ['ff', false, '59.514D', null],
        ['gr', false, '59.514E', null],
        // 59.514E: the negotiations changed this one's country's status.
        ['pe', true, null, '59.514E'],
      ]);
      expect(c.units.filter((x) => x.category === null).map((x) => x.id)).toEqual(['sb', 'int', 'jet', 'asw', 'tp']);
    },
  );

  it(
    '59.513B-D: ground, air and naval units in Asia are kept ' +
      'out in a European scenario, and offered in the global game',
    () => {
      const asia = [
        u('inf', { theater: 'asia' }),
        u('raf', { kind: 'aaf', theater: 'asia' }),
        ship('ca', 10, { theater: 'asia' }),
      ];
      expect(exemptions(choices(asia, { scenario: 'european' }))).toEqual([
        ['inf', false, '59.513B', null],
        ['raf', false, '59.513C', null],
        ['ca', false, '59.513D', null],
      ]);
      expect(exemptions(choices(asia, { scenario: 'global' }))).toEqual([
        ['inf', true, null, null],
        ['raf', true, null, null],
        ['ca', true, null, null],
      ]);
    },
  );
});

describe('59.513E: a pool below the requirement', () => {
  it('59.513E: 3 AAF factors against 4 required: the requirement is capped at 3 and every eligible AAF must go', () => {
    const pool = [
      u('raf-1', { kind: 'aaf', factors: 2 }),
      u('raf-2', { kind: 'aaf', factors: 1 }),
      u('raaf', { kind: 'aaf', factors: 5, nationality: 'australian' }),
    ];
    const c = choices(pool, { surrenderLevel: -2, selection: ['raf-1'] });
    expect(c.categories[0]).toEqual({
      category: 'aaf',
      rule: '59.513E',
      required: 3,
      uncapped: 4,
      chosen: 2,
      missing: 1,
      over: 0,
      droppable: [],
      met: false,
      allMustGo: true,
      divisor: 1,
    });
    expect(c.units.map((x) => [x.id, x.canAdd])).toEqual([
      ['raf-1', false],
      ['raf-2', true],
      ['raaf', false],
    ]);
    // The other categories hold nothing: 59.513E, met by taking nothing, and the shortfall falls on no other category.
    expect(c.categories.slice(1).map((x) => [x.category, x.rule, x.required, x.met])).toEqual([
      ['groundNas', '59.513E', 0, true],
      ['naval', '59.513E', 0, true],
    ]);
    expect(choices(pool, { surrenderLevel: -2, selection: ['raf-1', 'raf-2'] }).complete).toBe(true);
  });

  it(
    '59.513D with 59.513E: half-factor ships pool their discount: a damaged 3 and an operational 1 make 2 naval ' +
      'factors, all of which must go',
    () => {
      const c = choices([ship('ca', 1), ship('bb', 3, { naval: { type: 'battleship', status: 'damaged' } })]);
      expect(c.categories[2]).toEqual({
        category: 'naval',
        rule: '59.513E',
        required: 2,
        uncapped: 10,
        chosen: 0,
        missing: 2,
        over: 0,
        droppable: [],
        met: false,
        allMustGo: true,
        divisor: 2,
      });
      expect(c.units.map((x) => [x.id, x.counts, x.canAdd])).toEqual([
        ['ca', 2, true],
        ['bb', 3, true],
      ]);
    },
  );
});

describe('59.511: a 0 surrender', () => {
  it('59.511: nothing is required, nothing may be added, and only the empty selection is complete', () => {
    const pool = [u('inf'), u('raf', { kind: 'aaf' })];
    const c = choices(pool, { surrenderLevel: 0 });
    expect(c.categories.map((x) => [x.rule, x.required, x.met])).toEqual([
      ['59.511', 0, true],
      ['59.511', 0, true],
      ['59.511', 0, true],
    ]);
    expect([c.complete, c.units.filter((x) => x.canAdd)]).toEqual([true, []]);
    const picked = choices(pool, { surrenderLevel: 0, selection: ['inf'] });
    expect([picked.complete, picked.categories[1]?.over, picked.categories[1]?.met]).toEqual([false, 4, false]);
  });
});
