// Rule 55 in the engine: the German surrender check at the end of each Allied player turn and the
// effects of a German surrender (55.2-55.6).
import type { DomainEvent, EventData } from '../../../events/index.js';
import type { Effect } from '../../../events/effects.js';
import { germanSurrender, type GermanSurrenderInput } from '../../rules/german-resistance.js';
import type { GameView } from '../game-view.js';
import type { GameTurn } from '../../rules/turns.js';

type GermanFacts = NonNullable<EventData<'host.allied-player-turn-ended'>['germany']>;

/** 55.11B: the inputs of the check; firestorms and atomic attacks are counted from the log. */
export function germanInputs(view: GameView, facts: GermanFacts): GermanSurrenderInput {
  return {
    berlin: facts.berlin,
    germanDpTotal: facts.germanDpTotal,
    germanyControlsBerchtesgaden: facts.germanyControlsBerchtesgaden,
    germanCitiesFirestormed: view.world.counts.germanCitiesFirestormed,
    atomicAttacksOnGermany: view.world.counts.atomicAttacksOnGermany,
    allGermanHexesAlliedOrAtomic: facts.allGermanHexesAlliedOrAtomic,
  };
}

/**
 * Italy's position when Germany surrenders (55.21, 55.22, 55.52). `surrenders-same-turn`: Italy surrenders
 * at the end of the same Allied player turn; both surrenders stand and Italy counts as out of the war
 * (docs/rulings.md).
 */
export type ItalyAtGermanSurrender = 'fights-on' | 'surrendered-earlier' | 'surrenders-same-turn' | 'never-at-war';

/** 55.2-55.6: what the host must do when Germany surrenders. */
export function germanSurrenderEffects(view: GameView, italy: ItalyAtGermanSurrender): Effect[] {
  const effects: Effect[] = [];
  const italyOut = italy === 'fights-on' ? null : italy;
  if (italyOut !== null) {
    effects.push({ rule: '55.21', code: 'war-in-europe-ends', params: { surrendering: 'germany', italy: italyOut } });
  } else {
    effects.push({ rule: '55.22', code: 'italy-fights-on', params: {} });
  }
  if (view.world.scenario === 'global') effects.push({ rule: '55.23', code: 'japan-fights-on', params: {} });
  effects.push(
    {
      rule: '55.24',
      code: 'us-pacific-election-modified',
      params: {},
    },
    { rule: '55.31', code: 'remove-all-german-units', params: {} },
    {
      rule: '55.41',
      code: 'unoccupied-german-hexes-uncontrolled',
      params: {},
    },
    {
      rule: '55.51',
      code: 'german-minors-surrender',
      params: {},
    },
    { rule: '55.51', code: 'negate-diplomatic-results-7-8', params: {} },
    {
      rule: '55.52',
      code: 'german-west-east-conquests-uncontrolled',
      params: {},
    },
    // 55.52: to Italy only while Italy fights on; a neutral Italy, or one surrendering in the same turn, takes none
    // (docs/rulings.md).
    italyOut !== null
      ? {
          rule: '55.52',
          code: 'german-mediterranean-conquests-uncontrolled',
          params: { italy: italyOut },
        }
      : {
          rule: '55.52',
          code: 'german-mediterranean-conquests-to-italy',
          params: {},
        },
    { rule: '55.61', code: 'germany-no-brp-value', params: {} },
  );
  return effects;
}

/**
 * 55.11 and 55.12 at the end of an Allied player turn: the check (always recorded, so that the audit
 * shows every turn's resistance) and, when it holds, the surrender with its effects.
 */
export function germanSurrenderCheck(
  view: GameView,
  turn: GameTurn,
  facts: GermanFacts,
  italy: ItalyAtGermanSurrender,
): DomainEvent[] {
  const inputs = germanInputs(view, facts);
  const result = germanSurrender(inputs);
  const events: DomainEvent[] = [
    {
      type: 'germany.surrender-checked',
      data: {
        turn,
        inputs,
        resistance: result.resistance,
        surrenders: result.surrenders,
        reason: result.reason,
        lines: [...result.lines],
      },
    },
  ];
  if (result.reason !== null) {
    events.push({
      type: 'germany.surrendered',
      data: { turn, reason: result.reason, effects: germanSurrenderEffects(view, italy) },
    });
  }
  return events;
}
