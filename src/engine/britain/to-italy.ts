// 59.66G with 56.52: which ceded territories Germany may let Italy control. Only ceded Mediterranean-front
// territories, and none once Italy has surrendered: it is out of the war and gains no territory (56.52).
import type { TerritoryKey } from '../../rules/british-concession-table.js';
import { italyHasSurrendered } from '../../../machines/italy.js';
import type { GameView } from '../game-view.js';

export const ToItalyCodes = ['italy-surrendered', 'not-ceded-mediterranean'] as const;
export type ToItalyCode = (typeof ToItalyCodes)[number];

export interface ToItalyRefusal {
  readonly rule: '59.66G';
  readonly code: ToItalyCode;
  /** The territory refused. */
  readonly key: string;
}

/** 59.66G: Italy may take nothing once it has surrendered (56.52). */
export const italyMayTakeTerritory = (view: GameView): boolean => !italyHasSurrendered(view.italy);

/**
 * The first name of `toItaly` that may not pass to Italy, or null. `mayPass` is the calculator's list of ceded
 * Mediterranean-front territories of the demand (59.66G); a minor moved to Axis control is never on it.
 */
export function toItalyRefusal(
  italyMayTake: boolean,
  mayPass: readonly TerritoryKey[],
  toItaly: readonly string[],
): ToItalyRefusal | null {
  const first = toItaly[0];
  if (first !== undefined && !italyMayTake) return { rule: '59.66G', code: 'italy-surrendered', key: first };
  const allowed = new Set<string>(mayPass);
  const other = toItaly.find((key) => !allowed.has(key));
  return other === undefined ? null : { rule: '59.66G', code: 'not-ceded-mediterranean', key: other };
}
