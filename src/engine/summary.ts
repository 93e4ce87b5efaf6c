// A plain summary of one game's state: for `awaw-surrender replay` and for hosts that poll.
import { italyHasSurrendered, italyNeverAtWar } from '../../machines/italy.js';
import type { GameView } from './game-view.js';
import { pendingDecisions } from './pending.js';
import { withDescription, type DescribedDecision } from './pending-text.js';
import { britishPermissions, type Permission } from './britain/permissions.js';
import { turnName } from '../rules/turns.js';
import { warList } from './wars.js';

export interface GameSummary {
  readonly game: string;
  readonly turn: string;
  readonly scenario: 'european' | 'global';
  readonly wars: readonly string[];
  readonly germany: string;
  readonly britain: string;
  readonly italy: string;
  readonly europeWarEnded: string | null;
  readonly britishSurrenders: readonly { readonly turn: string; readonly level: number; readonly outcome: string }[];
  /** The pending decisions' data, each with its words. */
  readonly pending: readonly DescribedDecision[];
  readonly permissions: readonly Permission[];
}

/** A machine state as text: `atWar`, or `surrendered.forces.selecting` for nested and parallel states. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value)
    .map(([k, v]) => `${k}.${stateName(v)}`)
    .join(' + ');
}

export function summarize(view: GameView): GameSummary {
  const { world: state } = view;
  // The Italy machine's phase; while it is at war, the war list says whether Italy fights anyone now (59.62 peace).
  const italy = italyHasSurrendered(view.italy)
    ? 'surrendered'
    : italyNeverAtWar(view.italy)
      ? 'neverAtWar'
      : warList(state.wars).some((w) => w.axis === 'italy')
        ? 'atWar'
        : 'notAtWar';
  return {
    game: state.game,
    turn: turnName(state.turn),
    scenario: state.scenario,
    wars: warList(state.wars).map((w) => `${w.axis}-${w.allied}`),
    germany: stateName(view.germany.value),
    britain: stateName(view.britain.value),
    italy,
    europeWarEnded:
      state.europeWarEnded === null ? null : `${turnName(state.europeWarEnded.turn)} (${state.europeWarEnded.rule})`,
    britishSurrenders: view.britain.context.surrenders.map((s) => ({
      turn: turnName(s.surrender.turn),
      level: s.surrender.surrenderLevel,
      outcome: s.surrender.outcome,
    })),
    pending: pendingDecisions(view).map(withDescription),
    permissions: britishPermissions(view),
  };
}
