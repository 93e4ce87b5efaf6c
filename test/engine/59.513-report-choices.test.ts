// 59.513, 59.631, 59.892A, 56.31D: what each host report the engine waits for must contain, as data (per field of
// the command's data, the rule and a requirement code), with the name of the command's shipped schema; and
// 59.891C: Japan's two answers, each a command the engine accepts.
import { describe, expect, it } from 'vitest';
import type { OriginEvent } from '../../src/engine/decide.js';
import { decide } from '../../src/engine/decide.js';
import { pendingDecisions, type PendingDecision } from '../../src/engine/pending.js';
import { catalogEntry } from '../../src/schemas/catalog.js';
import { TerritoryKeys } from '../../src/rules/british-concession-table.js';
import { alliedTurnEnded, gameStarted, germanFacts, turn } from '../support/fixtures.js';
import { GAME, play, replay } from '../support/given.js';
import { accept, gameTurnEnded, japanChoosesAfterPeace, seaLionStart } from '../support/british-fixtures.js';
import { surrenderFacts } from '../support/italian-fixtures.js';

const su41 = turn('summer', 1941);
const sp44 = turn('spring', 1944);

function pendingAfter(origins: readonly OriginEvent[]): PendingDecision[] {
  const view = replay(play(origins)).view(GAME);
  if (view === undefined) throw new Error('no game');
  return pendingDecisions(view);
}
const choicesOf = (pending: readonly PendingDecision[], decision: PendingDecision['decision']) => {
  const found = pending.find((p) => p.decision === decision);
  if (found === undefined || !('choices' in found)) throw new Error(`${decision} is not pending`);
  return found.choices;
};
const c = (field: string, rule: string, requirement: string, values: readonly string[] | null = null) => ({
  field,
  rule,
  requirement,
  values,
});

const peaceAtMinus4 = (): OriginEvent[] => [seaLionStart(), gameTurnEnded(su41, { britishDpLevel: -4 }), accept(su41)];

describe('59.513, 59.631, 59.892A, 56.31D: what a host report must contain', () => {
  it(
    '59.513B-D, 59.514E: the force pool: every unit of the pool and Royal Navy, eligible or not, each id once, a ' +
      'minor-country unit with its country',
    () => {
      expect(choicesOf(pendingAfter(peaceAtMinus4()), 'report-british-force-pool')).toEqual({
        command: 'host.british-force-pool',
        schema: 'command/host.british-force-pool',
        turn: su41,
        contents: [
          c('turn', '59.513', 'turn-of-the-decision'),
          c('units', '59.513A', 'every-unit-of-the-force-pool-and-royal-navy'),
          c('units', '59.513B', 'ground-units-eligible-or-not'),
          c('units', '59.513C', 'air-units-eligible-or-not'),
          c('units', '59.513D', 'naval-units-with-type-and-status'),
          c('units[].id', '59.513A', 'id-unique'),
          c('units[].id', '59.513B', 'not-removed-in-an-earlier-surrender'),
          c('units[].minor', '59.514E', 'country-of-each-minor-unit'),
        ],
      });
    },
  );

  it(
    '59.632, 59.633, 59.65, 59.73B: the British hex control: unsupplied hexes, fortifications only among them, ' +
      'all 18 concession-table territories',
    () => {
      expect(choicesOf(pendingAfter(peaceAtMinus4()), 'report-british-hex-control')).toEqual({
        command: 'host.british-hex-control',
        schema: 'command/host.british-hex-control',
        turn: su41,
        contents: [
          c('turn', '59.631', 'turn-of-the-decision'),
          c('unsuppliedHexes', '59.632', 'hexes-without-mapboard-supply'),
          c('unsuppliedHexes', '59.632', 'each-once'),
          c('fortificationsEliminated', '59.633', 'fortifications-in-unsupplied-hexes'),
          c('fortificationsEliminated', '59.633', 'among-unsupplied-hexes'),
          c('fortificationsEliminated', '59.633', 'each-once'),
          c('territories', '59.65', 'every-concession-table-territory', TerritoryKeys),
          c('minors', '59.66', 'every-minor-country-with-brps-and-status'),
          c('minors[].name', '59.66', 'each-once'),
          c('originallyBritish', '59.73B', 'territories-originally-british', TerritoryKeys),
          c('axisControls', '59.73D', 'axis-control-of-key-economic-areas'),
        ],
      });
      expect(TerritoryKeys).toHaveLength(18);
    },
  );

  it(
    '59.892A: the Far East hex control by 59.63: unsupplied ' +
      'hexes, fortifications among them, each area once with its controller',
    () => {
      const pending = pendingAfter([
        ...japanChoosesAfterPeace(su41),
        { type: 'japan.treaty-decided', data: { turn: su41, adheres: true } },
      ]);
      expect(choicesOf(pending, 'report-far-east-hex-control')).toEqual({
        command: 'host.far-east-hex-control',
        schema: 'command/host.far-east-hex-control',
        turn: su41,
        contents: [
          c('turn', '59.892A', 'turn-of-the-decision'),
          c('unsuppliedHexes', '59.632', 'hexes-without-mapboard-supply'),
          c('unsuppliedHexes', '59.632', 'each-once'),
          c('fortificationsEliminated', '59.633', 'fortifications-in-unsupplied-hexes'),
          c('fortificationsEliminated', '59.633', 'among-unsupplied-hexes'),
          c('fortificationsEliminated', '59.633', 'each-once'),
          c('areas', '59.634', 'every-area-with-its-controller'),
          c('areas[].name', '59.634', 'each-once'),
        ],
      });
    },
  );

  it(
    "56.31B-D: Italy's forces: every naval unit with its status, every infantry unit on the board and in the pool " +
      'but the airborne one, ids once',
    () => {
      const pending = pendingAfter([gameStarted(), alliedTurnEnded(sp44, germanFacts(), surrenderFacts(-1))]);
      expect(choicesOf(pending, 'report-italian-forces')).toEqual({
        command: 'host.italian-forces-reported',
        schema: 'command/host.italian-forces-reported',
        turn: sp44,
        contents: [
          c('turn', '56.31D', 'turn-of-the-decision'),
          c('navy', '56.31D', 'every-italian-naval-unit-with-status'),
          c('infantry', '56.31C', 'every-italian-infantry-unit-on-board-and-in-pool'),
          c('infantry', '56.31B', 'not-the-airborne-unit'),
          c('navy[].id', '56.31D', 'id-unique'),
          c('infantry[].id', '56.31C', 'id-unique'),
        ],
      });
    },
  );

  it('59.513, 59.631, 59.892A, 56.31D: each report names a schema the package ships', () => {
    for (const command of [
      'host.british-force-pool',
      'host.british-hex-control',
      'host.far-east-hex-control',
      'host.italian-forces-reported',
    ]) {
      expect(catalogEntry(`command/${command}`)?.name).toBe(`command/${command}`);
    }
  });
});

describe("59.891C: Japan's answers", () => {
  it('59.892, 59.894: adhere or fight on, each a command the engine accepts as it stands', () => {
    const view = replay(play(japanChoosesAfterPeace(su41))).view(GAME);
    if (view === undefined) throw new Error('no game');
    const choices = choicesOf(pendingDecisions(view), 'decide-japanese-adherence');
    if (!('answers' in choices)) throw new Error('no answers');
    expect(
      choices.answers.map((a) => [a.rule, a.allowed, 'adheres' in a.command.data ? a.command.data.adheres : null]),
    ).toEqual([
      ['59.892', true, true],
      ['59.894', true, false],
    ]);
    for (const answer of choices.answers) expect(decide(view, answer.command).ok).toBe(true);
  });
});
