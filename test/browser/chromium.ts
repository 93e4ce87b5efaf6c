// Headless Chromium for the browser tests: Debian's `chromium`, never a downloaded build, driven by
// playwright-core. Without it a suite is skipped with a notice, unless CI=true or AWAW_REQUIRE_CHROMIUM=1, where
// it fails.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumRequired = process.env['CI'] === 'true' || process.env['AWAW_REQUIRE_CHROMIUM'] === '1';
export const chromiumPresent = existsSync(CHROMIUM);
/** Where the screenshots go. */
export const OUTPUT = join(import.meta.dirname, '..', '..', 'test-output', 'browser');
/** The script that finds where a page draws its words and marks, and which overlap (./page-boxes.mjs). */
export const PAGE_BOXES = join(import.meta.dirname, 'page-boxes.mjs');

export const skipBrowser = !chromiumPresent && !chromiumRequired;
if (skipBrowser)
  console.warn(
    `test/browser: skipped: no Chromium at ${CHROMIUM} (apt-get install chromium; CI=true or ` +
      `AWAW_REQUIRE_CHROMIUM=1 fails instead)`,
  );

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** A browser with a throwaway profile; close() removes it. */
export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPresent) throw new Error(`CI needs Chromium at ${CHROMIUM} (.ci/run installs it)`);
  const profile = mkdtempSync(join(tmpdir(), 'awaw-chromium-'));
  // As root, as CI runs, Chromium needs --no-sandbox; with no network to reach, nothing in the background.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Two texts (or a text and a line or a mark) that overlap, by name. */
export type Collision = readonly [string, string];

/** What a page's boxes script finds (./page-boxes.mjs), in words: `"Britain" overlaps "the zero line"`. */
export const collisionWords = (found: readonly Collision[]): string[] => found.map(([a, b]) => `${a} overlaps ${b}`);

/**
 * Loads ./page-boxes.mjs into the page, then evaluates `expression` (in the page's JavaScript) with it. The script is
 * evaluated as playwright evaluates any expression, not added as a <script>, which a served page's content security
 * policy (default-src 'none') would refuse.
 */
export async function boxes<T>(page: Page, expression: string): Promise<T> {
  if ((await page.evaluate('typeof globalThis.awawBoxes')) === 'undefined')
    await page.evaluate(readFileSync(PAGE_BOXES, 'utf8'));
  return (await page.evaluate(expression)) as T;
}
