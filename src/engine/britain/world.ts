// How Britain's surrender (rule 59) changes the world facts: turns, and who is at war.
import { produce } from '../produce.js';
import { turnReached, unchanged, type WorldHandlers } from '../state.js';
import { turnIndex } from '../../rules/turns.js';
import { warKey } from '../wars.js';
import type { BritainEventType } from '../../../machines/britain.js';

/** Every event of the British machine but war.declared (the core's), the end of the game turn and 59.81's floor. */
export const britishWorld: WorldHandlers<
  Exclude<BritainEventType, 'war.declared'> | 'host.game-turn-ended' | 'britain.brp-floor-lowered'
> = {
  // Once per turn and game, hot in a replay: a spread, not immer (docs/performance.md).
  'host.game-turn-ended': (state, event) => ({
    ...state,
    ...turnReached(state, event.data.turn),
    gameTurnEndedAt: turnIndex(event.data.turn),
  }),
  'britain.resistance-determined': unchanged,
  'britain.surrender-offered': unchanged,
  'britain.offer-accepted': unchanged,
  'britain.offer-rejected': unchanged,
  'britain.surrendered': (state, event) => {
    switch (event.data.outcome) {
      case 'war-continues': // 59.61, 59.85
        return state;
      case 'peace': // 59.62: a peace treaty between Britain and the Axis
        return produce(state, (d) => {
          delete d.wars[warKey('germany', 'britain')];
          delete d.wars[warKey('italy', 'britain')];
        });
      case 'war-ends-62.91': // 59.14B/59.85: neither the U.S. nor Britain fights on in Europe
        return produce(state, (d) => {
          for (const key of [
            warKey('germany', 'britain'),
            warKey('italy', 'britain'),
            warKey('germany', 'us'),
            warKey('italy', 'us'),
          ])
            delete d.wars[key];
        });
    }
  },
  'host.british-force-pool': unchanged,
  'britain.forces-selected': unchanged,
  'britain.forces-reduced': unchanged,
  'host.british-hex-control': unchanged,
  'britain.terms-demanded': unchanged,
  'britain.terms-imposed': unchanged,
  'japan.treaty-decided': unchanged,
  'host.far-east-hex-control': unchanged,
  // 59.892: Japan ends hostilities with Britain.
  'britain.far-east-settled': (state, event) =>
    event.data.japanAdheres ? produce(state, (d) => void delete d.wars[warKey('japan', 'britain')]) : state,
  // 59.86B, 59.86C: Britain is at war with Germany again.
  'britain.war-resumed': (state) =>
    produce(state, (d) => {
      d.wars[warKey('germany', 'britain')] = true;
    }),
  'britain.brp-floor-lowered': unchanged,
};
