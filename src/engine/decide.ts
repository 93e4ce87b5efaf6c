// decide(view, origin): the events a host report or a player decision produces, or a rejection
// citing the rule. Pure: the same view and origin always give the same answer (replay relies on it).
import {
  definitionOf,
  eventDefinitions,
  isOrigin,
  type DomainEvent,
  type EventDefinition,
  type EventData,
  type OriginEvent,
  type OriginType,
} from '../../events/index.js';
import {
  accept,
  reject,
  rejectContradiction,
  type Decision,
  type OriginDecider,
  type OriginDeciders,
} from './decision.js';
import {
  atomicAttackContradiction,
  declarationContradiction,
  firestormContradiction,
  gameStartContradiction,
  germanFactsContradiction,
} from './contradictions.js';
import { decideAlliedPlayerTurnEnd } from './allied-player-turn.js';
import type { GameView } from './game-view.js';
import { germanyHasSurrendered } from '../../machines/germany.js';
import { italyHasSurrendered } from '../../machines/italy.js';
import { turnIndex, turnName, type GameTurn } from '../rules/turns.js';
import { isAtWarWith, warBetween, type Power } from './wars.js';
import { didYouMean } from '../schema/nearest-name.js';
import { pendingDecisions } from './pending.js';
import { describePending } from './pending-text.js';
import { britishDeciders } from './britain/decide.js';
import { britishWarDeclarationRules } from './britain/war-declarations.js';
import { decideInlineSelection } from './britain/forces.js';
import { italianDeciders } from './italy/decide.js';
import { brpFloorEvents } from './britain/brp-floor.js';

export type { OriginEvent };

/** The commands that correct a game (./corrections/). */
type CorrectionType = 'host.report-corrected' | 'game.decision-withdrawn';

export { isOrigin };

/** Records a host fact that needs no rule decision. */
const record =
  <K extends OriginType>(type: K): OriginDecider<K> =>
  (_view, data) =>
    accept([{ type, data } as DomainEvent]);

const coreDeciders: OriginDeciders<
  | 'host.logged'
  | 'host.city-firestormed'
  | 'host.atomic-attack'
  | 'host.dominion-surrendered'
  | 'host.power-surrendered'
  | 'host.allied-player-turn-ended'
  | 'war.declared'
> = {
  'host.logged': record('host.logged'),
  'host.city-firestormed': (view, data) =>
    firestormContradiction(view, data) ?? accept([{ type: 'host.city-firestormed', data }]),
  'host.atomic-attack': (view, data) =>
    atomicAttackContradiction(view, data) ?? accept([{ type: 'host.atomic-attack', data }]),
  'host.dominion-surrendered': (view, data) =>
    view.world.dominionsSurrendered[data.dominion]
      ? rejectContradiction(
          '59.21',
          'data.dominion',
          `log:world.dominionsSurrendered.${data.dominion}`,
          `${data.dominion} has already surrendered`,
        )
      : accept([{ type: 'host.dominion-surrendered', data }, ...brpFloorEvents(view, data)]),
  'host.power-surrendered': (view, data) =>
    view.world.surrendered[data.power]
      ? rejectContradiction(
          'sequence',
          'data.power',
          `log:world.surrendered.${data.power}`,
          `${data.power} has already surrendered`,
        )
      : accept([{ type: 'host.power-surrendered', data }]),
  'host.allied-player-turn-ended': (view, data) => {
    const index = turnIndex(data.turn);
    if (index <= view.world.alliedTurnEndedAt)
      return reject(
        'out-of-sequence',
        'sequence',
        `the Allied player turn of ${turnName(data.turn)} has already ended`,
      );
    if (index <= view.world.gameTurnEndedAt)
      return reject('out-of-sequence', 'sequence', `${turnName(data.turn)} has already ended`);
    return germanFactsContradiction(view, data) ?? decideAlliedPlayerTurnEnd(view, data);
  },
  'war.declared': decideWarDeclaration,
};

const deciders: Omit<OriginDeciders<OriginType>, 'host.game-started' | CorrectionType> = {
  ...coreDeciders,
  ...britishDeciders,
  ...italianDeciders,
};

/** The types a command may have: host reports and player decisions, what a mistyped one is matched against. */
const ORIGIN_TYPES: readonly string[] = Object.values(eventDefinitions as Record<string, EventDefinition>)
  .filter((d) => d.source === 'host' || d.source === 'player')
  .map((d) => d.type);

export function decide(view: GameView | undefined, origin: OriginEvent): Decision {
  const definition = definitionOf(origin.type);
  if (definition === undefined || (definition.source !== 'host' && definition.source !== 'player')) {
    // A known type of another source (an engine event) is named as it is, with no guess at a command.
    const hint =
      definition === undefined && typeof origin.type === 'string' ? didYouMean(origin.type, ORIGIN_TYPES) : '';
    return reject('malformed', 'schema', `"${origin.type}" is not a host report or a player decision${hint}`);
  }
  const issue = definition.data.firstError(origin.data, 'data');
  if (issue !== null) return reject('malformed', 'schema', `${issue.path}: ${issue.detail}`);

  if (origin.type === 'host.game-started') {
    if (view !== undefined) return reject('game-exists', 'sequence', 'this game has already started');
    return gameStartContradiction(origin.data) ?? accept([origin]);
  }
  if (view === undefined) return reject('no-game', 'sequence', 'no host.game-started event for this game yet');
  // A correction is decided on the game's timeline, which a view alone does not hold (./replay.ts Replayer.decide).
  if (origin.type === 'host.report-corrected' || origin.type === 'game.decision-withdrawn')
    return reject('illegal', 'correction', `${origin.type} is decided on the game's whole timeline, not on its state`);

  const sequence = checkSequence(view, origin.data.turn);
  if (sequence !== null) return sequence;
  return (deciders[origin.type] as (view: GameView, data: unknown) => Decision)(view, origin.data);
}

/**
 * decide for an origin event read from a log. The same, except for a British selection that carries its
 * units inline (logs written before the force pool was reported): those units are its pool, judged as the
 * engine then judged them (docs/log-format.md). A command carrying them is refused by decide.
 */
export function decideStored(view: GameView | undefined, origin: OriginEvent): Decision {
  if (origin.type !== 'britain.forces-selected' || origin.data.units === undefined || view === undefined)
    return decide(view, origin);
  const issue = definitionOf(origin.type)?.data.firstError(origin.data, 'data') ?? null;
  if (issue !== null) return reject('malformed', 'schema', `${issue.path}: ${issue.detail}`);
  return checkSequence(view, origin.data.turn) ?? decideInlineSelection(view, origin.data, origin.data.units);
}

/** Reports run forward in time, and play does not move to a later turn past a pending decision. */
function checkSequence(view: GameView, turn: GameTurn): Decision | null {
  const index = turnIndex(turn);
  if (index < view.world.turnIndex) {
    return reject(
      'out-of-sequence',
      'sequence',
      `${turnName(turn)} is before the current turn, ${turnName(view.world.turn)}`,
    );
  }
  if (index > view.world.turnIndex) {
    const waiting = pendingDecisions(view)[0];
    if (waiting !== undefined)
      return reject(
        'decision-pending',
        waiting.rule,
        `play cannot move on to ${turnName(turn)}: ${describePending(waiting)}`,
      );
  }
  return null;
}

const OUT_OF_PLAY: Partial<Record<Power, string>> = { germany: '55.31', italy: '56.3' };

function hasSurrendered(view: GameView, power: Power): boolean {
  return (
    (power === 'germany' && germanyHasSurrendered(view.germany)) ||
    (power === 'italy' && italyHasSurrendered(view.italy))
  );
}

function decideWarDeclaration(view: GameView, data: EventData<'war.declared'>): Decision {
  const { aggressor, targets } = data;
  // Declarations happen in a player turn; the decisions the end of a turn raised come first.
  const waiting = pendingDecisions(view)[0];
  if (waiting !== undefined)
    return reject('decision-pending', waiting.rule, `no declaration of war before: ${describePending(waiting)}`);
  if (new Set(targets).size !== targets.length)
    return reject('malformed', 'schema', 'data.targets: a power is named twice');
  if (hasSurrendered(view, aggressor))
    return reject(
      'illegal',
      OUT_OF_PLAY[aggressor] ?? 'sequence',
      `${aggressor} has surrendered and cannot declare war`,
    );
  const contradiction = declarationContradiction(view, data);
  if (contradiction !== null) return contradiction;
  for (const target of targets) {
    if (warBetween(aggressor, target) === null)
      return reject('illegal', 'sequence', `${aggressor} cannot declare war on ${target}, a power of its own side`);
    if (isAtWarWith(view.world.wars, aggressor, target))
      return reject('illegal', 'sequence', `${aggressor} is already at war with ${target}`);
    if (hasSurrendered(view, target))
      return reject('illegal', OUT_OF_PLAY[target] ?? 'sequence', `${target} has surrendered`);
  }
  const british = britishWarDeclarationRules(view, data);
  if (!british.ok) return british;
  return accept([{ type: 'war.declared', data }, ...british.events]);
}
