// 56.31A-D, 56.33: types in short supply, no unit selected twice, and the final disposition of Italy's forces.
import { describe, expect, it } from 'vitest';
import { finalDisposition, validateAllocation, type ItalianForces } from '../../src/rules/italian-allocation.js';
import { selection as sel } from '../support/italian-fixtures.js';
import { forces, empty, validate, rules, axisPlus2, axisLevel0, alliedLevel0 } from '../support/italian-allocation.js';

describe('56.31D types in short supply', () => {
  const scarce: ItalianForces = {
    navy: [
      { id: 'impero', type: 'battleship', factors: 5, status: 'row-3-plus' },
      { id: 'ca-1', type: 'cruiser', factors: 3, status: 'operational' },
      { id: 'ca-9', type: 'cruiser', factors: 3, status: 'row-3-plus' },
      { id: 'dd-1', type: 'destroyer', factors: 1, status: 'operational' },
    ],
    infantry: [
      { id: 'inf-1', factors: 3 },
      { id: 'inf-4', factors: 2 },
    ],
  };
  const all = sel({ infantry: ['inf-1', 'inf-4'], cruisers: ['ca-1'], destroyers: ['dd-1'] });
  it('56.31D: the side takes what remains of a short type and the remainder is lost', () => {
    const r = validateAllocation({ level: 2, side: 'axis', forces: scarce, alreadyAllocated: null, selection: all });
    expect(r.legal).toBe(true);
    expect(r.required).toEqual({ infantryFactors: 5, namedShips: 0, cruisers: 1, destroyerFactors: 1 });
    expect(r.allocated).toEqual({ infantryFactors: 5, namedShips: 0, cruisers: 1, destroyerFactors: 1 });
    expect(r.lost).toEqual({ infantryFactors: 4, namedShips: 1, cruisers: 1, destroyerFactors: 1 });
  });
  it('56.31D: leaving a short type behind is refused', () => {
    const r = validateAllocation({
      level: 2,
      side: 'axis',
      forces: scarce,
      alreadyAllocated: null,
      selection: { ...all, destroyers: [] },
    });
    expect(r.violations).toEqual([
      {
        rule: '56.31D',
        message:
          'Germany receives 2 destroyer factors at surrender level +2, but only 1 remains: all of them must be ' +
          'taken (the rest is lost); 0 selected',
      },
    ]);
  });
  it('56.31C: short infantry must all be taken', () => {
    const r = validateAllocation({
      level: 2,
      side: 'axis',
      forces: scarce,
      alreadyAllocated: null,
      selection: { ...all, infantry: ['inf-1'] },
    });
    expect(rules(r)).toEqual(['56.31C']);
  });
  it('56.31D: at level 0 what the Axis took is no longer available to the Allied player', () => {
    const axis = sel({ infantry: ['inf-1'], cruisers: ['ca-1'], destroyers: ['dd-1'] });
    expect(
      validateAllocation({ level: 0, side: 'axis', forces: scarce, alreadyAllocated: null, selection: axis }).legal,
    ).toBe(true);
    const r = validateAllocation({
      level: 0,
      side: 'allied',
      forces: scarce,
      alreadyAllocated: axis,
      selection: sel({ infantry: ['inf-4'] }),
    });
    expect(r.legal).toBe(true);
    expect(r.lost).toEqual({ infantryFactors: 1, namedShips: 0, cruisers: 1, destroyerFactors: 1 });
  });
});

describe('56.31C, 56.31D no unit selected twice', () => {
  it('56.31C: an infantry unit listed twice is refused', () => {
    const r = validate({ level: 2, side: 'axis', selection: { ...axisPlus2, infantry: ['inf-1', 'inf-2', 'inf-1'] } });
    expect(r.violations).toEqual([
      { rule: '56.31C', message: "'inf-1' is selected more than once" },
      { rule: '56.32', message: 'Germany receives 9 infantry factors at surrender level +2; 6 selected' },
    ]);
  });
  it('56.31D: a ship listed in two categories is refused', () => {
    expect(
      validate({ level: 2, side: 'axis', selection: { ...axisPlus2, destroyers: ['dd-3', 'ca-1'] } }).violations[0],
    ).toEqual({
      rule: '56.31D',
      message: "'ca-1' is selected more than once",
    });
  });
  it('56.31D: an id that is not an Italian unit is refused', () => {
    expect(
      validate({ level: 2, side: 'axis', selection: { ...axisPlus2, cruisers: ['ca-1', 'zara'] } }).violations[0],
    ).toEqual({
      rule: '56.31D',
      message: "'zara' is not an Italian unit at the time of surrender",
    });
  });
  it("56.31D: forces reporting one id twice are the host's defect", () => {
    const bad: ItalianForces = {
      navy: [],
      infantry: [
        { id: 'x', factors: 1 },
        { id: 'x', factors: 2 },
      ],
    };
    expect(() =>
      validateAllocation({ level: 0, side: 'axis', forces: bad, alreadyAllocated: null, selection: empty }),
    ).toThrow(RangeError);
  });
});

describe('56.31A-D, 56.33 final disposition', () => {
  it('56.31D: level 0: selected units go to Germany and the U.S., every other unit is removed as excess', () => {
    const d = finalDisposition(forces, axisLevel0, alliedLevel0);
    expect(d.germany).toEqual({ infantry: ['inf-1'], navy: ['ca-1', 'dd-1'] });
    expect(d.us).toEqual({ infantry: ['inf-2'], navy: ['ca-2', 'dd-2'] });
    expect(d.removed).toEqual({
      infantry: ['inf-3', 'inf-4', 'inf-5'],
      navy: [
        'littorio',
        'vittorio-veneto',
        'cavour',
        'roma',
        'aquila',
        'impero',
        'ca-3',
        'ca-4',
        'ca-5',
        'dd-3',
        'dd-4',
      ],
    });
    expect(d.relocatingToWesternAlliedPorts).toEqual(['ca-2', 'dd-2']);
  });
  it('56.31D: ships joining the Western Allies relocate unless still on the construction chart', () => {
    const d = finalDisposition(
      forces,
      null,
      sel({ namedShips: ['roma'], cruisers: ['ca-3'], destroyers: ['dd-1'], infantry: ['inf-1', 'inf-2'] }),
    );
    expect(d.us.navy).toEqual(['roma', 'ca-3', 'dd-1']);
    expect(d.relocatingToWesternAlliedPorts).toEqual(['ca-3', 'dd-1']);
    expect(d.germany).toEqual({ infantry: [], navy: [] });
  });
  it('56.31A, 56.31B, 56.31C, 56.31D, 56.33: the effects are logged in rule order', () => {
    const d = finalDisposition(forces, axisLevel0, alliedLevel0);
    expect(d.effects.map((e) => e.rule)).toEqual([
      '56.31A',
      '56.31B',
      '56.31C',
      '56.31C',
      '56.31C',
      '56.31C',
      '56.31D',
      '56.31D',
      '56.31D',
      '56.31D',
      '56.31D',
      '56.33',
    ]);
    expect(d.effects[0]).toEqual({
      rule: '56.31A',
      effect: 'All Italian air units are permanently removed from play.',
      units: [],
    });
    expect(d.effects[1]).toEqual({
      rule: '56.31B',
      effect:
        'The 1-3 Folgore airborne unit is added, unbuilt, to the German force pool, wherever it was and whatever ' +
        'the allocation; it may overstack and be used anywhere on the board, but may not airdrop.',
      units: [],
    });
    expect(d.effects[2]).toEqual({
      rule: '56.31C',
      effect: 'All Italian ground units are removed from the board.',
      units: [],
    });
    expect(d.effects[3]).toEqual({
      rule: '56.31C',
      effect: 'Italian infantry added, unbuilt, to the German force pool: inf-1.',
      units: ['inf-1'],
    });
    expect(d.effects[4]).toEqual({
      rule: '56.31C',
      effect: 'Italian infantry added, unbuilt, to the American force pool: inf-2.',
      units: ['inf-2'],
    });
    expect(d.effects[5]?.units).toEqual(['inf-3', 'inf-4', 'inf-5']);
    expect(d.effects[8]).toEqual({
      rule: '56.31D',
      effect:
        'Ships joining the Western Allies relocate immediately to the closest Western Allied controlled port(s), ' +
        'subject to interception as displaced naval units: ca-2, dd-2.',
      units: ['ca-2', 'dd-2'],
    });
    expect(d.effects[9]?.units).toEqual(d.removed.navy);
    expect(d.effects[10]).toEqual({
      rule: '56.31D',
      effect:
        'Allocated Italian naval factors keep the Italian naval nationality DRM in naval combat, may be repaired ' +
        'if damaged or sunk in port, and may not be reconstructed if lost.',
      units: ['ca-1', 'dd-1', 'ca-2', 'dd-2'],
    });
    expect(d.effects[11]).toEqual({
      rule: '56.33',
      effect:
        'The Folgore airborne unit and the allocated Italian ground units may be built, and rebuilt if lost, in ' +
        'any fully supplied German-controlled (German units) or American-controlled (American units) hex in Italy.',
      units: ['inf-1', 'inf-2'],
    });
  });
  it('56.31C: with no selection at all, every Italian infantry and naval unit is removed', () => {
    const d = finalDisposition(forces, null, null);
    expect(d.removed.infantry).toHaveLength(5);
    expect(d.removed.navy).toHaveLength(15);
    expect(d.effects[3]?.effect).toBe('Italian infantry added, unbuilt, to the German force pool: none.');
  });
  it("56.31D: a unit in both selections is the caller's defect", () => {
    expect(() => finalDisposition(forces, axisLevel0, { ...alliedLevel0, cruisers: ['ca-1'] })).toThrow(RangeError);
    expect(() => finalDisposition(forces, sel({ cruisers: ['dd-1'] }), null)).toThrow(RangeError);
  });
});
