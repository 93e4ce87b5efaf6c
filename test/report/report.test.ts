// The report page (src/report/): the chart's series exactly as the log's rule decisions record them, a page that
// needs no network, and every string from the log escaped.
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { escapeHtml, scriptJson } from '../../src/report/escape.js';
import { buildReport } from '../../src/report/page.js';
import { chartSeries } from '../../src/report/series.js';
import { exampleGame, exampleLogs } from './support.js';

const byPower = (data: ReturnType<typeof chartSeries>, power: string): [string, number][] =>
  data.points.filter((p) => p.power === power).map((p) => [p.turn, p.value]);

describe('the report', () => {
  it('59.21, 55.11B, 56.11: the series of italy-1943-germany-1945 per turn, as its decisions record them', async () => {
    const data = chartSeries((await exampleGame('italy-1943-germany-1945.jsonl')).events);
    // britain.resistance-determined levels, Spring 1943 to Winter 1944 (none once the war in Europe ends, 55.21).
    expect(byPower(data, 'Britain')).toEqual([
      ['Spring 1943', 12],
      ['Summer 1943', 14],
      ['Fall 1943', 15],
      ['Winter 1943', 22],
      ['Spring 1944', 22],
      ['Summer 1944', 21],
      ['Fall 1944', 20],
      ['Winter 1944', 20],
    ]);
    // germany.surrender-checked resistance at the end of each Allied player turn, to the surrender in Spring 1945.
    expect(byPower(data, 'Germany')).toEqual([
      ['Spring 1943', 19],
      ['Summer 1943', 17],
      ['Fall 1943', 16],
      ['Winter 1943', 14],
      ['Spring 1944', 11],
      ['Summer 1944', 8],
      ['Fall 1944', 5],
      ['Winter 1944', 2],
      ['Spring 1945', -1],
    ]);
    // italy.surrender-checked DP totals until Italy surrenders in Fall 1943 (56.11B).
    expect(byPower(data, 'Italy')).toEqual([
      ['Spring 1943', 2],
      ['Summer 1943', 1],
      ['Fall 1943', -1],
    ]);
    expect(data.marks.map((m) => [m.kind, m.power, m.turn, m.value, m.rule])).toEqual([
      ['surrender', 'Italy', 'Fall 1943', -1, '56.2'],
      ['surrender', 'Germany', 'Spring 1945', -1, '55.2'],
    ]);
    expect(data.turns).toEqual([
      'Spring 1943',
      'Summer 1943',
      'Fall 1943',
      'Winter 1943',
      'Spring 1944',
      'Summer 1944',
      'Fall 1944',
      'Winter 1944',
      'Spring 1945',
    ]);
  });

  it('59.12, 59.41: sea-lion-1941 marks the offer and surrender of Summer 1941 at the British level -4', async () => {
    const data = chartSeries((await exampleGame('sea-lion-1941.jsonl')).events);
    expect(data.marks.map((m) => [m.kind, m.power, m.turn, m.value, m.rule, m.text])).toEqual([
      ['offer', 'Britain', 'Summer 1941', -4, '59.12', 'Britain offers to surrender at -4'],
      [
        'surrender',
        'Britain',
        'Summer 1941',
        -4,
        '59.41',
        'Britain surrenders at level -4: peace negotiations follow (59.62)',
      ],
    ]);
  });

  it.each(exampleLogs)(
    'the page of %s needs no network: no external src or href, no @import or url(), no script',
    async (name) => {
      const html = await buildReport({ title: name, games: [await exampleGame(name)], problems: [] });
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
      expect(html).not.toMatch(/@import|url\(|<link\b|<iframe\b|<img\b/i);
      // The one script element holds data (type application/json), never code.
      expect(html.match(/<script\b[^>]*>/g)).toEqual([
        '<script type="application/json" class="chart-data" id="chart-data-0">',
      ]);
      expect(html).toContain('<svg');
    },
  );

  it('59.513: a hostile unit id, title and problem are text on the page, never markup', async () => {
    const game = await exampleGame('sea-lion-1941.jsonl');
    const hostile = '<img src=x onerror=alert(1)></script><!--';
    const events = game.events.map(
      (e): StoredEvent =>
        e.type === 'host.british-force-pool'
          ? { ...e, data: { ...e.data, units: e.data.units.map((u, i) => (i === 0 ? { ...u, id: hostile } : u)) } }
          : e,
    );
    const html = await buildReport({ title: `"${hostile}`, games: [{ ...game, events }], problems: [hostile] });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('</script><!--');
    expect(html).toContain(escapeHtml(hostile));
    expect(escapeHtml(`<a href="x" title='y'>&`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;');
    const json = scriptJson({ text: '</script><!--\u2028' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ text: '</script><!--\u2028' });
  });

  it('55.11: the timeline is every audit entry by turn, each a <details> with its headline and breakdown', async () => {
    const html = await buildReport({
      title: 't',
      games: [await exampleGame('italy-1943-germany-1945.jsonl')],
      problems: [],
    });
    // Germany's surrender check of Spring 1945: its headline, then its 55.11B rows.
    expect(html).toContain('<details class="decision decisive" data-seq="270" data-rule="55.2">');
    const body = html.slice(html.indexOf('data-seq="269"'), html.indexOf('</details>', html.indexOf('data-seq="269"')));
    expect(body).toContain(
      '<span class="rule">55.11</span> <span class="result">Germany ' +
        'surrenders: resistance -1 and Berlin under Allied control</span>',
    );
    expect(body).toContain('<span class="rule">55.11B</span> <span class="text">German DP total at the end');
    expect(html.match(/<section class="turn"><h3>([^<]*)<\/h3>/g)?.length).toBe(9);
  });
});
