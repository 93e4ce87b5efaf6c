// `awaw-surrender concessions FILE|-`: rules 59.6 and 59.7, validates a German demand (CONTRACT.md).
import { CONCESSION_TABLE, indemnityValue, isTerritoryKey, minorValue } from '../rules/british-concession-table.js';
import { concessions, concessionsInput, refineConcessions, type ConcessionsInput, type ConcessionsResult } from '../rules/concessions.js';
import type { CalculatorSpec } from './calculator.js';
import { renderTable, signedCell } from './table.js';

export const concessionsCommand: CalculatorSpec<ConcessionsInput, ConcessionsResult> = {
  name: 'concessions',
  rule: '59.6',
  summary: 'Validates a German demand after a British surrender (59.61, 59.65-59.68, 59.71-59.75)',
  input: concessionsInput,
  refine: refineConcessions,
  // The contract forbids extra input fields, so the CLI uses the default options.
  compute: (input) => concessions(input),
  exitCode: (result) => (result.legal ? 0 : 1),
  render(result, input) {
    const { demand } = input;
    const minors = new Map(input.minors.map((m) => [m.name, m]));
    const items = [
      ...demand.take.filter(isTerritoryKey).map((k) => ['59.65', `take ${k}`, `${CONCESSION_TABLE[k].value}`, `priority ${CONCESSION_TABLE[k].priority}, now ${input.territories[k] ?? '?'}`]),
      ...demand.minors.map((d) => {
        const m = minors.get(d.name);
        return ['59.65', `${d.name} to ${d.to}`, `${m === undefined ? 0 : minorValue(m.brps, d.to)}`, `priority 2, ${m?.brps ?? 0} BRPs, now ${m?.status ?? '?'}`];
      }),
      ['59.67', 'indemnity', `${indemnityValue(demand.indemnityBrps)}`, `${demand.indemnityBrps} BRPs`],
      ...demand.return.filter(isTerritoryKey).map((k) => ['59.72', `return ${k}`, `${CONCESSION_TABLE[k].value}`, 'returned to Britain']),
    ];
    const points = renderTable(
      ['rule', 'line', 'value'],
      [
        ['59.65', 'pointsAvailable', `${result.pointsAvailable}`],
        ['59.68', 'pointsUsed', `${result.pointsUsed}`],
        ['59.71', 'pointsNotTaken', `${result.pointsNotTaken}`],
        ['59.75', 'pointsReturned', `${result.pointsReturned}`],
        ['59.75A', 'resistanceModifier', signedCell(result.resistanceModifier)],
        ['59.75B', 'usatChange', signedCell(result.usatChange)],
      ],
    );
    const basis = input.usAtWarWithGermany
      ? '59.61: the U.S. is at war with Germany: no concessions'
      : `59.65/59.872: surrender level ${signedCell(input.surrenderLevel)}${input.previousSurrenderLevel === undefined ? '' : ` after ${signedCell(input.previousSurrenderLevel)}`}: 2 points per level`;
    const verdict = result.legal
      ? 'The demand is legal.'
      : `The demand breaks the rules:\n${renderTable(['rule', 'violation'], result.violations.map((v) => [v.rule, v.message]))}`;
    return [renderTable(['rule', 'demand', 'points', 'detail'], items), '', basis, points, '', verdict].join('\n');
  },
};
