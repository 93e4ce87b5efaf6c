// `awaw-surrender german-surrender FILE|-`: rule 55.1 (docs/cli.md).
import type { GermanSurrenderInput } from '../rules/german-resistance.js';
import { germanSurrenderCalculator, type GermanSurrenderOutput } from '../rules/calculators.js';
import type { CalculatorSpec } from './calculator.js';
import type { CommandHelp } from './help-types.js';
import { signed } from '../rules/lines.js';
import { renderTable } from './table.js';

export const germanSurrenderHelp: CommandHelp = {
  name: 'german-surrender',
  summary: germanSurrenderCalculator.summary,
  usage: 'awaw-surrender german-surrender [--json] FILE|-',
  fields: [
    'berlin: "axis" | "allied" | "atomic" (an atomic attack marker; a firestorm is not enough) (55.11A)',
    'germanDpTotal: int, the German DP total at the end of the Allied player turn (55.11B)',
    'germanyControlsBerchtesgaden: boolean (55.11B: +1)',
    'germanCitiesFirestormed: count, German cities firestormed so far (55.11B: -1 each)',
    'atomicAttacksOnGermany: count, atomic attacks on Germany so far (55.11B, 43.321A: -3, -2, then -1 each)',
    'allGermanHexesAlliedOrAtomic: boolean, every hex in Germany Allied-controlled or atomic-marked (55.12)',
    '--json: print {resistance, surrenders, reason, lines} instead of the table',
  ],
  example: `awaw-surrender german-surrender - <<'EOF'
{"berlin":"allied","germanDpTotal":-1,"germanyControlsBerchtesgaden":false,
 "germanCitiesFirestormed":1,"atomicAttacksOnGermany":0,"allGermanHexesAlliedOrAtomic":false}
EOF`,
};

export const germanSurrenderCommand: CalculatorSpec<GermanSurrenderInput, GermanSurrenderOutput> = {
  ...germanSurrenderCalculator,
  help: germanSurrenderHelp,
  render(result, input) {
    const table = renderTable(
      ['rule', 'line', 'value', 'detail'],
      result.lines.map((l) => [l.rule, l.key, signed(l.value), l.detail]),
    );
    const berlin =
      input.berlin === 'allied'
        ? 'Berlin is under Allied control'
        : input.berlin === 'atomic'
          ? 'Berlin has an atomic attack marker'
          : 'Berlin is Axis-controlled';
    const collapse = input.allGermanHexesAlliedOrAtomic
      ? 'every hex in Germany is under Allied control or holds an atomic attack marker'
      : 'not every hex in Germany is under Allied control or holds an atomic attack marker';
    const verdict =
      result.reason === 'berlin-and-resistance'
        ? `Germany surrenders (55.11: Berlin fallen and resistance zero or ` +
          `less${input.allGermanHexesAlliedOrAtomic ? '; 55.12 holds as well' : ''})`
        : result.reason === 'collapse'
          ? 'Germany surrenders (55.12: German collapse)'
          : 'Germany fights on (55.11 and 55.12 not met)';
    return [
      table,
      '',
      `55.11B: German resistance level: ${signed(result.resistance)}`,
      `55.11A: ${berlin}`,
      `55.12: ${collapse}`,
      verdict,
    ].join('\n');
  },
};
