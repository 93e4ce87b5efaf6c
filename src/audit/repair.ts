// The words for a repair of a torn end that a log records (`log.repaired`): the audit's entry and what `verify`
// lists. Rendered here, never stored: the record holds numbers and names only.
import type { EventData } from '../../events/index.js';
import type { RepairWriter } from '../../events/log-records.js';
import type { Draft } from './entry.js';

type Repaired = EventData<'log.repaired'>;

const WRITERS: Readonly<Record<RepairWriter, string>> = {
  exec: 'the next writer, awaw-surrender exec',
  append: 'the next writer, awaw-surrender append',
  serve: 'the next writer, the HTTP server',
  library: 'the next writer, a host through the library',
  verify: 'awaw-surrender verify --repair',
};

/** One line: who repaired what. */
export function repairHeadline(data: Repaired): string {
  return `log repaired by ${WRITERS[data.writer]}`;
}

/** What was done, one item each. */
export function repairDetails(data: Repaired): string[] {
  const rows: string[] = [];
  if (data.bytes > 0) {
    const from = data.seq === null ? '' : ` from where event ${data.seq} would begin`;
    const append =
      data.events === 0
        ? 'a torn last line (a write cut off)'
        : `a torn last line and the ${data.events === 1 ? 'event' : `${data.events} events`} already written of the ` +
          'append it cut off (never acknowledged: its command is to be reported again)';
    rows.push(`removed ${data.bytes} bytes${from}: ${append}`);
    rows.push(`SHA-256 ${data.sha256}, of the bytes removed`);
  }
  if (data.lineBreakAdded) rows.push('the last line was a whole event lacking only its line break: added it');
  return rows;
}

/** The audit's entry for the record: no turn and no rule of the game, only the log's own history. */
export function auditRepair(data: Repaired): Draft {
  return { turn: '-', rule: 'log', result: repairHeadline(data), breakdown: repairDetails(data) };
}
