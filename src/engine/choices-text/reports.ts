// The words of a report's contents (src/engine/choices/reports.ts): what each requirement code asks of the host.
import type { ReportContent, ReportRequirement } from '../choices/reports.js';

const WORDS: Readonly<Record<ReportRequirement, string>> = {
  'turn-of-the-decision': 'the turn of the decision',
  'every-unit-of-the-force-pool-and-royal-navy': 'every unit of the British force pool and Royal Navy',
  'ground-units-eligible-or-not': 'every ground unit, whether it may be removed or not',
  'air-units-eligible-or-not': 'every air unit, whether it may be removed or not',
  'naval-units-with-type-and-status': 'every naval unit with its type and status',
  'id-unique': 'a different id for each unit',
  'not-removed-in-an-earlier-surrender': 'no unit removed at an earlier surrender',
  'country-of-each-minor-unit': 'the country of each minor-country unit',
  'hexes-without-mapboard-supply': 'the British hexes that cannot trace supply from a mapboard box',
  'each-once': 'each named once',
  'fortifications-in-unsupplied-hexes': 'the fortifications and fortresses in those hexes',
  'among-unsupplied-hexes': 'only hexes named as unsupplied',
  'every-concession-table-territory': 'the control of every territory of the British Concession Table',
  'every-minor-country-with-brps-and-status':
    'every British minor ally, associated minor country and conquest, with its BRPs and status',
  'territories-originally-british':
    'the territories British at the start or gained other than by an Axis declaration of war',
  'axis-control-of-key-economic-areas': 'whether the Axis controls London, Birmingham, Manchester and all of Scotland',
  'every-area-with-its-controller': 'every Far East area and the side that controls it',
  'every-italian-naval-unit-with-status': 'every Italian naval unit with its status',
  'every-italian-infantry-unit-on-board-and-in-pool': 'every Italian infantry unit, on the board or in the force pool',
  'not-the-airborne-unit': 'not the Folgore airborne unit',
};

/** "the turn of the decision (59.513)", one line per requirement. */
export const reportLines = (contents: readonly ReportContent[]): string[] =>
  contents.map((c) => `${WORDS[c.requirement]} (${c.rule})`);
