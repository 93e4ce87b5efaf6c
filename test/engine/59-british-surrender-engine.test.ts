// Rule 59 in the engine, whole games: replaying British surrender logs, and more of the offer and the
// negotiations (59.13, 59.15, 59.632-59.634, 59.74). The check, the answer, the reductions and the peace are in
// 59.11-british-offer-and-answer, 59.51-british-force-reductions and 59.6-war-continues-or-peace (.test.ts).
import { describe, expect, it } from 'vitest';
import { atomicAttack } from '../support/fixtures.js';
import { execute, given, liveGame, play, replay, ofType } from '../support/given.js';
import {
  accept,
  demand,
  gameTurnEnded,
  hexControl,
  rejectOffer,
  reportPool,
  seaLionStart,
  selectForces,
} from '../support/british-fixtures.js';
import { su41, fa41, wi41, ALL_ELIGIBLE, toSelection } from '../support/british-engine.js';

const maltaAxis = (() => {
  const report = hexControl(su41);
  if (report.type !== 'host.british-hex-control') throw new Error('fixture');
  return { ...report.data.territories, malta: 'axis' as const };
})();

describe('replay of British surrender logs', () => {
  it(
    '59.41, 59.61, 59.71, 59.75A: replaying the log re-derives every rule decision without a mismatch and ends in ' +
      'the state worked out by hand',
    () => {
      const live = liveGame();
      for (const command of [
        seaLionStart(),
        gameTurnEnded(su41, { britishDpLevel: -4 }),
        accept(su41),
        reportPool(su41),
        hexControl(su41),
        demand(su41, { take: ['malta', 'palestine', 'transjordan'], indemnityBrps: 20 }),
        selectForces(su41, ALL_ELIGIBLE),
        gameTurnEnded(fa41, { britishDpLevel: 5 }),
        gameTurnEnded(wi41, { britishDpLevel: 5 }),
      ])
        expect(execute(live, command).ok).toBe(true);
      // replay() fails on any mismatch between the log's rule decisions and the engine's; the replayed state is the
      // one the engine held as it played the commands.
      const replayed = replay(live.log);
      expect(replayed.projection()).toEqual(live.replayer.projection());
      const projected = replayed.projection() as {
        g1: {
          britain: { value: unknown; context: Record<string, unknown> };
          germany: { value: unknown };
          italy: unknown;
        };
      };
      const { britain, germany, italy } = projected.g1;
      expect([britain.value, germany.value]).toEqual(['atPeace', 'atWar']);
      // No Allied player turn has ended: Italy, at war since 1940, was never checked (56.11).
      expect(italy).toEqual({
        value: 'atWar',
        context: {
          atWarAtStart: true,
          surrender: null,
          forces: null,
          axisSelection: null,
          alliedSelection: null,
          disposition: null,
        },
      });
      expect(britain.context).toMatchObject({
        offer: {
          turn: su41,
          resistanceLevel: -4,
          surrenderLevel: -4,
          previousSurrenderLevel: null,
          germanyMustAccept: false,
        },
        // Winter 1941: DP level 5, -1 for Malta now German (59.22B), -1 for the unbuilt units (59.22E), -1 for the
        // 3 points forgone (59.75A: one per two full points).
        latestResistance: { turn: wi41, level: 2 },
        lastOfferRejected: false,
        minorsChanged: [],
        germanyDeclaredWarAfterSurrender: false,
      });
      // -4: 8 concession points (59.65); Malta 1, Palestine 1, Transjordan 1 and a 20-BRP indemnity 2 use 5: 3 forgone.
      expect(
        (
          britain.context.surrenders as {
            concessionPointsForgone: number;
            returned: string[];
            removedUnits: string[];
            japanAdheres: null;
          }[]
        ).map(({ concessionPointsForgone, returned, removedUnits, japanAdheres }) => ({
          concessionPointsForgone,
          returned,
          removedUnits: [...removedUnits].sort(),
          japanAdheres,
        })),
      ).toEqual([
        { concessionPointsForgone: 3, returned: [], removedUnits: [...ALL_ELIGIBLE].sort(), japanAdheres: null },
      ]);
    },
  );
});

describe('59.13, 59.15, 59.632-59.634, 59.74: more of the offer and the negotiations', () => {
  it(
    '59.13: after a declined offer the game continues as ' +
      'though it was not made: the next level is not measured against it',
    () => {
      const log = play([
        seaLionStart(),
        gameTurnEnded(su41, { britishDpLevel: -3 }),
        rejectOffer(su41),
        gameTurnEnded(fa41, { britishDpLevel: 0 }),
      ]);
      expect(ofType(log, 'britain.surrender-offered').at(-1)).toEqual({
        turn: fa41,
        resistanceLevel: 0,
        surrenderLevel: 0,
        previousSurrenderLevel: null,
        germanyMustAccept: false,
      });
    },
  );

  it('59.15: a German atomic attack on Britain counts in the British resistance level (-3 the first, 43.321C)', () => {
    const log = play([
      seaLionStart(),
      atomicAttack(su41, 'britain', 'L24'),
      gameTurnEnded(su41, { britishDpLevel: 5 }),
    ]);
    const [determined] = ofType(log, 'britain.resistance-determined');
    expect(determined?.lines.find((l) => l.key === 'atomicAttacks')?.value).toBe(-3);
    expect(determined?.level).toBe(2);
  });

  it(
    '59.632-59.634: the hex control the host reports decides ' +
      'what Germany may demand: an area already Axis is no concession',
    () => {
      const base = [
        seaLionStart(),
        gameTurnEnded(su41, { britishDpLevel: -1 }),
        accept(su41),
        reportPool(su41),
      ] as const;
      // 59.632/59.633: Malta cannot trace supply from a mapboard box, so it (and its fortress) pass to German control.
      const log = play([
        ...base,
        hexControl(su41, {
          unsuppliedHexes: ['Malta'],
          fortificationsEliminated: ['Malta'],
          territories: { ...maltaAxis },
        }),
      ]);
      given(log)
        .when(demand(su41, { take: ['malta'] }))
        .thenRejected('59.66', 'illegal');
      const imposed = play([
        ...base,
        hexControl(su41, {
          unsuppliedHexes: ['Malta'],
          fortificationsEliminated: ['Malta'],
          territories: { ...maltaAxis },
        }),
        demand(su41, { take: ['palestine', 'transjordan'] }),
      ]);
      expect(ofType(imposed, 'britain.terms-imposed')[0]).toMatchObject({
        pointsUsed: 2,
        taken: ['palestine', 'transjordan'],
      });
    },
  );

  it('59.74: conciliation does not change the force reductions', () => {
    const log = play([...toSelection(), selectForces(su41, ['aaf-3', 'arm-1', 'bb-1', 'ca-1'])]);
    const [imposed] = ofType(log, 'britain.terms-imposed');
    expect(imposed).toMatchObject({ pointsUsed: 0, pointsNotTaken: 2, resistanceModifier: -1, usatChange: -4 });
    expect(imposed?.effects.find((e) => e.rule === '59.74')?.code).toBe('force-reductions-unaffected');
    expect(ofType(log, 'britain.forces-reduced')[0]?.required).toEqual({
      aafFactors: 2,
      groundNasBrps: 4,
      navalFactors: 10,
    });
  });
});
