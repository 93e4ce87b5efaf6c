// Host facts that contradict each other or the log are refused, naming both facts (docs/rulings.md, "Host facts that
// contradict each other or the log"); the same facts without the contradiction are accepted. A refusal appends
// nothing: through SurrenderEngine the log's version does not move.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import { SurrenderEngine } from '../../src/host/engine.js';
import { MemoryEventStore } from '../../src/store/memory.js';
import { given, play } from '../support/given.js';
import {
  alliedTurnEnded,
  atomicAttack,
  firestorm,
  gameStarted,
  germanFacts,
  italianFacts,
  turn,
} from '../support/fixtures.js';
import { accept, declareWar, gameTurnEnded, seaLionStart, usAtWarStart } from '../support/british-fixtures.js';
import { surrenderFacts } from '../support/italian-fixtures.js';

const sp44 = turn('spring', 1944);
const su41 = turn('summer', 1941);
const sp43 = turn('spring', 1943);

/** The exact refusal: code `contradictory`, the rule, and the two facts. */
function refused(history: readonly OriginEvent[], origin: OriginEvent, rule: string, fields: [string, string]): void {
  const { decision } = given(play(history)).when(origin);
  expect(decision.ok ? null : [decision.rejection.code, decision.rejection.rule, decision.rejection.fields]).toEqual([
    'contradictory',
    rule,
    fields,
  ]);
  expect(decision.ok ? '' : decision.rejection.message).toMatch(
    new RegExp(`^${fields[0].replace(/[[\].]/g, '\\$&')} contradicts ${fields[1].replace(/[[\].]/g, '\\$&')}: `),
  );
}
const accepted = (history: readonly OriginEvent[], origin: OriginEvent): boolean =>
  given(play(history)).when(origin).decision.ok;

describe('55.11A, 55.12: the German facts of one report', () => {
  it(
    '55.12: Berlin Axis-controlled (no atomic marker) while every hex ' +
      'of Germany is reported Allied-controlled or atomic-marked is refused',
    () => {
      const facts = germanFacts({ berlin: 'axis', allGermanHexesAlliedOrAtomic: true });
      refused([gameStarted()], alliedTurnEnded(sp44, facts, italianFacts()), '55.12', [
        'data.germany.berlin',
        'data.germany.allGermanHexesAlliedOrAtomic',
      ]);
      expect(
        accepted(
          [gameStarted()],
          alliedTurnEnded(sp44, { ...facts, berlin: 'allied', germanyControlsBerchtesgaden: false }, italianFacts()),
        ),
      ).toBe(true);
    },
  );

  it(
    '55.12: Berchtesgaden German-controlled while every hex of Germany is Allied or atomic-marked, with no atomic ' +
      'attack on Germany in the log, is refused',
    () => {
      const facts = germanFacts({
        berlin: 'allied',
        germanyControlsBerchtesgaden: true,
        allGermanHexesAlliedOrAtomic: true,
      });
      const report = alliedTurnEnded(sp44, facts, italianFacts());
      refused([gameStarted()], report, '55.12', [
        'data.germany.germanyControlsBerchtesgaden',
        'data.germany.allGermanHexesAlliedOrAtomic',
      ]);
      // An atomic attack on Germany may have left its marker in Berchtesgaden: then the facts fit together.
      expect(accepted([gameStarted(), atomicAttack(sp44, 'germany', 'Berchtesgaden')], report)).toBe(true);
    },
  );

  it('55.11A: an atomic attack marker in Berlin while the log records no atomic attack on Germany is refused', () => {
    const report = alliedTurnEnded(sp44, germanFacts({ berlin: 'atomic' }), italianFacts());
    refused([gameStarted()], report, '55.11A', ['data.germany.berlin', 'log:world.counts.atomicAttacksOnGermany']);
    refused([gameStarted(), atomicAttack(sp44, 'britain', 'London')], report, '55.11A', [
      'data.germany.berlin',
      'log:world.counts.atomicAttacksOnGermany',
    ]);
    expect(accepted([gameStarted(), atomicAttack(sp44, 'germany', 'Berlin')], report)).toBe(true);
  });
});

describe('55.11B, 59.21, 43.321A: firestorms and atomic attacks against what the log holds', () => {
  it(
    '55.11B: a German city reported firestormed a second time ' +
      'is refused (each city counts once); another city is accepted',
    () => {
      const history = [gameStarted(), firestorm(sp44, 'germany', 'Hamburg'), firestorm(sp44, 'germany', 'Dresden')];
      refused(history, firestorm(sp44, 'germany', 'Dresden'), '55.11B', [
        'data.city',
        'log:world.firestormedCities.germany[1]',
      ]);
      expect(accepted(history, firestorm(sp44, 'germany', 'Köln'))).toBe(true);
      // The same name in the other country is another city.
      expect(accepted(history, firestorm(sp44, 'britain', 'Hamburg'))).toBe(true);
    },
  );

  it('59.21: a British city reported firestormed a second time is refused', () => {
    refused([seaLionStart(), firestorm(su41, 'britain', 'Coventry')], firestorm(su41, 'britain', 'Coventry'), '59.21', [
      'data.city',
      'log:world.firestormedCities.britain[0]',
    ]);
  });

  it(
    '59.21, 59.62: a British city firestormed or an atomic attack on Britain while no power is at war with ' +
      'Britain (a peace) is refused',
    () => {
      const peace = [seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -1 }), accept(su41)];
      refused(peace, firestorm(su41, 'britain', 'Coventry'), '59.21', ['data.country', 'log:world.wars']);
      refused(peace, atomicAttack(su41, 'britain', 'London'), '59.21', ['data.country', 'log:world.wars']);
      // Germany fought Britain alone: after the peace no power is at war with Germany either.
      refused(peace, firestorm(su41, 'germany', 'Hamburg'), '55.11B', ['data.country', 'log:world.wars']);
    },
  );

  it('55.31: an atomic attack on Germany or a German city firestormed after the German surrender is refused', () => {
    const surrendered = [
      gameStarted(),
      alliedTurnEnded(sp44, germanFacts({ berlin: 'allied', germanDpTotal: -3 }), italianFacts()),
    ];
    refused(surrendered, atomicAttack(sp44, 'germany', 'Munich'), '55.31', ['data.country', 'log:germany.value']);
    refused(surrendered, firestorm(sp44, 'germany', 'Munich'), '55.31', ['data.country', 'log:germany.value']);
    // Italy fights on (55.22): an atomic attack on Italy is a fact like any other.
    expect(accepted(surrendered, atomicAttack(sp44, 'italy', 'Milan'))).toBe(true);
  });

  it('56.3: an atomic attack on Italy after the Italian surrender is refused', () => {
    const surrendered = [gameStarted(), alliedTurnEnded(sp44, germanFacts(), surrenderFacts(-1))];
    refused(surrendered, atomicAttack(sp44, 'italy', 'Milan'), '56.3', ['data.country', 'log:italy.value']);
    expect(accepted(surrendered, atomicAttack(sp44, 'other', 'Milan'))).toBe(true);
  });
});

describe('56.12: the history a log starts with', () => {
  it('56.12B: Italy declared war on the Western Allies in a year after the log starts is refused', () => {
    const start = gameStarted({
      turn: su41,
      italy: { declaredWarOnWesternAlliesYear: 1942, westernAlliesDeclaredWar: false },
    });
    refused([], start, '56.12B', ['data.italy.declaredWarOnWesternAlliesYear', 'data.turn.year']);
    expect(
      accepted(
        [],
        gameStarted({ turn: su41, italy: { declaredWarOnWesternAlliesYear: 1941, westernAlliesDeclaredWar: false } }),
      ),
    ).toBe(true);
  });

  it('56.12: Italy at war with a Western Ally while the history says neither side declared war is refused', () => {
    const italy = { declaredWarOnWesternAlliesYear: null, westernAlliesDeclaredWar: false };
    refused([], gameStarted({ italy }), '56.12', ['data.wars[3]', 'data.italy']);
    expect(accepted([], gameStarted({ italy: { ...italy, westernAlliesDeclaredWar: true } }))).toBe(true);
    // At war with Russia only: 56.12 speaks of the Western Allies.
    expect(
      accepted(
        [],
        gameStarted({
          italy,
          wars: [
            { axis: 'germany', allied: 'russia' },
            { axis: 'italy', allied: 'russia' },
          ],
        }),
      ),
    ).toBe(true);
  });
});

describe('war.declared by or on a power the log holds as surrendered', () => {
  const russiaOut: OriginEvent = { type: 'host.power-surrendered', data: { turn: sp43, power: 'russia' } };

  it('59.14B: Germany declaring war on a surrendered Russia, or a surrendered Russia declaring war, is refused', () => {
    refused([usAtWarStart(), russiaOut], declareWar(sp43, 'germany', ['russia']), 'sequence', [
      'data.targets[0]',
      'log:world.surrendered.russia',
    ]);
    refused([usAtWarStart(), russiaOut], declareWar(sp43, 'russia', ['japan']), 'sequence', [
      'data.aggressor',
      'log:world.surrendered.russia',
    ]);
    expect(accepted([usAtWarStart()], declareWar(sp43, 'japan', ['russia']))).toBe(true);
  });
});

describe('through the host API', () => {
  it('55.12: a contradictory report resolves with the rejection and appends nothing', async () => {
    const store = new MemoryEventStore();
    const engine = await SurrenderEngine.open(store);
    expect((await engine.execute('g1', gameStarted())).ok).toBe(true);
    const before = await store.version();
    const result = await engine.execute(
      'g1',
      alliedTurnEnded(sp44, germanFacts({ allGermanHexesAlliedOrAtomic: true }), italianFacts()),
    );
    expect(result).toEqual({
      ok: false,
      rejection: {
        code: 'contradictory',
        rule: '55.12',
        message:
          'data.germany.berlin contradicts data.germany.allGermanHexesAlliedOrAtomic: Berlin is a hex of Germany: ' +
          'Axis-controlled and without an atomic attack marker, it is neither Allied-controlled nor atomic-marked',
        fields: ['data.germany.berlin', 'data.germany.allGermanHexesAlliedOrAtomic'],
      },
    });
    expect(await store.version()).toBe(before);
  });
});
