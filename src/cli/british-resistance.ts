// `awaw-surrender british-resistance FILE|-`: rule 59.2, the British Resistance Table (CONTRACT.md).
import {
  britishResistance,
  britishResistanceInput,
  type BritishResistanceInput,
  type BritishResistanceResult,
} from '../rules/british-resistance.js';
import { britishLineCodes, type BritishLineKey } from '../rules/british-lines.js';
import { wordedLines, type WordedLine } from '../rules/line-spec.js';
import type { CalculatorSpec } from './calculator.js';
import { renderTable, signedCell } from './table.js';

/** CONTRACT.md: the lines with their words (`detail`), rendered from their params. */
type BritishResistanceOutput = Omit<BritishResistanceResult, 'lines'> & { readonly lines: readonly WordedLine<BritishLineKey>[] };

export const britishResistanceCommand: CalculatorSpec<BritishResistanceInput, BritishResistanceOutput> = {
  name: 'british-resistance',
  rule: '59.2',
  summary: 'British resistance level and surrender offer (59.21, 59.22, 59.23, 59.41)',
  input: britishResistanceInput,
  // The contract forbids extra input fields, so the CLI uses the default options; britishResistance reads the
  // one atWarWithEuropeanAxis flag per power as "at war with Germany" too (CONTRACT.md).
  compute: (input) => {
    const result = britishResistance(input);
    return { ...result, lines: wordedLines(britishLineCodes, result.lines) };
  },
  render(result, input) {
    const table = renderTable(
      ['rule', 'line', 'value', 'detail'],
      result.lines.map((l) => [l.rule, l.key, signedCell(l.value), l.detail]),
    );
    const previous = input.previousSurrenderLevel;
    const offer = result.offersSurrender
      ? previous === undefined
        ? 'Britain offers to surrender (59.12/59.21: level zero or less)'
        : `Britain offers to surrender (59.12/59.21, 59.87: level zero or less and below the previous surrender level ${signedCell(previous)})`
      : result.level > 0
        ? 'Britain does not offer to surrender (59.12/59.21: level above zero)'
        : `Britain does not offer to surrender (59.87: level not below the previous surrender level ${signedCell(previous ?? 0)})`;
    const accept = result.germanyMustAccept
      ? 'Germany must accept the offer (59.23: level -10 or lower)'
      : result.offersSurrender
        ? 'Germany may accept or decline the offer (59.23: level above -10)'
        : 'Germany has no offer to answer (59.23)';
    const naval = result.naval;
    return [
      table,
      '',
      `British resistance level: ${signedCell(result.level)}`,
      offer,
      accept,
      `British surrender level if accepted (59.41, never below -10): ${signedCell(result.surrenderLevelIfAccepted)}`,
      `Naval force ratio (59.22F): Allied ${naval.alliedFactors} vs Axis ${naval.axisFactors} factors: ${signedCell(naval.modifier)}`,
    ].join('\n');
  },
};
