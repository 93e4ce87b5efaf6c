// The turns and histories the engine tests of rule 59 share: a Sea Lion surrender in Summer 1941, everything
// eligible at -4 (59.513E), and a peace at -1 awaiting the British selection.
import { turn } from './fixtures.js';
import { accept, demand, gameTurnEnded, hexControl, reportPool, seaLionStart } from './british-fixtures.js';

export const su41 = turn('summer', 1941);
/** At -4 the pool holds less than each requirement, so everything eligible goes (59.513E). */
export const ALL_ELIGIBLE = [
  'aaf-1',
  'aaf-2',
  'aaf-3',
  'aaf-4',
  'arm-1',
  'inf-1',
  'inf-2',
  'inf-3',
  'nas-1',
  'bb-1',
  'bb-2',
  'ca-1',
  'ca-2',
  'cv-1',
];
export const fa41 = turn('fall', 1941);
export const wi41 = turn('winter', 1941);
/** A peace at -1: the pool reported and the (conciliatory) terms imposed, so the selection is awaited (59.514E). */
export const toSelection = () => [
  seaLionStart(),
  gameTurnEnded(su41, { britishDpLevel: -1 }),
  accept(su41),
  reportPool(su41),
  hexControl(su41),
  demand(su41, {}),
];
