// How Italy's surrender (rule 56) changes the world facts.
import { produce } from '../produce.js';
import { endWarsOf, unchanged, type WorldHandlers } from '../state.js';

export const italianWorld: WorldHandlers<
  | 'italy.surrender-checked'
  | 'italy.surrendered'
  | 'host.italian-forces-reported'
  | 'italy.forces-selected'
  | 'italy.forces-disposed'
> = {
  'italy.surrender-checked': unchanged,
  // 56.22: Italy is out of the war; no Italian unit remains to fight (56.31A, 56.31C, 56.31D). The surrender
  // itself is the Italy machine's.
  'italy.surrendered': (state) => produce(state, (d) => endWarsOf(d, 'italy')),
  'host.italian-forces-reported': unchanged,
  'italy.forces-selected': unchanged,
  'italy.forces-disposed': unchanged,
};
