// Each power's phase, as a machine holds it (machines/), in words with its rule, for the `replay` summary and the
// report. The summary's data keeps the machine's own state names (`replay --json`); only people read these.
import { OUTCOME } from './britain.js';
const GERMANY: Readonly<Record<string, string>> = {
  atWar: 'at war',
  surrendered: 'has surrendered (55.2)',
};

const BRITAIN: Readonly<Record<string, string>> = {
  start: 'not yet in the game',
  notAtWar: 'not at war with Germany',
  atWar: 'at war',
  offerPending: 'has offered to surrender: Germany decides (59.23)',
  offerAccepted: 'its surrender offer was accepted (59.23)',
  atPeace: 'at peace with Germany (59.62)',
  surrendered: 'has surrendered (59.41)',
  'forces.deciding': 'force reductions being decided (59.51)',
  'forces.awaitingPool': 'the host reports the British force pool (59.513)',
  'forces.waitingForTerms': 'force reductions wait for the peace terms (59.513)',
  'forces.selecting': 'the British player selects the units to remove (59.513A)',
  'forces.reducing': 'forces being reduced (59.51)',
  'forces.done': 'force reductions made (59.51)',
  'terms.deciding': 'peace terms being decided (59.62)',
  'terms.awaitingHexControl': 'the host reports hex control (59.631)',
  'terms.awaitingTerms': 'Germany states its terms (59.66)',
  'terms.done': 'peace terms settled (59.68)',
  'farEast.deciding': 'the Far East being decided (59.891)',
  'farEast.awaitingJapan': 'the Japanese player decides whether Japan adheres to the treaty (59.891C)',
  'farEast.japanDeclined': 'Japan declined the treaty (59.894)',
  'farEast.awaitingFarEastHexControl': 'the host reports Far East hex control (59.892A)',
  'farEast.settling': 'the Far East being settled (59.892)',
  'farEast.done': 'the Far East settled (59.89)',
};

const ITALY: Readonly<Record<string, string>> = {
  start: 'not yet in the game',
  neverAtWar: 'never at war',
  atWar: 'at war',
  notAtWar: 'at war with no one now',
  surrendered: 'has surrendered (56.2)',
  'surrendered.awaitingForces': "has surrendered: the host reports Italy's forces (56.31D)",
  'surrendered.routing': 'has surrendered: its forces being allotted (56.31)',
  'surrendered.axisSelecting': 'has surrendered: the Axis player selects its forces (56.311)',
  'surrendered.alliedSelecting': 'has surrendered: the Allied player selects its forces (56.311)',
  'surrendered.disposing': 'has surrendered: its forces being disposed of (56.32)',
  done: 'has surrendered (56.2)',
};

export const PHASE_WORDS = { germany: GERMANY, britain: BRITAIN, italy: ITALY } as const;

/**
 * A phase in words. `stateName` text (`surrendered.forces.selecting + terms.done + farEast.done`,
 * src/engine/summary.ts) is read
 * region by region; a name this build has no words for (a newer machine) is shown as it is.
 */
export function phaseWords(power: keyof typeof PHASE_WORDS, state: string): string {
  const words = PHASE_WORDS[power];
  if (Object.hasOwn(words, state)) return words[state] ?? state;
  const regions = state.startsWith('surrendered.') ? state.slice('surrendered.'.length).split(' + ') : null;
  if (power !== 'britain' || regions === null) return state;
  // Britain's surrender runs three regions at once (machines/britain.ts): each one that still awaits something.
  const open = regions.filter((r) => !r.endsWith('.done')).map((r) => words[r] ?? r);
  return `${words['surrendered']}${open.length === 0 ? '' : `: ${open.join('; ')}`}`;
}

/** A British surrender's outcome as the summary's data names it (`war-continues`), in words with its rule. */
export const outcomeWords = (outcome: string): string => (isOutcome(outcome) ? OUTCOME[outcome].short : outcome);

const isOutcome = (name: string): name is keyof typeof OUTCOME => Object.hasOwn(OUTCOME, name);
