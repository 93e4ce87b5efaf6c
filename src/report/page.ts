// The report page of a log: per game its chart (./chart.ts), its current state (./state.ts) and its timeline
// (./timeline.ts); one self-contained HTML document with its stylesheet inline, no script, nothing to fetch.
import type { StoredEvent } from '../../events/index.js';
import { AuditTrail } from '../audit/trail.js';
import type { Mismatch } from '../engine/replay.js';
import type { GameSummary } from '../engine/summary.js';
import { renderChart } from './chart.js';
import { chartLegendHtml } from './chart-legend.js';
import { escapeHtml, scriptJson } from './escape.js';
import { forcePoolTables } from './force-pool.js';
import { chartSeries, type ChartData } from './series.js';
import { stateHtml } from './state.js';
import { STYLE } from './style.js';
import { timelineHtml } from './timeline.js';

export interface ReportGame {
  readonly game: string;
  /** The game's events in log order (those of other games left out). */
  readonly events: readonly StoredEvent[];
  readonly summary: GameSummary;
}

export interface ReportInput {
  /** What the report is of: a log's file name, or the game's id. */
  readonly title: string;
  readonly games: readonly ReportGame[];
  /** What was wrong with the log (a rule decision the rules no longer produce, a torn last line), each one line. */
  readonly problems: readonly string[];
}

/** A rule decision the rules no longer produce, as the page lists it (the log's line is its seq + 1). */
export const mismatchProblem = (m: Mismatch): string => `line ${m.seq + 1}: [${m.game}] ${m.message}`;

/**
 * The chart twice, for a desktop and for a phone (the page's stylesheet shows the one that fits), and what its
 * dashed line means; before the first determination (55.11, 56.11, 59.21), words instead of an empty chart.
 */
async function chartHtml(data: ChartData): Promise<string> {
  if (data.points.length === 0)
    return '<p class="empty">No turn has ended yet: the chart starts with the first resistance levels (55.11, 56.11, 59.21).</p>';
  const [wide, narrow] = await Promise.all([renderChart(data, 'wide'), renderChart(data, 'narrow')]);
  return (
    `<div class="wide">${wide}</div><div class="narrow">${narrow}${chartLegendHtml(data)}</div>` +
    '<p class="caption">The dashed line is 0. At 0 or less Germany surrenders once Berlin is Allied or atomic ' +
    '(55.11), Italy once Rome is Allied or no Axis unit is left in Africa (56.11), and Britain offers to surrender ' +
    '(59.12).</p>'
  );
}

async function gameHtml(report: ReportGame, index: number): Promise<string> {
  const data = chartSeries(report.events);
  const trail = new AuditTrail();
  for (const event of report.events) trail.add(event);
  const entries = trail.entries();
  const game = escapeHtml(report.game);
  return [
    `<section class="game" data-game="${game}">`,
    `<h2>Game ${game}</h2>`,
    '<div class="overview">',
    `<div class="card chart"><h3>Resistance levels and Italy's DP total, per turn</h3>${await chartHtml(data)}</div>`,
    `<div class="card"><h3>Now</h3>${stateHtml(report.summary)}</div>`,
    '</div>',
    `<script type="application/json" class="chart-data" id="chart-data-${index}">${scriptJson(data)}</script>`,
    `<div class="card timeline"><h3>Timeline: every decision, by turn (click one for its ` +
      `breakdown)</h3>${timelineHtml(entries, new Set(data.marks.map((m) => m.seq)), forcePoolTables(report.events))}</div>`,
    '</section>',
  ].join('\n');
}

export async function buildReport(input: ReportInput): Promise<string> {
  const games: string[] = [];
  for (const [i, game] of input.games.entries()) games.push(await gameHtml(game, i));
  const problems =
    input.problems.length === 0
      ? ''
      : '<div class="card problems"><h3>Problems in the log</h3>' +
        `<ul>${input.problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></div>`;
  const title = escapeHtml(input.title);
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Surrender report: ${title}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body>',
    `<header class="page"><h1>Surrender report: ${title}</h1><p>British (59), German (55) and Italian (56) ` +
      `surrender, from the event log: ${input.games.length} ` +
      `${input.games.length === 1 ? 'game' : 'games'}</p></header>`,
    '<main>',
    problems,
    ...games,
    '</main></body></html>',
    '',
  ].join('\n');
}
