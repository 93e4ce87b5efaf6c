// The British machine's guards (rule 59): each a small named predicate of the context and the event, unit-tested
// on its own (test/machines/britain.test.ts).
import { turnIndex } from '../src/rules/turns.js';
import { current, type BritainGuardArgs } from './britain-context.js';

/** 59.12: the machine starts at war when Britain is at war with Germany as the log starts. */
export const startsAtWar = ({ context }: BritainGuardArgs): boolean => context.atWarAtStart;

/** 59.23: the offer is answered at the end of the turn it was made in. */
export const answeredInOfferTurn = ({ context, event }: BritainGuardArgs): boolean =>
  (event.type === 'britain.offer-accepted' || event.type === 'britain.offer-rejected') &&
  context.offer !== null &&
  turnIndex(event.data.turn) === turnIndex(context.offer.turn);

/** 59.23: at -10 or lower Germany must accept: the surrender follows the offer with no answer; none may reject it. */
export const acceptanceForced = ({ context }: BritainGuardArgs): boolean => context.offer?.germanyMustAccept === true;

/** 59.511: a "0" surrender removes nothing. */
export const noForceReduction = ({ context }: BritainGuardArgs): boolean => {
  const r = current(context)?.requirements;
  return r === undefined || (r.aafFactors === 0 && r.groundNasBrps === 0 && r.navalFactors === 0);
};

/**
 * 59.513A, read from a log written before the pool was reported: the selection carries its pool inline and is
 * taken at any step of the reductions (docs/log-format.md). A command carrying it is refused before the machine.
 */
export const selectionCarriesItsPool = ({ event }: BritainGuardArgs): boolean =>
  event.type === 'britain.forces-selected' && event.data.units !== undefined;

/** 59.62: negotiations only when the U.S. was not at war with Germany. */
export const negotiatesPeace = ({ context }: BritainGuardArgs): boolean => current(context)?.outcome === 'peace';

/** 59.891C: Japan chooses at the moment of surrender. */
export const japanChooses = ({ context }: BritainGuardArgs): boolean => current(context)?.farEast === 'japan-chooses';

/** 59.61 and 59.85: the war goes on. */
export const warContinues = ({ context }: BritainGuardArgs): boolean => current(context)?.outcome === 'war-continues';

/** 59.892A: Japan adheres to the treaty, so the Far East hex control is determined first. */
export const japanAdheres = ({ event }: BritainGuardArgs): boolean =>
  event.type === 'japan.treaty-decided' && event.data.adheres;

/** 59.894: Japan does not adhere: the war in the Far East goes on, settled at once. */
export const japanDeclines = ({ event }: BritainGuardArgs): boolean =>
  event.type === 'japan.treaty-decided' && !event.data.adheres;

/** A declaration of war between Germany and Britain before any surrender. */
export const germanBritishWarDeclared = ({ event }: BritainGuardArgs): boolean =>
  event.type === 'war.declared' &&
  ((event.data.aggressor === 'germany' && event.data.targets.includes('britain')) ||
    (event.data.aggressor === 'britain' && event.data.targets.includes('germany')));

export const britainGuards = {
  startsAtWar,
  answeredInOfferTurn,
  acceptanceForced,
  noForceReduction,
  selectionCarriesItsPool,
  negotiatesPeace,
  japanChooses,
  warContinues,
  japanAdheres,
  japanDeclines,
  germanBritishWarDeclared,
};
