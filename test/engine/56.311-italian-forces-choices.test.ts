// 56.311, 56.312, 56.32 (and its footnote *), 56.31C, 56.31D: the choices of a post-surrender Italian selection,
// exactly, at the level-0 selection of the bundled example game (Fall 1943), for both sides, and as a tried
// selection changes them.
import { decisionOf } from '../support/pending-of.js';
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import type { PendingDecision } from '../../src/engine/pending.js';
import { describePending } from '../../src/engine/pending-text.js';
import type { ItalianForcesChoices, ItalianUnitChoice } from '../../src/engine/choices/italian-forces.js';
import { italy1943Germany1945 } from '../../src/examples/italian-games.js';
import { GAME, play, replay } from '../support/given.js';

const fall43 = { season: 'fall', year: 1943 } as const;
const script = italy1943Germany1945().events;
const selections = script.filter((e) => e.type === 'italy.forces-selected');
const upTo = (n: number): OriginEvent[] =>
  script.slice(0, script.findIndex((e) => e.type === 'italy.forces-selected') + n);

function selectionAfter(
  origins: readonly OriginEvent[],
  tried?: OriginEvent,
): Extract<PendingDecision, { decision: 'select-post-surrender-italian-forces' }> {
  const view = replay(play(origins)).view(GAME);
  if (view === undefined) throw new Error('no game');
  return decisionOf(view, 'select-post-surrender-italian-forces', tried);
}
const choicesAfter = (origins: readonly OriginEvent[], tried?: OriginEvent): ItalianForcesChoices =>
  selectionAfter(origins, tried).choices;
const axisTried = (selection: { infantry?: string[]; cruisers?: string[]; destroyers?: string[] }): OriginEvent => ({
  type: 'italy.forces-selected',
  data: {
    turn: fall43,
    side: 'axis',
    selection: { infantry: [], namedShips: [], cruisers: [], destroyers: [], ...selection },
  },
});

type Row = Pick<ItalianUnitChoice, 'id' | 'size' | 'selectable' | 'canAdd'>;
const rows = (c: ItalianForcesChoices): Row[] =>
  c.units.map(({ id, size, selectable, canAdd }) => ({ id, size, selectable, canAdd }));
/** A category's tally, every value stated: entitled, required, chosen, missing, over, met, completable. */
const cat = (
  rule: '56.31C' | '56.31D',
  countedIn: 'factors' | 'units',
  entitled: number,
  required: number,
  chosen: number,
  missing: number,
  over: number,
  met: boolean,
  completable = true,
) => ({
  rule,
  countedIn,
  entitled,
  required,
  chosen,
  missing,
  over,
  met,
  completable,
});
const ALL_STATUSES = ['operational', 'damaged', 'sunk-in-port', 'row-2', 'launch'] as const;
const SHIP_RULE = {
  rule: '56.32',
  unfinishedLightShips: 'rows-2-and-launch',
  namedShips: ALL_STATUSES,
  cruisers: ALL_STATUSES,
  destroyers: ALL_STATUSES,
};

describe('56.311, 56.32: the Italian selection at level 0 in the example game', () => {
  it(
    '56.311, 56.312, 56.32: the Axis player selects first: 3 infantry factors (a 2-factor unit can never make 3 ' +
      'with the 3s), no named ship, a cruiser, a destroyer factor',
    () => {
      const c = choicesAfter(upTo(0));
      expect(c.side).toBe('axis');
      expect(c.order).toEqual({ rule: '56.311', sides: ['axis', 'allied'], made: [] });
      expect(c.categories).toEqual({
        infantry: cat('56.31C', 'factors', 3, 3, 0, 3, 0, false),
        namedShips: cat('56.31D', 'units', 0, 0, 0, 0, 0, true),
        cruisers: cat('56.31D', 'units', 1, 1, 0, 1, 0, false),
        destroyers: cat('56.31D', 'factors', 1, 1, 0, 1, 0, false),
      });
      expect(c.shipRule).toEqual(SHIP_RULE);
      expect(c.complete).toBe(false);
      expect(rows(c)).toEqual([
        { id: 'inf-1', size: 3, selectable: true, canAdd: true },
        { id: 'inf-2', size: 3, selectable: true, canAdd: true },
        { id: 'inf-3', size: 3, selectable: true, canAdd: true },
        { id: 'inf-4', size: 2, selectable: true, canAdd: false },
        { id: 'littorio', size: 1, selectable: true, canAdd: false },
        { id: 'vittorio-veneto', size: 1, selectable: true, canAdd: false },
        { id: 'roma', size: 1, selectable: true, canAdd: false },
        { id: 'giulio-cesare', size: 1, selectable: true, canAdd: false },
        { id: 'impero', size: 1, selectable: false, canAdd: false },
        { id: 'montecuccoli', size: 1, selectable: true, canAdd: true },
        { id: 'eugenio-di-savoia', size: 1, selectable: true, canAdd: true },
        { id: 'garibaldi', size: 1, selectable: true, canAdd: true },
        { id: 'dd-1', size: 1, selectable: true, canAdd: true },
        { id: 'dd-2', size: 1, selectable: true, canAdd: true },
        { id: 'dd-3', size: 1, selectable: true, canAdd: true },
      ]);
      expect(c.units.find((u) => u.id === 'impero')).toEqual({
        id: 'impero',
        category: 'namedShips',
        size: 1,
        status: 'row-3-plus',
        selectable: false,
        refusedBy: { rule: '56.32', code: 'row-3-plus' },
        takenBy: null,
        picked: false,
        canAdd: false,
      });
      expect(c.units.find((u) => u.id === 'inf-4')).toEqual({
        id: 'inf-4',
        category: 'infantry',
        size: 2,
        status: null,
        selectable: true,
        refusedBy: null,
        takenBy: null,
        picked: false,
        canAdd: false,
      });
    },
  );

  it('56.311, 56.31C, 56.31D: the Allied player then selects from what the Axis player did not take', () => {
    const c = choicesAfter(upTo(1));
    expect(c.side).toBe('allied');
    expect(c.order).toEqual({ rule: '56.311', sides: ['axis', 'allied'], made: ['axis'] });
    expect(c.categories.infantry).toEqual(cat('56.31C', 'factors', 3, 3, 0, 3, 0, false));
    expect(c.units.filter((u) => u.takenBy !== null).map((u) => [u.id, u.takenBy, u.refusedBy])).toEqual([
      ['inf-1', 'axis', { rule: '56.31C', code: 'taken-by-other-side' }],
      ['montecuccoli', 'axis', { rule: '56.31D', code: 'taken-by-other-side' }],
      ['dd-1', 'axis', { rule: '56.31D', code: 'taken-by-other-side' }],
    ]);
    expect(c.units.filter((u) => u.canAdd).map((u) => u.id)).toEqual([
      'inf-2',
      'inf-3',
      'eugenio-di-savoia',
      'garibaldi',
      'dd-2',
      'dd-3',
    ]);
  });

  it(
    '56.312: a tried 2-factor infantry unit leaves 1 factor missing that no unit makes: the category cannot be ' +
      'completed, nothing may be added, and the selection is not complete',
    () => {
      const tried: OriginEvent = {
        type: 'italy.forces-selected',
        data: {
          turn: fall43,
          side: 'axis',
          selection: { infantry: ['inf-4'], namedShips: [], cruisers: [], destroyers: [] },
        },
      };
      const c = choicesAfter(upTo(0), tried);
      expect(c.categories.infantry).toEqual(cat('56.31C', 'factors', 3, 3, 2, 1, 0, false, false));
      expect(c.categories.destroyers.completable).toBe(true);
      expect(c.units.find((u) => u.id === 'inf-4')?.picked).toBe(true);
      expect(c.units.filter((u) => u.canAdd)).toEqual([]);
      expect(c.complete).toBe(false);
    },
  );

  it("56.32: the example game's Axis selection, tried, is complete: every category met, nothing more to add", () => {
    const axis = selections[0];
    if (axis === undefined) throw new Error('no Axis selection in the script');
    const c = choicesAfter(upTo(0), axis);
    expect(c.complete).toBe(true);
    expect(Object.values(c.categories).map((k) => [k.chosen, k.missing, k.over, k.met])).toEqual([
      [3, 0, 0, true],
      [0, 0, 0, true],
      [1, 0, 0, true],
      [1, 0, 0, true],
    ]);
    expect(c.units.filter((u) => u.picked).map((u) => u.id)).toEqual(['inf-1', 'montecuccoli', 'dd-1']);
    expect(c.units.filter((u) => u.canAdd)).toEqual([]);
  });

  it('56.311: a tried selection of the other side, or of another turn, leaves the choices as for none', () => {
    const axis = selections[0];
    if (axis === undefined || axis.type !== 'italy.forces-selected') throw new Error('no Axis selection in the script');
    const empty = choicesAfter(upTo(0));
    expect(choicesAfter(upTo(0), { ...axis, data: { ...axis.data, side: 'allied' } })).toEqual(empty);
    expect(choicesAfter(upTo(0), { ...axis, data: { ...axis.data, turn: { season: 'winter', year: 1943 } } })).toEqual(
      empty,
    );
  });

  it('56.32: a tried selection over the row says by how much', () => {
    const tried: OriginEvent = {
      type: 'italy.forces-selected',
      data: {
        turn: fall43,
        side: 'axis',
        selection: { infantry: [], namedShips: [], cruisers: ['montecuccoli', 'garibaldi'], destroyers: [] },
      },
    };
    const c = choicesAfter(upTo(0), tried);
    expect(c.categories.cruisers).toEqual({
      rule: '56.31D',
      countedIn: 'units',
      entitled: 1,
      required: 1,
      chosen: 2,
      missing: 0,
      over: 1,
      met: false,
      completable: false,
    });
    expect(c.units.filter((u) => u.canAdd)).toEqual([]);
  });

  it('56.312, 56.32: the words of a tried selection say what is missing, too many, or may still be added', () => {
    const head =
      "the Axis player must select Germany's post-surrender Italian forces at level 0: 3 infantry factors, 0 named " +
      'ships, 1 cruiser and 1 destroyer factor, before the Allied player selects';
    expect(describePending(selectionAfter(upTo(0)))).toBe(head);
    expect(describePending(selectionAfter(upTo(0), axisTried({ infantry: ['inf-4'] })))).toBe(
      `${head}; with the units picked: 1 infantry factor missing that no remaining unit can make up, 1 cruiser ` +
        `missing, 1 destroyer factor missing`,
    );
    expect(
      describePending(
        selectionAfter(upTo(0), axisTried({ infantry: ['inf-1'], cruisers: ['montecuccoli', 'garibaldi'] })),
      ),
    ).toBe(`${head}; with the units picked: 1 cruiser too many, 1 destroyer factor missing`);
    expect(
      describePending(selectionAfter(upTo(0), axisTried({ infantry: ['inf-1'], cruisers: ['montecuccoli'] }))),
    ).toBe(`${head}; with the units picked: 1 destroyer factor missing; may still be added: dd-1, dd-2, dd-3`);
    expect(
      describePending(
        selectionAfter(upTo(0), axisTried({ infantry: ['inf-1'], cruisers: ['montecuccoli'], destroyers: ['dd-1'] })),
      ),
    ).toBe(`${head}; the units picked make a complete selection`);
  });
});
