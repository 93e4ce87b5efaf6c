// The decisions a British surrender waits for, and who makes them.
import type { PendingDecision } from '../pending-decision.js';
import type { GameView } from '../game-view.js';
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
      commands: ['britain.offer-accepted', 'britain.offer-rejected'],
      description: `Germany must accept or reject the British surrender offer of ${turnName(offer.turn)} at level ${offer.resistanceLevel} (surrender level ${offer.surrenderLevel} if accepted)`,
    });
  }
  const surrender = b.context.surrenders.at(-1)?.surrender;
  if (surrender === undefined) return out;
  const r = surrender.requirements;
  if (b.matches({ surrendered: { forces: 'awaitingPool' } })) {
    out.push({
      decision: 'report-british-force-pool',
      by: 'host',
      rule: '59.513',
      commands: ['host.british-force-pool'],
      description: `the host must report the British force pool and Royal Navy (every unit with its id, kind, factors, BRPs, theater; a minor-country unit with its country) from which ${r.aafFactors} AAF factors, ${r.groundNasBrps} BRPs of ground units or NAS and ${r.navalFactors} naval factors are removed (59.512, 59.513B-D)`,
    });
  }
  if (b.matches({ surrendered: { forces: 'selecting' } })) {
    out.push({
      decision: 'select-british-force-reductions',
      by: 'britain',
      rule: '59.513A',
      commands: ['britain.forces-selected'],
      description: `the British player must select, by id from the reported force pool, ${r.aafFactors} AAF factors, ${r.groundNasBrps} BRPs of ground units or NAS and ${r.navalFactors} naval factors to remove (59.512; less where the pool holds less, 59.513E)`,
    });
  }
  if (b.matches({ surrendered: { terms: 'awaitingHexControl' } })) {
    out.push({
      decision: 'report-british-hex-control',
      by: 'host',
      rule: '59.631',
      commands: ['host.british-hex-control'],
      description: 'the host must report which British-controlled hexes can trace supply from a mapboard box, and the resulting control (59.631-59.634)',
    });
  }
  if (b.matches({ surrendered: { terms: 'awaitingTerms' } })) {
    out.push({
      decision: 'state-german-terms',
      by: 'germany',
      rule: '59.66',
      commands: ['britain.terms-demanded'],
      description: `Germany must state its terms: up to ${surrender.concessionPoints} concession points of territory, minor countries and indemnity, or return territory (59.65-59.73)`,
    });
  }
  if (b.matches({ surrendered: { farEast: 'awaitingJapan' } })) {
    out.push({
      decision: 'decide-japanese-adherence',
      by: 'japan',
      rule: '59.891C',
      commands: ['japan.treaty-decided'],
      description: 'Japan, at war with Britain but not the U.S., must decide whether to end hostilities with Britain (adhere to the treaty) or fight on',
    });
  }
  if (b.matches({ surrendered: { farEast: 'awaitingFarEastHexControl' } })) {
    out.push({
      decision: 'report-far-east-hex-control',
      by: 'host',
      rule: '59.892A',
      commands: ['host.far-east-hex-control'],
      description: 'Japan adheres to the treaty: the host must report the Far East hex control determined by 59.63 (British hexes that cannot trace supply from a mapboard box, fortifications in them, and who controls each area)',
    });
  }
  return out;
}
