// The chart's data, read from a game's rule decisions: per turn the British resistance level (59.21), the
// German resistance level (55.11B) and Italy's DP total (56.11), and the turns of the offers and surrenders.
import type { StoredEvent } from '../../events/index.js';
import { auditEntries } from '../audit/audit.js';
import { supersededSeqs } from '../audit/trail.js';
import { turnIndex, turnName, type GameTurn } from '../rules/turns.js';

export type Power = 'Britain' | 'Germany' | 'Italy';
export const POWERS: readonly Power[] = ['Britain', 'Germany', 'Italy'];

/** What each power's series measures, for the legend. */
export const MEASURE: Readonly<Record<Power, string>> = {
  Britain: 'British resistance level (59.21)',
  Germany: 'German resistance level (55.11B)',
  Italy: 'Italian DP total (56.11)',
};

export interface ChartPoint {
  readonly power: Power;
  /** The turn's name, `Summer 1941`. */
  readonly turn: string;
  /** Orders the turns (src/rules/turns.ts turnIndex). */
  readonly order: number;
  readonly value: number;
  /** The seq of the decision the value is read from. */
  readonly seq: number;
}

export type MarkKind = 'offer' | 'surrender';
/** How a mark is drawn: a British offer by what became of it (59.23, 59.31), or a surrender. */
export type MarkStyle = 'offer-accepted' | 'offer-rejected' | 'offer-forced' | 'offer-open' | 'surrender';

export interface ChartMark {
  readonly kind: MarkKind;
  readonly power: Power;
  readonly turn: string;
  readonly order: number;
  /** Where the mark sits: the power's value that turn (0 when it has none). */
  readonly value: number;
  readonly rule: string;
  /** The audit's headline result for the decision. */
  readonly text: string;
  readonly seq: number;
  readonly style: MarkStyle;
  /** The surrender level of an offer (59.41) or a surrender (56.31, 59.41); null where the rules give none (55.2). */
  readonly level: number | null;
}

export interface ChartData {
  /** Every turn that has a point or a mark, in turn order. */
  readonly turns: readonly string[];
  readonly points: readonly ChartPoint[];
  readonly marks: readonly ChartMark[];
}

/** The value an event records for a power's series, if it is one of the three determinations. */
function determinationOf(
  event: StoredEvent,
): { readonly power: Power; readonly turn: GameTurn; readonly value: number } | null {
  switch (event.type) {
    case 'britain.resistance-determined':
      return { power: 'Britain', turn: event.data.turn, value: event.data.level };
    case 'germany.surrender-checked':
      return { power: 'Germany', turn: event.data.turn, value: event.data.resistance };
    case 'italy.surrender-checked':
      return { power: 'Italy', turn: event.data.turn, value: event.data.dpTotal };
    default:
      return null;
  }
}

/** The offer or surrender an event records, if it does. */
interface FoundMark {
  readonly kind: MarkKind;
  readonly power: Power;
  readonly turn: GameTurn;
  readonly level: number | null;
  /** 59.23: an offer Germany must accept. */
  readonly mustAccept?: boolean;
}

function markOf(event: StoredEvent): FoundMark | null {
  switch (event.type) {
    case 'britain.surrender-offered': {
      const d = event.data;
      return {
        kind: 'offer',
        power: 'Britain',
        turn: d.turn,
        level: d.surrenderLevel,
        mustAccept: d.germanyMustAccept,
      };
    }
    case 'britain.surrendered':
      return { kind: 'surrender', power: 'Britain', turn: event.data.turn, level: event.data.surrenderLevel };
    case 'germany.surrendered':
      return { kind: 'surrender', power: 'Germany', turn: event.data.turn, level: null };
    case 'italy.surrendered':
      return { kind: 'surrender', power: 'Italy', turn: event.data.turn, level: event.data.surrenderLevel };
    default:
      return null;
  }
}

/** An offer's style: forced (59.23), else what Germany answered (the next answer in the log), else still open. */
function offerStyle(mark: FoundMark, answer: StoredEvent['type'] | undefined): MarkStyle {
  if (mark.kind === 'surrender') return 'surrender';
  if (mark.mustAccept === true) return 'offer-forced';
  if (answer === 'britain.offer-accepted') return 'offer-accepted';
  return answer === 'britain.offer-rejected' ? 'offer-rejected' : 'offer-open';
}

/** The series of one game's events (those of other games are ignored by the caller). */
export function chartSeries(events: readonly StoredEvent[]): ChartData {
  // One point per power and turn: a determination made again in the same turn replaces the earlier one.
  const points = new Map<string, ChartPoint>();
  const found: (FoundMark & { readonly event: StoredEvent; answer?: StoredEvent['type'] })[] = [];
  // The corrected game: what a correction took out is left out (the audit below the chart shows it, marked).
  const gone = supersededSeqs(events);
  for (const event of events) {
    if (gone.has(event.seq)) continue;
    const value = determinationOf(event);
    if (value !== null) {
      const turn = turnName(value.turn);
      points.set(`${value.power} ${turn}`, {
        power: value.power,
        turn,
        order: turnIndex(value.turn),
        value: value.value,
        seq: event.seq,
      });
    }
    const mark = markOf(event);
    if (mark !== null) found.push({ ...mark, event });
    if (event.type === 'britain.offer-accepted' || event.type === 'britain.offer-rejected') {
      const offer = found.findLast((m) => m.kind === 'offer');
      if (offer !== undefined && offer.answer === undefined) offer.answer = event.type;
    }
  }
  const marks = found.map((mark): ChartMark => {
    const { kind, power, turn, event } = mark;
    const name = turnName(turn);
    // The audit's own words and rule for the decision (src/audit): the report has none of its own.
    const entry = auditEntries(event)[0];
    return {
      kind,
      power,
      turn: name,
      order: turnIndex(turn),
      value: points.get(`${power} ${name}`)?.value ?? 0,
      rule: entry?.rule ?? '',
      text: entry?.result ?? '',
      seq: event.seq,
      style: offerStyle(mark, mark.answer),
      level: mark.level,
    };
  });
  const sorted = [...points.values()].sort(
    (a, b) => a.order - b.order || POWERS.indexOf(a.power) - POWERS.indexOf(b.power),
  );
  const turns = new Map<number, string>();
  for (const p of [...sorted, ...marks]) turns.set(p.order, p.turn);
  return { turns: [...turns.entries()].sort(([a], [b]) => a - b).map(([, name]) => name), points: sorted, marks };
}
