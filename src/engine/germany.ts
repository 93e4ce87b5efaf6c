// Rule 55 in the engine: the German surrender check at the end of each Allied player turn and the
// effects of a German surrender (55.2-55.6).
import type { DomainEvent, EventData } from '../../events/index.js';
import type { Effect } from '../../events/effects.js';
import { germanSurrender, type GermanSurrenderInput } from '../rules/german-resistance.js';
import type { GameView } from './runtime.js';
import type { GameTurn } from './turns.js';

type GermanFacts = NonNullable<EventData<'host.allied-player-turn-ended'>['germany']>;

/** 55.11B: the inputs of the check; firestorms and atomic attacks are counted from the log. */
export function germanInputs(view: GameView, facts: GermanFacts): GermanSurrenderInput {
  return {
    berlin: facts.berlin,
    germanDpTotal: facts.germanDpTotal,
    germanyControlsBerchtesgaden: facts.germanyControlsBerchtesgaden,
    germanCitiesFirestormed: view.state.counts.germanCitiesFirestormed,
    atomicAttacksOnGermany: view.state.counts.atomicAttacksOnGermany,
    allGermanHexesAlliedOrAtomic: facts.allGermanHexesAlliedOrAtomic,
  };
}

/** Whether Italy is out of the war for 55.21: surrendered already (or in this same turn), or never at war. */
export interface ItalyAtGermanSurrender {
  readonly surrendered: boolean;
  readonly neverAtWar: boolean;
}

/** 55.2-55.6: what the host must do when Germany surrenders. */
export function germanSurrenderEffects(view: GameView, italy: ItalyAtGermanSurrender): Effect[] {
  const effects: Effect[] = [];
  const italyOut = italy.surrendered || italy.neverAtWar;
  if (italyOut) {
    effects.push({
      rule: '55.21',
      code: 'war-in-europe-ends',
      text: italy.surrendered ? 'Italy has already surrendered: the war in Europe ends.' : 'Italy never went to war with the Allies: the war in Europe ends.',
    });
  } else {
    effects.push({ rule: '55.22', code: 'italy-fights-on', text: 'Italy and its associated minor countries fight on.' });
  }
  if (view.state.scenario === 'global') effects.push({ rule: '55.23', code: 'japan-fights-on', text: 'Global War: Japan fights on.' });
  effects.push(
    {
      rule: '55.24',
      code: 'us-pacific-election-modified',
      text: 'The U.S. election result for the Pacific is modified, and so are USJT increases after an unfavorable Pacific election result.',
    },
    { rule: '55.31', code: 'remove-all-german-units', text: 'All German units are removed from play.' },
    {
      rule: '55.41',
      code: 'unoccupied-german-hexes-uncontrolled',
      text: 'Unoccupied German-controlled hexes are controlled by no one and come under the control of the first major power to occupy them.',
    },
    {
      rule: '55.51',
      code: 'german-minors-surrender',
      text: 'All German minor allies and associated minor countries surrender; their units are removed from play.',
    },
    { rule: '55.51', code: 'negate-diplomatic-results-7-8', text: 'All "7" and "8" diplomatic results are negated.' },
    {
      rule: '55.52',
      code: 'german-west-east-conquests-uncontrolled',
      text: 'German conquests and German-controlled hexes on the western and eastern fronts are controlled by no one until a major power occupies them.',
    },
    // 55.52: to Italy only if Italy fights on; a neutral Italy takes no part (docs/rulings.md).
    italyOut
      ? {
          rule: '55.52',
          code: 'german-mediterranean-conquests-uncontrolled',
          text: 'Italy is out of the war: German conquests and hexes on the Mediterranean front are controlled by no one until a major power occupies them.',
        }
      : {
          rule: '55.52',
          code: 'german-mediterranean-conquests-to-italy',
          text: 'Italy has not surrendered: German conquests and German-controlled hexes on the Mediterranean front pass to Italian control.',
        },
    { rule: '55.61', code: 'germany-no-brp-value', text: 'Germany has no BRP value to the conquering major powers.' },
  );
  return effects;
}

/**
 * 55.11 and 55.12 at the end of an Allied player turn: the check (always recorded, so that the audit
 * shows every turn's resistance) and, when it holds, the surrender with its effects.
 */
export function germanSurrenderCheck(view: GameView, turn: GameTurn, facts: GermanFacts, italy: ItalyAtGermanSurrender): DomainEvent[] {
  const inputs = germanInputs(view, facts);
  const result = germanSurrender(inputs);
  const events: DomainEvent[] = [
    {
      type: 'germany.surrender-checked',
      data: { turn, inputs, resistance: result.resistance, surrenders: result.surrenders, reason: result.reason, lines: [...result.lines] },
    },
  ];
  if (result.reason !== null) {
    events.push({ type: 'germany.surrendered', data: { turn, reason: result.reason, effects: germanSurrenderEffects(view, italy) } });
  }
  return events;
}
