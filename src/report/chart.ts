// The chart rendered to SVG when the report is built, by Vega (headless: no canvas, no DOM): Vega-Lite's
// specification (./chart-spec.ts) compiled to Vega's, then its scenegraph written as SVG, once for a desktop and
// once for a phone. Vega is ESM with a top-level await, so it is imported, never required, and only when a chart
// is drawn: no other command loads it.
import { chartSpec, type ChartLayout } from './chart-spec.js';
import type { ChartData } from './series.js';

/** Each point's and mark's accessible name also as its `<title>`: the text a pointer shows over it. */
export const withTitles = (svg: string): string =>
  svg.replace(/<path\b([^>]*)\/>/g, (element, attributes: string) => {
    const label = /aria-label="([^"]*)"/.exec(attributes)?.[1];
    return label === undefined || !attributes.includes('aria-roledescription="point"')
      ? element
      : `<path${attributes}><title>${label}</title></path>`;
  });

export async function renderChart(data: ChartData, layout: ChartLayout = 'wide'): Promise<string> {
  const [{ compile }, { parse, View }] = await Promise.all([import('vega-lite'), import('vega')]);
  const view = new View(parse(compile(chartSpec(data, layout)).spec), { renderer: 'none' });
  try {
    return withTitles(await view.toSVG());
  } finally {
    view.finalize();
  }
}
