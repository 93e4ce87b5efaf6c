// `awaw-surrender force-reduction FILE|-`: rule 59.51, validates the British selection (docs/cli.md).
import { forceRequirements, type ForceReductionInput, type ForceReductionResult } from '../rules/force-reduction.js';
import { forceReductionCalculator } from '../rules/calculators.js';
import type { CalculatorSpec } from './calculator.js';
import type { CommandHelp } from './help-types.js';
import { signed } from '../rules/lines.js';
import { renderTable } from './table.js';

export const forceReductionHelp: CommandHelp = {
  name: 'force-reduction',
  summary: forceReductionCalculator.summary,
  usage: 'awaw-surrender force-reduction [--json] FILE|-',
  fields: [
    'surrenderLevel: int -10..0',
    'previousSurrenderLevel: int -9..0 above surrenderLevel, optional: requirements from the difference (59.872)',
    'scenario: "european" | "global"',
    'units: [{ id, nationality: "british" | "canadian" | "south-african" | "australian" | "indian" | "free-french" ' +
      '| "minor", kind: "ground" | "aaf" | "nas" | "strategic-bomber" | "interceptor" | "jet" | "naval" | ' +
      '"asw" | "transport", factors: count, brps: count, theater: "unbuilt" | "europe" | "pacific" | ' +
      '"asia", naval?: { type: "battleship" | "battlecruiser" | "carrier" | "cruiser" | "destroyer" | ' +
      '"submarine", status: "operational" | "incomplete" | "damaged" | "sunk-in-port" | "salvageable" } ' +
      '}], the British force pool',
    'selection: [id], the units chosen for removal or elimination',
    '--json: print {legal, violations, required, selected} ' +
      'instead of the table; exit 1 when the selection breaks a rule',
  ],
  example: `awaw-surrender force-reduction - <<'EOF'
{"surrenderLevel":-1,"scenario":"global","units":[
 {"id":"raf-1","nationality":"british","kind":"aaf","factors":2,"brps":10,"theater":"unbuilt"},
 {"id":"inf-1","nationality":"british","kind":"ground","factors":3,"brps":4,"theater":"europe"},
 {"id":"bb-1","nationality":"british","kind":"naval","factors":3,"brps":0,"theater":"europe",
  "naval":{"type":"battleship","status":"operational"}},
 {"id":"bb-2","nationality":"british","kind":"naval","factors":3,"brps":0,"theater":"europe",
  "naval":{"type":"battleship","status":"operational"}},
 {"id":"bb-3","nationality":"british","kind":"naval","factors":3,"brps":0,"theater":"pacific",
  "naval":{"type":"battleship","status":"operational"}},
 {"id":"bb-4","nationality":"british","kind":"naval","factors":3,"brps":0,"theater":"europe",
  "naval":{"type":"battleship","status":"operational"}}],
 "selection":["raf-1","inf-1","bb-1","bb-2","bb-3","bb-4"]}
EOF`,
};

export const forceReductionCommand: CalculatorSpec<ForceReductionInput, ForceReductionResult> = {
  ...forceReductionCalculator,
  help: forceReductionHelp,
  render(result, input) {
    const nominal = forceRequirements(input.surrenderLevel, input.previousSurrenderLevel);
    const table = renderTable(
      ['rule', 'category', 'per level', 'nominal', 'required', 'selected'],
      [
        [
          '59.512',
          'AAF factors',
          '2',
          `${nominal.aafFactors}`,
          `${result.required.aafFactors}`,
          `${result.selected.aafFactors}`,
        ],
        [
          '59.512',
          'BRPs of ground units or NAS',
          '4',
          `${nominal.groundNasBrps}`,
          `${result.required.groundNasBrps}`,
          `${result.selected.groundNasBrps}`,
        ],
        [
          '59.512',
          'naval factors (59.513D discount)',
          '10',
          `${nominal.navalFactors}`,
          `${result.required.navalFactors}`,
          `${result.selected.navalFactors}`,
        ],
      ],
    );
    const previous = input.previousSurrenderLevel;
    const levels =
      `surrender level ${signed(input.surrenderLevel)}` +
      `${previous === undefined ? '' : ` after ${signed(previous)} (59.872: the difference counts)`}`;
    const note = 'required is below nominal only where the eligible pool holds less (59.513E)';
    const verdict = result.legal
      ? 'The selection is legal.'
      : `The selection breaks the rules:\n${renderTable(
          ['rule', 'violation'],
          result.violations.map((v) => [v.rule, v.message]),
        )}`;
    return [levels, table, note, '', verdict].join('\n');
  },
};
