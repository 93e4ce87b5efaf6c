// Audit lines for corrections (docs/corrections.md): who corrected which report, from what to what, and what the
// game decided again changed. With the log read in order (./trail.ts) the earlier report is known and each changed
// fact is named in words; a single event alone names the report by its seq.
import type { EventData, StoredEvent } from '../../events/index.js';
import { turnName } from '../rules/turns.js';
import type { Draft } from './entry.js';
import { factWords, valueWords } from './fact-words.js';
import { commandWords } from './command-words.js';

/** How a correction names a command: by seq, or by the id the host gave it. */
export interface Named {
  readonly seq?: number;
  readonly commandId?: string;
}

/** The command a correction names, as the trail has read it (undefined when the event is read alone). */
export type CommandAt = (
  game: string,
  named: Named,
) => { readonly seq: number; readonly type: string; readonly data: unknown } | undefined;

/** `event 61`, or `the command with the id "x"` when its seq is not known here. */
const which = (named: Named, seq: number | undefined): string =>
  seq !== undefined ? `event ${seq}` : `the command with the id "${named.commandId ?? ''}"`;

const RULE = 'correct';

const turnOf = (data: unknown): string => {
  const turn = (data as { turn?: Parameters<typeof turnName>[0] } | null)?.turn;
  return turn === undefined ? '-' : turnName(turn);
};

/** Each leaf that differs: `the British DP level: -2, now 5`. */
function changes(before: unknown, after: unknown, path: readonly (string | number)[] = []): string[] {
  if (typeof before === 'object' && before !== null && typeof after === 'object' && after !== null) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) =>
      changes(
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        Array.isArray(before) ? [...path, Number(key)] : [...path, key],
      ),
    );
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [`${factWords(path)}: ${valueWords(before)}, now ${valueWords(after)}`];
}

export function auditCorrection(event: StoredEvent, commandAt: CommandAt): Draft[] {
  switch (event.type) {
    case 'host.report-corrected': {
      const { report } = event.data;
      const was = commandAt(event.game, event.data);
      const named = which(event.data, event.data.seq ?? was?.seq);
      const turn = turnOf(report?.data ?? was?.data);
      if (report === null)
        return [{ turn, rule: RULE, result: `the host takes its report of ${named} out of the game`, breakdown: [] }];
      const breakdown =
        was === undefined
          ? [`the report it should have been: ${commandWords(report.type)}`]
          : was.type !== report.type
            ? [`was ${commandWords(was.type)}, now ${commandWords(report.type)}`]
            : changes(was.data, report.data);
      return [{ turn, rule: RULE, result: `the host corrects its report of ${named}`, breakdown }];
    }
    case 'game.decision-withdrawn': {
      const was = commandAt(event.game, event.data);
      const named = which(event.data, event.data.seq ?? was?.seq);
      const what = was === undefined ? named : `${commandWords(was.type)} (${named})`;
      return [
        { turn: turnOf(was?.data), rule: RULE, result: `a player takes back its decision, ${what}`, breakdown: [] },
      ];
    }
    case 'game.redecided':
      return [redecided(event.data)];
    default:
      return [];
  }
}

/** A rule number as it is; the order of play's refusals (`sequence`) in words. */
const ruleWords = (rule: string): string => (/^\d/.test(rule) ? rule : 'the order of play');

function redecided(data: EventData<'game.redecided'>): Draft {
  const count = data.decisions.reduce((sum, d) => sum + d.count, 0);
  const list = (seqs: readonly number[]): string => seqs.join(', ');
  return {
    turn: '-',
    rule: RULE,
    result: `the game is decided again from event ${data.of}`,
    breakdown: [
      data.superseded.length === 0
        ? 'every earlier decision still holds'
        : `no longer hold: the decisions of events ${list(data.superseded)} (marked superseded above)`,
      ...data.setAside.map(
        (s) => `set aside: ${commandWords(s.type)} (event ${s.seq}), which ${ruleWords(s.rule)} now refuses`,
      ),
      count === 0 ? 'no new decision' : `new decisions: ${count}, below`,
    ],
  };
}
