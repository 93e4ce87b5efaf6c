// Builds the audit trail of a log: every rule decision and player decision, in log order.
import type { StoredEvent } from '../../events/index.js';
import type { AuditEntry } from './entry.js';
import { auditGermany } from './germany.js';
import { auditWorld } from './world.js';
import { auditBritain } from './britain.js';
import { auditItaly } from './italy.js';

const formatters = [auditWorld, auditGermany, auditBritain, auditItaly];

export function auditEntries(event: StoredEvent): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const format of formatters) {
    for (const entry of format(event)) out.push({ seq: event.seq, game: event.game, ...entry });
  }
  return out;
}

/** One readable line per entry: turn, rule, result, breakdown. */
export function formatAuditEntry(entry: AuditEntry, showGame: boolean): string {
  const head = `${showGame ? `[${entry.game}] ` : ''}${entry.turn.padEnd(11)}  ${entry.rule.padEnd(6)}  ${entry.result}`;
  return entry.breakdown.length === 0 ? head : `${head}  |  ${entry.breakdown.join('; ')}`;
}
