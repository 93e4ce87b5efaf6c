// `awaw-surrender german-surrender FILE|-`: rule 55.1 (CONTRACT.md).
import { germanSurrender, germanSurrenderInput, type GermanLineKey, type GermanSurrenderInput, type GermanSurrenderResult } from '../rules/german-resistance.js';
import { germanLineCodes } from '../rules/german-lines.js';
import { wordedLines, type WordedLine } from '../rules/line-spec.js';

/** CONTRACT.md: the lines with their words (`detail`), rendered from their params. */
type GermanSurrenderOutput = Omit<GermanSurrenderResult, 'lines'> & { readonly lines: readonly WordedLine<GermanLineKey>[] };
import type { CalculatorSpec } from './calculator.js';
import { renderTable, signedCell } from './table.js';

export const germanSurrenderCommand: CalculatorSpec<GermanSurrenderInput, GermanSurrenderOutput> = {
  name: 'german-surrender',
  rule: '55.1',
  summary: 'German resistance level and surrender (55.11, 55.12)',
  input: germanSurrenderInput,
  compute: (input) => {
    const result = germanSurrender(input);
    return { ...result, lines: wordedLines(germanLineCodes, result.lines) };
  },
  render(result, input) {
    const table = renderTable(
      ['rule', 'line', 'value', 'detail'],
      result.lines.map((l) => [l.rule, l.key, signedCell(l.value), l.detail]),
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
        ? `Germany surrenders (55.11: Berlin fallen and resistance zero or less${input.allGermanHexesAlliedOrAtomic ? '; 55.12 holds as well' : ''})`
        : result.reason === 'collapse'
          ? 'Germany surrenders (55.12: German collapse)'
          : 'Germany fights on (55.11 and 55.12 not met)';
    return [table, '', `55.11B: German resistance level: ${signedCell(result.resistance)}`, `55.11A: ${berlin}`, `55.12: ${collapse}`, verdict].join('\n');
  },
};
