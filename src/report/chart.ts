// The chart rendered to SVG when the report is built, by Vega (headless: no canvas, no DOM): Vega-Lite's
// specification (./chart-spec.ts) compiled to Vega's, then its scenegraph written as SVG. Vega is ESM with a
// top-level await, so it is imported, never required, and only when a chart is drawn: no other command loads it.
import { chartSpec } from './chart-spec.js';
import type { ChartData } from './series.js';

export async function renderChart(data: ChartData): Promise<string> {
  const [{ compile }, { parse, View }] = await Promise.all([import('vega-lite'), import('vega')]);
  const view = new View(parse(compile(chartSpec(data)).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
