// The world as the surrender rules see it, folded from the log: the facts, never a power's phase (each
// machine in machines/ is the only record of that). Plain data, updated with the engine's own immer (./produce.ts).
import { produce } from './produce.js';
import type { DomainEvent, EventData, EventType } from '../../events/index.js';
import { italianWarDeclarationsOf, type RulingOptions } from '../rules/options.js';
import { turnIndex, type GameTurn } from '../rules/turns.js';
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
  /** 55.11B, 59.21: each city counts once; the names reported so far, in order. */
  readonly firestormedCities: { readonly germany: readonly string[]; readonly britain: readonly string[] };
  /** 56.12: who declared war on whom (whether Italy ever went to war, or surrendered, is the Italy machine's). */
  readonly italy: {
    readonly declaredWarOnWesternAlliesYear: number | null;
    readonly westernAlliesDeclaredWar: boolean;
  };
  /** 55.21 / 56.21: set once the war in Europe has ended. */
  readonly europeWarEnded: EventData<'europe.war-ended'> | null;
}

const WESTERN_ALLIES: readonly Power[] = ['britain', 'france', 'us'];

/**
 * 56.12A, 56.12B: a declaration between Italy and a Western Ally. Italy's first one sets the 56.12B year; under
 * 'how-the-war-began' only the declaration that began the war counts (B if Italy's, A if theirs), under
 * 'every-declaration' any Western Allied one sets A too (docs/rulings.md).
 */
function recordItalianDeclaration(
  italy: { declaredWarOnWesternAlliesYear: number | null; westernAlliesDeclaredWar: boolean },
  byItaly: boolean,
  year: number,
  options: RulingOptions,
): void {
  const began = italy.declaredWarOnWesternAlliesYear !== null || italy.westernAlliesDeclaredWar;
  if (began && italianWarDeclarationsOf(options) === 'how-the-war-began') return;
  if (byItaly) italy.declaredWarOnWesternAlliesYear ??= year;
  else italy.westernAlliesDeclaredWar = true;
}

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
    counts: {
      germanCitiesFirestormed: 0,
      atomicAttacksOnGermany: 0,
      britishCitiesFirestormed: 0,
      atomicAttacksOnBritain: 0,
    },
    firestormedCities: { germany: [], britain: [] },
    italy: {
      declaredWarOnWesternAlliesYear: data.italy.declaredWarOnWesternAlliesYear,
      westernAlliesDeclaredWar: data.italy.westernAlliesDeclaredWar,
    },
    europeWarEnded: null,
  };
}

export type Draft<T> = { -readonly [K in keyof T]: T[K] extends object ? Draft<T[K]> : T[K] };

export function advanceTurn(draft: Draft<GameState>, turn: GameTurn): void {
  const index = turnIndex(turn);
  if (index > draft.turnIndex) {
    draft.turn = turn;
    draft.turnIndex = index;
  }
}

/** advanceTurn without immer: the turn fields to spread into a new state (the current ones unless `turn` is later). */
export function turnReached(state: GameState, turn: GameTurn): Pick<GameState, 'turn' | 'turnIndex'> {
  const index = turnIndex(turn);
  return index > state.turnIndex ? { turn, turnIndex: index } : { turn: state.turn, turnIndex: state.turnIndex };
}

export function endWarsOf(draft: Draft<GameState>, power: Power): void {
  for (const key of Object.keys(draft.wars) as WarKey[]) {
    if (key.startsWith(`${power}-`) || key.endsWith(`-${power}`)) delete draft.wars[key];
  }
}

/** A world handler reads an event's payload only, never its envelope: the Decider evolves unsealed events too. */
export type WorldHandler<K extends EventType> = (
  state: GameState,
  event: Extract<DomainEvent, { type: K }>,
) => GameState;
export type WorldHandlers<K extends EventType> = { readonly [T in K]: WorldHandler<T> };

/** For events that change nothing in the world: the same object back, no copy (replay stays cheap). */
export const unchanged = (state: GameState): GameState => state;

/** How the host facts, declarations of war and the German surrender change the world. */
export const coreWorld: WorldHandlers<
  | 'host.game-started'
  | 'host.logged'
  | 'log.repaired'
  | 'host.allied-player-turn-ended'
  | 'host.city-firestormed'
  | 'host.atomic-attack'
  | 'host.dominion-surrendered'
  | 'host.power-surrendered'
  | 'war.declared'
  | 'germany.surrender-checked'
  | 'germany.surrendered'
  | 'europe.war-ended'
  | 'host.report-corrected'
  | 'game.decision-withdrawn'
  | 'game.redecided'
> = {
  'host.logged': unchanged,
  'log.repaired': unchanged,
  // A correction's game is decided again from its timeline (./corrections/), never evolved by its events.
  'host.report-corrected': unchanged,
  'game.decision-withdrawn': unchanged,
  'game.redecided': unchanged,
  'host.game-started': unchanged,
  'germany.surrender-checked': unchanged,
  // Once per turn and game, the hottest reducer of a replay: a spread, not immer (docs/performance.md).
  'host.allied-player-turn-ended': (state, event) => ({
    ...state,
    ...turnReached(state, event.data.turn),
    alliedTurnEndedAt: turnIndex(event.data.turn),
  }),
  'host.city-firestormed': (state, event) =>
    produce(state, (d) => {
      advanceTurn(d, event.data.turn);
      if (event.data.country === 'germany') d.counts.germanCitiesFirestormed += 1;
      else d.counts.britishCitiesFirestormed += 1;
      d.firestormedCities[event.data.country].push(event.data.city);
    }),
  'host.atomic-attack': (state, event) =>
    produce(state, (d) => {
      advanceTurn(d, event.data.turn);
      if (event.data.country === 'germany') d.counts.atomicAttacksOnGermany += 1;
      if (event.data.country === 'britain') d.counts.atomicAttacksOnBritain += 1;
    }),
  'host.dominion-surrendered': (state, event) =>
    produce(state, (d) => {
      advanceTurn(d, event.data.turn);
      d.dominionsSurrendered[event.data.dominion] = true;
    }),
  'host.power-surrendered': (state, event) =>
    produce(state, (d) => {
      advanceTurn(d, event.data.turn);
      d.surrendered[event.data.power] = true;
      endWarsOf(d, event.data.power);
    }),
  'war.declared': (state, event) =>
    produce(state, (d) => {
      advanceTurn(d, event.data.turn);
      for (const target of event.data.targets) {
        const war = warBetween(event.data.aggressor, target);
        if (war === null) continue;
        d.wars[warKey(war.axis, war.allied)] = true;
        if (war.axis === 'italy' && WESTERN_ALLIES.includes(war.allied))
          recordItalianDeclaration(d.italy, event.data.aggressor === 'italy', event.data.turn.year, d.options);
      }
    }),
  // 55.31: no German units remain to fight (the surrender itself is the Germany machine's).
  'germany.surrendered': (state) => produce(state, (d) => endWarsOf(d, 'germany')),
  'europe.war-ended': (state, event) =>
    produce(state, (d) => {
      d.europeWarEnded = event.data;
      endWarsOf(d, 'germany');
      endWarsOf(d, 'italy');
    }),
};
