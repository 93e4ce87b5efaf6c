// The end of an Allied player turn: when Germany (55.11) and Italy (56.11) may surrender, and when
// the war in Europe ends (55.21, 56.21). Composed here because each surrender changes the other's effects.
// Both checks read the same end of turn, so both surrenders can happen together: both stand, the war in
// Europe ends, and Italy takes no German conquests (docs/rulings.md).
import type { DomainEvent, EventData } from '../../events/index.js';
import { germanyHasSurrendered } from '../../machines/germany.js';
import { italyHasSurrendered, italyNeverAtWar } from '../../machines/italy.js';
import { germanSurrender } from '../rules/german-resistance.js';
import { italianSurrender } from '../rules/italian-surrender.js';
import { germanInputs, germanSurrenderCheck, type ItalyAtGermanSurrender } from './germany/surrender.js';
import {
  italianCheckDue,
  italianInputs,
  italianSurrenderCheck,
  type GermanyAtItalianSurrender,
} from './italy/surrender.js';
import { reject, accept, type Decision } from './decision.js';
import type { GameView } from './game-view.js';
import { turnName } from '../rules/turns.js';

export function decideAlliedPlayerTurnEnd(
  view: GameView,
  origin: EventData<'host.allied-player-turn-ended'>,
): Decision {
  const { world: state } = view;
  const events: DomainEvent[] = [{ type: 'host.allied-player-turn-ended', data: origin }];
  if (state.europeWarEnded !== null) return accept(events); // nothing left to surrender in Europe

  // Facts are required for every check that runs; facts for a check that does not run are ignored.
  const germanFacts = germanyHasSurrendered(view.germany) ? undefined : origin.germany;
  if (germanFacts === null) {
    return reject(
      'malformed',
      '55.11',
      `Germany fights on: the German facts (data.germany) are required at the end of every Allied player turn ` +
        `(${turnName(origin.turn)})`,
    );
  }
  const italianFacts = italianCheckDue(view) ? origin.italy : undefined;
  if (italianFacts === null) {
    return reject(
      'malformed',
      '56.11',
      `Italy is at war and has not surrendered: the Italian facts (data.italy) are required at the end of every ` +
        `Allied player turn (${turnName(origin.turn)})`,
    );
  }

  // Whether each surrenders at the end of this turn, before either's effects are written (each depends on the other).
  const germanySurrendersNow =
    germanFacts !== undefined && germanSurrender(germanInputs(view, germanFacts)).reason !== null;
  const italySurrendersNow =
    italianFacts !== undefined && italianSurrender(italianInputs(view, italianFacts)).surrenders;

  const italy: ItalyAtGermanSurrender = italyHasSurrendered(view.italy)
    ? 'surrendered-earlier'
    : italyNeverAtWar(view.italy)
      ? 'never-at-war'
      : italySurrendersNow
        ? 'surrenders-same-turn'
        : 'fights-on';
  const germany: GermanyAtItalianSurrender = germanyHasSurrendered(view.germany)
    ? 'surrendered-earlier'
    : germanySurrendersNow
      ? 'surrenders-same-turn'
      : 'fights-on';

  if (germanFacts !== undefined) events.push(...germanSurrenderCheck(view, origin.turn, germanFacts, italy));
  // 56.13: the German surrender above never makes Italy surrender; the check stands on Italy's own facts.
  if (italianFacts !== undefined) events.push(...italianSurrenderCheck(view, origin.turn, italianFacts, germany));

  const ended = warInEuropeEnds(germanySurrendersNow, italySurrendersNow, italy, germany);
  if (ended !== null) events.push({ type: 'europe.war-ended', data: { turn: origin.turn, ...ended } });
  return accept(events);
}

/**
 * 55.21: Germany's surrender ends the war in Europe if Italy has already surrendered or never went to war.
 * 56.21: Italy's surrender ends it if Germany has already surrendered. Both in the same turn: 56.21, as
 * Italy's surrender is recorded after Germany's.
 */
function warInEuropeEnds(
  germanySurrendersNow: boolean,
  italySurrendersNow: boolean,
  italy: ItalyAtGermanSurrender,
  germany: GermanyAtItalianSurrender,
): Pick<EventData<'europe.war-ended'>, 'rule' | 'reason'> | null {
  if (germanySurrendersNow && italySurrendersNow) {
    return { rule: '56.21', reason: 'same-turn' };
  }
  if (germanySurrendersNow && italy === 'surrendered-earlier') return { rule: '55.21', reason: 'germany-after-italy' };
  if (germanySurrendersNow && italy === 'never-at-war') return { rule: '55.21', reason: 'germany-italy-never-at-war' };
  if (italySurrendersNow && germany === 'surrendered-earlier') return { rule: '56.21', reason: 'italy-after-germany' };
  return null;
}
