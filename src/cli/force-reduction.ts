// `awaw-surrender force-reduction FILE|-`: rule 59.51, validates the British selection (CONTRACT.md).
import {
  forceReduction,
  forceReductionInput,
  forceRequirements,
  refineForceReduction,
  type ForceReductionInput,
  type ForceReductionResult,
} from '../rules/force-reduction.js';
import type { CalculatorSpec } from './calculator.js';
import { renderTable, signedCell } from './table.js';

export const forceReductionCommand: CalculatorSpec<ForceReductionInput, ForceReductionResult> = {
  name: 'force-reduction',
  rule: '59.51',
  summary: 'Validates the British force reduction after a surrender (59.511-59.514)',
  input: forceReductionInput,
  refine: refineForceReduction,
  // The contract forbids extra input fields, so the CLI uses the default options.
  compute: (input) => forceReduction(input),
  exitCode: (result) => (result.legal ? 0 : 1),
  render(result, input) {
    const nominal = forceRequirements(input.surrenderLevel, input.previousSurrenderLevel);
    const table = renderTable(
      ['rule', 'category', 'per level', 'nominal', 'required', 'selected'],
      [
        ['59.512', 'AAF factors', '2', `${nominal.aafFactors}`, `${result.required.aafFactors}`, `${result.selected.aafFactors}`],
        ['59.512', 'BRPs of ground units or NAS', '4', `${nominal.groundNasBrps}`, `${result.required.groundNasBrps}`, `${result.selected.groundNasBrps}`],
        ['59.512', 'naval factors (59.513D discount)', '10', `${nominal.navalFactors}`, `${result.required.navalFactors}`, `${result.selected.navalFactors}`],
      ],
    );
    const levels = `surrender level ${signedCell(input.surrenderLevel)}${input.previousSurrenderLevel === undefined ? '' : ` after ${signedCell(input.previousSurrenderLevel)} (59.872: the difference counts)`}`;
    const note = 'required is below nominal only where the eligible pool holds less (59.513E)';
    const verdict = result.legal
      ? 'The selection is legal.'
      : `The selection breaks the rules:\n${renderTable(['rule', 'violation'], result.violations.map((v) => [v.rule, v.message]))}`;
    return [levels, table, note, '', verdict].join('\n');
  },
};
