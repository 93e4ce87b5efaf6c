// The timeline: every rule decision and player decision of a game, grouped by turn, each a <details> whose
// summary is the audit's headline and whose body is its itemized breakdown with rule numbers (src/audit: the
// report writes no sentence of its own), or a table of the same words (the force pool, ./force-pool.ts).
import type { AuditEntry } from '../audit/entry.js';
import { escapeHtml } from './escape.js';

/** Consecutive entries of the same turn, in log order. */
export function byTurn(
  entries: readonly AuditEntry[],
): { readonly turn: string; readonly entries: readonly AuditEntry[] }[] {
  const groups: { turn: string; entries: AuditEntry[] }[] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last !== undefined && last.turn === entry.turn) last.entries.push(entry);
    else groups.push({ turn: entry.turn, entries: [entry] });
  }
  return groups;
}

/** A breakdown row: its leading rule number (55.11B, 59.21, 62.91) set apart when it has one. */
function rowHtml(row: string, zero: boolean): string {
  const match = /^(\d{2}\.\d+[A-Z]?)\s(.*)$/s.exec(row);
  const body =
    match === null
      ? `<span class="text">${escapeHtml(row)}</span>`
      : `<span class="rule">${escapeHtml(match[1] ?? '')}</span> <span ` +
        `class="text">${escapeHtml(match[2] ?? '')}</span>`;
  return `<li${zero ? ' class="zero"' : ''}>${body}</li>`;
}

function entryHtml(entry: AuditEntry, decisive: ReadonlySet<number>, tables: ReadonlyMap<number, string>): string {
  const zero = new Set(entry.zeroRows.map((z) => z.row));
  const table = tables.get(entry.seq);
  const rows =
    table !== undefined
      ? table
      : entry.breakdown.length === 0
        ? '<p class="empty">no itemized breakdown</p>'
        : `<ol class="breakdown">${entry.breakdown.map((r, i) => rowHtml(r, zero.has(i))).join('')}</ol>`;
  const kind = `${decisive.has(entry.seq) ? ' decisive' : ''}${entry.supersededBy === undefined ? '' : ' superseded'}`;
  // A decision a correction took out stays readable, struck through, with the correction that took it out.
  const note =
    entry.supersededBy === undefined
      ? ''
      : ` <span class="note">superseded by the correction of event ${entry.supersededBy}</span>`;
  return [
    `<details class="decision${kind}" data-seq="${entry.seq}" data-rule="${escapeHtml(entry.rule)}">`,
    `<summary><span class="seq">#${entry.seq}</span> <span class="rule">${escapeHtml(entry.rule)}</span> <span ` +
      `class="result">${escapeHtml(entry.result)}</span>${note}</summary>`,
    rows,
    '</details>',
  ].join('');
}

/**
 * `decisive`: the seqs of the offers and surrenders the chart marks, set apart here too; `tables`: by seq, a table
 * shown instead of an entry's breakdown (the force pool, ./force-pool.ts).
 */
export function timelineHtml(
  entries: readonly AuditEntry[],
  decisive: ReadonlySet<number>,
  tables: ReadonlyMap<number, string> = new Map(),
): string {
  if (entries.length === 0) return '<p class="empty">no decisions recorded</p>';
  return byTurn(entries)
    .map(
      (group) =>
        `<section class="turn"><h3>${escapeHtml(group.turn)}</h3>` +
        `${group.entries.map((e) => entryHtml(e, decisive, tables)).join('')}</section>`,
    )
    .join('\n');
}
