// The world as the surrender rules see it, folded from the log. Plain data, updated with immer.
import { produce } from 'immer';
import type { EventData, StoredEvent } from '../../events/index.js';
import type { RulingOptions } from '../rules/options.js';
import { turnIndex, type GameTurn } from './turns.js';
import { warBetween, warKey, type Power, type WarKey, type Wars } from './wars.js';

export interface GameState {
  readonly game: string;
  readonly scenario: 'european' | 'global';
  readonly options: RulingOptions;
  /** The latest turn reported, and its index (turns.ts). */
  readonly turn: GameTurn;
  readonly turnIndex: number;
  /** Index of the last turn whose Allied player turn / game turn was reported ended; -1 before any. */
  readonly alliedTurnEndedAt: number;
  readonly gameTurnEndedAt: number;
  readonly wars: Wars;
  readonly surrendered: { readonly france: boolean; readonly russia: boolean; readonly japan: boolean };
  readonly dominionsSurrendered: { readonly australia: boolean; readonly india: boolean };
  /** Counted from the log, never re-reported (55.11B, 59.21). */
  readonly counts: {
    readonly germanCitiesFirestormed: number;
    readonly atomicAttacksOnGermany: number;
    readonly britishCitiesFirestormed: number;
    readonly atomicAttacksOnBritain: number;
  };
  /** 56.12: who declared war on whom; 55.21: whether Italy ever went to war with the Allies. */
  readonly italy: {
    readonly declaredWarOnWesternAlliesYear: number | null;
    readonly westernAlliesDeclaredWar: boolean;
    readonly everAtWar: boolean;
    readonly surrendered: boolean;
  };
  readonly germanySurrendered: boolean;
  /** 55.21 / 56.21: set once the war in Europe has ended. */
  readonly europeWarEnded: EventData<'europe.war-ended'> | null;
}

const WESTERN_ALLIES: readonly Power[] = ['britain', 'france', 'us'];

export function initialGameState(game: string, data: EventData<'host.game-started'>): GameState {
  const wars: Partial<Record<WarKey, true>> = {};
  for (const w of data.wars) wars[warKey(w.axis, w.allied)] = true;
  return {
    game,
    scenario: data.scenario,
    options: data.options,
    turn: data.turn,
    turnIndex: turnIndex(data.turn),
    alliedTurnEndedAt: -1,
    gameTurnEndedAt: -1,
    wars,
    surrendered: { france: false, russia: false, japan: false },
    dominionsSurrendered: { australia: false, india: false },
    counts: { germanCitiesFirestormed: 0, atomicAttacksOnGermany: 0, britishCitiesFirestormed: 0, atomicAttacksOnBritain: 0 },
    italy: {
      declaredWarOnWesternAlliesYear: data.italy.declaredWarOnWesternAlliesYear,
      westernAlliesDeclaredWar: data.italy.westernAlliesDeclaredWar,
      everAtWar: data.wars.some((w) => w.axis === 'italy'),
      surrendered: false,
    },
    germanySurrendered: false,
    europeWarEnded: null,
  };
}

type Draft<T> = { -readonly [K in keyof T]: T[K] extends object ? Draft<T[K]> : T[K] };

function advanceTurn(draft: Draft<GameState>, turn: GameTurn): void {
  const index = turnIndex(turn);
  if (index > draft.turnIndex) {
    draft.turn = turn;
    draft.turnIndex = index;
  }
}

function endWarsOf(draft: Draft<GameState>, power: Power): void {
  for (const key of Object.keys(draft.wars) as WarKey[]) {
    if (key.startsWith(`${power}-`) || key.endsWith(`-${power}`)) delete draft.wars[key];
  }
}

/**
 * The world part of evolve: how each event changes the facts the rules read. Events that change
 * nothing here return the same object (no copy), which keeps replay cheap.
 */
export function evolveWorld(state: GameState, event: StoredEvent): GameState {
  switch (event.type) {
    case 'host.logged':
    case 'host.game-started':
    case 'germany.surrender-checked':
      return state;
    case 'host.allied-player-turn-ended':
      return produce(state, (d) => {
        advanceTurn(d, event.data.turn);
        d.alliedTurnEndedAt = turnIndex(event.data.turn);
      });
    case 'host.city-firestormed':
      return produce(state, (d) => {
        advanceTurn(d, event.data.turn);
        if (event.data.country === 'germany') d.counts.germanCitiesFirestormed += 1;
        else d.counts.britishCitiesFirestormed += 1;
      });
    case 'host.atomic-attack':
      return produce(state, (d) => {
        advanceTurn(d, event.data.turn);
        if (event.data.country === 'germany') d.counts.atomicAttacksOnGermany += 1;
        if (event.data.country === 'britain') d.counts.atomicAttacksOnBritain += 1;
      });
    case 'host.dominion-surrendered':
      return produce(state, (d) => {
        advanceTurn(d, event.data.turn);
        d.dominionsSurrendered[event.data.dominion] = true;
      });
    case 'host.power-surrendered':
      return produce(state, (d) => {
        advanceTurn(d, event.data.turn);
        d.surrendered[event.data.power] = true;
        endWarsOf(d, event.data.power);
      });
    case 'war.declared':
      return produce(state, (d) => {
        advanceTurn(d, event.data.turn);
        for (const target of event.data.targets) {
          const war = warBetween(event.data.aggressor, target);
          if (war === null) continue;
          d.wars[warKey(war.axis, war.allied)] = true;
          if (war.axis === 'italy') {
            d.italy.everAtWar = true;
            // 56.12A and 56.12B: the first declaration between Italy and a Western Ally counts.
            if (WESTERN_ALLIES.includes(war.allied)) {
              if (event.data.aggressor === 'italy') d.italy.declaredWarOnWesternAlliesYear ??= event.data.turn.year;
              else d.italy.westernAlliesDeclaredWar = true;
            }
          }
        }
      });
    case 'germany.surrendered':
      return produce(state, (d) => {
        d.germanySurrendered = true;
        endWarsOf(d, 'germany'); // 55.31: no German units remain to fight
      });
    case 'europe.war-ended':
      return produce(state, (d) => {
        d.europeWarEnded = event.data;
        endWarsOf(d, 'germany');
        endWarsOf(d, 'italy');
      });
  }
}
