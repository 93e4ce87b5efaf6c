// 56.31D, 56.311 in the engine: what is pending after an Italian surrender, the selections in the 56.311 order
// (level 0: Germany first, then the U.S.) and the decisions nobody waits for.
// given(history).when(command).then(events).
import { describe, expect, it } from 'vitest';
import { pendingDecisions } from '../../src/engine/pending.js';
import type { ItalianForces } from '../../src/rules/italian-allocation.js';
import { given, replay, GAME, ofType } from '../support/given.js';
import { alliedTurnEnded, germanFacts } from '../support/fixtures.js';
import { FLEET, forcesReported, forcesSelected } from '../support/italian-fixtures.js';
import { accepted, pendingAfter, reportedAt, sp44, started, su44, surrenderAt } from '../support/italian-engine.js';

describe('56.31D, 56.311: pending decisions after the surrender', () => {
  it("56.31D: the host must report Italy's forces, and play cannot move on to the next turn before it", () => {
    const history = surrenderAt(0);
    const view = replay(history).view(GAME);
    expect(view && pendingDecisions(view)).toEqual([
      {
        decision: 'report-italian-forces',
        by: 'host',
        rule: '56.31D',
        commands: ['host.italian-forces-reported'],
        turn: { season: 'spring', year: 1944 },
        surrenderLevel: 0,
        row: {
          germany: { infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 },
          us: { infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 },
        },
        selectionOrder: ['axis', 'allied'],
        choices: expect.objectContaining({
          command: 'host.italian-forces-reported',
          schema: 'command/host.italian-forces-reported',
          turn: { season: 'spring', year: 1944 },
        }),
      },
    ]);
    given(history)
      .when(alliedTurnEnded(su44, germanFacts(), null))
      .thenRejected('56.31D', 'decision-pending');
  });

  it('56.311: at level 0 the Axis player is awaited first, then the Allied player, then nobody', () => {
    const reported = reportedAt(0);
    expect(pendingAfter(reported)).toEqual([['select-post-surrender-italian-forces', 'axis', '56.311']]);
    const axis = [
      ...reported,
      ...accepted(
        given(reported).when(
          forcesSelected(sp44, 'axis', { infantry: ['inf-1'], cruisers: ['Zara'], destroyers: ['DD-1'] }),
        ).decision,
      ),
    ];
    expect(pendingAfter(axis)).toEqual([['select-post-surrender-italian-forces', 'allied', '56.311']]);
    given(axis)
      .when(alliedTurnEnded(su44, germanFacts(), null))
      .thenRejected('56.311', 'decision-pending');
  });

  it('56.311: at level +1 only the Axis player is awaited, at level -2 only the Allied player', () => {
    expect(pendingAfter(reportedAt(1))).toEqual([['select-post-surrender-italian-forces', 'axis', '56.311']]);
    expect(pendingAfter(reportedAt(-2))).toEqual([['select-post-surrender-italian-forces', 'allied', '56.311']]);
  });
});

describe('56.31, 56.32: the allocation at each surrender level', () => {
  describe('56.311 at level 0: Germany 3/0/1/1 first, then the U.S. 3/0/1/1 from what is left', () => {
    const reported = reportedAt(0);
    const axisPick = forcesSelected(sp44, 'axis', { infantry: ['inf-1'], cruisers: ['Zara'], destroyers: ['DD-1'] });
    const axisDone = [...reported, ...accepted(given(reported).when(axisPick).decision)];

    it('56.311: an Allied selection before the Axis one is refused', () => {
      const decision = given(reported).when(
        forcesSelected(sp44, 'allied', { infantry: ['inf-2'], cruisers: ['Pola'], destroyers: ['DD-2'] }),
      ).decision;
      expect(decision).toEqual({
        ok: false,
        rejection: {
          code: 'illegal',
          rule: '56.311',
          message:
            'at surrender level 0 the Axis player selects the post-surrender Italian forces before the Allied player',
        },
      });
    });

    it('56.311: the Axis selection alone completes nothing', () => {
      given(reported).when(axisPick).then([axisPick]);
    });

    it('56.311: the Axis player selecting twice is refused', () => {
      given(axisDone)
        .when(forcesSelected(sp44, 'axis', { infantry: ['inf-2'], cruisers: ['Pola'], destroyers: ['DD-2'] }))
        .thenRejected('56.311', 'not-pending');
    });

    it('56.31D: the Allied player cannot take a ship the Axis took', () => {
      const decision = given(axisDone).when(
        forcesSelected(sp44, 'allied', { infantry: ['inf-2'], cruisers: ['Zara'], destroyers: ['DD-2'] }),
      ).decision;
      expect(!decision.ok && decision.rejection.violations).toEqual([
        { rule: '56.31D', message: "'Zara' has already been taken by the other side" },
        { rule: '56.32', message: 'the United States receives 1 cruiser at surrender level 0; 0 selected' },
      ]);
    });

    it('56.32: at level 0 no named ship goes to the U.S.', () => {
      given(axisDone)
        .when(
          forcesSelected(sp44, 'allied', {
            infantry: ['inf-2'],
            namedShips: ['Littorio'],
            cruisers: ['Pola'],
            destroyers: ['DD-2'],
          }),
        )
        .thenRejected('56.32', 'illegal');
    });

    it(
      '56.31C, 56.31D: the Allied selection completes the ' +
        'allocation; U.S. ships on the board relocate, the excess is removed',
      () => {
        const decision = given(axisDone).when(
          forcesSelected(sp44, 'allied', { infantry: ['inf-2'], cruisers: ['Pola'], destroyers: ['DD-2'] }),
        ).decision;
        const [disposed] = decision.ok ? ofType(decision.events, 'italy.forces-disposed') : [];
        expect(
          disposed && [
            disposed.allocations.map((a) => [a.side, a.allocated]),
            disposed.germany,
            disposed.us,
            disposed.removed,
            disposed.relocatingToWesternAlliedPorts,
          ],
        ).toEqual([
          [
            ['axis', { infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 }],
            ['allied', { infantryFactors: 3, namedShips: 0, cruisers: 1, destroyerFactors: 1 }],
          ],
          { infantry: ['inf-1'], navy: ['Zara', 'DD-1'] },
          { infantry: ['inf-2'], navy: ['Pola', 'DD-2'] },
          {
            infantry: ['inf-3', 'inf-4', 'inf-5'],
            navy: ['Littorio', 'Vittorio Veneto', 'Roma', 'Impero', 'Gorizia', 'DD-3', 'DD-4'],
          },
          ['Pola', 'DD-2'],
        ]);
        const view = replay([...axisDone, ...(decision.ok ? decision.events : [])]).view(GAME);
        expect(view?.italy.value).toBe('done');
        expect(view && pendingDecisions(view)).toEqual([]);
      },
    );
  });
});

describe('decisions nobody waits for', () => {
  it("56.31D: a report of Italy's forces before any surrender", () => {
    given([started]).when(forcesReported(sp44)).thenRejected('56.31D', 'not-pending');
  });

  it("56.31D: a second report of Italy's forces", () => {
    given(reportedAt(0)).when(forcesReported(sp44)).thenRejected('56.31D', 'not-pending');
  });

  it('56.311: a selection before any surrender', () => {
    given([started])
      .when(forcesSelected(sp44, 'axis', {}))
      .thenRejected('56.311', 'not-pending');
  });

  it("56.31D: a selection before the host has reported Italy's forces", () => {
    given(surrenderAt(2))
      .when(forcesSelected(sp44, 'axis', {}))
      .thenRejected('56.31D', 'not-pending');
  });

  it('56.311: a selection once the forces have been disposed of', () => {
    const pick = forcesSelected(sp44, 'allied', {
      infantry: ['inf-1', 'inf-2'],
      namedShips: ['Littorio'],
      cruisers: ['Zara'],
      destroyers: ['DD-1'],
    });
    const done = [...reportedAt(-1), ...accepted(given(reportedAt(-1)).when(pick).decision)];
    given(done).when(pick).thenRejected('56.311', 'not-pending');
    given(done).when(forcesReported(sp44)).thenRejected('56.31D', 'not-pending');
  });

  it('56.31D: a report naming one unit id twice is malformed', () => {
    const twice: ItalianForces = { navy: FLEET.navy, infantry: [...FLEET.infantry, { id: 'Zara', factors: 1 }] };
    const decision = given(surrenderAt(0)).when(forcesReported(sp44, twice)).decision;
    expect(decision).toEqual({
      ok: false,
      rejection: { code: 'malformed', rule: 'schema', message: 'data.navy[4].id: this unit id is already reported' },
    });
  });
});
