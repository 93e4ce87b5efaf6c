// `awaw-surrender concessions FILE|-`: rules 59.6 and 59.7, validates a German demand (docs/cli.md).
import { CONCESSION_TABLE, indemnityValue, isTerritoryKey, minorValue } from '../rules/british-concession-table.js';
import type { ConcessionsInput, ConcessionsResult } from '../rules/concessions.js';
import { concessionsCalculator } from '../rules/calculators.js';
import type { CalculatorSpec } from './calculator.js';
import type { CommandHelp } from './help-types.js';
import { signed } from '../rules/lines.js';
import { renderTable } from './table.js';

export const concessionsHelp: CommandHelp = {
  name: 'concessions',
  summary: concessionsCalculator.summary,
  usage: 'awaw-surrender concessions [--json] FILE|-',
  fields: [
    'surrenderLevel: int -10..0',
    'previousSurrenderLevel: int -9..0 above surrenderLevel, optional: points come from the difference (59.872)',
    'usAtWarWithGermany: boolean, true: no concessions at all (59.61)',
    'territories: { KEY: "british" | "axis" | "independent" }, control when Britain surrenders, all 18 table keys ' +
      '(59.65; docs/cli.md lists them)',
    'minors: [{ name, brps: count, status: "british" | "axis" | ' +
      '"neutral" }], British minor allies, associated minors, conquests',
    'originallyBritish: [KEY], keys eligible for return under 59.73B',
    'returnedInEarlierSurrender: [KEY] (59.73C)',
    'axisControls: { london: boolean, birmingham: boolean, manchester: boolean, allOfScotland: boolean }',
    'demand: { take: [KEY], minors: [{ name, to: "neutral" | "axis" }], indemnityBrps: 0 | 10 | 20 | 30, return: ' +
      '[KEY] }, the German terms (59.72: return)',
    '--json: print {legal, violations, pointsAvailable, pointsUsed, pointsNotTaken, pointsReturned, ' +
      'resistanceModifier, usatChange} instead of the table; exit 1 when the demand breaks a rule',
  ],
  example: `awaw-surrender concessions - <<'EOF'
{"surrenderLevel":-3,"usAtWarWithGermany":false,
 "territories":{"lebanon-syria":"axis","tunisia":"axis","algeria":"axis","morocco":"axis",
  "libya":"axis","albania":"axis","malta":"british","palestine":"british","transjordan":"british",
  "egypt":"british","iraq":"british","gibraltar":"british","ulster":"british",
  "ireland":"independent","scapa-flow":"british","scotland":"british","central-england":"british",
  "southern-england":"british"},
 "minors":[{"name":"greece","brps":4,"status":"british"}],
 "originallyBritish":["malta","palestine","transjordan","egypt","iraq","gibraltar"],
 "returnedInEarlierSurrender":[],
 "axisControls":{"london":false,"birmingham":false,"manchester":false,"allOfScotland":false},
 "demand":{"take":["malta","palestine","transjordan"],"minors":[],"indemnityBrps":30,"return":[]}}
EOF`,
};

export const concessionsCommand: CalculatorSpec<ConcessionsInput, ConcessionsResult> = {
  ...concessionsCalculator,
  help: concessionsHelp,
  render(result, input) {
    const { demand } = input;
    const minors = new Map(input.minors.map((m) => [m.name, m]));
    const items = [
      ...demand.take
        .filter(isTerritoryKey)
        .map((k) => [
          '59.65',
          `take ${k}`,
          `${CONCESSION_TABLE[k].value}`,
          `priority ${CONCESSION_TABLE[k].priority}, now ${input.territories[k] ?? '?'}`,
        ]),
      ...demand.minors.map((d) => {
        const m = minors.get(d.name);
        return [
          '59.65',
          `${d.name} to ${d.to}`,
          `${m === undefined ? 0 : minorValue(m.brps, d.to)}`,
          `priority 2, ${m?.brps ?? 0} BRPs, now ${m?.status ?? '?'}`,
        ];
      }),
      ['59.67', 'indemnity', `${indemnityValue(demand.indemnityBrps)}`, `${demand.indemnityBrps} BRPs`],
      ...demand.return
        .filter(isTerritoryKey)
        .map((k) => ['59.72', `return ${k}`, `${CONCESSION_TABLE[k].value}`, 'returned to Britain']),
    ];
    const points = renderTable(
      ['rule', 'line', 'value'],
      [
        ['59.65', 'pointsAvailable', `${result.pointsAvailable}`],
        ['59.68', 'pointsUsed', `${result.pointsUsed}`],
        ['59.71', 'pointsNotTaken', `${result.pointsNotTaken}`],
        ['59.75', 'pointsReturned', `${result.pointsReturned}`],
        ['59.75A', 'resistanceModifier', signed(result.resistanceModifier)],
        ['59.75B', 'usatChange', signed(result.usatChange)],
      ],
    );
    const basis = input.usAtWarWithGermany
      ? '59.61: the U.S. is at war with Germany: no concessions'
      : `59.65/59.872: surrender level ${signed(input.surrenderLevel)}` +
        `${input.previousSurrenderLevel === undefined ? '' : ` after ${signed(input.previousSurrenderLevel)}`}` +
        ': 2 points per level';
    const verdict = result.legal
      ? 'The demand is legal.'
      : `The demand breaks the rules:\n${renderTable(
          ['rule', 'violation'],
          result.violations.map((v) => [v.rule, v.message]),
        )}`;
    return [renderTable(['rule', 'demand', 'points', 'detail'], items), '', basis, points, '', verdict].join('\n');
  },
};
