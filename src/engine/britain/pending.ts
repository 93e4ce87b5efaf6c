// The decisions a British surrender waits for, and who makes them.
import type { PendingDecision } from '../pending.js';
import type { GameView } from '../runtime.js';
import { turnName } from '../turns.js';

export function britishPending(view: GameView): PendingDecision[] {
  const b = view.britain;
  const out: PendingDecision[] = [];
  const offer = b.context.offer;
  if (b.matches('offerPending') && offer !== null) {
    out.push({
      decision: 'respond-to-british-offer',
      by: 'germany',
      rule: '59.23',
      description: `Germany must accept or reject the British surrender offer of ${turnName(offer.turn)} at level ${offer.resistanceLevel} (surrender level ${offer.surrenderLevel} if accepted)`,
    });
  }
  const surrender = b.context.surrenders.at(-1)?.surrender;
  if (surrender === undefined) return out;
  if (b.matches({ surrendered: { forces: 'selecting' } })) {
    const r = surrender.requirements;
    out.push({
      decision: 'select-british-force-reductions',
      by: 'britain',
      rule: '59.513A',
      description: `the British player must select ${r.aafFactors} AAF factors, ${r.groundNasBrps} BRPs of ground units or NAS and ${r.navalFactors} naval factors to remove (59.512)`,
    });
  }
  if (b.matches({ surrendered: { terms: 'awaitingHexControl' } })) {
    out.push({
      decision: 'report-british-hex-control',
      by: 'host',
      rule: '59.631',
      description: 'the host must report which British-controlled hexes can trace supply from a mapboard box, and the resulting control (59.631-59.634)',
    });
  }
  if (b.matches({ surrendered: { terms: 'awaitingTerms' } })) {
    out.push({
      decision: 'state-german-terms',
      by: 'germany',
      rule: '59.66',
      description: `Germany must state its terms: up to ${surrender.concessionPoints} concession points of territory, minor countries and indemnity, or return territory (59.65-59.73)`,
    });
  }
  if (b.matches({ surrendered: { farEast: 'awaitingJapan' } })) {
    out.push({
      decision: 'decide-japanese-adherence',
      by: 'japan',
      rule: '59.891C',
      description: 'Japan, at war with Britain but not the U.S., must decide whether to end hostilities with Britain (adhere to the treaty) or fight on',
    });
  }
  return out;
}
