// `awaw-surrender british-resistance FILE|-`: rule 59.2, the British Resistance Table (docs/cli.md).
import type { BritishResistanceInput } from '../rules/british-resistance.js';
import { britishResistanceCalculator, type BritishResistanceOutput } from '../rules/calculators.js';
import type { CalculatorSpec } from './calculator.js';
import type { CommandHelp } from './help-types.js';
import { optionForm } from './ruling-options.js';
import { signed } from '../rules/lines.js';
import { renderTable } from './table.js';

export const britishResistanceHelp: CommandHelp = {
  name: 'british-resistance',
  summary: britishResistanceCalculator.summary,
  usage: 'awaw-surrender british-resistance [--json] [--option NAME=VALUE] FILE|-',
  fields: [
    'scenario: "european" | "global"',
    'turn: { year: int, season: "spring" | "summer" | "fall" | "winter" }',
    'britishDpLevel: int, as though a YSS were taking place (59.22A)',
    'axisControlsMalta: boolean, atomic markers count as Axis control (59.22B)',
    'axisControlsSingapore: boolean; european scenario: treated as true from Winter 1941 on (59.22B)',
    'australiaSurrendered: boolean',
    'indiaSurrendered: boolean',
    'atomicAttacksOnBritain: count, attacks so far',
    'britishCitiesFirestormed: count, so far',
    'oilEffectsOnBritain: count 0..4, those not offset (59.22C)',
    'atlanticSwTransports: count, Western Allied transports in the Atlantic SW box (59.22D)',
    'russianGroundUnitInEasternEurope: boolean',
    'unbuiltBritishGroundAirFactors: count (59.22E)',
    'atWarWithEuropeanAxis: { us: boolean, russia: boolean, france: ' +
      'boolean }, also "at war with Germany" for 59.22F and the USAT rows',
    'italyAtWarWithBritain: boolean',
    'usatLevel: count',
    'westernAlliedGroundAirFactorsOnWesternFront: count, units in the U.S. box excluded',
    'westernAlliedGroundUnitInGermany: boolean',
    'russianGroundUnitInWesternPolandOrRumania: boolean',
    'concessionPointsForgone: count, returned or not taken at the most recent surrender (59.75A)',
    'previousSurrenderLevel: int, optional: the level of the most recent surrender while 59.87 restricts a further one',
    'naval: [{ side: "allied" | "axis", nationality: "british" | "commonwealth" | "french" | "american" | ' +
      '"russian" | "german" | "italian" | "other", type: "battleship" | "battlecruiser" | "carrier" | "cruiser" ' +
      '| "destroyer" | "submarine" | "asw" | "transport", factors: count, location: "map" | "atlantic-sw" | ' +
      '"indian-ocean-sw" | "us-atlantic" | "south-africa" | "pacific" | "other", status: "operational" | ' +
      '"damaged" | "launch" | "row-2" | "row-3-plus" | "sunk" }], the ships for the naval force ratio (59.22F)',
    `--option ${optionForm('usat30to39WhenUsAtWar')}: 59.21, does the USAT 30-39 row count while the U.S. is at ` +
      `war with Germany (docs/rulings.md)`,
    '--json: print {level, offersSurrender, germanyMustAccept, ' +
      'surrenderLevelIfAccepted, naval, lines} instead of the table',
  ],
  example: `awaw-surrender british-resistance --option usat30to39WhenUsAtWar=ignored - <<'EOF'
{"scenario":"european","turn":{"year":1942,"season":"summer"},"britishDpLevel":1,
 "axisControlsMalta":false,"axisControlsSingapore":false,
 "australiaSurrendered":false,"indiaSurrendered":false,
 "atomicAttacksOnBritain":0,"britishCitiesFirestormed":0,"oilEffectsOnBritain":0,
 "atlanticSwTransports":4,"russianGroundUnitInEasternEurope":true,
 "unbuiltBritishGroundAirFactors":10,
 "atWarWithEuropeanAxis":{"us":true,"russia":true,"france":false},
 "italyAtWarWithBritain":true,"usatLevel":35,
 "westernAlliedGroundAirFactorsOnWesternFront":0,"westernAlliedGroundUnitInGermany":false,
 "russianGroundUnitInWesternPolandOrRumania":false,"concessionPointsForgone":0,
 "naval":[
  {"side":"allied","nationality":"british","type":"battleship","factors":9,
   "location":"map","status":"operational"},
  {"side":"axis","nationality":"german","type":"battleship","factors":6,
   "location":"map","status":"operational"}]}
EOF`,
};

export const britishResistanceCommand: CalculatorSpec<BritishResistanceInput, BritishResistanceOutput> = {
  ...britishResistanceCalculator,
  help: britishResistanceHelp,
  render(result, input) {
    const table = renderTable(
      ['rule', 'line', 'value', 'detail'],
      result.lines.map((l) => [l.rule, l.key, signed(l.value), l.detail]),
    );
    const previous = input.previousSurrenderLevel;
    const offer = result.offersSurrender
      ? previous === undefined
        ? 'Britain offers to surrender (59.12/59.21: level zero or less)'
        : `Britain offers to surrender (59.12/59.21, 59.87: level zero or less and below the previous surrender ` +
          `level ${signed(previous)})`
      : result.level > 0
        ? 'Britain does not offer to surrender (59.12/59.21: level above zero)'
        : `Britain does not offer to surrender (59.87: level not below the previous surrender level ` +
          `${signed(previous ?? 0)})`;
    const accept = result.germanyMustAccept
      ? 'Germany must accept the offer (59.23: level -10 or lower)'
      : result.offersSurrender
        ? 'Germany may accept or decline the offer (59.23: level above -10)'
        : 'Germany has no offer to answer (59.23)';
    const naval = result.naval;
    return [
      table,
      '',
      `British resistance level: ${signed(result.level)}`,
      offer,
      accept,
      `British surrender level if accepted (59.41, never below -10): ${signed(result.surrenderLevelIfAccepted)}`,
      `Naval force ratio (59.22F): Allied ${naval.alliedFactors} vs Axis ${naval.axisFactors} factors: ` +
        `${signed(naval.modifier)}`,
    ].join('\n');
  },
};
