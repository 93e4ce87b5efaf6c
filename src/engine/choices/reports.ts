// What each host report the engine waits for must contain, as data: per field of the command's data (a JSON
// path), the rule that asks for it and a code for what it must hold; and the shipped schema of the command
// (`awaw-surrender schema command/TYPE`). The words are pending-text.ts's.
import { TerritoryKeys } from '../../rules/british-concession-table.js';
import type { GameTurn } from '../../rules/turns.js';
import type { ReportChoices, ReportCommand, ReportContent, ReportRequirement } from './reports-schema.js';

export {
  ReportRequirements,
  type ReportChoices,
  type ReportCommand,
  type ReportContent,
  type ReportRequirement,
} from './reports-schema.js';

const content = (
  field: string,
  rule: string,
  requirement: ReportRequirement,
  values: readonly string[] | null = null,
): ReportContent => ({ field, rule, requirement, values });

const report = <C extends ReportCommand>(
  command: C,
  turn: GameTurn,
  rule: string,
  contents: readonly ReportContent[],
): ReportChoices<C> => ({
  command,
  schema: `command/${command}` as const,
  turn,
  contents: [content('turn', rule, 'turn-of-the-decision'), ...contents],
});

/** 59.513: the pool the British player selects from, eligible or not (the engine applies 59.513B-D, 59.514). */
export const britishForcePoolChoices = (turn: GameTurn): ReportChoices<'host.british-force-pool'> =>
  report('host.british-force-pool', turn, '59.513', [
    content('units', '59.513A', 'every-unit-of-the-force-pool-and-royal-navy'),
    content('units', '59.513B', 'ground-units-eligible-or-not'),
    content('units', '59.513C', 'air-units-eligible-or-not'),
    content('units', '59.513D', 'naval-units-with-type-and-status'),
    content('units[].id', '59.513A', 'id-unique'),
    // 59.513B, 59.871: a unit removed at an earlier surrender stays out of the pool (it counts as unbuilt).
    content('units[].id', '59.513B', 'not-removed-in-an-earlier-surrender'),
    content('units[].minor', '59.514E', 'country-of-each-minor-unit'),
  ]);

/** 59.631-59.634 after a peace, and the concession-table facts the terms are judged against (59.65, 59.66, 59.73). */
export const britishHexControlChoices = (turn: GameTurn): ReportChoices<'host.british-hex-control'> =>
  report('host.british-hex-control', turn, '59.631', [
    content('unsuppliedHexes', '59.632', 'hexes-without-mapboard-supply'),
    content('unsuppliedHexes', '59.632', 'each-once'),
    content('fortificationsEliminated', '59.633', 'fortifications-in-unsupplied-hexes'),
    content('fortificationsEliminated', '59.633', 'among-unsupplied-hexes'),
    content('fortificationsEliminated', '59.633', 'each-once'),
    content('territories', '59.65', 'every-concession-table-territory', TerritoryKeys),
    content('minors', '59.66', 'every-minor-country-with-brps-and-status'),
    content('minors[].name', '59.66', 'each-once'),
    content('originallyBritish', '59.73B', 'territories-originally-british', TerritoryKeys),
    content('axisControls', '59.73D', 'axis-control-of-key-economic-areas'),
  ]);

/** 59.892A: the Far East hex control, determined by 59.63, once Japan adheres. */
export const farEastHexControlChoices = (turn: GameTurn): ReportChoices<'host.far-east-hex-control'> =>
  report('host.far-east-hex-control', turn, '59.892A', [
    content('unsuppliedHexes', '59.632', 'hexes-without-mapboard-supply'),
    content('unsuppliedHexes', '59.632', 'each-once'),
    content('fortificationsEliminated', '59.633', 'fortifications-in-unsupplied-hexes'),
    content('fortificationsEliminated', '59.633', 'among-unsupplied-hexes'),
    content('fortificationsEliminated', '59.633', 'each-once'),
    content('areas', '59.634', 'every-area-with-its-controller'),
    content('areas[].name', '59.634', 'each-once'),
  ]);

/** 56.31D: Italy's navy and infantry at the moment of surrender, for the 56.32 allocation. */
export const italianReportChoices = (turn: GameTurn): ReportChoices<'host.italian-forces-reported'> =>
  report('host.italian-forces-reported', turn, '56.31D', [
    content('navy', '56.31D', 'every-italian-naval-unit-with-status'),
    content('infantry', '56.31C', 'every-italian-infantry-unit-on-board-and-in-pool'),
    content('infantry', '56.31B', 'not-the-airborne-unit'),
    content('navy[].id', '56.31D', 'id-unique'),
    content('infantry[].id', '56.31C', 'id-unique'),
  ]);
