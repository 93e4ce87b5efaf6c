// decide(view, origin): the events a host report or a player decision produces, or a rejection
// citing the rule. Pure: the same view and origin always give the same answer (replay relies on it).
import { definitionOf, type DomainEvent, type EventData } from '../../events/index.js';
import { accept, reject, type Decision } from './decision.js';
import { decideAlliedPlayerTurnEnd } from './allied-player-turn.js';
import type { GameView } from './runtime.js';
import { turnIndex, turnName, type GameTurn } from './turns.js';
import { isAtWarWith, warBetween, type Power } from './wars.js';
import { pendingDecisions } from './pending.js';

/** The events a command starts with: host facts and player decisions. Engine events follow from them. */
export type OriginEvent = Extract<DomainEvent, { type: `host.${string}` | `war.${string}` }>;

export const isOrigin = (event: { type: string }): boolean => definitionOf(event.type)?.source !== 'engine';

export function decide(view: GameView | undefined, origin: OriginEvent): Decision {
  const definition = definitionOf(origin.type);
  if (definition === undefined || definition.source === 'engine') {
    return reject('malformed', 'schema', `"${origin.type}" is not a host report or a player decision`);
  }
  const issue = definition.data.firstError(origin.data, 'data');
  if (issue !== null) return reject('malformed', 'schema', `${issue.path}: ${issue.detail}`);

  if (origin.type === 'host.game-started') {
    return view === undefined ? accept([origin]) : reject('game-exists', 'sequence', 'this game has already started');
  }
  if (view === undefined) return reject('no-game', 'sequence', 'no host.game-started event for this game yet');

  const sequence = checkSequence(view, origin.data.turn);
  if (sequence !== null) return sequence;

  switch (origin.type) {
    case 'host.logged':
    case 'host.city-firestormed':
    case 'host.atomic-attack':
      return accept([origin]);
    case 'host.dominion-surrendered':
      return view.state.dominionsSurrendered[origin.data.dominion]
        ? reject('illegal', '59.21', `${origin.data.dominion} has already surrendered`)
        : accept([origin]);
    case 'host.power-surrendered':
      return view.state.surrendered[origin.data.power]
        ? reject('illegal', 'sequence', `${origin.data.power} has already surrendered`)
        : accept([origin]);
    case 'host.allied-player-turn-ended': {
      const index = turnIndex(origin.data.turn);
      if (index <= view.state.alliedTurnEndedAt) {
        return reject('out-of-sequence', 'sequence', `the Allied player turn of ${turnName(origin.data.turn)} has already ended`);
      }
      if (index <= view.state.gameTurnEndedAt) {
        return reject('out-of-sequence', 'sequence', `${turnName(origin.data.turn)} has already ended`);
      }
      return decideAlliedPlayerTurnEnd(view, origin.data);
    }
    case 'war.declared':
      return decideWarDeclaration(view, origin.data);
  }
}

/** Reports run forward in time, and play does not move to a later turn past a pending decision. */
function checkSequence(view: GameView, turn: GameTurn): Decision | null {
  const index = turnIndex(turn);
  if (index < view.state.turnIndex) {
    return reject('out-of-sequence', 'sequence', `${turnName(turn)} is before the current turn, ${turnName(view.state.turn)}`);
  }
  if (index > view.state.turnIndex) {
    const waiting = pendingDecisions(view).find((p) => p.by !== 'host');
    if (waiting !== undefined) {
      return reject('decision-pending', waiting.rule, `play cannot move on to ${turnName(turn)}: ${waiting.description}`);
    }
  }
  return null;
}

const OUT_OF_PLAY: Partial<Record<Power, string>> = { germany: '55.31', italy: '56.3' };

function decideWarDeclaration(view: GameView, data: EventData<'war.declared'>): Decision {
  const { state } = view;
  const { aggressor, targets } = data;
  if (new Set(targets).size !== targets.length) return reject('malformed', 'schema', 'data.targets: a power is named twice');
  const outRule = OUT_OF_PLAY[aggressor];
  if ((aggressor === 'germany' && state.germanySurrendered) || (aggressor === 'italy' && state.italy.surrendered)) {
    return reject('illegal', outRule ?? 'sequence', `${aggressor} has surrendered and cannot declare war`);
  }
  for (const target of targets) {
    if (warBetween(aggressor, target) === null) return reject('illegal', 'sequence', `${aggressor} cannot declare war on ${target}, a power of its own side`);
    if (isAtWarWith(state.wars, aggressor, target)) return reject('illegal', 'sequence', `${aggressor} is already at war with ${target}`);
    const targetRule = OUT_OF_PLAY[target];
    if ((target === 'germany' && state.germanySurrendered) || (target === 'italy' && state.italy.surrendered)) {
      return reject('illegal', targetRule ?? 'sequence', `${target} has surrendered`);
    }
  }
  return accept([{ type: 'war.declared', data }]);
}
