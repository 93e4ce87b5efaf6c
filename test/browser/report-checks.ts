// What the browser tests check of a report page open at a width: every decision opened (its breakdown or table
// shown), nothing reaching past the viewport's right edge, and no text drawn over another, over the chart's zero
// line or an axis line, or on a point or a mark, and no offer's mark on the zero line (./page-boxes.mjs). The
// expressions run in the page's JavaScript: the tests' types know no DOM.
import type { Page } from 'playwright-core';
import { boxes, collisionWords, type Collision } from './chromium.js';

/** The report's chart at a width: the phone's (`narrow`) to 700 px, as its style sheet says, else the desktop's. */
export const chartAt = (width: number): 'wide' | 'narrow' => (width <= 700 ? 'narrow' : 'wide');

/** The report's overlaps with the chart of `which` shown, as ./page-boxes.mjs finds them. */
export const reportOverlaps = (which: 'wide' | 'narrow'): string => `(() => {
  const b = globalThis.awawBoxes;
  const chart = '.chart .${which} svg';
  const label = (e) => 'the mark "' + (e.getAttribute('aria-label') ?? '').split(':')[0] + '"';
  const items = [
    ...b.texts(document.body),
    ...b.shapes(chart + ' .zero_marks line', 'zero', () => 'the zero line', 1.5),
    ...b.shapes(chart + ' .role-axis-domain line', 'line', () => 'an axis line', 1),
    ...b.shapes(chart + ' path[aria-label^="offer "]', 'offer', label, 0),
    ...b.shapes(chart + ' path[aria-roledescription="point"]:not([aria-label^="offer "])', 'mark', label, 0),
  ];
  return b.collisions(items, [['text', 'text'], ['text', 'zero'], ['text', 'line'], ['text', 'offer'],
    ['text', 'mark'], ['offer', 'zero']], 1);
})()`;

/** Every decision of the page open: its breakdown's words, or its table's, shown too. */
export async function openDecisions(page: Page): Promise<void> {
  await page.evaluate("for (const d of document.querySelectorAll('details')) d.open = true");
}

/** The elements shown that reach past the page's right edge, as `tag.class`: none when nothing is too wide. */
export async function pastTheEdge(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const limit = document.documentElement.clientWidth + 1;
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > limit)
      .map((e) => e.tagName.toLowerCase() + '.' + (e.getAttribute('class') ?? ''));
  })()`)) as string[];
}

/** How wide the page scrolls: at most the viewport's width when it never scrolls sideways. */
export async function scrollWidth(page: Page): Promise<number> {
  return (await page.evaluate('document.documentElement.scrollWidth')) as number;
}

/** The overlaps of a report page open `width` px wide, in words (`"Britain" overlaps the zero line`). */
export async function overlapsAt(page: Page, width: number): Promise<string[]> {
  return collisionWords(await boxes<Collision[]>(page, reportOverlaps(chartAt(width))));
}
