// The current state of a game: turn, each power's phase, the wars, the British surrenders, what the rules wait
// for (the engine's own words for each pending decision, src/engine/pending-text.ts, and what may be chosen,
// src/engine/choices-text/) and the permissions.
import type { GameSummary } from '../engine/summary.js';
import { choicesLines } from '../engine/choices-text/menus.js';
import { escapeHtml } from './escape.js';

const list = (items: readonly string[], empty: string): string =>
  items.length === 0 ? `<p class="empty">${escapeHtml(empty)}</p>` : `<ul>${items.join('')}</ul>`;

export function stateHtml(s: GameSummary): string {
  const facts: [string, string][] = [
    ['Turn', s.turn],
    ['Scenario', s.scenario],
    ['Germany', s.germany],
    ['Britain', s.britain],
    ['Italy', s.italy],
    ...(s.europeWarEnded === null ? [] : ([['War in Europe ended', s.europeWarEnded]] as [string, string][])),
  ];
  const wars = s.wars.map((w) => `<li>${escapeHtml(w)}</li>`);
  const surrenders = s.britishSurrenders.map(
    (b) => `<li>${escapeHtml(`${b.turn}: level ${b.level}, ${b.outcome}`)}</li>`,
  );
  const pending = s.pending.map(
    (p) =>
      `<li><span class="rule">${escapeHtml(p.rule)}</span> <b>${escapeHtml(p.by)}</b>: ` +
      `${escapeHtml(p.description)} <span ` +
      `class="commands">(${escapeHtml(p.commands.join(' or '))})</span>` +
      `<details class="choices"><summary>What may be chosen</summary><ul>${choicesLines(p)
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul></details></li>`,
  );
  const permissions = s.permissions.map(
    (p) =>
      `<li class="${p.allowed ? 'allowed' : 'forbidden'}"><span class="rule">${escapeHtml(p.rule)}</span> ` +
      `<code>${escapeHtml(p.permission)}</code> ${p.allowed ? 'allowed' : 'not allowed'}: ` +
      `${escapeHtml(p.detail)}</li>`,
  );
  return [
    '<div class="state">',
    `<dl class="facts">${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`,
    `<div><h3>At war</h3>${list(wars, 'no one')}</div>`,
    ...(surrenders.length === 0 ? [] : [`<div><h3>British surrenders</h3>${list(surrenders, 'none')}</div>`]),
    `<div><h3>Pending decisions</h3>${list(pending, 'nothing pending')}</div>`,
    `<div><h3>Permissions</h3>${list(permissions, 'none')}</div>`,
    '</div>',
  ].join('\n');
}
