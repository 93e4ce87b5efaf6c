// The concessions input of a typical 1941 surrender, shared by the rule 59.6/59.7 tests.
import type { TerritoryKey } from '../../src/rules/british-concession-table.js';
import type { ConcessionsInput, TerritoryControl } from '../../src/rules/concessions.js';
import { territories1941 as exampleTerritories1941 } from '../../src/examples/british-reports.js';

type Demand = ConcessionsInput['demand'];
export type ConcessionsOverrides = Partial<Omit<ConcessionsInput, 'demand' | 'territories'>> & {
  territories?: Partial<Record<TerritoryKey, TerritoryControl>>;
  demand?: Partial<Demand>;
};

/** Priority 1 in Axis hands, Ireland independent, the rest British. */
export const territories1941: Readonly<Record<TerritoryKey, TerritoryControl>> = exampleTerritories1941({
  'lebanon-syria': 'axis',
  tunisia: 'axis',
  algeria: 'axis',
  morocco: 'axis',
});

/** A -3 surrender with the 1941 control map and an empty demand, changed by `over`. */
export function concessionsInput(over: ConcessionsOverrides = {}): ConcessionsInput {
  return {
    surrenderLevel: -3,
    usAtWarWithGermany: false,
    minors: [],
    originallyBritish: [],
    returnedInEarlierSurrender: [],
    axisControls: { london: false, birmingham: false, manchester: false, allOfScotland: false },
    ...over,
    territories: { ...territories1941, ...over.territories },
    demand: { take: [], minors: [], indemnityBrps: 0, return: [], ...over.demand },
  };
}
