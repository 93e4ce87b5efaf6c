// 59.512-59.514 as a menu on the pending British force reduction decision: per category what is required and still
// missing, per pool unit whether it may be selected, the rule that exempts it, and what may still be added.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import { describePending } from '../../src/engine/pending-text.js';
import type { SelectBritishForceReductions } from '../../src/engine/pending-types.js';
import { seaLion1941 } from '../../src/examples/sea-lion-1941.js';
import { beforeFirst } from '../support/example-views.js';
import { decisionOf } from '../support/pending-of.js';

const script = seaLion1941();
const { view, command: selected } = beforeFirst(script, 'britain.forces-selected');
const su41 = { season: 'summer', year: 1941 } as const;
const trying = (selection: string[], turn: { season: 'summer' | 'fall'; year: number } = su41): OriginEvent => ({
  type: 'britain.forces-selected',
  data: { turn, selection },
});

const decision = (tried?: OriginEvent): SelectBritishForceReductions =>
  decisionOf(view, 'select-british-force-reductions', tried);
const offered = (p: SelectBritishForceReductions): string[] => p.choices.units.filter((u) => u.canAdd).map((u) => u.id);

const AAF = ['raf-1', 'raf-2', 'raf-3', 'raf-4', 'raf-5', 'raf-6'];
const GROUND = [
  '1st-armd',
  '7th-armd',
  '50th-inf',
  '51st-inf',
  'guards-inf',
  '1st-airborne',
  'fleet-air-arm',
  'persian-inf',
];
const NAVAL = [
  'hood',
  'nelson',
  'rodney',
  'kgv',
  'pow',
  'warspite',
  'ark-royal',
  'illustrious',
  'ca-home',
  'ca-med',
  'ca-force-h',
  'dd-1',
  'dd-2',
  'dd-3',
  'ss-1',
];

describe('59.513 force choices in the Sea Lion 1941 example (surrender level -4)', () => {
  it('59.512: each category requires 2 AAF, 4 BRPs and 10 naval factors per level, uncapped; nothing picked', () => {
    expect(decision().choices.categories).toEqual([
      {
        category: 'aaf',
        rule: '59.512',
        required: 8,
        uncapped: 8,
        chosen: 0,
        missing: 8,
        over: 0,
        droppable: [],
        met: false,
        allMustGo: false,
        divisor: 1,
      },
      {
        category: 'groundNas',
        rule: '59.512',
        required: 16,
        uncapped: 16,
        chosen: 0,
        missing: 16,
        over: 0,
        droppable: [],
        met: false,
        allMustGo: false,
        divisor: 1,
      },
      {
        category: 'naval',
        rule: '59.512',
        required: 40,
        uncapped: 40,
        chosen: 0,
        missing: 40,
        over: 0,
        droppable: [],
        met: false,
        allMustGo: false,
        divisor: 2,
      },
    ]);
    expect(decision().choices.complete).toBe(false);
  });

  it('59.513B-D, 59.514A-E: each pool unit with its category, size, weight, exemption, whether it may be added', () => {
    const rows = decision().choices.units.map((u) => [
      u.id,
      u.category,
      u.size,
      u.counts,
      u.selectable,
      u.exemptBy,
      u.subjectToEliminationBy,
      u.canAdd,
    ]);
    expect(rows).toEqual([
      ['raf-1', 'aaf', 2, 2, true, null, null, true],
      ['raf-2', 'aaf', 2, 2, true, null, null, true],
      ['raf-3', 'aaf', 2, 2, true, null, null, true],
      ['raf-4', 'aaf', 2, 2, true, null, null, true],
      ['raf-5', 'aaf', 1, 1, true, null, null, true],
      ['raf-6', 'aaf', 1, 1, true, null, null, true],
      ['bomber-command', null, 5, 0, false, '59.514A', null, false],
      ['fighter-command', null, 3, 0, false, '59.514A', null, false],
      ['raaf-1', 'aaf', 2, 0, false, '59.514C', null, false],
      ['1st-armd', 'groundNas', 8, 8, true, null, null, true],
      ['7th-armd', 'groundNas', 8, 8, true, null, null, true],
      ['50th-inf', 'groundNas', 3, 3, true, null, null, true],
      ['51st-inf', 'groundNas', 3, 3, true, null, null, true],
      ['guards-inf', 'groundNas', 3, 3, true, null, null, true],
      ['1st-airborne', 'groundNas', 3, 3, true, null, null, true],
      ['fleet-air-arm', 'groundNas', 4, 4, true, null, null, true],
      ['1st-can-inf', 'groundNas', 3, 0, false, '59.514C', null, false],
      ['9th-aus-inf', 'groundNas', 3, 0, false, '59.514C', null, false],
      ['4th-ind-inf', 'groundNas', 3, 0, false, '59.514C', null, false],
      ['ff-inf', 'groundNas', 2, 0, false, '59.514D', null, false],
      ['hood', 'naval', 9, 18, true, null, null, true],
      ['nelson', 'naval', 9, 18, true, null, null, true],
      ['rodney', 'naval', 9, 18, true, null, null, true],
      ['kgv', 'naval', 9, 18, true, null, null, true],
      // 59.513D: incomplete and damaged ships count half (the ruling's ratio), in half-factors here.
      ['pow', 'naval', 9, 9, true, null, null, true],
      ['warspite', 'naval', 9, 9, true, null, null, true],
      ['ark-royal', 'naval', 8, 16, true, null, null, true],
      ['illustrious', 'naval', 6, 12, true, null, null, true],
      ['ca-home', 'naval', 2, 4, true, null, null, true],
      ['ca-med', 'naval', 2, 4, true, null, null, true],
      ['ca-force-h', 'naval', 2, 4, true, null, null, true],
      ['dd-1', 'naval', 1, 2, true, null, null, true],
      ['dd-2', 'naval', 1, 2, true, null, null, true],
      ['dd-3', 'naval', 1, 2, true, null, null, true],
      ['ss-1', 'naval', 2, 4, true, null, null, true],
      ['hmas-sydney', 'naval', 2, 0, false, '59.514C', null, false],
      ['asw-western-approaches', null, 2, 0, false, '59.514B', null, false],
      ['transports', null, 10, 0, false, '59.514B', null, false],
      // 59.514E: the terms passed Persia to the Axis.
      ['persian-inf', 'groundNas', 2, 2, true, null, '59.514E', true],
    ]);
    expect(decision().choices.units.find((u) => u.id === 'pow')?.naval).toEqual({
      type: 'battleship',
      status: 'incomplete',
      discounted: true,
    });
  });

  it(
    '59.513F: with 7 of 8 AAF factors picked by a 1-factor unit, only the other 1-factor unit completes it (a 2 ' +
      'would leave the 1 droppable)',
    () => {
      const p = decision(trying(['raf-1', 'raf-2', 'raf-3', 'raf-5']));
      expect(p.choices.categories[0]).toEqual({
        category: 'aaf',
        rule: '59.512',
        required: 8,
        uncapped: 8,
        chosen: 7,
        missing: 1,
        over: 0,
        droppable: [],
        met: false,
        allMustGo: false,
        divisor: 1,
      });
      expect(offered(p).filter((id) => AAF.includes(id))).toEqual(['raf-6']);
      expect(describePending(p)).toBe(
        'the British player must select, by id from the reported force pool, 8 AAF factors, 16 BRPs of ground ' +
          'units or NAS and 40 naval factors to remove (59.512); the terms changed the status of their minor ' +
          'countries, so persian-inf may be removed (59.514E); with the units picked, 1 AAF factors still missing ' +
          '(59.512), 16 BRPs of ground units or NAS still missing (59.512), 40 naval factors still missing (59.512)',
      );
    },
  );

  it('59.513F: once a category is met nothing more in it may be added; the other categories are still open', () => {
    const p = decision(trying(['raf-1', 'raf-2', 'raf-3', 'raf-4']));
    expect(p.choices.categories[0]?.met).toBe(true);
    expect(offered(p)).toEqual([...GROUND.filter((id) => id !== 'persian-inf'), ...NAVAL, 'persian-inf']);
  });

  it(
    '59.513F: a pick over the least that meets the ' +
      'requirement is shown over and droppable, and nothing may be added',
    () => {
      const p = decision(trying(['raf-1', 'raf-2', 'raf-3', 'raf-4', 'raf-5']));
      expect(p.choices.categories[0]).toEqual({
        category: 'aaf',
        rule: '59.512',
        required: 8,
        uncapped: 8,
        chosen: 9,
        missing: 0,
        over: 1,
        droppable: ['raf-5'],
        met: false,
        allMustGo: false,
        divisor: 1,
      });
      expect(offered(p)).toEqual([]);
    },
  );

  it(
    '59.513A: the example selection is complete, as the engine ' +
      'accepts it; a selection of another turn is not the one tried',
    () => {
      if (selected?.type !== 'britain.forces-selected') throw new Error('no selection in the example');
      const p = decision(selected);
      expect(p.choices.complete).toBe(true);
      expect(p.choices.categories.map((c) => [c.chosen, c.met])).toEqual([
        [8, true],
        [16, true],
        [40, true],
      ]);
      expect(offered(p)).toEqual([]);
      expect(describePending(p)).toMatch(/; the units picked meet every requirement$/);
      expect(
        decision(trying(selected.data.selection, { season: 'fall', year: 1941 })).choices.units.some((u) => u.picked),
      ).toBe(false);
    },
  );

  it(
    '59.513A, 59.514C: a pick the rules refuse (an unknown id, a repeat, an exempt unit) leaves nothing to add ' +
      'and the selection incomplete',
    () => {
      for (const picks of [['raf-1', 'no-such-unit'], ['raf-1', 'raf-1'], ['raaf-1']]) {
        const p = decision(trying(picks));
        expect([p.choices.complete, offered(p)]).toEqual([false, []]);
      }
    },
  );

  it(
    '59.513A: a malformed command tried (a selection that is no list, a turn that is no turn) is not read as ' +
      'picks, and nothing throws',
    () => {
      const bad = [
        { turn: su41, selection: 5 },
        { turn: 'summer', selection: ['raf-1'] },
      ];
      for (const data of bad) {
        const p = decision(JSON.parse(JSON.stringify({ type: 'britain.forces-selected', data })) as OriginEvent);
        expect([p.choices.units.some((u) => u.picked), p.choices.complete, offered(p).length]).toEqual([
          false,
          false,
          29,
        ]);
      }
    },
  );
});
