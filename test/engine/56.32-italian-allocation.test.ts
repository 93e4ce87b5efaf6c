// 56.31, 56.31D, 56.32 in the engine: the allocation of Italy's forces at each surrender level, short supply
// and the construction chart's rows. given(history).when(command).then(events).
import { describe, expect, it } from 'vitest';
import { defaultRulingOptions } from '../../src/rules/options.js';
import type { ItalianForces } from '../../src/rules/italian-allocation.js';
import { given, ofType } from '../support/given.js';
import { gameStarted } from '../support/fixtures.js';
import { forcesSelected } from '../support/italian-fixtures.js';
import { noForces, reportedAt, sp44, started } from '../support/italian-engine.js';

describe('56.31, 56.32: the allocation at each surrender level', () => {
  it(
    '56.32: level +2, Germany takes 9 infantry factors, a named ship on the "2" row, two cruisers (one on the ' +
      'Launch row) and 2 destroyer factors',
    () => {
      given(reportedAt(2))
        .when(
          forcesSelected(sp44, 'axis', {
            infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
            namedShips: ['Roma'],
            cruisers: ['Zara', 'Gorizia'],
            destroyers: ['DD-3'],
          }),
        )
        .then([
          forcesSelected(sp44, 'axis', {
            infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
            namedShips: ['Roma'],
            cruisers: ['Zara', 'Gorizia'],
            destroyers: ['DD-3'],
          }),
          {
            type: 'italy.forces-disposed',
            data: {
              turn: sp44,
              surrenderLevel: 2,
              allocations: [
                {
                  side: 'axis',
                  row: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
                  required: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
                  allocated: { infantryFactors: 9, namedShips: 1, cruisers: 2, destroyerFactors: 2 },
                  lost: noForces,
                },
              ],
              germany: { infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'], navy: ['Roma', 'Zara', 'Gorizia', 'DD-3'] },
              us: { infantry: [], navy: [] },
              removed: {
                infantry: ['inf-4'],
                navy: ['Littorio', 'Vittorio Veneto', 'Impero', 'Pola', 'DD-1', 'DD-2', 'DD-4'],
              },
              relocatingToWesternAlliedPorts: [],
              effects: [
                {
                  rule: '56.31C',
                  code: 'italian-infantry-to-german-pool',
                  params: { units: ['inf-1', 'inf-2', 'inf-3', 'inf-5'] },
                },
                { rule: '56.31C', code: 'italian-infantry-to-us-pool', params: { units: [] } },
                { rule: '56.31C', code: 'italian-infantry-removed', params: { units: ['inf-4'] } },
                {
                  rule: '56.31D',
                  code: 'italian-ships-to-germany',
                  params: { units: ['Roma', 'Zara', 'Gorizia', 'DD-3'] },
                },
                { rule: '56.31D', code: 'italian-ships-to-us', params: { units: [] } },
                { rule: '56.31D', code: 'italian-ships-relocate', params: { units: [] } },
                {
                  rule: '56.31D',
                  code: 'italian-ships-removed',
                  params: { units: ['Littorio', 'Vittorio Veneto', 'Impero', 'Pola', 'DD-1', 'DD-2', 'DD-4'] },
                },
                { rule: '56.31D', code: 'italian-types-lost', params: { shortages: [] } },
                {
                  rule: '56.31D',
                  code: 'italian-naval-drm-repair-no-reconstruction',
                  params: { units: ['Roma', 'Zara', 'Gorizia', 'DD-3'] },
                },
                { rule: '56.33', code: 'italian-infantry-construction', params: {} },
              ],
            },
          },
        ]);
    },
  );

  it('56.32: level +2, 10 infantry factors exceed the row of 9', () => {
    const decision = given(reportedAt(2)).when(
      forcesSelected(sp44, 'axis', {
        infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-4'],
        namedShips: ['Roma'],
        cruisers: ['Zara', 'Pola'],
        destroyers: ['DD-3'],
      }),
    ).decision;
    expect(decision).toEqual({
      ok: false,
      rejection: {
        code: 'illegal',
        rule: '56.32',
        message: "the Axis player's selection: Germany receives 9 infantry factors at surrender level +2; 10 selected",
        violations: [
          { rule: '56.32', message: 'Germany receives 9 infantry factors at surrender level +2; 10 selected' },
        ],
      },
    });
  });

  it('56.311: level +2, the Allied player selects nothing', () => {
    given(reportedAt(2))
      .when(forcesSelected(sp44, 'allied', { infantry: ['inf-1'] }))
      .thenRejected('56.311', 'illegal');
  });

  it('56.32: with the option unfinishedLightShips "never", a cruiser on the Launch row cannot be selected', () => {
    const strict = gameStarted({ options: { ...defaultRulingOptions, unfinishedLightShips: 'never' } });
    const pick = {
      infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
      namedShips: ['Roma'],
      cruisers: ['Zara', 'Gorizia'],
      destroyers: ['DD-3'],
    };
    const decision = given(reportedAt(2, strict)).when(forcesSelected(sp44, 'axis', pick)).decision;
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    expect(decision.rejection.rule).toBe('56.32');
    expect(decision.rejection.violations?.[0]).toEqual({
      rule: '56.32',
      message:
        `'Gorizia' is unfinished on the "Launch" row; only named ships may be selected unfinished (option ` +
        `unfinishedLightShips: never)`,
    });
    // The same game accepts the ships in play: Zara and Pola.
    const inPlay = given(reportedAt(2, strict)).when(
      forcesSelected(sp44, 'axis', { ...pick, cruisers: ['Zara', 'Pola'] }),
    ).decision;
    expect(inPlay.ok && inPlay.events.map((e) => e.type)).toEqual(['italy.forces-selected', 'italy.forces-disposed']);
  });

  describe(
    '56.31D short supply at level +1 (Germany 6 infantry factors, 1 named ship, 1 cruiser, 1 destroyer ' + 'factor)',
    () => {
      const SHORT: ItalianForces = {
        navy: [
          { id: 'Littorio', type: 'battleship', factors: 4, status: 'operational' },
          { id: 'DD-3', type: 'destroyer', factors: 2, status: 'operational' },
        ],
        infantry: [
          { id: 'inf-1', factors: 3 },
          { id: 'inf-3', factors: 2 },
        ],
      };
      const reported = reportedAt(1, started, SHORT);

      it(
        '56.31D: all that remains of a short type must be taken, the ' +
          'rest is lost; a 2-factor destroyer cannot make 1 and goes as excess',
        () => {
          const decision = given(reported).when(
            forcesSelected(sp44, 'axis', { infantry: ['inf-1', 'inf-3'], namedShips: ['Littorio'] }),
          ).decision;
          const [disposed] = decision.ok ? ofType(decision.events, 'italy.forces-disposed') : [];
          expect(disposed?.allocations).toEqual([
            {
              side: 'axis',
              row: { infantryFactors: 6, namedShips: 1, cruisers: 1, destroyerFactors: 1 },
              required: { infantryFactors: 5, namedShips: 1, cruisers: 0, destroyerFactors: 0 },
              allocated: { infantryFactors: 5, namedShips: 1, cruisers: 0, destroyerFactors: 0 },
              lost: { infantryFactors: 1, namedShips: 0, cruisers: 1, destroyerFactors: 1 },
            },
          ]);
          expect(disposed && [disposed.germany, disposed.removed]).toEqual([
            { infantry: ['inf-1', 'inf-3'], navy: ['Littorio'] },
            { infantry: [], navy: ['DD-3'] },
          ]);
          expect(disposed?.effects.find((e) => e.code === 'italian-types-lost')).toEqual({
            rule: '56.31D',
            code: 'italian-types-lost',
            params: {
              shortages: [{ side: 'axis', infantryFactors: 1, namedShips: 0, cruisers: 1, destroyerFactors: 1 }],
            },
          });
        },
      );

      it('56.31C: leaving out infantry when less remains than the row gives is refused', () => {
        const decision = given(reported).when(
          forcesSelected(sp44, 'axis', { infantry: ['inf-1'], namedShips: ['Littorio'] }),
        ).decision;
        expect(!decision.ok && [decision.rejection.rule, decision.rejection.message]).toEqual([
          '56.31C',
          "the Axis player's selection: Germany receives 6 infantry factors at surrender level +1, but only 5 " +
            'remain: all of them must be taken (the rest is lost); 3 selected',
        ]);
      });

      it('56.32: a 2-factor destroyer exceeds the row of 1 destroyer factor', () => {
        given(reported)
          .when(
            forcesSelected(sp44, 'axis', {
              infantry: ['inf-1', 'inf-3'],
              namedShips: ['Littorio'],
              destroyers: ['DD-3'],
            }),
          )
          .thenRejected('56.32', 'illegal');
      });
    },
  );

  it(
    '56.32: level -1, the U.S. takes 6 infantry factors, a named ' +
      'ship, a cruiser and a destroyer factor; all three ships relocate',
    () => {
      const decision = given(reportedAt(-1)).when(
        forcesSelected(sp44, 'allied', {
          infantry: ['inf-1', 'inf-2'],
          namedShips: ['Littorio'],
          cruisers: ['Zara'],
          destroyers: ['DD-1'],
        }),
      ).decision;
      const [disposed] = decision.ok ? ofType(decision.events, 'italy.forces-disposed') : [];
      expect(
        disposed && [disposed.us, disposed.germany, disposed.removed, disposed.relocatingToWesternAlliedPorts],
      ).toEqual([
        { infantry: ['inf-1', 'inf-2'], navy: ['Littorio', 'Zara', 'DD-1'] },
        { infantry: [], navy: [] },
        {
          infantry: ['inf-3', 'inf-4', 'inf-5'],
          navy: ['Vittorio Veneto', 'Roma', 'Impero', 'Pola', 'Gorizia', 'DD-2', 'DD-3', 'DD-4'],
        },
        ['Littorio', 'Zara', 'DD-1'],
      ]);
    },
  );

  it('56.311: level -1, the Axis player selects nothing', () => {
    given(reportedAt(-1))
      .when(forcesSelected(sp44, 'axis', {}))
      .thenRejected('56.311', 'illegal');
  });

  it('56.31D: level -2, ships still on the "2" or Launch row join the U.S. without relocating', () => {
    const decision = given(reportedAt(-2)).when(
      forcesSelected(sp44, 'allied', {
        infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
        namedShips: ['Roma'],
        cruisers: ['Pola', 'Gorizia'],
        destroyers: ['DD-1', 'DD-4'],
      }),
    ).decision;
    const [disposed] = decision.ok ? ofType(decision.events, 'italy.forces-disposed') : [];
    expect(disposed && [disposed.us.navy, disposed.relocatingToWesternAlliedPorts]).toEqual([
      ['Roma', 'Pola', 'Gorizia', 'DD-1', 'DD-4'],
      ['Pola', 'DD-1'],
    ]);
  });

  it('56.32: level -2, a named ship above the "2" row of the construction chart cannot be selected', () => {
    const decision = given(reportedAt(-2)).when(
      forcesSelected(sp44, 'allied', {
        infantry: ['inf-1', 'inf-2', 'inf-3', 'inf-5'],
        namedShips: ['Impero'],
        cruisers: ['Pola', 'Gorizia'],
        destroyers: ['DD-1', 'DD-4'],
      }),
    ).decision;
    expect(!decision.ok && decision.rejection.violations).toEqual([
      {
        rule: '56.32',
        message:
          `'Impero' is unfinished above the "2" row of the construction chart; only ships on the "2" or ` +
          `"Launch" row may be selected`,
      },
      { rule: '56.32', message: 'the United States receives 1 named ship at surrender level -2; 0 selected' },
    ]);
  });
});
