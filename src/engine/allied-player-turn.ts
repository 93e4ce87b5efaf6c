// The end of an Allied player turn: when Germany (55.11) and Italy (56.11) may surrender, and when
// the war in Europe ends (55.21, 56.21). Composed here because each surrender changes the other's effects.
import type { DomainEvent, EventData } from '../../events/index.js';
import { germanSurrenderCheck } from './germany.js';
import { reject, accept, type Decision } from './decision.js';
import type { GameView } from './runtime.js';
import { turnName } from './turns.js';

export function decideAlliedPlayerTurnEnd(view: GameView, origin: EventData<'host.allied-player-turn-ended'>): Decision {
  const { state } = view;
  const events: DomainEvent[] = [{ type: 'host.allied-player-turn-ended', data: origin }];
  if (state.europeWarEnded !== null) return accept(events); // nothing left to surrender in Europe

  const italyOut = { surrendered: state.italy.surrendered, neverAtWar: !state.italy.everAtWar };
  let germanySurrenders = false;
  if (view.germany.value === 'atWar') {
    if (origin.germany === null) {
      return reject('malformed', '55.11', `Germany fights on: the German facts (data.germany) are required at the end of every Allied player turn (${turnName(origin.turn)})`);
    }
    const german = germanSurrenderCheck(view, origin.turn, origin.germany, italyOut);
    germanySurrenders = german.some((e) => e.type === 'germany.surrendered');
    events.push(...german);
  }
  if (germanySurrenders && (italyOut.surrendered || italyOut.neverAtWar)) {
    events.push({
      type: 'europe.war-ended',
      data: {
        turn: origin.turn,
        rule: '55.21',
        reason: italyOut.surrendered ? 'Germany surrendered after Italy' : 'Germany surrendered and Italy never went to war with the Allies',
      },
    });
  }
  return accept(events);
}
