// Audit lines for rule 56: one readable line per rule decision and player decision.
import { renderEffect } from '../../events/effects.js';
import type { ItalianNavalStatus } from '../rules/italian-forces-table.js';
import type { StoredEvent } from '../../events/index.js';
import { turnName } from '../rules/turns.js';
import { plural, signed } from '../rules/lines.js';
import { italianLineCodes } from '../rules/italian-lines.js';
import { wordedLines } from '../rules/line-spec.js';
import { breakdownOf, type Draft } from './entry.js';
import { yesNo } from './words.js';

type Entry = Draft;
type Amounts = {
  readonly infantryFactors: number;
  readonly namedShips: number;
  readonly cruisers: number;
  readonly destroyerFactors: number;
};
type Selection = {
  readonly infantry: readonly string[];
  readonly namedShips: readonly string[];
  readonly cruisers: readonly string[];
  readonly destroyers: readonly string[];
};

const amounts = (a: Amounts): string =>
  `${plural(a.infantryFactors, 'infantry factor')}, ${plural(a.namedShips, 'named ship')}, ` +
  `${plural(a.cruisers, 'cruiser')}, ${plural(a.destroyerFactors, 'destroyer factor')}`;
/** 56.31D, footnote * of 56.32: where an Italian ship stands. */
const NAVAL_STATUS: Readonly<Record<ItalianNavalStatus, string>> = {
  operational: 'operational',
  damaged: 'damaged',
  'sunk-in-port': 'sunk in port',
  'row-2': 'unfinished, on the "2" row of the construction chart',
  launch: 'unfinished, on the Launch row of the construction chart',
  'row-3-plus': 'unfinished, on the "3" row or higher of the construction chart',
};
const ids = (xs: readonly string[]): string => (xs.length === 0 ? 'none' : xs.join(' '));
const SIDE = { axis: 'Axis player (Germany)', allied: 'Allied player (U.S.)' } as const;

function checkVerdict(d: {
  dpTotal: number;
  surrenders: boolean;
  surrenderLevel: number;
  inputs: { romeAlliedControlled: boolean; axisUnitsInAfrica: boolean };
}): string {
  const level = `surrender level ${signed(d.surrenderLevel)}`;
  if (d.surrenders) {
    // 56.11A Rome under Allied control, 56.11B no Axis units in Africa: which held (the rows say each).
    const why = [d.inputs.romeAlliedControlled ? '56.11A' : null, d.inputs.axisUnitsInAfrica ? null : '56.11B']
      .filter((x) => x !== null)
      .join(', ');
    return `Italy surrenders (${why}): DP total ${signed(d.dpTotal)}, ${level}`;
  }
  if (d.dpTotal > 0) return `Italy fights on: DP total ${signed(d.dpTotal)} (above zero)`;
  return `Italy fights on: DP total ${signed(d.dpTotal)}, Rome not Allied, Axis units in Africa`;
}

const selectionBreakdown = (s: Selection): string[] => [
  `infantry ${ids(s.infantry)}`,
  `named ships ${ids(s.namedShips)}`,
  `cruisers ${ids(s.cruisers)}`,
  `destroyers ${ids(s.destroyers)}`,
];

export function auditItaly(event: StoredEvent): Entry[] {
  switch (event.type) {
    case 'italy.surrender-checked': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: '56.11',
          result: checkVerdict(d),
          breakdown: [
            ...breakdownOf(wordedLines(italianLineCodes, d.lines)),
            `56.11A Rome under Allied control: ${yesNo(d.inputs.romeAlliedControlled)}`,
            `56.11B Axis units in Africa: ${yesNo(d.inputs.axisUnitsInAfrica)}`,
            `56.31 level ${signed(d.surrenderLevel)} (clamped to +/-2)`,
          ],
        },
      ];
    }
    case 'italy.surrendered': {
      const d = event.data;
      const order =
        d.selectionOrder.length === 0 ? 'nobody selects' : d.selectionOrder.map((s) => SIDE[s]).join(' then ');
      return [
        {
          turn: turnName(d.turn),
          rule: '56.2',
          result: `Italy has surrendered (${d.conditions.join(', ')}) at level ${signed(d.surrenderLevel)}`,
          breakdown: [
            `56.312 Germany ${amounts(d.row.germany)}`,
            `56.312 U.S. ${amounts(d.row.us)}`,
            `56.311 selects: ${order}`,
            ...d.effects.map((e) => `${e.rule} ${renderEffect(e)}`),
          ],
        },
      ];
    }
    case 'host.italian-forces-reported': {
      const d = event.data;
      const infantryFactors = d.infantry.reduce((sum, u) => sum + u.factors, 0);
      return [
        {
          turn: turnName(d.turn),
          rule: '56.31D',
          result:
            `Italy's forces reported: ${plural(d.navy.length, 'naval unit')}, ` +
            `${plural(d.infantry.length, 'infantry unit')} of ${plural(infantryFactors, 'factor')}`,
          breakdown: [
            ...d.navy.map((s) => `${s.id}: ${s.type}, ${plural(s.factors, 'factor')}, ${NAVAL_STATUS[s.status]}`),
            ...d.infantry.map((u) => `${u.id}: infantry, ${plural(u.factors, 'factor')}`),
          ],
        },
      ];
    }
    case 'italy.forces-selected': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: '56.311',
          result: `The ${SIDE[d.side]} selects post-surrender Italian forces`,
          breakdown: selectionBreakdown(d.selection),
        },
      ];
    }
    case 'italy.forces-disposed': {
      const d = event.data;
      return [
        {
          turn: turnName(d.turn),
          rule: '56.31D',
          result:
            `Italian forces disposed of at level ${signed(d.surrenderLevel)}: Germany ` +
            `${d.germany.infantry.length + d.germany.navy.length}, U.S. ` +
            `${d.us.infantry.length + d.us.navy.length}, ` +
            `${plural(d.removed.infantry.length + d.removed.navy.length, 'unit')} removed`,
          breakdown: [
            ...d.allocations.map(
              (a) =>
                `56.32 ${a.side === 'axis' ? 'Axis' : 'Allied'} player: the table's row ${amounts(a.row)}; ` +
                `required ${amounts(a.required)}; allocated ${amounts(a.allocated)}; lost ${amounts(a.lost)}`,
            ),
            ...d.effects.map((e) => `${e.rule} ${renderEffect(e)}`),
          ],
        },
      ];
    }
    default:
      return [];
  }
}
