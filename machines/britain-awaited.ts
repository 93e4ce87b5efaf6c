// The decisions the British machine's states await (rule 59), each declared in its state's meta (machines/awaited.ts).
import { awaitedIn } from './awaited.js';
import type { BritainContext, BritainEventType } from './britain-context.js';

const awaited = awaitedIn<BritainEventType, BritainContext>();

/** 59.23: Germany answers the offer in its turn; a forced one (-10 or lower) only by accepting it. */
export const germanyAnswersOffer = awaited({
  decision: 'respond-to-british-offer',
  by: 'germany',
  rule: '59.23',
  commands: ['britain.offer-accepted', 'britain.offer-rejected'],
  answer: (context) => ({ turn: context.offer?.turn }),
});

/** 59.513: the host reports the force pool the reductions come from. */
export const hostReportsForcePool = awaited({
  decision: 'report-british-force-pool',
  by: 'host',
  rule: '59.513',
  commands: ['host.british-force-pool'],
});

/** 59.513A: the British player selects, by id from the reported pool, the units to remove. */
export const britainSelectsReductions = awaited({
  decision: 'select-british-force-reductions',
  by: 'britain',
  rule: '59.513A',
  commands: ['britain.forces-selected'],
});

/** 59.631: the host reports the hex control after a peace. */
export const hostReportsHexControl = awaited({
  decision: 'report-british-hex-control',
  by: 'host',
  rule: '59.631',
  commands: ['host.british-hex-control'],
});

/** 59.66: Germany states its terms. */
export const germanyStatesTerms = awaited({
  decision: 'state-german-terms',
  by: 'germany',
  rule: '59.66',
  commands: ['britain.terms-demanded'],
});

/** 59.891C: Japan adheres to the treaty or fights on (either answer is taken: the one asked is adhering). */
export const japanDecidesAdherence = awaited({
  decision: 'decide-japanese-adherence',
  by: 'japan',
  rule: '59.891C',
  commands: ['japan.treaty-decided'],
  answer: () => ({ adheres: true }),
});

/** 59.892A: Japan adhered; the host reports the Far East hex control. */
export const hostReportsFarEastHexControl = awaited({
  decision: 'report-far-east-hex-control',
  by: 'host',
  rule: '59.892A',
  commands: ['host.far-east-hex-control'],
});

/** Every decision the British machine awaits. */
export type BritainAwaited =
  | typeof germanyAnswersOffer
  | typeof hostReportsForcePool
  | typeof britainSelectsReductions
  | typeof hostReportsHexControl
  | typeof germanyStatesTerms
  | typeof japanDecidesAdherence
  | typeof hostReportsFarEastHexControl;
