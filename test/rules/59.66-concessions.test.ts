import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONCESSION_TABLE, TerritoryKeys, type TerritoryKey } from '../../src/rules/british-concession-table.js';
import {
  concessions,
  negotiateConcessions,
  type ConcessionsInput,
  type TerritoryControl,
} from '../../src/rules/concessions.js';
import { concessionsInput } from '../support/concessions-fixtures.js';

const input = concessionsInput;

const rules = (i: ConcessionsInput) => concessions(i).violations.map((v) => v.rule);

describe('59.66 territorial demands: priorities', () => {
  it('59.66: a priority-3 territory cannot be taken while a British priority-1 territory is not', () => {
    const r = concessions(input({ territories: { tunisia: 'british' }, demand: { take: ['malta'] } }));
    expect(r.legal).toBe(false);
    expect(r.violations).toEqual([
      {
        rule: '59.66',
        message:
          'malta (priority 3) may not be demanded while eligible ' +
          'lower-priority concessions are not: tunisia (priority 1)',
      },
    ]);
  });

  it('59.66: lower priorities under Axis control or independent do not block', () => {
    const r = concessions(input({ territories: { tunisia: 'independent' }, demand: { take: ['malta', 'palestine'] } }));
    expect(r).toMatchObject({ legal: true, violations: [], pointsUsed: 2 });
  });

  it('59.66: taking the lower-priority item too lifts the block', () => {
    const r = concessions(input({ territories: { tunisia: 'british' }, demand: { take: ['malta', 'tunisia'] } }));
    expect(r.legal).toBe(true);
    expect(r.pointsUsed).toBe(2);
  });

  it('59.66: every blocked item is reported, with all its blockers', () => {
    const r = concessions(input({ demand: { take: ['egypt', 'scapa-flow'] } }));
    expect(r.violations).toEqual([
      {
        rule: '59.66',
        message:
          'egypt (priority 4) may not be demanded while eligible lower-priority concessions are not: malta ' +
          '(priority 3), palestine (priority 3), transjordan (priority 3)',
      },
      {
        rule: '59.66',
        message:
          'scapa-flow (priority 5) may not be demanded while eligible lower-priority concessions are not: malta ' +
          '(priority 3), palestine (priority 3), transjordan (priority 3), iraq (priority 4), gibraltar (priority 4)',
      },
    ]);
  });

  it('59.66: a British minor worth 5 BRPs or more (priority 2) blocks priority 3', () => {
    const minors = [{ name: 'greece', brps: 5, status: 'british' as const }];
    expect(rules(input({ minors, demand: { take: ['malta'] } }))).toEqual(['59.66']);
    expect(
      concessions(input({ minors, demand: { take: ['malta'], minors: [{ name: 'greece', to: 'neutral' }] } })).legal,
    ).toBe(true);
  });

  it('59.66: a British minor worth under 5 BRPs is not eligible and blocks nothing', () => {
    const minors = [{ name: 'iceland', brps: 4, status: 'british' as const }];
    expect(concessions(input({ minors, demand: { take: ['malta'] } })).legal).toBe(true);
  });

  it('59.66: minors under Axis control or neutral do not block', () => {
    const minors = [
      { name: 'greece', brps: 10, status: 'axis' as const },
      { name: 'turkey', brps: 10, status: 'neutral' as const },
    ];
    expect(concessions(input({ minors, demand: { take: ['malta'] } })).legal).toBe(true);
  });

  it('59.66: a minor (priority 2) is blocked by an eligible priority-1 territory', () => {
    const minors = [{ name: 'greece', brps: 10, status: 'british' as const }];
    const r = concessions(
      input({ minors, territories: { libya: 'british' }, demand: { minors: [{ name: 'greece', to: 'axis' }] } }),
    );
    expect(r.violations).toEqual([
      {
        rule: '59.66',
        message:
          'minor greece (priority 2) may not be demanded while ' +
          'eligible lower-priority concessions are not: libya (priority 1)',
      },
    ]);
  });

  it('59.66: an eligible lower-priority item blocks even when the points left could not pay for it', () => {
    // -1: 2 points. Malta and a 10-BRP indemnity use both; Greece (2 more) could not be paid for, yet blocks.
    const minors = [{ name: 'greece', brps: 10, status: 'british' as const }];
    const r = concessions(input({ surrenderLevel: -1, minors, demand: { take: ['malta'], indemnityBrps: 10 } }));
    expect(r.pointsUsed).toBe(2);
    expect(r.violations.map((v) => v.rule)).toEqual(['59.66']);
  });

  it('59.65: an indemnity may be imposed without priority restriction', () => {
    const r = concessions(input({ territories: { tunisia: 'british' }, demand: { indemnityBrps: 30 } }));
    expect(r).toMatchObject({ legal: true, pointsUsed: 3 });
  });

  it('59.66: only British-controlled territories can be taken', () => {
    const r = concessions(input({ demand: { take: ['tunisia', 'ireland'] } }));
    expect(r.violations).toEqual([
      {
        rule: '59.66',
        message: 'tunisia is already under Axis control: only British-controlled territories can be taken',
      },
      { rule: '59.66', message: 'ireland is independent: only British-controlled territories can be taken' },
    ]);
  });

  it(
    'property 59.66: a demand that takes a higher-priority ' +
      'item while skipping an eligible lower-priority one is refused',
    () => {
      const control = fc.constantFrom<TerritoryControl>('british', 'axis', 'independent');
      const arb = fc.record({
        controls: fc.tuple(...TerritoryKeys.map(() => control)),
        minors: fc.array(
          fc.record({
            brps: fc.integer({ min: 0, max: 15 }),
            status: fc.constantFrom('british' as const, 'axis' as const, 'neutral' as const),
          }),
          {
            maxLength: 4,
          },
        ),
        take: fc.subarray([...TerritoryKeys]),
        minorPicks: fc.array(fc.option(fc.constantFrom('neutral' as const, 'axis' as const), { nil: undefined }), {
          minLength: 4,
          maxLength: 4,
        }),
        level: fc.integer({ min: -10, max: 0 }),
        indemnityBrps: fc.constantFrom(0 as const, 10 as const, 20 as const, 30 as const),
      });
      let skipping = 0;
      fc.assert(
        fc.property(arb, (a) => {
          const territories = Object.fromEntries(
            TerritoryKeys.map((k, i) => [k, a.controls[i] ?? 'british']),
          ) as Record<TerritoryKey, TerritoryControl>;
          const minors = a.minors.map((m, i) => ({ name: `minor-${i}`, ...m }));
          const demandMinors = minors.flatMap((m, i) => {
            const to = a.minorPicks[i];
            return to === undefined ? [] : [{ name: m.name, to }];
          });
          const i = input({
            surrenderLevel: a.level,
            territories,
            minors,
            demand: { take: a.take, minors: demandMinors, indemnityBrps: a.indemnityBrps },
          });
          // The rule's terms: eligible = British-held territory, or British minor of 5+ BRPs (priority 2).
          const eligible = [
            ...TerritoryKeys.filter((k) => territories[k] === 'british').map((k) => ({
              id: k,
              p: CONCESSION_TABLE[k].priority,
            })),
            ...minors.filter((m) => m.status === 'british' && m.brps >= 5).map((m) => ({ id: m.name, p: 2 })),
          ];
          const demanded = [
            ...a.take.map((k) => ({ id: k, p: CONCESSION_TABLE[k].priority })),
            ...demandMinors.map((m) => ({ id: m.name, p: 2 })),
          ];
          const skips = demanded.some((d) => eligible.some((e) => e.p < d.p && !demanded.some((x) => x.id === e.id)));
          if (!skips) return;
          skipping++;
          const r = concessions(i);
          expect(r.legal).toBe(false);
          expect(r.violations.some((v) => v.rule === '59.66' || v.rule === '59.66E')).toBe(true);
        }),
        { numRuns: 300 },
      );
      expect(skipping).toBeGreaterThan(0);
    },
  );
});

describe('59.66 effects of a legal demand', () => {
  it('59.66D: a disputed area of Britain is bought whole at the full price', () => {
    // London is Axis-held but the rest of southern England is British: the area is `british`.
    const all = Object.fromEntries(TerritoryKeys.map((k) => [k, 'axis' as const]));
    const r = concessions(
      input({
        surrenderLevel: -3,
        territories: { ...all, 'southern-england': 'british' },
        axisControls: { london: true, birmingham: true, manchester: true, allOfScotland: true },
        demand: { take: ['southern-england'] },
      }),
    );
    expect(r).toMatchObject({ legal: true, pointsUsed: 6, pointsAvailable: 6 });
  });

  it('59.66B/C: ceded territories carry the relocation notes; 59.65: Ulster becomes part of Ireland', () => {
    const { effects } = negotiateConcessions(
      input({
        surrenderLevel: -10,
        demand: { take: ['malta', 'palestine', 'transjordan', 'egypt', 'iraq', 'gibraltar', 'ulster'] },
      }),
    );
    expect(effects?.territoriesCeded.find((t) => t.key === 'malta')?.notes).toEqual([
      '59.66B: Russian units in the area go to the nearest Russian-controlled hex outside it',
      '59.66C: British and Commonwealth units in the area go to the ' +
        'nearest concession area still British, else to mapboard boxes',
    ]);
    expect(effects?.territoriesCeded.find((t) => t.key === 'ulster')?.notes[2]).toBe(
      '59.65: Ulster becomes part of Ireland',
    );
  });

  it('59.66E: neutralized minors return to their status; minors to Axis are conquests', () => {
    const minors = [
      { name: 'greece', brps: 10, status: 'british' as const },
      { name: 'persia', brps: 5, status: 'british' as const },
    ];
    const { result, effects } = negotiateConcessions(
      input({
        surrenderLevel: -3,
        minors,
        demand: {
          minors: [
            { name: 'greece', to: 'axis' },
            { name: 'persia', to: 'neutral' },
          ],
        },
      }),
    );
    expect(result).toMatchObject({ legal: true, pointsUsed: 5 });
    expect(effects?.minorsNeutralized).toEqual([
      { name: 'persia', value: 1, note: '59.66E: neutralized, returns to its original status' },
    ]);
    expect(effects?.minorsToAxis).toEqual([
      { name: 'greece', value: 4, note: '59.66E: transferred to Axis control, treated as a conquest' },
    ]);
    expect(effects?.usatAsConquest).toEqual(['greece']);
  });

  it('59.66E: only British-status minors can be neutralized or transferred', () => {
    const minors = [
      { name: 'greece', brps: 10, status: 'axis' as const },
      { name: 'turkey', brps: 10, status: 'neutral' as const },
    ];
    const r = concessions(
      input({
        minors,
        demand: {
          minors: [
            { name: 'greece', to: 'neutral' },
            { name: 'turkey', to: 'axis' },
          ],
        },
      }),
    );
    expect(r.violations).toEqual([
      {
        rule: '59.66E',
        message:
          'greece is under Axis control: only British minor allies, associated minors and conquests can be ' +
          'neutralized or transferred',
      },
      {
        rule: '59.66E',
        message:
          'turkey is neutral: only British minor allies, ' +
          'associated minors and conquests can be neutralized or transferred',
      },
    ]);
  });

  it(
    '59.66F: if Britain keeps Egypt, the Wafdists are ' +
      'eliminated and none are built until the Axis is at war with the U.S.',
    () => {
      const { effects } = negotiateConcessions(input({ demand: { take: ['malta'] } }));
      expect(effects?.wafdists).toEqual({
        rule: '59.66F',
        eliminated: true,
        noNewUntilAxisAtWarWithUs: true,
        cause: 'egypt-kept',
        note:
          'Britain keeps Egypt: all Wafdist partisans are ' +
          'eliminated; none may be built until the Axis is at war with the U.S.',
      });
    },
  );

  it('59.66F: if the Axis take Egypt, the Wafdists remain', () => {
    const { effects } = negotiateConcessions(
      input({ surrenderLevel: -3, demand: { take: ['malta', 'palestine', 'transjordan', 'egypt'] } }),
    );
    expect(effects?.wafdists.eliminated).toBe(false);
    expect(effects?.wafdists.noNewUntilAxisAtWarWithUs).toBe(false);
  });

  it('59.66F: if Egypt is already Axis-held, Britain does not keep it and the Wafdists remain', () => {
    const { effects } = negotiateConcessions(input({ territories: { egypt: 'axis' } }));
    expect(effects?.wafdists.eliminated).toBe(false);
  });

  it(
    '59.66F: an Axis-held Egypt returned to Britain (59.72) ' +
      'is British after the peace: the Wafdists are eliminated',
    () => {
      const { result, effects } = negotiateConcessions(
        input({ territories: { egypt: 'axis' }, originallyBritish: ['egypt'], demand: { return: ['egypt'] } }),
      );
      expect(result.legal).toBe(true);
      expect(effects?.wafdists).toEqual({
        rule: '59.66F',
        eliminated: true,
        noNewUntilAxisAtWarWithUs: true,
        cause: 'egypt-returned',
        note:
          'Egypt is returned to Britain: all Wafdist partisans are ' +
          'eliminated; none may be built until the Axis is at war with the U.S.',
      });
    },
  );

  it('59.66G: ceded Mediterranean-front territories may pass to Italy; British Isles ones may not', () => {
    const { effects } = negotiateConcessions(
      input({
        surrenderLevel: -10,
        demand: { take: ['malta', 'palestine', 'transjordan', 'egypt', 'iraq', 'gibraltar', 'ulster', 'scapa-flow'] },
      }),
    );
    expect(effects?.mayPassToItaly).toEqual(['malta', 'palestine', 'transjordan', 'egypt', 'iraq', 'gibraltar']);
    expect(effects?.territoriesCeded.find((t) => t.key === 'scapa-flow')?.mayPassToItaly).toBe(false);
  });

  it('59.66G: the Mediterranean front is an option', () => {
    const { effects } = negotiateConcessions(input({ demand: { take: ['malta', 'palestine', 'transjordan'] } }), {
      mediterraneanFront: ['malta'],
    });
    expect(effects?.mayPassToItaly).toEqual(['malta']);
  });

  it('59.66H: ceded areas affect USAT as conquests', () => {
    const { effects } = negotiateConcessions(input({ demand: { take: ['malta', 'palestine'] } }));
    expect(effects?.usatAsConquest).toEqual(['malta', 'palestine']);
  });

  it('59.67: the indemnity moves BRPs from Britain to Germany', () => {
    const { result, effects } = negotiateConcessions(input({ demand: { indemnityBrps: 20 } }));
    expect(result.pointsUsed).toBe(2);
    expect(effects?.indemnity).toEqual({ rule: '59.67', brps: 20, britishBrpChange: -20, germanBrpChange: 20 });
  });

  it('59.66: an illegal demand has no effects', () => {
    expect(negotiateConcessions(input({ demand: { take: ['egypt'] } })).effects).toBeNull();
  });
});
