// The audit trail: one readable line per rule decision and player decision, with rule numbers.
import type { WordedLine } from '../rules/line-spec.js';
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

/** Each line as `rule key value: words` (55.11B dpTotal -1: German DP total ...). */
export const breakdownOf = (lines: readonly WordedLine[]): string[] => lines.map((l) => `${l.rule} ${l.key} ${signed(l.value)}: ${l.detail}`);
