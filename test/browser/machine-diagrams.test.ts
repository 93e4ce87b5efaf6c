// The machine diagrams of docs/machines.md drawn by Mermaid itself (node_modules/mermaid, loaded from its file:
// no network) in headless Chromium, in a 900-px column: each renders without an error, fits the column or, scaled
// to it, keeps its smallest label at 11 px or more, and no two labels (of states or of arrows) overlap. The checks
// are shown to find a diagram too wide to read and two labels drawn over each other.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGRAM_CONFIG } from '../../src/docs/machine-diagram.js';
import { boxes, collisionWords, launchBrowser, skipBrowser, type Browser, type Collision } from './chromium.js';

const ROOT = join(import.meta.dirname, '..', '..');
const MERMAID = join(ROOT, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
const COLUMN = 900;
const SMALLEST_FONT = 11;

const blocks = [...readFileSync(join(ROOT, 'docs', 'machines.md'), 'utf8').matchAll(/```mermaid\n([\s\S]*?)```/g)].map(
  (m, i) => ({ index: i + 1, source: m[1] ?? '' }),
);

interface Drawn {
  readonly error: string | null;
  /** The diagram's own width, before it is scaled to the column. */
  readonly width: number;
  /** Its smallest label's font size as drawn in the column. */
  readonly smallestFont: number;
  readonly labels: number;
  readonly overlaps: readonly Collision[];
}

/** Draws a Mermaid source in the page's column (in the page's JavaScript: the tests' types know no DOM). */
async function draw(page: Page, source: string, id: string): Promise<Drawn> {
  return boxes<Drawn>(
    page,
    `(async () => {
      const source = ${JSON.stringify(source)};
      const column = document.getElementById('column');
      column.replaceChildren();
      try {
        await mermaid.parse(source);
        const { svg } = await mermaid.render(${JSON.stringify(id)}, source);
        column.innerHTML = svg;
      } catch (e) {
        return { error: String(e), width: 0, smallestFont: 0, labels: 0, overlaps: [] };
      }
      const svg = column.querySelector('svg');
      const width = svg.viewBox.baseVal.width;
      const scale = svg.getBoundingClientRect().width / width;
      const labels = globalThis.awawBoxes.texts(svg);
      const fonts = [...svg.querySelectorAll('.nodeLabel, .edgeLabel, .cluster-label, text')]
        .filter((e) => e.textContent.trim() !== '')
        .map((e) => parseFloat(getComputedStyle(e).fontSize) * scale);
      return {
        error: null,
        width,
        smallestFont: Math.min(...fonts),
        labels: labels.length,
        overlaps: globalThis.awawBoxes.collisions(labels, [['text', 'text']], 1),
      };
    })()`,
  );
}

describe.skipIf(skipBrowser)('the machine diagrams drawn by Mermaid in headless Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: COLUMN, height: 900 });
    await page.setContent(
      `<!DOCTYPE html><html><body style="margin:0"><div id="column" style="width:${COLUMN}px"></div></body></html>`,
    );
    await page.addScriptTag({ path: MERMAID });
    await page.evaluate('mermaid.initialize({ startOnLoad: false })');
  });
  afterAll(async () => {
    await page?.close();
    await browser?.close();
  });

  it('docs/machines.md holds seven diagrams', () => {
    expect(blocks).toHaveLength(7);
  });

  it.each(blocks)(
    'diagram $index renders, reads at 11 px or more in 900 px, no label on another',
    async ({ index, source }) => {
      const drawn = await draw(page, source, `diagram-${index}`);
      expect(drawn.error).toBeNull();
      expect(drawn.labels).toBeGreaterThan(2);
      expect(
        drawn.width <= COLUMN || drawn.smallestFont >= SMALLEST_FONT,
        `${Math.round(drawn.width)} px wide, smallest label ${drawn.smallestFont.toFixed(1)} px in the column`,
      ).toBe(true);
      expect(collisionWords(drawn.overlaps)).toEqual([]);
    },
  );

  it('the checks find a diagram too wide to read and two labels drawn over each other', async () => {
    // Twenty states in a row: Mermaid draws it far wider than the column, its labels scaled below 11 px.
    const row = Array.from({ length: 20 }, (_, i) => `  s${i} --> s${i + 1} : step.${i}`);
    const wide = await draw(page, ['stateDiagram-v2', '  direction LR', ...row].join('\n'), 'too-wide');
    expect(wide.error).toBeNull();
    expect(wide.width).toBeGreaterThan(COLUMN);
    expect(wide.smallestFont).toBeLessThan(SMALLEST_FONT);
    // Italy's allocation without the diagrams' configuration: Mermaid's smooth curves move the labels of the two
    // arrows between routing and axisSelecting onto each other.
    const italy = blocks.find((b) => b.source.includes('surrendered_routing'))?.source ?? '';
    const bare = italy.split('\n').slice(DIAGRAM_CONFIG.length).join('\n');
    const overlapping = await draw(page, bare, 'bare-italy');
    expect(overlapping.error).toBeNull();
    expect(collisionWords(overlapping.overlaps)).toEqual([
      '"italy.forces-selected [axisSide]" overlaps "[axisToSelect]"',
    ]);
    const broken = await draw(page, 'stateDiagram-v2\n  a --> : nowhere', 'broken');
    expect(broken.error).toMatch(/Parse error/);
  });
});
