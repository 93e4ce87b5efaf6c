// The current state of a game: turn, each power's phase, the wars, the British surrenders, what the rules wait
// for (the engine's own words for each pending decision, src/engine/pending-text.ts, and what may be chosen,
// src/engine/choices-text/) and the permissions.
import type { GameSummary } from '../engine/summary.js';
import { choicesLines } from '../engine/choices-text/menus.js';
import { outcomeWords, phaseWords } from '../audit/phase-words.js';
import { warWords } from '../audit/words.js';
import { escapeHtml } from './escape.js';

const list = (items: readonly string[], empty: string): string =>
  items.length === 0 ? `<p class="empty">${escapeHtml(empty)}</p>` : `<ul>${items.join('')}</ul>`;

/** What each permission of src/engine/britain/permissions.ts lets a player do. */
const PERMISSION_WORDS: Readonly<Record<string, string>> = {
  'lend-commonwealth-units-to-us': 'Commonwealth units lent to the U.S.',
  'build-british-units-in-canada': 'British units built in Canada',
  'build-british-partisans': 'British partisans built',
  'british-forces-neutral': 'British forces neutral',
  'neutral-britain-deploys-to-europe': 'neutral Britain deploying to Europe',
  'germany-us-declaration-of-war': 'a declaration of war between Germany and the U.S.',
};

export function stateHtml(s: GameSummary): string {
  const facts: [string, string][] = [
    ['Turn', s.turn],
    ['Scenario', s.scenario === 'global' ? 'Global War' : 'European'],
    ['Germany', phaseWords('germany', s.germany)],
    ['Britain', phaseWords('britain', s.britain)],
    ['Italy', phaseWords('italy', s.italy)],
    ...(s.europeWarEnded === null ? [] : ([['War in Europe ended', s.europeWarEnded]] as [string, string][])),
  ];
  const wars = s.wars.map((w) => `<li>${escapeHtml(warWords(w))}</li>`);
  const surrenders = s.britishSurrenders.map(
    (b) => `<li>${escapeHtml(`${b.turn}: level ${b.level}, ${outcomeWords(b.outcome)}`)}</li>`,
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
  // What the rules allow now and what they forbid, apart: each named in words, then why.
  const permission = (p: GameSummary['permissions'][number]): string =>
    `<li class="${p.allowed ? 'allowed' : 'forbidden'}"><span class="rule">${escapeHtml(p.rule)}</span> ` +
    `<b>${escapeHtml(PERMISSION_WORDS[p.permission] ?? p.permission)}</b>: ${escapeHtml(p.detail)}</li>`;
  const allowed = s.permissions.filter((p) => p.allowed).map(permission);
  const forbidden = s.permissions.filter((p) => !p.allowed).map(permission);
  return [
    '<div class="state">',
    `<dl class="facts">${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`,
    `<div><h3>At war</h3>${list(wars, 'no one')}</div>`,
    ...(surrenders.length === 0 ? [] : [`<div><h3>British surrenders</h3>${list(surrenders, 'none')}</div>`]),
    `<div><h3>Pending decisions</h3>${list(pending, 'nothing pending')}</div>`,
    ...(allowed.length === 0 ? [] : [`<div><h3>Allowed now</h3>${list(allowed, 'nothing')}</div>`]),
    ...(forbidden.length === 0 ? [] : [`<div><h3>Not allowed now</h3>${list(forbidden, 'nothing')}</div>`]),
    '</div>',
  ].join('\n');
}
