// Deciding a correction (docs/corrections.md): which commands may be corrected or taken back, and by what. Every
// refusal cites `correction` and names the event; the accepted ones decide the game again (./redecide.ts).
import { definitionOf, type EventData, type OriginEvent } from '../../../events/index.js';
import { CORRECTABLE_TYPES } from '../../../events/corrections.js';
import type { RejectionCode } from '../decision.js';
import { sameJson } from '../same-json.js';
import { redecide, type RedecisionResult } from './redecide.js';
import { indexOfSeq, type Timeline, type TimelineEntry } from './timeline.js';

/** The command types that correct a game: decided on its timeline, not on its view alone. */
export const CORRECTION_TYPES: ReadonlySet<string> = new Set(['host.report-corrected', 'game.decision-withdrawn']);
export const isCorrection = (command: { readonly type: string }): boolean => CORRECTION_TYPES.has(command.type);

const refuse = (code: RejectionCode, rule: string, message: string): RedecisionResult => ({
  ok: false,
  rejection: { code, rule, message },
});

/** How a correction names the command it corrects: by its seq, or by the id the host gave it. */
interface Named {
  readonly seq?: number;
  readonly commandId?: string;
}

/** The seq a correction names, or its refusal. */
export function targetOf(timeline: Timeline, { seq, commandId }: Named, game: string): number | RedecisionResult {
  if (seq !== undefined && commandId !== undefined)
    return refuse('malformed', 'schema', 'data: name the command by seq or by commandId, not both');
  if (seq !== undefined) return seq;
  if (commandId === undefined) return refuse('malformed', 'schema', 'data: name the command by seq or by commandId');
  const found = timeline.commandIds.get(commandId);
  if (found !== undefined) return found;
  return refuse('illegal', 'correction', `data.commandId: no command of game ${game} has the id "${commandId}"`);
}

/** Where the named event is, when it is not a standing command of the game: the words of the refusal. */
function notStanding(timeline: Timeline, seq: number, version: number, game: string): RedecisionResult {
  const by = timeline.removed.get(seq);
  const of = timeline.corrections.get(seq);
  if (of !== undefined)
    return refuse(
      'illegal',
      'correction',
      `data.seq: event ${seq} is the correction that took event ${of} out of the game: it holds no report to correct`,
    );
  // Only on a refusal: the rule decisions are searched for the seq (each command keeps its own).
  const from = by === undefined ? timeline.entries.find((e) => e.effects.includes(seq)) : undefined;
  const why =
    by !== undefined
      ? `event ${seq} is no longer part of the game: the correction at event ${by} took it out`
      : from !== undefined
        ? `event ${seq} is a rule decision that follows from event ${from.seq} (${from.command.type}): correct that ` +
          'report, and the decisions are made again'
        : seq > version
          ? `there is no event ${seq} yet (the log is at ${version})`
          : `event ${seq} is no command of game ${game} that a rule reads (a host.logged, another game's event, or a ` +
            'record of the log)';
  return refuse('illegal', 'correction', `data.seq: ${why}`);
}

/**
 * Decides a correction of `game` as the event at `seq`, on the game's timeline. `version`: the log's version before
 * it (for the words of a refusal).
 */
export function decideCorrection(
  timeline: Timeline,
  game: string,
  origin: OriginEvent,
  seq: number,
  version: number,
): RedecisionResult {
  const issue = definitionOf(origin.type)?.data.firstError(origin.data, 'data') ?? null;
  if (issue !== null) return refuse('malformed', 'schema', `${issue.path}: ${issue.detail}`);
  if (timeline.entries.length === 0)
    return refuse('no-game', 'sequence', 'no host.game-started event for this game yet');
  const named = targetOf(timeline, origin.data as Named, game);
  if (typeof named !== 'number') return named;
  const target = named;
  const index = indexOfSeq(timeline, target);
  if (index < 0) return notStanding(timeline, target, version, game);
  const entry = timeline.entries[index] as TimelineEntry;
  const at: Target = { timeline, game, origin, seq, index, entry };
  return origin.type === 'host.report-corrected' ? correctReport(at) : withdrawDecision(at);
}

/** A correction and the standing command it names: `entry`, at `index` of the timeline. */
interface Target {
  readonly timeline: Timeline;
  readonly game: string;
  readonly origin: OriginEvent;
  /** The correction's own seq. */
  readonly seq: number;
  readonly index: number;
  readonly entry: TimelineEntry;
}

function correctReport({ timeline, game, origin, seq, index, entry }: Target): RedecisionResult {
  const { report } = origin.data as EventData<'host.report-corrected'>;
  const named = `event ${entry.seq} (${entry.command.type})`;
  const source = definitionOf(entry.command.type)?.source;
  if (source !== 'host' || !CORRECTABLE_TYPES.has(entry.command.type))
    return refuse(
      'illegal',
      'correction',
      source === 'player'
        ? `data.seq: ${named} is a player's decision, not a host report: only its player takes it back ` +
            '(game.decision-withdrawn), while nothing has been decided after it'
        : `data.seq: ${named} is not a host report a correction can change`,
    );
  if (report === null && index === 0)
    return refuse(
      'illegal',
      'correction',
      `data.report: ${named} starts the game: it can be corrected by another host.game-started, not taken out`,
    );
  if (report !== null && (entry.command.type === 'host.game-started') !== (report.type === 'host.game-started'))
    return refuse(
      'illegal',
      'correction',
      `data.report: ${named} can be corrected only by ${
        index === 0 ? 'another host.game-started' : 'a report other than host.game-started'
      }`,
    );
  if (report !== null && report.type === entry.command.type && sameJson(report.data, entry.command.data))
    return refuse(
      'illegal',
      'correction',
      `data.report: it is the report ${named} already holds: the correction would change nothing`,
    );
  return redecide(timeline, game, index, origin, seq, report as OriginEvent | null);
}

function withdrawDecision({ timeline, game, origin, seq, index, entry }: Target): RedecisionResult {
  const named = `event ${entry.seq} (${entry.command.type})`;
  if (definitionOf(entry.command.type)?.source !== 'player')
    return refuse(
      'illegal',
      'correction',
      `data.seq: ${named} is a host report: the host corrects it (host.report-corrected)`,
    );
  const after = timeline.entries[index + 1];
  if (after !== undefined)
    return refuse(
      'illegal',
      'correction',
      `data.seq: ${named} can no longer be taken back: event ${after.seq} (${after.command.type}) was decided after it`,
    );
  return redecide(timeline, game, index, origin, seq, null);
}
