// Rule 59 in the engine: the resistance check at the end of each game turn, the offer and
// Germany's answer, the surrender, force reductions and the negotiations that follow.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../events/index.js';
import { pendingDecisions } from '../../src/engine/pending.js';
import { warList } from '../../src/engine/wars.js';
import { defaultRulingOptions } from '../../src/rules/options.js';
import { firestorm, atomicAttack, turn } from '../support/fixtures.js';
import { decideChecked, execute, given, liveGame, play, replay, ofType, viewAfter } from '../support/given.js';
import {
  accept,
  demand,
  gameTurnEnded,
  hexControl,
  rejectOffer,
  reportPool,
  seaLionStart,
  selectForces,
  usAtWarStart,
} from '../support/british-fixtures.js';

const su41 = turn('summer', 1941);
/** At -4 the pool holds less than each requirement, so everything eligible goes (59.513E). */
const ALL_ELIGIBLE = [
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
const fa41 = turn('fall', 1941);
const wi41 = turn('winter', 1941);
/** A peace at -1: the pool reported and the (conciliatory) terms imposed, so the selection is awaited (59.514E). */
const toSelection = () => [
  seaLionStart(),
  gameTurnEnded(su41, { britishDpLevel: -1 }),
  accept(su41),
  reportPool(su41),
  hexControl(su41),
  demand(su41, {}),
];

describe('59.11 and 59.21: the British resistance level at the end of every game turn', () => {
  it('59.21: inputs the engine can count come from the log: firestorms, atomic attacks, dominions, wars', () => {
    const log = play([
      seaLionStart(),
      firestorm(turn('spring', 1941), 'britain', 'Coventry'),
      firestorm(turn('spring', 1941), 'germany', 'Hamburg'),
      atomicAttack(turn('spring', 1941), 'britain', 'London'),
      { type: 'host.dominion-surrendered', data: { turn: turn('spring', 1941), dominion: 'india' } },
      gameTurnEnded(turn('spring', 1941), { britishDpLevel: 12 }),
    ]);
    const [determined] = ofType(log, 'britain.resistance-determined');
    expect(determined?.inputs).toMatchObject({
      britishCitiesFirestormed: 1,
      atomicAttacksOnBritain: 1,
      australiaSurrendered: false,
      indiaSurrendered: true,
      atWarWithEuropeanAxis: { us: false, russia: false, france: false },
      italyAtWarWithBritain: true,
      concessionPointsForgone: 0,
    });
    expect(determined?.inputs.previousSurrenderLevel).toBeUndefined();
    // 12 - 2 (India) - 3 (first atomic attack) - 1 (firestorm) = 6
    expect(determined?.level).toBe(6);
    expect(determined?.lines).toHaveLength(17);
    expect(ofType(log, 'britain.surrender-offered')).toEqual([]);
  });

  it('59.12: at zero or less Britain offers to surrender, and Germany must answer before play moves on', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: 0 })]);
    expect(ofType(log, 'britain.surrender-offered')).toEqual([
      { turn: su41, resistanceLevel: 0, surrenderLevel: 0, previousSurrenderLevel: null, germanyMustAccept: false },
    ]);
    const view = viewAfter(log);
    expect(view && pendingDecisions(view).map((p) => [p.decision, p.by, p.rule])).toEqual([
      ['respond-to-british-offer', 'germany', '59.23'],
    ]);
    given(log).when(gameTurnEnded(fa41)).thenRejected('59.23', 'decision-pending');
  });

  it('59.11: the same game turn cannot end twice', () => {
    given(play([seaLionStart(), gameTurnEnded(su41)]))
      .when(gameTurnEnded(su41))
      .thenRejected('sequence', 'out-of-sequence');
  });
});

describe('59.23, 59.3 and 59.41: Germany answers the offer', () => {
  it('59.23: at -10 or lower Germany must accept: the surrender follows at once, forced', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -12 })]);
    expect(log.map((e) => e.type)).toEqual([
      'host.game-started',
      'host.game-turn-ended',
      'britain.resistance-determined',
      'britain.surrender-offered',
      'britain.surrendered',
    ]);
    const [surrender] = ofType(log, 'britain.surrendered');
    // 59.41: the level is -12 but the surrender level never goes below -10.
    expect(surrender).toMatchObject({
      surrenderLevel: -10,
      forced: true,
      outcome: 'peace',
      concessionPoints: 20,
      requirements: { aafFactors: 20, groundNasBrps: 40, navalFactors: 100 },
    });
    given(log).when(rejectOffer(su41)).thenRejected('59.23', 'not-pending');
  });

  it('59.31 and 59.32: a rejected offer lapses; Germany cannot accept it later, but may accept a new one', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -2 }), rejectOffer(su41)]);
    const view = viewAfter(log);
    expect(view?.britain.value).toBe('atWar');
    expect(view && warList(view.world.wars)).toEqual([
      { axis: 'germany', allied: 'britain' },
      { axis: 'italy', allied: 'britain' },
    ]);
    given(log).when(accept(su41)).thenRejected('59.32', 'not-pending');
    const later = play([
      seaLionStart(),
      gameTurnEnded(su41, { britishDpLevel: -2 }),
      rejectOffer(su41),
      gameTurnEnded(fa41, { britishDpLevel: -4 }),
      accept(fa41),
    ]);
    expect(ofType(later, 'britain.surrendered')).toMatchObject([{ turn: fa41, surrenderLevel: -4, forced: false }]);
  });

  it('59.12: an answer with no offer made is refused', () => {
    given(play([seaLionStart()]))
      .when(accept(turn('spring', 1941)))
      .thenRejected('59.12', 'not-pending');
  });

  it('59.41: accepted, the resistance level becomes the surrender level', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -4 }), accept(su41)]);
    const [surrender] = ofType(log, 'britain.surrendered');
    expect(surrender).toMatchObject({
      turn: su41,
      surrenderLevel: -4,
      previousSurrenderLevel: null,
      forced: false,
      outcome: 'peace',
      requirements: { aafFactors: 8, groundNasBrps: 16, navalFactors: 40 },
      concessionPoints: 8,
      farEast: 'not-in-play',
    });
  });
});

describe('59.51: British force reductions', () => {
  const surrendered = () => play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -1 }), accept(su41)]);
  const selecting = () => play(toSelection());

  it('59.511: a "0" surrender removes nothing and waits for no selection', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: 0 }), accept(su41)]);
    const view = viewAfter(log);
    expect(view && pendingDecisions(view).map((p) => p.decision)).toEqual(['report-british-hex-control']);
    given(log)
      .when(selectForces(su41, ['aaf-1']))
      .thenRejected('59.513A', 'not-pending');
  });

  it('59.512: at -1 the British player must remove 2 AAF, 4 BRPs of ground/NAS and 10 naval factors', () => {
    const view = viewAfter(surrendered());
    expect(view && pendingDecisions(view).map((p) => [p.decision, p.by])).toEqual([
      ['report-british-force-pool', 'host'],
      ['report-british-hex-control', 'host'],
    ]);
    expect(
      view && pendingDecisions(viewAfter(selecting()) ?? view).map((p) => [p.decision, p.by, p.rule, p.commands]),
    ).toEqual([['select-british-force-reductions', 'britain', '59.513A', ['britain.forces-selected']]]);
  });

  it('59.513F: a selection short of the requirement is refused with its rule, and nothing is appended', () => {
    const result = given(selecting()).when(selectForces(su41, ['aaf-1', 'inf-1', 'inf-2', 'bb-1']));
    result.thenRejected('59.513F', 'illegal');
  });

  it('59.514C: a Canadian unit cannot be selected', () => {
    given(selecting())
      .when(selectForces(su41, ['aaf-3', 'arm-1', 'bb-1', 'ca-1', 'can-inf']))
      .thenRejected('59.514C', 'illegal');
  });

  it('59.513: a legal selection reduces the forces; 59.871 records the ground/AAF factors as unbuilt', () => {
    const all = play([...toSelection(), selectForces(su41, ['aaf-3', 'arm-1', 'bb-1', 'ca-1'])]);
    const [reduced] = ofType(all, 'britain.forces-reduced');
    expect(reduced).toMatchObject({
      required: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
      selected: { aafFactors: 2, groundNasBrps: 4, navalFactors: 10 },
      removed: [
        { id: 'aaf-3', kind: 'aaf', factors: 2, brps: 10 },
        { id: 'arm-1', kind: 'ground', factors: 4, brps: 4 },
        { id: 'bb-1', kind: 'naval', factors: 9, brps: 0 },
        { id: 'ca-1', kind: 'naval', factors: 1, brps: 0 },
      ],
      unbuiltFactorsAdded: 6,
    });
  });
});

describe('59.61: the U.S. at war with Germany: the war continues', () => {
  const start = usAtWarStart();
  const t = turn('spring', 1943);

  it('59.61: force reductions only: no hex control, no terms; Britain stays at war', () => {
    // 3 major powers at war (U.S., Russia) = +2: DP -3 gives -1.
    // DP -2, +2 for the U.S. and Russia at war, -1 for Singapore (Japanese from Winter 1941 in a European game,
    // 59.22B).
    const log = play([start, gameTurnEnded(t, { britishDpLevel: -2 }), accept(t)]);
    const [surrender] = ofType(log, 'britain.surrendered');
    expect(surrender).toMatchObject({ surrenderLevel: -1, outcome: 'war-continues', concessionPoints: 0 });
    expect(surrender?.effects.map((e) => e.code)).toContain('war-continues-no-concessions');
    const afterSelection = play([
      start,
      gameTurnEnded(t, { britishDpLevel: -2 }),
      accept(t),
      reportPool(t),
      selectForces(t, ['aaf-3', 'arm-1', 'bb-1', 'ca-1']),
    ]);
    const view = viewAfter(afterSelection);
    expect(view?.britain.value).toBe('atWar');
    expect(view && pendingDecisions(view)).toEqual([]);
    expect(view && warList(view.world.wars)).toHaveLength(6);
    given(afterSelection).when(hexControl(t)).thenRejected('59.631', 'not-pending');
  });

  it(
    '59.85 and 59.14B: with Russia in surrender and Japan ' +
      'not surrendered the U.S. and Britain leave the war (62.91)',
    () => {
      const log = play([
        start,
        { type: 'host.power-surrendered', data: { turn: t, power: 'russia' } },
        gameTurnEnded(t, { britishDpLevel: -2 }),
        accept(t),
      ]);
      const [surrender] = ofType(log, 'britain.surrendered');
      expect(surrender?.outcome).toBe('war-ends-62.91');
      const view = viewAfter(log);
      expect(view && warList(view.world.wars)).toEqual([]);
    },
  );

  it('59.85: read as 59.85 says (Japan HAS surrendered), the same situation continues the war', () => {
    const options = { ...defaultRulingOptions, usWarContinuationException: '59.85' } as const;
    const log = play([
      usAtWarStart({ options }),
      { type: 'host.power-surrendered', data: { turn: t, power: 'russia' } },
      gameTurnEnded(t, { britishDpLevel: -2 }),
      accept(t),
    ]);
    expect(ofType(log, 'britain.surrendered')[0]?.outcome).toBe('war-continues');
  });
});

describe('59.62-59.68: peace negotiations', () => {
  const base = () =>
    [seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -4 }), accept(su41), reportPool(su41)] as const;

  it('59.62: peace: Britain leaves the war with Germany and Italy at once', () => {
    const view = viewAfter(play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -4 }), accept(su41)]));
    expect(view && warList(view.world.wars)).toEqual([]);
  });

  it('59.631: German terms wait for the host to report hex control', () => {
    const log = play([...base()]);
    given(log)
      .when(demand(su41, { take: ['malta'] }))
      .thenRejected('59.66', 'not-pending');
    const view = viewAfter(log);
    expect(view && pendingDecisions(view).map((p) => p.decision)).toEqual(['report-british-hex-control']);
  });

  it('59.66: a demand that skips an eligible lower priority is refused; 59.68 an excessive one too', () => {
    const log = play([...base(), hexControl(su41)]);
    given(log)
      .when(demand(su41, { take: ['egypt'] }))
      .thenRejected('59.66', 'illegal');
    given(log)
      .when(demand(su41, { take: ['malta', 'palestine', 'transjordan', 'egypt', 'iraq', 'gibraltar'] }))
      .thenRejected('59.68', 'illegal');
  });

  it('59.65-59.67: terms in priority order with an indemnity are imposed; 59.66G Malta may pass to Italy', () => {
    const log = play([
      ...base(),
      hexControl(su41),
      demand(su41, { take: ['malta', 'palestine', 'transjordan'], indemnityBrps: 30 }, ['malta']),
      selectForces(su41, ALL_ELIGIBLE),
    ]);
    const [imposed] = ofType(log, 'britain.terms-imposed');
    expect(imposed).toMatchObject({
      pointsAvailable: 8,
      pointsUsed: 6,
      taken: ['malta', 'palestine', 'transjordan'],
      toItaly: ['malta'],
      indemnityBrps: 30,
    });
    // 59.71: Britain had more than 8 points left, so 2 points were voluntarily not taken.
    expect([imposed?.pointsNotTaken, imposed?.resistanceModifier, imposed?.usatChange]).toEqual([2, -1, -4]);
    expect(imposed?.effects.map((e) => e.code)).toEqual([
      'territory-ceded',
      'territory-ceded',
      'territory-ceded',
      'russian-units-in-neutral-britain',
      'wafdists-eliminated',
      'usat-as-conquest',
      'indemnity',
      'resistance-reduced',
      'usat-reduced',
      'force-reductions-unaffected',
    ]);
    const view = viewAfter(log);
    expect(view?.britain.value).toBe('atPeace');
    expect(view && pendingDecisions(view)).toEqual([]);
  });

  it('59.66G: only ceded Mediterranean-front territories may pass to Italy', () => {
    const log = play([...base(), hexControl(su41)]);
    given(log)
      .when(demand(su41, { take: ['malta', 'palestine'] }, ['gibraltar']))
      .thenRejected('59.66G', 'illegal');
  });

  it('59.72 and 59.73G: returning territory rules out taking any', () => {
    const log = play([...base(), hexControl(su41, { originallyBritish: ['libya', 'malta'] })]);
    given(log)
      .when(demand(su41, { take: ['malta'], return: ['libya'] }))
      .thenRejected('59.73G', 'illegal');
  });

  it(
    '59.631, 59.65: a hex control report without a table ' +
      'territory, or with another, is refused by its schema with its JSON path',
    () => {
      const log = play([...base()]);
      const bad = hexControl(su41);
      if (bad.type !== 'host.british-hex-control') throw new Error('fixture');
      const { malta: _dropped, ...territories } = bad.data.territories;
      const missing = decideChecked(viewAfter(log), {
        ...bad,
        data: { ...bad.data, territories },
      } as unknown as OriginEvent);
      expect(missing.ok === false && missing.rejection).toEqual({
        code: 'malformed',
        rule: 'schema',
        message: 'data.territories.malta: missing required field (expected one of "british", "axis", "independent")',
      });
      const extra = decideChecked(viewAfter(log), {
        ...bad,
        data: { ...bad.data, territories: { ...bad.data.territories, cyprus: 'british' } },
      } as unknown as OriginEvent);
      expect(extra.ok === false && extra.rejection).toEqual({
        code: 'malformed',
        rule: 'schema',
        message: 'data.territories.cyprus: unknown field',
      });
    },
  );
});

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

const maltaAxis = (() => {
  const report = hexControl(su41);
  if (report.type !== 'host.british-hex-control') throw new Error('fixture');
  return { ...report.data.territories, malta: 'axis' as const };
})();

describe('59.41: answers after the offer was accepted', () => {
  it('59.41: a late rejection of an accepted offer is refused: Britain has surrendered', () => {
    const log = play([seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -1 }), accept(su41)]);
    given(log).when(rejectOffer(su41)).thenRejected('59.41', 'not-pending');
    given(log).when(accept(su41)).thenRejected('59.41', 'not-pending');
  });
});
