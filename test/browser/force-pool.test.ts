// 59.513: the force pool in the report's timeline, in a real browser at a phone's width (390 px): a table with a row
// per unit the log reports, its columns named, within the page, its words at least 12 px.
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleGame, exampleLogs } from '../report/support.js';
import { writtenReport } from './report-file.js';
import { launchBrowser, skipBrowser, type Browser } from './chromium.js';

/** The bundled games whose host reports a British force pool. */
const withPool = (
  await Promise.all(
    exampleLogs.map(async (name) => {
      const events = (await exampleGame(name)).events;
      const pools = events.flatMap((e) => (e.type === 'host.british-force-pool' ? [e.data.units.length] : []));
      return { name, pools };
    }),
  )
).filter((g) => g.pools.length > 0);

describe.skipIf(skipBrowser)('the force pool table in headless Chromium', () => {
  const dirs: string[] = [];
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('59.513: five bundled games report a force pool', () => {
    expect(withPool.map((g) => g.name)).toEqual([
      'conciliation-and-second-surrender.jsonl',
      'corrected-dp-level-1942.jsonl',
      'far-east-1941.jsonl',
      'rejected-then-forced-1943.jsonl',
      'sea-lion-1941.jsonl',
    ]);
  });

  it.each(withPool)(
    '59.513: the force pool of $name at 390 px: a row per unit, within the page',
    async ({ name, pools }) => {
      const file = await writtenReport(name, dirs);
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      const decisions = page.locator('details[data-rule="59.513"]:has(table.pool)');
      expect(await decisions.count()).toBe(pools.length);
      for (const [i, units] of pools.entries()) {
        const decision = decisions.nth(i);
        const table = decision.locator('table.pool');
        expect(await table.isVisible()).toBe(false);
        await decision.locator('summary').click();
        await expect.poll(() => table.isVisible()).toBe(true);
        expect(await table.locator('thead th').allTextContents()).toEqual(['Unit', 'Factors', 'BRPs', 'Where']);
        expect(await table.locator('tbody tr').count()).toBe(units);
        const box = await table.boundingBox();
        expect(box === null ? Number.POSITIVE_INFINITY : box.x + box.width).toBeLessThanOrEqual(390);
        // In the page's own JavaScript: the tests' types know no DOM.
        const sizes = (await page.evaluate(
          `[...document.querySelectorAll('table.pool')[${i}].querySelectorAll('th, td, caption')]` +
            '.map((c) => parseFloat(getComputedStyle(c).fontSize))',
        )) as number[];
        expect(Math.min(...sizes)).toBe(12);
      }
      await page.close();
    },
  );
});
