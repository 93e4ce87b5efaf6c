// The report's words in a real browser never cover each other: at a phone's width (390 px) and a desktop's (1280
// px), no two texts of the page overlap (the chart's SVG labels, tags and axes, and the HTML's legend, state and
// timeline), no text is struck through by the chart's zero line or an axis line or drawn on a point or a mark,
// and no offer's mark lands on the zero line. The check itself is shown to find a deliberate overlap.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleLogs } from '../report/support.js';
import { writtenReport } from './report-file.js';
import { boxes, collisionWords, launchBrowser, skipBrowser, type Browser, type Collision } from './chromium.js';
import { openDecisions, overlapsAt, reportOverlaps } from './report-checks.js';

describe.skipIf(skipBrowser)('the report in headless Chromium: no text covers another', () => {
  const dirs: string[] = [];
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  async function open(html: string, width: number): Promise<Page> {
    const dir = mkdtempSync(join(tmpdir(), 'awaw-overlap-'));
    dirs.push(dir);
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(html, { waitUntil: 'load' });
    return page;
  }

  it('the check names two texts drawn over each other, a text on a line, and an offer on the zero line', async () => {
    const page = await open(
      '<!DOCTYPE html><body style="margin:0;font:16px sans-serif"><p style="margin:0">Spring 1941</p>' +
        '<p style="margin:-10px 0 0 20px">Summer 1941</p><p style="margin:40px 0 0">far from the others</p>' +
        '<div class="chart"><div class="wide"><svg width="400" height="200">' +
        '<g class="zero_marks"><line x1="0" y1="100" x2="400" y2="100" stroke="#000"/></g>' +
        '<text x="10" y="105" font-size="12">Britain</text>' +
        '<text x="200" y="60" font-size="12">clear of the line</text>' +
        // Upright, the boxes around these two would overlap; turned as they are drawn, they do not.
        '<text x="200" y="195" font-size="12" transform="rotate(-40 200 195)">Winter 1942</text>' +
        '<text x="240" y="195" font-size="12" transform="rotate(-40 240 195)">Spring 1942</text>' +
        '<path aria-roledescription="point" aria-label="offer Britain, Fall 1942 (59.12): offer" ' +
        'd="M300 92 L308 108 L292 108 Z"/></svg></div></div></body>',
      1280,
    );
    const found = await boxes<Collision[]>(page, reportOverlaps('wide'));
    expect(collisionWords(found).sort()).toEqual([
      '"Britain" overlaps the zero line',
      '"Spring 1941" overlaps "Summer 1941"',
      'the mark "offer Britain, Fall 1942 (59.12)" overlaps the zero line',
    ]);
    await page.close();
  });

  it.each(exampleLogs)('the report of %s: no two texts overlap at 390 or 1280 px', async (name) => {
    const file = await writtenReport(name, dirs);
    for (const width of [390, 1280]) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      await openDecisions(page);
      expect(await overlapsAt(page, width), `${name} at ${width} px`).toEqual([]);
      await page.close();
    }
  });
});
