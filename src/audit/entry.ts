// The audit trail: per rule decision and player decision a headline (turn, rule, result) and its itemized
// breakdown, one row each, with rule numbers.
import type { Line } from '../rules/lines.js';
import { lineName } from './words.js';

/** A row of the breakdown that counts toward a table's total (a line of 55.11B, 56.12 or 59.21). */
export interface CountedRow {
  readonly rule: string;
  readonly key: string;
  readonly value: number;
  readonly text: string;
}

/** A row as a formatter writes it: words, or a counted table row. */
export type Row = string | CountedRow;

/** The rows of `breakdown` that count zero: their index and name (`55.11B atomic attacks`). */
export interface ZeroRow {
  readonly row: number;
  readonly name: string;
}

export interface AuditEntry {
  readonly seq: number;
  readonly game: string;
  readonly turn: string;
  readonly rule: string;
  /** The headline's result: short enough that turn, rule and result fit in 100 columns. */
  readonly result: string;
  /** The itemized breakdown, one item per row, zero rows included. */
  readonly breakdown: readonly string[];
  /** The rows of the breakdown that count zero, which the text audit gathers on one line. */
  readonly zeroRows: readonly ZeroRow[];
  /** A decision a later correction no longer holds: the seq of that correction (./trail.ts). */
  readonly supersededBy?: number;
}

/** What a formatter gives for one decision. */
export interface Draft {
  readonly turn: string;
  readonly rule: string;
  readonly result: string;
  readonly breakdown: readonly Row[];
}

/** Each line as a counted row `rule words: value` (55.11B German DP total ...: -1). */
export const breakdownOf = (lines: readonly Line[]): CountedRow[] =>
  lines.map((l) => ({ rule: l.rule, key: l.key, value: l.value, text: `${l.rule} ${l.detail}` }));

/** A draft as an entry: every row as words, the zero rows named. */
export function entryOf(seq: number, game: string, draft: Draft): AuditEntry {
  const zeroRows: ZeroRow[] = [];
  draft.breakdown.forEach((r, row) => {
    if (typeof r !== 'string' && r.value === 0) zeroRows.push({ row, name: `${r.rule} ${lineName(r.key)}` });
  });
  return {
    seq,
    game,
    turn: draft.turn,
    rule: draft.rule,
    result: draft.result,
    breakdown: draft.breakdown.map((r) => (typeof r === 'string' ? r : r.text)),
    zeroRows,
  };
}
