// Builds example games: turn by turn, the host's reports and the players' decisions, with the
// ordinary host events (movement, combat, production) that the surrender rules ignore.
import type { EventData, OriginEvent } from '../../events/index.js';
import { defaultRulingOptions } from '../rules/options.js';
import type { Season } from '../schema/types.js';

export type TurnRef = { readonly season: Season; readonly year: number };
type Start = EventData<'host.game-started'>;
type German = NonNullable<EventData<'host.allied-player-turn-ended'>['germany']>;
type Italian = NonNullable<EventData<'host.allied-player-turn-ended'>['italy']>;
type British = EventData<'host.game-turn-ended'>['britain'];

export interface TurnPlan {
  /** Host facts reported during the turn (firestorms, atomic attacks, declarations of war ...), before its end. */
  readonly during?: readonly OriginEvent[];
  readonly germany: German | null;
  readonly italy: Italian | null;
  /** Decisions made at the end of the Allied player turn (Italian force selections ...). */
  readonly afterAlliedTurn?: readonly OriginEvent[];
  readonly britain: British;
  /** Decisions made at the end of the game turn (answers to a British offer, selections, terms ...). */
  readonly afterGameTurn?: readonly OriginEvent[];
}

export class GameScript {
  readonly events: OriginEvent[] = [];
  constructor(
    readonly game: string,
    start: Omit<Start, 'options'> & { options?: Start['options'] },
  ) {
    this.events.push({ type: 'host.game-started', data: { ...start, options: start.options ?? defaultRulingOptions } });
  }

  /** The ordinary business of a player turn, logged by the host and ignored by the surrender rules. */
  private routine(turn: TurnRef, side: 'axis' | 'allied', count: number): void {
    const kinds = [
      'movement',
      'combat',
      'exploitation',
      'sea-transport',
      'air-mission',
      'supply-check',
      'construction',
      'redeployment',
    ];
    for (let i = 0; i < count; i += 1) {
      const kind = kinds[i % kinds.length] ?? 'movement';
      this.events.push({
        type: 'host.logged',
        data: { turn, kind, data: { side, step: i + 1, hexes: [`${String.fromCharCode(65 + (i % 12))}${20 + i}`] } },
      });
    }
  }

  turn(turn: TurnRef, plan: TurnPlan): this {
    this.events.push({
      type: 'host.logged',
      data: { turn, kind: 'yss', data: { note: turn.season === 'spring' ? 'year start sequence' : 'turn start' } },
    });
    this.routine(turn, 'axis', 12);
    this.events.push(...(plan.during ?? []));
    this.routine(turn, 'allied', 12);
    this.events.push({
      type: 'host.allied-player-turn-ended',
      data: { turn, germany: plan.germany, italy: plan.italy },
    });
    this.events.push(...(plan.afterAlliedTurn ?? []));
    this.events.push({ type: 'host.game-turn-ended', data: { turn, britain: plan.britain } });
    this.events.push(...(plan.afterGameTurn ?? []));
    return this;
  }
}

const SEASONS: readonly Season[] = ['spring', 'summer', 'fall', 'winter'];
export const nextTurn = (t: TurnRef): TurnRef => {
  const i = SEASONS.indexOf(t.season);
  return i === 3 ? { season: 'spring', year: t.year + 1 } : { season: SEASONS[i + 1] ?? 'spring', year: t.year };
};

/** 1941: Germany and Italy against Britain alone (France has fallen, Russia and the U.S. are not yet in). */
export const warsBritainAlone: EventData<'host.game-started'>['wars'] = [
  { axis: 'germany', allied: 'britain' },
  { axis: 'italy', allied: 'britain' },
];

/** From 1942: Germany and Italy against Britain, Russia and the U.S. */
export const warsGrandAlliance: EventData<'host.game-started'>['wars'] = [
  { axis: 'germany', allied: 'britain' },
  { axis: 'germany', allied: 'russia' },
  { axis: 'germany', allied: 'us' },
  { axis: 'italy', allied: 'britain' },
  { axis: 'italy', allied: 'russia' },
  { axis: 'italy', allied: 'us' },
];

/** A European game that starts at `turn` with Italy in the war since 1940 (56.12B: no modifier). */
export const europeanGame = (game: string, turn: TurnRef, wars: EventData<'host.game-started'>['wars']): GameScript =>
  new GameScript(game, {
    scenario: 'european',
    turn,
    wars,
    italy: { declaredWarOnWesternAlliesYear: 1940, westernAlliesDeclaredWar: false },
  });
