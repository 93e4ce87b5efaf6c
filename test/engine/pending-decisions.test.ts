// Pending decisions are data: along each path that raises one, the exact parameters a host acts on (59.23, 59.513,
// 59.513A with and without the 59.513E cap, 59.514E, 59.631, 59.65/59.71, 59.891C, 59.892A, 56.31D, 56.311), and
// the words the one renderer makes of them.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import { pendingDecisions, type PendingDecision } from '../../src/engine/pending.js';
import { describePending } from '../../src/engine/pending-text.js';
import { ORIGINALLY_BRITISH, territories1941 } from '../../src/examples/british-reports.js';
import type { ItalianSurrenderLevel } from '../../src/rules/italian-forces-table.js';
import type { GameTurn } from '../../src/rules/turns.js';
import { alliedTurnEnded, gameStarted, germanFacts, turn } from '../support/fixtures.js';
import { GAME, play, replay } from '../support/given.js';
import {
  accept,
  demand,
  gameTurnEnded,
  hexControl,
  japanChoosesAfterPeace,
  reportPool,
  seaLionStart,
  usAtWarStart,
} from '../support/british-fixtures.js';
import { forcesReported, forcesSelected, surrenderFacts } from '../support/italian-fixtures.js';

const su41 = turn('summer', 1941);
const sp43 = turn('spring', 1943);
const sp44 = turn('spring', 1944);

/** The pending decisions after the commands, played as the engine plays them and replayed re-deriving each decision. */
function pendingAfter(origins: readonly OriginEvent[]): PendingDecision[] {
  const view = replay(play(origins)).view(GAME);
  if (view === undefined) throw new Error('no game');
  return pendingDecisions(view);
}

/**
 * A host report's choices as far as this file checks them (test/engine/59.513-report-choices.test.ts checks the
 * contents).
 */
const reportOf = (command: string, turn: GameTurn) =>
  expect.objectContaining({ command, schema: `command/${command}`, turn });

const none = { aafFactors: 0, groundNasBrps: 0, navalFactors: 0 };
const totals = (aafFactors: number, groundNasBrps: number, navalFactors: number) => ({
  aafFactors,
  groundNasBrps,
  navalFactors,
});

// The U.S. at war (59.61): DP -2 gives an offer at -1; DP -14 a level of -13: Germany must accept -10 (59.23, 59.41).
const offerAtMinus1 = (): OriginEvent[] => [usAtWarStart(), gameTurnEnded(sp43, { britishDpLevel: -2 })];
const forcedAtMinus10 = (): OriginEvent[] => [usAtWarStart(), gameTurnEnded(sp43, { britishDpLevel: -14 })];

/** The offer of offerAtMinus1, as the engine states it. */
const OFFER_AT_MINUS_1: PendingDecision = {
  decision: 'respond-to-british-offer',
  by: 'germany',
  rule: '59.23',
  commands: ['britain.offer-accepted', 'britain.offer-rejected'],
  turn: sp43,
  resistanceLevel: -1,
  surrenderLevel: -1,
  previousSurrenderLevel: null,
  forced: false,
  choices: {
    answers: [
      {
        rule: '59.41',
        allowed: true,
        refusedBy: null,
        command: { type: 'britain.offer-accepted', data: { turn: sp43 } },
      },
      {
        rule: '59.31',
        allowed: true,
        refusedBy: null,
        command: { type: 'britain.offer-rejected', data: { turn: sp43 } },
      },
    ],
  },
};

describe('59.23, 59.51: the British offer and the force reductions as data', () => {
  it('59.23: an offer Germany may answer either way: its turn, levels, and both answers', () => {
    const [offer, ...rest] = pendingAfter(offerAtMinus1());
    expect(rest).toEqual([]);
    expect(offer).toEqual(OFFER_AT_MINUS_1);
    expect(offer && describePending(offer)).toBe(
      'Germany must accept or reject the British surrender offer ' +
        'of Spring 1943 at level -1 (surrender level -1 if accepted)',
    );
  });

  it(
    '59.23, 59.513: a forced offer asks Germany nothing: the surrender follows at once, and the host is asked for ' +
      'the pool with the raw 59.512 requirement at -10',
    () => {
      const [pool, ...rest] = pendingAfter(forcedAtMinus10());
      expect(rest).toEqual([]);
      expect(pool).toEqual({
        decision: 'report-british-force-pool',
        by: 'host',
        rule: '59.513',
        commands: ['host.british-force-pool'],
        turn: sp43,
        surrenderLevel: -10,
        previousSurrenderLevel: null,
        required: totals(20, 40, 100),
        choices: reportOf('host.british-force-pool', sp43),
      });
      expect(pool && describePending(pool)).toBe(
        'the host must report the British force pool and Royal Navy (every unit with its id, kind, factors, BRPs, ' +
          'theater; a minor-country unit with its country) from which 20 AAF factors, 40 BRPs of ground ' +
          'units or NAS and 100 naval factors are removed (59.512, 59.513B-D)',
      );
    },
  );

  it('59.23: the renderer words a forced offer as one Germany must accept', () => {
    const forced: PendingDecision = {
      ...OFFER_AT_MINUS_1,
      decision: 'respond-to-british-offer',
      commands: ['britain.offer-accepted'],
      resistanceLevel: -12,
      surrenderLevel: -10,
      forced: true,
    };
    expect(describePending(forced)).toBe(
      'Germany must accept the British surrender offer of Spring ' +
        '1943 at level -12: -10 or lower (59.23), surrender level -10',
    );
  });

  it('59.513A: a selection at -1 from a pool that holds enough: the requirement is the 59.512 one, uncapped', () => {
    const [selection, ...rest] = pendingAfter([...offerAtMinus1(), accept(sp43), reportPool(sp43)]);
    expect(rest).toEqual([]);
    expect(selection).toEqual({
      decision: 'select-british-force-reductions',
      by: 'britain',
      rule: '59.513A',
      commands: ['britain.forces-selected'],
      turn: sp43,
      surrenderLevel: -1,
      previousSurrenderLevel: null,
      required: totals(2, 4, 10),
      uncapped: totals(2, 4, 10),
      minorUnitsSubjectToElimination: [],
      choices: expect.objectContaining({ complete: false }),
    });
    expect(selection && describePending(selection)).toBe(
      'the British player must select, by id from the reported force pool, 2 AAF factors, 4 BRPs of ground units ' +
        'or NAS and 10 naval factors to remove (59.512)',
    );
  });

  it(
    '59.513E: a selection at -10 from a pool that holds less: the requirement capped by the pool (6 AAF, 15 BRPs, ' +
      '24 naval factors), and the raw one',
    () => {
      const [selection] = pendingAfter([...forcedAtMinus10(), reportPool(sp43)]);
      expect(selection).toMatchObject({
        decision: 'select-british-force-reductions',
        required: totals(6, 15, 24),
        uncapped: totals(20, 40, 100),
        minorUnitsSubjectToElimination: [],
      });
      expect(selection && describePending(selection)).toBe(
        'the British player must select, by id from the reported force pool, 6 AAF factors, 15 BRPs of ground units ' +
          'or NAS and 24 naval factors to remove (59.513E: the reported pool holds less than the 20 AAF ' +
          'factors, 40 BRPs of ground units or NAS and 100 naval factors of 59.512)',
      );
    },
  );

  it('59.513E: an empty pool caps every requirement to 0', () => {
    const [selection] = pendingAfter([...forcedAtMinus10(), reportPool(sp43, [])]);
    expect(selection).toMatchObject({ required: none, uncapped: totals(20, 40, 100) });
  });

  it('59.514E: after terms neutralizing Greece, the Greek unit of the pool is named as one that may be removed', () => {
    const pool = [
      { id: 'raf-1', nationality: 'british', kind: 'aaf', factors: 2, brps: 10, theater: 'europe' },
      { id: 'inf-1', nationality: 'british', kind: 'ground', factors: 4, brps: 4, theater: 'europe' },
      { id: 'gr-inf', nationality: 'minor', minor: 'greece', kind: 'ground', factors: 4, brps: 4, theater: 'europe' },
      {
        id: 'warspite',
        nationality: 'british',
        kind: 'naval',
        factors: 10,
        brps: 0,
        theater: 'europe',
        naval: { type: 'battleship', status: 'operational' },
      },
    ] as const;
    const [selection, ...rest] = pendingAfter([
      seaLionStart(),
      gameTurnEnded(su41, { britishDpLevel: -1 }),
      accept(su41),
      reportPool(
        su41,
        pool.map((u) => ({ ...u })),
      ),
      hexControl(su41, { minors: [{ name: 'greece', brps: 5, status: 'british' }] }),
      demand(su41, { minors: [{ name: 'greece', to: 'neutral' }] }),
    ]);
    expect(rest).toEqual([]);
    expect(selection).toEqual({
      decision: 'select-british-force-reductions',
      by: 'britain',
      rule: '59.513A',
      commands: ['britain.forces-selected'],
      turn: su41,
      surrenderLevel: -1,
      previousSurrenderLevel: null,
      required: totals(2, 4, 10),
      uncapped: totals(2, 4, 10),
      minorUnitsSubjectToElimination: ['gr-inf'],
      choices: expect.objectContaining({ complete: false }),
    });
    expect(
      selection?.decision === 'select-british-force-reductions' &&
        selection.choices.units.find((u) => u.id === 'gr-inf'),
    ).toMatchObject({ selectable: true, subjectToEliminationBy: '59.514E', canAdd: true });
    expect(selection && describePending(selection)).toBe(
      'the British player must select, by id from the reported force pool, 2 AAF factors, 4 BRPs of ground units ' +
        'or NAS and 10 naval factors to remove (59.512); the terms changed the status of their minor ' +
        'countries, so gr-inf may be removed (59.514E)',
    );
  });
});

describe('59.6: the negotiations as data', () => {
  /** Sea Lion at -4 (Britain alone, DP -4): a peace of 8 concession points (59.65). */
  const peaceAtMinus4 = (): OriginEvent[] => [
    seaLionStart(),
    gameTurnEnded(su41, { britishDpLevel: -4 }),
    accept(su41),
  ];

  it(
    '59.513, 59.631: after a peace at -4 the host reports the ' +
      'pool (8 AAF, 16 BRPs, 40 naval factors) and the hex control',
    () => {
      expect(pendingAfter(peaceAtMinus4())).toEqual([
        {
          decision: 'report-british-force-pool',
          by: 'host',
          rule: '59.513',
          commands: ['host.british-force-pool'],
          turn: su41,
          surrenderLevel: -4,
          previousSurrenderLevel: null,
          required: totals(8, 16, 40),
          choices: reportOf('host.british-force-pool', su41),
        },
        {
          decision: 'report-british-hex-control',
          by: 'host',
          rule: '59.631',
          commands: ['host.british-hex-control'],
          turn: su41,
          surrenderLevel: -4,
          choices: reportOf('host.british-hex-control', su41),
        },
      ]);
      const [, hex] = pendingAfter(peaceAtMinus4());
      expect(hex && describePending(hex)).toBe(
        'the host must report which British-controlled hexes can trace ' +
          'supply from a mapboard box, and the resulting control (59.631-59.634)',
      );
    },
  );

  it('59.65, 59.68: the terms at -4: 8 concession points, and Britain has more than that left, so the cap is 8', () => {
    const [, terms] = pendingAfter([...peaceAtMinus4(), hexControl(su41)]);
    expect(terms).toMatchObject({
      decision: 'state-german-terms',
      by: 'germany',
      rule: '59.66',
      commands: ['britain.terms-demanded'],
      turn: su41,
      surrenderLevel: -4,
      concessionPoints: 8,
      cap: 8,
    });
    expect(terms && Object.keys(terms)).toEqual([
      'decision',
      'by',
      'rule',
      'commands',
      'turn',
      'surrenderLevel',
      'concessionPoints',
      'cap',
      'choices',
    ]);
    expect(terms && describePending(terms)).toBe(
      'Germany must state its terms: up to 8 concession points of territory, minor countries and indemnity, or ' +
        'return territory (59.65-59.73)',
    );
  });

  it(
    '59.65, 59.71: at -10 Germany could take 20 points, but Britain has only Malta, Palestine and Transjordan (1 ' +
      'each) and a 30 BRP indemnity (3) left: the cap is 6',
    () => {
      const axisHeld = territories1941({
        egypt: 'axis',
        iraq: 'axis',
        gibraltar: 'axis',
        ulster: 'axis',
        ireland: 'independent',
        'scapa-flow': 'axis',
        scotland: 'axis',
        'central-england': 'axis',
        'southern-england': 'axis',
      });
      const [, terms] = pendingAfter([
        seaLionStart(),
        gameTurnEnded(su41, { britishDpLevel: -10 }),
        hexControl(su41, {
          territories: axisHeld,
          originallyBritish: ORIGINALLY_BRITISH,
          axisControls: { london: true, birmingham: true, manchester: true, allOfScotland: true },
        }),
      ]);
      expect(terms).toMatchObject({
        decision: 'state-german-terms',
        by: 'germany',
        rule: '59.66',
        commands: ['britain.terms-demanded'],
        turn: su41,
        surrenderLevel: -10,
        concessionPoints: 20,
        cap: 6,
      });
      expect(terms?.decision === 'state-german-terms' && terms.choices.cap).toBe(6);
      expect(terms && describePending(terms)).toBe(
        'Germany must state its terms: up to 20 concession points of territory, minor countries and indemnity, or ' +
          "return territory (59.65-59.73); Britain has only 6 points' worth left to concede (59.71)",
      );
    },
  );
});

describe('59.89: the Far East as data', () => {
  const surrendered = (): OriginEvent[] => japanChoosesAfterPeace(su41);

  it('59.891C: Japan, at war with Britain but not the U.S., chooses', () => {
    const [japan, ...rest] = pendingAfter(surrendered());
    expect(rest).toEqual([]);
    expect(japan).toEqual({
      decision: 'decide-japanese-adherence',
      by: 'japan',
      rule: '59.891C',
      commands: ['japan.treaty-decided'],
      turn: su41,
      choices: {
        answers: [
          {
            rule: '59.892',
            allowed: true,
            refusedBy: null,
            command: { type: 'japan.treaty-decided', data: { turn: su41, adheres: true } },
          },
          {
            rule: '59.894',
            allowed: true,
            refusedBy: null,
            command: { type: 'japan.treaty-decided', data: { turn: su41, adheres: false } },
          },
        ],
      },
    });
    expect(japan && describePending(japan)).toBe(
      'Japan, at war with Britain but not the U.S., must decide whether ' +
        'to end hostilities with Britain (adhere to the treaty) or fight on',
    );
  });

  it('59.892A: Japan adheres: the host reports the Far East hex control', () => {
    const [farEast, ...rest] = pendingAfter([
      ...surrendered(),
      { type: 'japan.treaty-decided', data: { turn: su41, adheres: true } },
    ]);
    expect(rest).toEqual([]);
    expect(farEast).toEqual({
      decision: 'report-far-east-hex-control',
      by: 'host',
      rule: '59.892A',
      commands: ['host.far-east-hex-control'],
      turn: su41,
      choices: reportOf('host.far-east-hex-control', su41),
    });
    expect(farEast && describePending(farEast)).toBe(
      'Japan adheres to the treaty: the host must report the Far East hex control determined by 59.63 (British ' +
        'hexes that cannot trace supply from a mapboard box, fortifications in them, and who controls each area)',
    );
  });
});

describe('56.31: the Italian allocation as data', () => {
  const surrenderAt = (level: ItalianSurrenderLevel): OriginEvent[] => [
    gameStarted(),
    alliedTurnEnded(sp44, germanFacts(), surrenderFacts(level)),
  ];
  const amounts = (infantryFactors: number, namedShips: number, cruisers: number, destroyerFactors: number) => ({
    infantryFactors,
    namedShips,
    cruisers,
    destroyerFactors,
  });
  const rowMinus1 = { germany: amounts(0, 0, 0, 0), us: amounts(6, 1, 1, 1) };
  const row0 = { germany: amounts(3, 0, 1, 1), us: amounts(3, 0, 1, 1) };
  const rowPlus1 = { germany: amounts(6, 1, 1, 1), us: amounts(0, 0, 0, 0) };

  it('56.31D: the report at -1: the 56.32 row and who will select (the Allied player alone)', () => {
    const [report] = pendingAfter(surrenderAt(-1));
    expect(report).toEqual({
      decision: 'report-italian-forces',
      by: 'host',
      rule: '56.31D',
      commands: ['host.italian-forces-reported'],
      turn: sp44,
      surrenderLevel: -1,
      row: rowMinus1,
      selectionOrder: ['allied'],
      choices: reportOf('host.italian-forces-reported', sp44),
    });
    expect(report && describePending(report)).toBe(
      "the host must report Italy's navy (with each ship's status) and infantry at the moment of surrender (Spring " +
        '1944), for the post-surrender allocation at level -1',
    );
  });

  it("56.311: at level 0 the Axis player selects Germany's half first, then the Allied player the U.S.'s", () => {
    const reported = [...surrenderAt(0), forcesReported(sp44)];
    const [axis, ...rest] = pendingAfter(reported);
    expect(rest).toEqual([]);
    expect(axis).toEqual({
      decision: 'select-post-surrender-italian-forces',
      by: 'axis',
      rule: '56.311',
      commands: ['italy.forces-selected'],
      turn: sp44,
      surrenderLevel: 0,
      side: 'axis',
      forces: row0.germany,
      row: row0,
      selectionOrder: ['axis', 'allied'],
      choices: expect.objectContaining({ side: 'axis', complete: false }),
    });
    expect(axis && describePending(axis)).toBe(
      "the Axis player must select Germany's post-surrender Italian forces at level 0: 3 infantry factors, 0 named " +
        'ships, 1 cruiser and 1 destroyer factor, before the Allied player selects',
    );
    const [allied] = pendingAfter([
      ...reported,
      forcesSelected(sp44, 'axis', { infantry: ['inf-1'], cruisers: ['Zara'], destroyers: ['DD-1'] }),
    ]);
    expect(allied).toEqual({
      ...axis,
      by: 'allied',
      side: 'allied',
      forces: row0.us,
      choices: expect.objectContaining({ side: 'allied', complete: false }),
    });
    expect(allied && describePending(allied)).toBe(
      "the Allied player must select the U.S.'s post-surrender Italian forces at level 0: 3 infantry factors, 0 " +
        'named ships, 1 cruiser and 1 destroyer factor, from the units the Axis player did not take',
    );
  });

  it('56.311: at +1 only the Axis player selects, at -1 only the Allied player: no word of the other side', () => {
    const [axis] = pendingAfter([...surrenderAt(1), forcesReported(sp44)]);
    expect(axis).toMatchObject({
      by: 'axis',
      side: 'axis',
      surrenderLevel: 1,
      forces: rowPlus1.germany,
      row: rowPlus1,
      selectionOrder: ['axis'],
    });
    expect(axis && describePending(axis)).toBe(
      "the Axis player must select Germany's post-surrender Italian forces at level +1: 6 infantry factors, 1 " +
        'named ship, 1 cruiser and 1 destroyer factor',
    );
    const [allied] = pendingAfter([...surrenderAt(-1), forcesReported(sp44)]);
    expect(allied).toMatchObject({
      by: 'allied',
      side: 'allied',
      surrenderLevel: -1,
      forces: rowMinus1.us,
      row: rowMinus1,
      selectionOrder: ['allied'],
    });
    expect(allied && describePending(allied)).toBe(
      "the Allied player must select the U.S.'s post-surrender Italian forces at level -1: 6 infantry factors, 1 " +
        'named ship, 1 cruiser and 1 destroyer factor',
    );
  });
});
