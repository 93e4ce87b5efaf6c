// Builds the audit trail of a log: every rule decision and player decision, in log order, and its text.
import type { StoredEvent } from '../../events/index.js';
import { entryOf, type AuditEntry } from './entry.js';
import { auditGermany } from './germany.js';
import { auditWorld } from './world.js';
import { auditBritain } from './britain.js';
import { auditItaly } from './italy.js';
import { wrapText } from '../text/wrap.js';
import { AUDIT_WIDTH, hangOf } from './wrap.js';
import { auditCorrection, type CommandAt } from './corrections.js';

const formatters = [auditWorld, auditGermany, auditBritain, auditItaly];
const nothingKnown: CommandAt = () => undefined;

/** The entries of one event, read alone: a correction names the report it changed by its seq. */
export const auditEntries = (event: StoredEvent): AuditEntry[] => auditEntriesAfter(event, nothingKnown);

/** The entries of one event; `commandAt`: the commands read before it (./trail.ts), which a correction names. */
export function auditEntriesAfter(event: StoredEvent, commandAt: CommandAt): AuditEntry[] {
  return [...formatters.flatMap((format) => format(event)), ...auditCorrection(event, commandAt)].map((draft) =>
    entryOf(event.seq, event.game, draft),
  );
}

/** The turn and rule columns of a headline; the breakdown is indented to the rule column. */
const TURN = 11;
const RULE = 7;
const INDENT = ' '.repeat(TURN + 2);

/** The headline of an entry: turn, rule, result (its later lines under the result's first word). */
export const auditHeadline = (entry: AuditEntry): string => {
  const lead = `${entry.turn.padEnd(TURN)}  ${entry.rule.padEnd(RULE)}  `;
  const result =
    entry.supersededBy === undefined
      ? entry.result
      : `superseded by the correction of event ${entry.supersededBy}: ${entry.result}`;
  return wrapText(result, lead, ' '.repeat(lead.length), AUDIT_WIDTH).join('\n');
};

const rowLines = (row: string): string[] => wrapText(row, INDENT, INDENT + ' '.repeat(hangOf(row)), AUDIT_WIDTH);

/**
 * An entry as text: its headline, then each row indented, the rows that count zero gathered in one; every line at
 * most 100 columns (./wrap.ts).
 */
export function formatAuditEntry(entry: AuditEntry): string {
  const zero = new Set(entry.zeroRows.map((z) => z.row));
  const last = entry.zeroRows[entry.zeroRows.length - 1]?.row ?? -1;
  const rows: string[] = [];
  entry.breakdown.forEach((r, i) => {
    if (!zero.has(i)) rows.push(r);
    // Where the last of them was, in the order of the table.
    if (i === last) rows.push(`zero: ${entry.zeroRows.map((z) => z.name).join(', ')}`);
  });
  return [auditHeadline(entry), ...rows.flatMap(rowLines)].join('\n');
}

/** The whole trail; when the log holds several games, each run of one game's entries under its name. */
export function formatAuditTrail(entries: readonly AuditEntry[], showGames: boolean): string {
  const out: string[] = [];
  let game: string | null = null;
  for (const entry of entries) {
    if (showGames && entry.game !== game) out.push(`game ${entry.game}`);
    game = entry.game;
    out.push(formatAuditEntry(entry));
  }
  return out.join('\n');
}
