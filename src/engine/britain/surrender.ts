// 59.41-59.62, 59.81-59.85, 59.891: what a British surrender does, decided at the moment Germany
// accepts (or must accept, 59.23) the offer.
import type { DomainEvent, EventData } from '../../../events/index.js';
import type { Effect } from '../../../events/effects.js';
import { forceRequirements } from '../../rules/force-reduction.js';
import { concessionPoints } from '../../rules/british-concession-table.js';
import type { GameView } from '../game-view.js';
import { atWar } from '../wars.js';
import { britishBrpFloor } from './brp-floor.js';

type Surrender = EventData<'britain.surrendered'>;

/**
 * 59.61/59.62, with the exception of 59.14B/59.85 (62.91), whose two texts disagree about Japan:
 * the option `usWarContinuationException` chooses (docs/rulings.md).
 */
export function surrenderOutcome(view: GameView): Surrender['outcome'] {
  const { world: state } = view;
  if (!atWar(state.wars, 'germany', 'us')) return 'peace';
  const japanCondition =
    state.options.usWarContinuationException === '59.14B' ? !state.surrendered.japan : state.surrendered.japan;
  return state.surrendered.russia && japanCondition ? 'war-ends-62.91' : 'war-continues';
}

/** 59.891: Japan's position when Britain surrenders to Germany. */
export function farEastCase(view: GameView): Surrender['farEast'] {
  const { world: state } = view;
  if (state.scenario === 'european') return 'not-in-play';
  const withBritain = atWar(state.wars, 'japan', 'britain');
  const withUs = atWar(state.wars, 'japan', 'us');
  if (!withBritain) return 'not-at-war';
  return withUs ? 'at-war-with-both' : 'japan-chooses';
}

function effectsOf(view: GameView, s: Omit<Surrender, 'effects'>): Effect[] {
  const { world: state } = view;
  const r = s.requirements;
  const levels = { level: s.surrenderLevel, previous: s.previousSurrenderLevel };
  const effects: Effect[] = [];
  if (r.aafFactors === 0 && r.navalFactors === 0 && r.groundNasBrps === 0) {
    effects.push({ rule: '59.511', code: 'no-force-reduction', params: levels });
  } else {
    effects.push({
      rule: '59.512',
      code: 'force-reduction-required',
      params: { ...r, ...levels },
    });
  }
  effects.push({ rule: '59.14B', code: 'no-us-election', params: {} });
  switch (s.outcome) {
    case 'war-continues':
      effects.push(
        { rule: '59.61', code: 'war-continues-no-concessions', params: {} },
        { rule: '59.85', code: 'us-and-britain-fight-on', params: {} },
        { rule: '59.88', code: 'british-partisans-allowed', params: {} },
      );
      break;
    case 'war-ends-62.91':
      effects.push({
        rule: '62.91',
        code: 'us-britain-war-ends',
        params: { japanSurrendered: state.surrendered.japan, reading: state.options.usWarContinuationException },
      });
      break;
    case 'peace':
      effects.push(
        // 59.61 speaks only of Germany: a U.S. at war with Italy alone makes peace too, said as its own case
        // (docs/rulings.md).
        {
          rule: '59.62',
          code: atWar(state.wars, 'italy', 'us') ? 'peace-treaty-us-at-war-with-italy-only' : 'peace-treaty',
          params: { concessionPoints: s.concessionPoints },
        },
        { rule: '59.631', code: 'report-british-hex-control', params: {} },
        { rule: '59.83', code: 'britain-neutral-while-us-neutral', params: {} },
        { rule: '59.84', code: 'neutral-britain-deployments', params: {} },
        { rule: '59.86A', code: 'no-declaration-next-turn', params: {} },
      );
      break;
  }
  effects.push(
    { rule: '59.52', code: 'commonwealth-units-lendable-to-us', params: {} },
    {
      rule: '59.81',
      code: 'britain-continues-as-major-power',
      params: { floorBrps: britishBrpFloor(state.dominionsSurrendered) },
    },
    { rule: '59.82', code: 'construction-in-canada', params: {} },
  );
  switch (s.farEast) {
    case 'not-in-play':
      break;
    case 'not-at-war':
      effects.push({ rule: '59.891A', code: 'japan-must-also-attack-us', params: {} });
      break;
    case 'at-war-with-both':
      effects.push({ rule: '59.891B', code: 'surrender-in-europe-only', params: {} });
      break;
    case 'japan-chooses':
      effects.push({ rule: '59.891C', code: 'japan-chooses', params: {} });
      break;
  }
  if (state.scenario === 'global') {
    effects.push({ rule: '59.893', code: 'asia-units-subject-to-reductions', params: { settled: false } });
  }
  return effects;
}

/** 59.41: Britain surrenders at the offer's level; returns the engine's decision. */
export function surrenderEvents(
  view: GameView,
  offer: EventData<'britain.surrender-offered'>,
  forced: boolean,
): DomainEvent[] {
  const previous = offer.previousSurrenderLevel;
  const outcome = surrenderOutcome(view);
  const base: Omit<Surrender, 'effects'> = {
    turn: offer.turn,
    surrenderLevel: offer.surrenderLevel,
    previousSurrenderLevel: previous,
    forced,
    outcome,
    requirements: forceRequirements(offer.surrenderLevel, previous ?? undefined),
    // 59.61: no concessions while the U.S. is at war with Germany.
    concessionPoints: outcome === 'peace' ? concessionPoints(offer.surrenderLevel, previous ?? undefined) : 0,
    farEast: farEastCase(view),
  };
  return [{ type: 'britain.surrendered', data: { ...base, effects: effectsOf(view, base) } }];
}
