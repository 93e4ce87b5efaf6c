// 59.81 and 59.83 after a peace treaty (59.62): what a neutral Britain's surrender fixes for later turns.
import { describe, expect, it } from 'vitest';
import { auditEntries } from '../../src/audit/audit.js';
import { summarize } from '../../src/engine/summary.js';
import { turn } from '../support/fixtures.js';
import {
  accept,
  declareWar,
  demand,
  gameTurnEnded,
  hexControl,
  reportPool,
  seaLionStart,
  selectForces,
} from '../support/british-fixtures.js';
import { ofType } from '../support/given.js';
import { expectCleanReplay, hostedPlay } from '../support/hosted.js';

const su41 = turn('summer', 1941);
const fa41 = turn('fall', 1941);
const wi41 = turn('winter', 1941);
const sp42 = turn('spring', 1942);

/** Britain surrenders at -2 in Summer 1941 into peace; Germany takes Malta, Palestine and Transjordan and 10 BRPs. */
const peace = [
  seaLionStart(),
  gameTurnEnded(su41, { britishDpLevel: -2 }),
  accept(su41),
  reportPool(su41),
  hexControl(su41),
  demand(su41, { take: ['malta', 'palestine', 'transjordan'], indemnityBrps: 10 }),
  // 59.514E: the selection follows the terms.
  selectForces(su41, ['aaf-3', 'aaf-4', 'arm-1', 'nas-1', 'bb-1', 'bb-2', 'ca-1', 'ca-2']),
];
const dominionSurrenders = (t: typeof fa41, dominion: 'australia' | 'india') =>
  ({ type: 'host.dominion-surrendered', data: { turn: t, dominion } }) as const;

describe('59.83: a neutral Britain after the peace treaty (59.62)', () => {
  it(
    '59.83: Italy may not declare war on the neutral Britain, ' +
      'alone or with the U.S., in any later turn; nothing is appended',
    async () => {
      const { engine } = await hostedPlay(peace);
      const before = engine.version;
      for (const [t, targets] of [
        [fa41, ['britain']],
        [sp42, ['britain']],
        [sp42, ['us', 'britain']],
      ] as const) {
        const result = await engine.execute('g1', declareWar(t, 'italy', [...targets]));
        expect(result.ok === false && [result.rejection.code, result.rejection.rule]).toEqual(['illegal', '59.83']);
      }
      expect(engine.version).toBe(before);
      expect(engine.wars('g1')).toEqual([]);
    },
  );

  it('59.83: Italy may declare war on the U.S. alone; Britain stays neutral and every query says so', async () => {
    const { engine, store } = await hostedPlay([...peace, declareWar(fa41, 'italy', ['us'])]);
    expect(engine.wars('g1')).toEqual([{ axis: 'italy', allied: 'us' }]);
    const view = engine.view('g1');
    expect(view && summarize(view)).toMatchObject({ britain: 'atPeace', wars: ['italy-us'] });
    await expectCleanReplay(store);
  });
});

describe('59.81: the floor of the British BRP base', () => {
  it('59.81: Australia, then India, surrendering after Britain lower the floor to 30, then 20 BRPs', async () => {
    const { store, log } = await hostedPlay([
      ...peace,
      dominionSurrenders(fa41, 'australia'),
      dominionSurrenders(wi41, 'india'),
    ]);
    const events = await log();
    expect(ofType(events, 'britain.brp-floor-lowered')).toEqual([
      {
        turn: fa41,
        dominionsSurrendered: { australia: true, india: false },
        floorBrps: 30,
        effects: [{ rule: '59.81', code: 'british-brp-base-floor', params: { dominion: 'australia', floorBrps: 30 } }],
      },
      {
        turn: wi41,
        dominionsSurrendered: { australia: true, india: true },
        floorBrps: 20,
        effects: [{ rule: '59.81', code: 'british-brp-base-floor', params: { dominion: 'india', floorBrps: 20 } }],
      },
    ]);
    const stored = [];
    for await (const batch of store.read()) stored.push(...batch);
    expect(
      stored
        .flatMap(auditEntries)
        .filter((e) => e.rule === '59.81')
        .map((e) => e.result),
    ).toEqual(["Britain's BRP base may not drop below 30 BRPs", "Britain's BRP base may not drop below 20 BRPs"]);
    await expectCleanReplay(store);
  });

  it('59.81: a dominion surrender before any British surrender lowers no floor (there is none yet)', async () => {
    const { log } = await hostedPlay([seaLionStart(), dominionSurrenders(su41, 'india')]);
    expect(ofType(await log(), 'britain.brp-floor-lowered')).toEqual([]);
  });
});
