// The British force pool the host reports after a surrender that reduces forces (59.513): in the timeline a table,
// one row per unit, in the audit's words for each field (src/audit/unit-words.ts), instead of a sentence per unit.
import type { EventData, StoredEvent } from '../../events/index.js';
import { poolUnitWords } from '../audit/unit-words.js';
import { escapeHtml } from './escape.js';

type PoolUnit = EventData<'host.british-force-pool'>['units'][number];

/** A row: the unit (its id, its kind below it), its factors, its BRPs and where it is. */
function rowHtml(unit: PoolUnit): string {
  const u = poolUnitWords(unit);
  return (
    `<tr><th scope="row"><span class="id">${escapeHtml(u.id)}</span> <span class="kind">${escapeHtml(u.kind)}` +
    `</span></th><td class="number">${u.factors}</td>` +
    // 59.512: ships are counted by their factors, never by BRPs.
    `<td class="number">${u.brps === 0 ? '–' : u.brps}</td><td>${escapeHtml(u.where)}</td></tr>`
  );
}

export function forcePoolTableHtml(units: readonly PoolUnit[]): string {
  if (units.length === 0) return '<p class="empty">the host reports no unit (59.513)</p>';
  return (
    '<table class="pool"><caption>59.513 the British force pool and Royal Navy, as the host reports them' +
    '</caption><thead><tr><th scope="col">Unit</th><th scope="col" class="number">Factors</th>' +
    '<th scope="col" class="number">BRPs</th><th scope="col">Where</th></tr></thead>' +
    `<tbody>${units.map(rowHtml).join('')}</tbody></table>`
  );
}

/** Per force pool report of a game, by its seq: its table, which the timeline shows instead of its breakdown. */
export function forcePoolTables(events: readonly StoredEvent[]): ReadonlyMap<number, string> {
  const tables = new Map<number, string>();
  for (const e of events) if (e.type === 'host.british-force-pool') tables.set(e.seq, forcePoolTableHtml(e.data.units));
  return tables;
}
