// The report in a real browser: headless Chromium (./chromium.ts). For each bundled game the page written by
// `awaw-surrender report` loads without a console error, its chart holds one point per turn for each power and
// marks the turns the log records a surrender, and a decision opens to its breakdown; screenshots go to
// test-output/browser/.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/index.js';
import { turnName } from '../../src/rules/turns.js';
import { exampleGame, exampleLogs } from '../report/support.js';
import { writtenReport } from './report-file.js';
import { launchBrowser, OUTPUT, skipBrowser, type Browser } from './chromium.js';
import { chartAt, openDecisions, pastTheEdge, scrollWidth } from './report-checks.js';

/** What the log records, read through the engine's replay: each power's turns with a value, the surrender turns. */
function expected(events: readonly StoredEvent[]) {
  const turns = (types: readonly string[]): string[] => [
    ...new Set(
      events
        .filter((e) => types.includes(e.type))
        .map((e) => turnName((e.data as { turn: { year: number; season: 'spring' } }).turn)),
    ),
  ];
  return {
    points: {
      Britain: turns(['britain.resistance-determined']).length,
      Germany: turns(['germany.surrender-checked']).length,
      Italy: turns(['italy.surrender-checked']).length,
    },
    surrenders: {
      Britain: turns(['britain.surrendered']),
      Germany: turns(['germany.surrendered']),
      Italy: turns(['italy.surrendered']),
    },
    first: events.find((e) => ['britain.surrendered', 'germany.surrendered', 'italy.surrendered'].includes(e.type)),
  };
}

describe.skipIf(skipBrowser)('the report in headless Chromium', () => {
  const dirs: string[] = [];
  let chromium: Browser;
  let browser: BrowserContext;
  beforeAll(async () => {
    chromium = await launchBrowser();
    browser = chromium.context;
    mkdirSync(OUTPUT, { recursive: true });
  });
  afterAll(async () => {
    await chromium?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.each(exampleLogs)(
    '55.2, 56.2, 59.41: the report of %s: no console error, one ' +
      'point per turn per power, the surrenders marked, a decision opens',
    async (name) => {
      const file = await writtenReport(name, dirs);
      const want = expected((await exampleGame(name)).events);

      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });

      // The desktop chart (the phone's holds the same points: below).
      const labels = await page
        .locator('.chart .wide svg [aria-roledescription="point"]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
      const points = labels
        .map((l) => /^(Britain|Germany|Italy), (\w+ \d{4}): [+-]?\d+$/.exec(l))
        .filter((m) => m !== null);
      for (const power of ['Britain', 'Germany', 'Italy'] as const) {
        const turns = points.filter((m) => m[1] === power).map((m) => m[2]);
        expect(turns, power).toHaveLength(want.points[power]);
        expect(new Set(turns).size, `${power}: one point per turn`).toBe(turns.length);
      }
      // The chart's data in the page agrees with its marks.
      const data = JSON.parse((await page.locator('script.chart-data').textContent()) ?? 'null') as {
        points: unknown[];
        marks: unknown[];
      };
      expect(data.points).toHaveLength(points.length);
      const marks = labels
        .map((l) => /^(offer|surrender) (Britain|Germany|Italy), (\w+ \d{4}) /.exec(l))
        .filter((m) => m !== null);
      expect(marks).toHaveLength(data.marks.length);
      for (const power of ['Britain', 'Germany', 'Italy'] as const) {
        expect(
          marks.filter((m) => m[1] === 'surrender' && m[2] === power).map((m) => m[3]),
          `${power} surrenders`,
        ).toEqual(want.surrenders[power]);
      }
      expect(points.length + marks.length).toBe(labels.length);
      await page.screenshot({ path: join(OUTPUT, name.replace(/\.jsonl$/, '.png')) });
      // The chart's card alone, at 1280 px: docs/images/ holds a copy of one for the README.
      await page
        .locator('.card.chart')
        .first()
        .screenshot({ path: join(OUTPUT, name.replace(/\.jsonl$/, '-chart.png')) });

      // A decision opens to its itemized breakdown, rule numbers first; the first surrender when there is one.
      const seq = want.first?.seq ?? 1;
      const decision = page.locator(`details[data-seq="${seq}"]`).first();
      const breakdown = decision.locator('ol.breakdown');
      expect(await breakdown.isVisible()).toBe(false);
      await decision.locator('summary').click();
      await expect.poll(() => breakdown.isVisible()).toBe(true);
      const rules = await breakdown.locator('.rule').allTextContents();
      expect(rules.length).toBeGreaterThan(0);
      for (const rule of rules) expect(rule).toMatch(/^\d{2}\.\d+[A-Z]?$/);
      await decision.screenshot({ path: join(OUTPUT, name.replace(/\.jsonl$/, '-decision.png')) });
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each(exampleLogs)(
    '55.2, 56.2, 59.41: the report of %s fits a phone (390 px) and a desktop (1280 px)',
    async (name) => {
      const file = await writtenReport(name, dirs);
      for (const width of [390, 1280]) {
        const page = await browser.newPage();
        await page.setViewportSize({ width, height: 900 });
        await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
        await page.screenshot({ path: join(OUTPUT, name.replace(/\.jsonl$/, `-${width}.png`)), fullPage: true });
        await openDecisions(page);
        // Nothing wider than the page: no element reaches past its right edge, the page never scrolls sideways.
        expect(await pastTheEdge(page), `${name} at ${width} px`).toEqual([]);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
        // The chart that fits is shown, with its legend; its points are the desktop chart's.
        const shown = chartAt(width);
        expect(await page.locator(`.chart .${shown} svg`).first().isVisible()).toBe(true);
        expect(
          await page
            .locator(`.chart .${shown === 'wide' ? 'narrow' : 'wide'} svg`)
            .first()
            .isVisible(),
        ).toBe(false);
        const points = (which: string) =>
          page
            .locator(`.chart .${which} svg [aria-roledescription="point"]`)
            .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
        expect(await points('narrow')).toEqual(await points('wide'));
        await page.close();
      }
    },
  );
});
