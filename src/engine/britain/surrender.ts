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
  const japanCondition = state.options.usWarContinuationException === '59.14B' ? !state.surrendered.japan : state.surrendered.japan;
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
  const levels = s.previousSurrenderLevel === null ? `level ${s.surrenderLevel}` : `level ${s.surrenderLevel}, ${s.previousSurrenderLevel - s.surrenderLevel} below the previous ${s.previousSurrenderLevel} (59.872)`;
  const effects: Effect[] = [];
  if (r.aafFactors === 0 && r.navalFactors === 0 && r.groundNasBrps === 0) {
    effects.push({ rule: '59.511', code: 'no-force-reduction', text: `A "0" surrender has no effect on the level of British forces (${levels}).` });
  } else {
    effects.push({
      rule: '59.512',
      code: 'force-reduction-required',
      text: `Britain removes ${r.aafFactors} AAF factors and ${r.groundNasBrps} BRPs of ground units or NAS from its force pool and eliminates ${r.navalFactors} naval factors (${levels}); the British player selects them (59.513A). Commonwealth force pools are unaffected (59.14A).`,
    });
  }
  effects.push({ rule: '59.14B', code: 'no-us-election', text: 'A British surrender does not trigger a U.S. election.' });
  switch (s.outcome) {
    case 'war-continues':
      effects.push(
        { rule: '59.61', code: 'war-continues-no-concessions', text: 'The U.S. was at war with Germany: Britain and the U.S. continue the war; both sides keep all territory they control; no concessions or territorial transfers are made.' },
        { rule: '59.85', code: 'us-and-britain-fight-on', text: 'The U.S. and Britain continue to be at war with the Axis.' },
        { rule: '59.88', code: 'british-partisans-allowed', text: 'The Western Allies may build two (up to four with partisan production, 11.22B) partisans in Axis-controlled territory in Britain.' },
      );
      break;
    case 'war-ends-62.91':
      effects.push({
        rule: '62.91',
        code: 'us-britain-war-ends',
        text: `Russia is in a state of surrender and Japan ${state.surrendered.japan ? 'has' : 'has not'} surrendered: the U.S. and Britain do not continue the war in Europe (62.91, as ${state.options.usWarContinuationException} reads it); no concessions are made (59.61).`,
      });
      break;
    case 'peace':
      effects.push(
        { rule: '59.62', code: 'peace-treaty', text: `The U.S. was not at war in Europe: a peace treaty is negotiated between Germany and Britain, worth ${s.concessionPoints} concession points (59.65).` },
        { rule: '59.631', code: 'report-british-hex-control', text: 'The host reports which British-controlled hexes can trace supply from a mapboard box; those that cannot come under German control (59.632, 59.633) and colonies follow 59.634.' },
        { rule: '59.83', code: 'britain-neutral-while-us-neutral', text: 'British participation in the war is governed by American participation: while the U.S. is neutral, British forces are neutral.' },
        { rule: '59.84', code: 'neutral-britain-deployments', text: 'While the U.S. and Britain are neutral, British and Commonwealth (not American) units may deploy to Europe, but not past an Axis-controlled Gibraltar or through Axis territory; Britain may not declare war on neutral minor countries.' },
        { rule: '59.86A', code: 'no-declaration-next-turn', text: 'Neither Germany nor the U.S. may declare war on the other in the turn following the surrender.' },
      );
      break;
  }
  effects.push(
    { rule: '59.52', code: 'commonwealth-units-lendable-to-us', text: 'From the next turn, Canadian, South African, Australian and Indian units may be freely lent to the U.S.; the Commonwealth BRP base stays British (35.46).' },
    { rule: '59.81', code: 'britain-continues-as-major-power', text: `Britain continues as a major power; its BRP base may not drop below ${britishBrpFloor(state.dominionsSurrendered)} BRPs (35.46).` },
    { rule: '59.82', code: 'construction-in-canada', text: 'British units may be built in Canada while the British resistance level is zero or less (59.82A).' },
  );
  switch (s.farEast) {
    case 'not-in-play':
      break;
    case 'not-at-war':
      effects.push({ rule: '59.891A', code: 'japan-must-also-attack-us', text: 'Japan may not go to war with Britain without also going to war with the U.S.' });
      break;
    case 'at-war-with-both':
      effects.push({ rule: '59.891B', code: 'surrender-in-europe-only', text: 'The British surrender takes effect only in Europe; Britain fights on against Japan alongside the U.S.' });
      break;
    case 'japan-chooses':
      effects.push({ rule: '59.891C', code: 'japan-chooses', text: 'Japan, at war with Britain but not the U.S., now decides whether to end hostilities with Britain or fight on.' });
      break;
  }
  if (state.scenario === 'global') {
    effects.push({ rule: '59.893', code: 'asia-units-subject-to-reductions', text: 'British ground, air and naval units in Asia are subject to the force pool reductions, whatever Japan does.' });
  }
  return effects;
}

/** 59.41: Britain surrenders at the offer's level; returns the engine's decision. */
export function surrenderEvents(view: GameView, offer: EventData<'britain.surrender-offered'>, forced: boolean): DomainEvent[] {
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
