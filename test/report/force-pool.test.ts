// 59.513: the force pool the host reports, in the report's timeline as a table: a row per unit, its id and kind,
// its factors, its BRPs (a dash for a ship, counted by factors, 59.512) and where it is, in words.
import { describe, expect, it } from 'vitest';
import { forcePoolTableHtml, forcePoolTables } from '../../src/report/force-pool.js';
import { buildReport } from '../../src/report/page.js';
import { exampleGame } from './support.js';

describe('the force pool table', () => {
  it('59.513: a row per unit: the id over its kind, factors, BRPs and where, in words', () => {
    const html = forcePoolTableHtml([
      { id: 'raf-4', nationality: 'british', kind: 'aaf', factors: 2, brps: 10, theater: 'unbuilt' },
      {
        id: 'hood',
        nationality: 'british',
        kind: 'naval',
        factors: 9,
        brps: 0,
        theater: 'europe',
        naval: { type: 'battlecruiser', status: 'damaged' },
      },
      {
        id: 'gr-1',
        nationality: 'minor',
        kind: 'ground',
        factors: 1,
        brps: 1,
        theater: 'europe',
        minor: 'Greece',
      },
    ]);
    const rows = [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
      [...(m[1] ?? '').matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => (c[1] ?? '').replace(/<[^>]+>/g, '')),
    );
    expect(rows).toEqual([
      ['Unit', 'Factors', 'BRPs', 'Where'],
      ['raf-4 British AAF', '2', '10', 'unbuilt'],
      ['hood British battlecruiser', '9', '–', 'damaged, in Europe'],
      ['gr-1 minor country ground unit of Greece', '1', '1', 'in Europe'],
    ]);
    expect(html).toContain('<caption>59.513 the British force pool and Royal Navy, as the host reports them</caption>');
  });

  it('59.513: a hostile unit id is text in the table, never markup', () => {
    const html = forcePoolTableHtml([
      {
        id: '<img src=x onerror=alert(1)>',
        nationality: 'british',
        kind: 'aaf',
        factors: 1,
        brps: 5,
        theater: 'europe',
      },
    ]);
    expect(html).toContain('<span class="id">&lt;img src=x onerror=alert(1)&gt;</span>');
    expect(html).not.toContain('<img');
  });

  it('59.513: the report of sea-lion-1941 shows its force pool report as a table of its 39 units', async () => {
    const game = await exampleGame('sea-lion-1941.jsonl');
    const tables = forcePoolTables(game.events);
    expect([...tables.keys()]).toEqual([game.events.find((e) => e.type === 'host.british-force-pool')?.seq]);
    const html = await buildReport({ title: 'sea-lion-1941.jsonl', games: [game], problems: [] });
    const entry = /<details class="decision" data-seq="\d+" data-rule="59.513">(.*?)<\/details>/s.exec(html)?.[1] ?? '';
    expect(entry).toContain('The host reports the British force pool: 39 units');
    expect(entry).not.toContain('<ol class="breakdown">');
    expect([...entry.matchAll(/<tr>/g)]).toHaveLength(40);
  });
});
