// Rule 56: the Italy machine's guards and actions, each on its own.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  italyHasSurrendered,
  italyMachine,
  italyMachineEvents,
  italyNeverAtWar,
  type ItalyContext,
} from '../../machines/italy.js';
import { at, first, guard } from './support.js';

const GAME = 'italy-1943-germany-1945';
const surrender = first(GAME, 'italy.surrendered');
const reported = first(GAME, 'host.italian-forces-reported');
const disposed = first(GAME, 'italy.forces-disposed');
const axisPick = { ...first(GAME, 'italy.forces-selected'), side: 'axis' as const };
const alliedPick = { ...axisPick, side: 'allied' as const };
const start: ItalyContext = {
  atWarAtStart: true,
  surrender: null,
  forces: null,
  axisSelection: null,
  alliedSelection: null,
  disposition: null,
};
const turn = surrender.turn;

describe('the Italy machine: guards', () => {
  it('56.11: startsAtWar reads the input', () => {
    expect(
      [true, false].map((atWar) =>
        guard(italyMachine, 'startsAtWar')({ context: { ...start, atWarAtStart: atWar }, event: { type: 'x' } }),
      ),
    ).toEqual([true, false]);
  });

  it('55.21: italianWarDeclared holds for a declaration between Italy and an Allied power only', () => {
    const g = guard(italyMachine, 'italianWarDeclared');
    const declared = (aggressor: string, targets: string[]) =>
      g({ context: start, event: { type: 'war.declared', data: { turn, aggressor, targets } } });
    expect([
      declared('italy', ['britain']),
      declared('us', ['italy']),
      declared('germany', ['britain']),
      declared('britain', ['germany']),
    ]).toEqual([true, true, false, false]);
  });

  it("56.311: axisToSelect and alliedToSelect name the side that selects next in the surrender's order", () => {
    const axis = guard(italyMachine, 'axisToSelect');
    const allied = guard(italyMachine, 'alliedToSelect');
    const both = { ...start, surrender: { ...surrender, selectionOrder: ['axis', 'allied'] as ('axis' | 'allied')[] } };
    const alliedOnly = { ...start, surrender: { ...surrender, selectionOrder: ['allied'] as ('axis' | 'allied')[] } };
    const e = { type: 'x' };
    expect([
      axis({ context: both, event: e }),
      axis({ context: { ...both, axisSelection: axisPick.selection }, event: e }),
      axis({ context: alliedOnly, event: e }),
    ]).toEqual([true, false, false]);
    const axisDone = { ...both, axisSelection: axisPick.selection };
    expect([
      allied({ context: both, event: e }),
      allied({ context: axisDone, event: e }),
      allied({ context: { ...axisDone, alliedSelection: alliedPick.selection }, event: e }),
      allied({ context: alliedOnly, event: e }),
    ]).toEqual([false, true, false, true]);
  });

  it('56.311: axisSide and alliedSide read the selecting side', () => {
    const pick = (side: 'axis' | 'allied') => ({ type: 'italy.forces-selected', data: { ...axisPick, side } });
    expect([
      guard(italyMachine, 'axisSide')({ context: start, event: pick('axis') }),
      guard(italyMachine, 'axisSide')({ context: start, event: pick('allied') }),
    ]).toEqual([true, false]);
    expect([
      guard(italyMachine, 'alliedSide')({ context: start, event: pick('allied') }),
      guard(italyMachine, 'alliedSide')({ context: start, event: pick('axis') }),
    ]).toEqual([true, false]);
  });
});

describe('the Italy machine: actions', () => {
  const surrendered = {
    ...start,
    surrender: { ...surrender, selectionOrder: ['axis', 'allied'] as ('axis' | 'allied')[] },
  };

  it('56.11: recordSurrender keeps the surrender; Italy then awaits the report of its forces (56.31D)', () => {
    const [s] = transition(italyMachine, at(italyMachine, 'atWar', start), {
      type: 'italy.surrendered',
      data: surrender,
    });
    expect([s.value, s.context]).toEqual([{ surrendered: 'awaitingForces' }, { ...start, surrender }]);
    expect(italyHasSurrendered(s)).toBe(true);
  });

  it('56.31D: recordForces keeps the navy and infantry reported', () => {
    const [s] = transition(italyMachine, at(italyMachine, { surrendered: 'awaitingForces' }, surrendered), {
      type: 'host.italian-forces-reported',
      data: reported,
    });
    expect([s.value, s.context]).toEqual([
      { surrendered: 'axisSelecting' },
      { ...surrendered, forces: { navy: reported.navy, infantry: reported.infantry } },
    ]);
  });

  it("56.311: recordSelection keeps each side's selection, the Axis player first", () => {
    const forces = { ...surrendered, forces: { navy: reported.navy, infantry: reported.infantry } };
    const [a] = transition(italyMachine, at(italyMachine, { surrendered: 'axisSelecting' }, forces), {
      type: 'italy.forces-selected',
      data: axisPick,
    });
    expect([a.value, a.context]).toEqual([
      { surrendered: 'alliedSelecting' },
      { ...forces, axisSelection: axisPick.selection },
    ]);
    // The Allied player's selection is not taken while the Axis player selects.
    expect(
      at(italyMachine, { surrendered: 'axisSelecting' }, forces).can({
        type: 'italy.forces-selected',
        data: alliedPick,
      }),
    ).toBe(false);
    const [b] = transition(italyMachine, a, { type: 'italy.forces-selected', data: alliedPick });
    expect([b.value, b.context]).toEqual([
      { surrendered: 'disposing' },
      { ...forces, axisSelection: axisPick.selection, alliedSelection: alliedPick.selection },
    ]);
  });

  it('56.31C, 56.31D: recordDisposition keeps where every unit went; Italy is then done', () => {
    const [s] = transition(italyMachine, at(italyMachine, { surrendered: 'disposing' }, surrendered), {
      type: 'italy.forces-disposed',
      data: disposed,
    });
    expect([s.value, s.status, s.context]).toEqual(['done', 'done', { ...surrendered, disposition: disposed }]);
  });

  it('55.21: a machine that starts without war is never at war until a declaration with an Allied power', () => {
    const [s] = initialTransition(italyMachine, { atWar: false });
    expect([s.value, italyNeverAtWar(s)]).toEqual(['neverAtWar', true]);
    const [t] = transition(italyMachine, s, {
      type: 'war.declared',
      data: { turn, aggressor: 'italy', targets: ['britain'], usatLevel: null },
    });
    expect([t.value, italyNeverAtWar(t)]).toEqual(['atWar', false]);
  });

  it("56: the event list is the machine's own", () => {
    expect([...italyMachineEvents].sort()).toEqual([
      'host.italian-forces-reported',
      'italy.forces-disposed',
      'italy.forces-selected',
      'italy.surrendered',
      'war.declared',
    ]);
  });
});
