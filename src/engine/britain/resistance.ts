// 59.11, 59.21 and 59.87 in the engine: the British resistance level at the end of each game turn,
// with every input the engine can count taken from the log, and whether Britain offers to surrender.
import type { DomainEvent, EventData } from '../../../events/index.js';
import { britishResistanceOf, type BritishResistanceFacts } from '../../rules/british-resistance.js';
import { germanyHasSurrendered } from '../../../machines/germany.js';
import type { GameView } from '../game-view.js';
import type { GameTurn } from '../../rules/turns.js';
import { atWar } from '../wars.js';
import { surrenderEvents } from './surrender.js';

type BritishFacts = EventData<'host.game-turn-ended'>['britain'];

/**
 * 59.87: the level a further surrender must fall below, or null when none restricts it. After a German
 * declaration of war (59.86B) the option `surrenderAfterGermanDeclaration` decides (docs/rulings.md).
 */
export function restrictingLevel(view: GameView): number | null {
  const { context } = view.britain;
  const last = context.surrenders.at(-1);
  if (last === undefined) return null;
  if (context.germanyDeclaredWarAfterSurrender && view.world.options.surrenderAfterGermanDeclaration === 'fresh')
    return null;
  return last.surrender.surrenderLevel;
}

/** 59.21's major-powers row: at war with Germany or Italy. */
const atWarWithEuropeanAxis = (view: GameView, power: 'us' | 'russia' | 'france'): boolean =>
  atWar(view.world.wars, 'germany', power) || atWar(view.world.wars, 'italy', power);

/** The full 59.21 input: the host's facts plus what the log already tells. */
export function britishInputs(view: GameView, turn: GameTurn, facts: BritishFacts): BritishResistanceFacts {
  const { world: state } = view;
  const { surrenders } = view.britain.context;
  const restricting = restrictingLevel(view);
  // 59.871: units removed at earlier surrenders count as unbuilt.
  const removedEarlier = surrenders.reduce((sum, s) => sum + s.unbuiltFactorsAdded, 0);
  return {
    scenario: state.scenario,
    turn,
    britishDpLevel: facts.britishDpLevel,
    axisControlsMalta: facts.axisControlsMalta,
    axisControlsSingapore: facts.axisControlsSingapore,
    australiaSurrendered: state.dominionsSurrendered.australia,
    indiaSurrendered: state.dominionsSurrendered.india,
    atomicAttacksOnBritain: state.counts.atomicAttacksOnBritain,
    britishCitiesFirestormed: state.counts.britishCitiesFirestormed,
    oilEffectsOnBritain: facts.oilEffectsOnBritain,
    atlanticSwTransports: facts.atlanticSwTransports,
    russianGroundUnitInEasternEurope: facts.russianGroundUnitInEasternEurope,
    unbuiltBritishGroundAirFactors: facts.unbuiltBritishGroundAirFactors + removedEarlier,
    atWarWithEuropeanAxis: {
      us: atWarWithEuropeanAxis(view, 'us'),
      russia: atWarWithEuropeanAxis(view, 'russia'),
      france: atWarWithEuropeanAxis(view, 'france'),
    },
    italyAtWarWithBritain: atWar(state.wars, 'italy', 'britain'),
    usatLevel: facts.usatLevel,
    westernAlliedGroundAirFactorsOnWesternFront: facts.westernAlliedGroundAirFactorsOnWesternFront,
    westernAlliedGroundUnitInGermany: facts.westernAlliedGroundUnitInGermany,
    russianGroundUnitInWesternPolandOrRumania: facts.russianGroundUnitInWesternPolandOrRumania,
    // 59.75A: only the most recent surrender's concessions count.
    concessionPointsForgone: surrenders.at(-1)?.concessionPointsForgone ?? 0,
    // The contract's range is -9..0: after a -10 surrender no lower one is possible (59.41).
    ...(restricting !== null && restricting > -10 ? { previousSurrenderLevel: restricting } : {}),
    naval: facts.naval,
    // 59.22F and the USAT rows of 59.21: at war with Germany itself, not with Italy alone.
    atWarWithGermany: { us: atWar(state.wars, 'germany', 'us'), russia: atWar(state.wars, 'germany', 'russia') },
  };
}

/**
 * 59.11: the end of a game turn. The level is determined every turn while Germany fights on (it also
 * serves 59.82A); Britain offers to surrender only while at war with Germany (59.12, 59.87); at -10
 * or lower Germany must accept (59.23), so the surrender follows at once.
 */
export function britishGameTurnEnd(view: GameView, data: EventData<'host.game-turn-ended'>): DomainEvent[] {
  const events: DomainEvent[] = [{ type: 'host.game-turn-ended', data }];
  const { world: state } = view;
  if (germanyHasSurrendered(view.germany) || state.europeWarEnded !== null) return events;
  const inputs = britishInputs(view, data.turn, data.britain);
  const result = britishResistanceOf(inputs, { usat30to39WhenUsAtWar: state.options.usat30to39WhenUsAtWar });
  events.push({
    type: 'britain.resistance-determined',
    data: { turn: data.turn, inputs, level: result.level, naval: result.naval, lines: [...result.lines] },
  });

  const restricting = restrictingLevel(view);
  // 59.12: the British machine is the record of Britain at war with Germany (a German surrender returned above).
  const offers = view.britain.matches('atWar') && result.offersSurrender && restricting !== -10;
  if (!offers) return events;
  const offer: EventData<'britain.surrender-offered'> = {
    turn: data.turn,
    resistanceLevel: result.level,
    surrenderLevel: result.surrenderLevelIfAccepted,
    previousSurrenderLevel: restricting,
    germanyMustAccept: result.germanyMustAccept,
  };
  events.push({ type: 'britain.surrender-offered', data: offer });
  if (offer.germanyMustAccept) events.push(...surrenderEvents(view, offer, true));
  return events;
}
