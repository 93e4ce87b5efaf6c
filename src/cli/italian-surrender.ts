// `awaw-surrender italian-surrender FILE|-`: rules 56.1 and 56.3 (docs/cli.md).
import { signed, sumLines } from '../rules/lines.js';
import { DP_TOTAL_LINE_KEYS, type ItalianSurrenderInput } from '../rules/italian-surrender.js';
import type { ForceAmounts } from '../rules/italian-forces-table.js';
import { italianSurrenderCalculator, type ItalianSurrenderOutput } from '../rules/calculators.js';
import type { CalculatorSpec } from './calculator.js';
import type { CommandHelp } from './help-types.js';
import { optionForm } from './ruling-options.js';
import { renderTable } from './table.js';
import type { RulingOptions } from '../rules/options.js';

export const italianSurrenderHelp: CommandHelp = {
  name: 'italian-surrender',
  summary: italianSurrenderCalculator.summary,
  usage: 'awaw-surrender italian-surrender [--json] [--option NAME=VALUE] FILE|-',
  fields: [
    'italianDpTotal: int, as during a YSS (56.12)',
    'romeAlliedControlled: boolean (56.11A)',
    'axisUnitsInAfrica: boolean, Wafdist partisans excluded (56.11B)',
    'westernAlliesDeclaredWarOnItaly: boolean (56.12A)',
    'italyDeclaredWarOnWesternAlliesYear: int | null (56.12B)',
    'dpsInItaly: { axis: count, allied: count } (56.31)',
    'covertOperationsModifier: int (56.31)',
    `--option ${optionForm('unfinishedLightShips')}: 56.32, may cruisers and destroyers on the "2" or "Launch" row ` +
      `be selected (the table's footnote; the JSON does not change)`,
    '--json: print {dpTotal, surrenders, surrenderLevel, axisSelectsFirst, forces, lines} instead of the table',
  ],
  example: `awaw-surrender italian-surrender - <<'EOF'
{"italianDpTotal":1,"romeAlliedControlled":true,"axisUnitsInAfrica":true,
 "westernAlliesDeclaredWarOnItaly":false,"italyDeclaredWarOnWesternAlliesYear":1942,
 "dpsInItaly":{"axis":1,"allied":3},"covertOperationsModifier":-1}
EOF`,
};

/** 56.32 footnote *, in the reading the game's option takes (docs/rulings.md). */
const footnote = (options: RulingOptions): string =>
  options.unfinishedLightShips === 'never'
    ? '* one named ship of the selecting player\'s choice; unfinished or damaged named ships on the "2" or ' +
      '"Launch" row may be selected, unfinished cruisers and destroyers may not (option ' +
      'unfinishedLightShips: never)'
    : "* one named ship of the selecting player's choice; " +
      'unfinished or damaged ships on the "2" or "Launch" row may be selected';

const forceCells = (a: ForceAmounts): string[] =>
  [a.infantryFactors, a.namedShips, a.cruisers, a.destroyerFactors].map(String);

export const italianSurrenderCommand: CalculatorSpec<ItalianSurrenderInput, ItalianSurrenderOutput> = {
  ...italianSurrenderCalculator,
  help: italianSurrenderHelp,
  render(result, input, options) {
    const dpLines = result.lines.filter((l) => DP_TOTAL_LINE_KEYS.includes(l.key));
    const levelLines = result.lines.filter((l) => !DP_TOTAL_LINE_KEYS.includes(l.key));
    const row = (l: (typeof result.lines)[number]) => [l.rule, l.key, signed(l.value), l.detail];
    const unclamped = sumLines(result.lines);

    const conditions: string[] = [];
    if (input.romeAlliedControlled) conditions.push('56.11A: Rome is under Allied control');
    if (!input.axisUnitsInAfrica) conditions.push('56.11B: no Axis units in Africa');
    const verdict = result.surrenders
      ? `Italy surrenders (56.11: DP total zero or less; ${conditions.join('; ')})`
      : result.dpTotal > 0
        ? 'Italy fights on (56.11: the DP total is above zero)'
        : 'Italy fights on (56.11: Rome is not under Allied control and Axis units remain in Africa)';

    const sum =
      `DP total ${signed(result.dpTotal)}, modifiers ${signed(unclamped - result.dpTotal)}: ` + `${signed(unclamped)}`;
    const level =
      unclamped === result.surrenderLevel
        ? `Italian surrender level (56.31): ${sum}`
        : `Italian surrender level (56.31): ${sum}, treated as ${signed(result.surrenderLevel)} (never beyond +/-2)`;
    const order = result.axisSelectsFirst
      ? '56.311: both sides select, the Axis player first'
      : `56.311: only ${result.surrenderLevel > 0 ? 'the Axis player (Germany)' : 'the Allied player (U.S.)'} selects`;
    const forces = renderTable(
      ['56.32', 'infantry factors', 'named ships*', 'cruisers', 'destroyer factors'],
      [
        ['Germany', ...forceCells(result.forces.germany)],
        ['U.S.', ...forceCells(result.forces.us)],
      ],
    );

    return [
      renderTable(['rule', 'line', 'value', 'detail'], dpLines.map(row)),
      `Italian DP total (56.12): ${signed(result.dpTotal)}`,
      verdict,
      '',
      renderTable(['rule', 'line', 'value', 'detail'], levelLines.map(row)),
      level,
      order,
      '',
      `Post-surrender Italian forces at level ` +
        `${signed(result.surrenderLevel)}${result.surrenders ? '' : ' (if Italy surrendered)'}:`,
      forces,
      footnote(options),
    ].join('\n');
  },
};
