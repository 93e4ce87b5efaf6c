// The audit trail: one readable line per rule decision and player decision, with rule numbers.
import type { Line } from '../rules/lines.js';
import { signed } from '../rules/lines.js';

export interface AuditEntry {
  readonly seq: number;
  readonly game: string;
  readonly turn: string;
  readonly rule: string;
  readonly result: string;
  /** The itemized breakdown, one item per table row, zero rows included. */
  readonly breakdown: readonly string[];
}

/** `DP total -1, Berchtesgaden 0, ...`: each line as `rule key value`. */
export const breakdownOf = (lines: readonly Line[]): string[] => lines.map((l) => `${l.rule} ${l.key} ${signed(l.value)}`);
