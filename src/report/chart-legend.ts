// The phone chart's legend as the page's own list (the narrow chart draws none, ./chart-spec.ts): each power's
// line as drawn, each decision's mark as drawn, in words that wrap at any width.
import { escapeHtml } from './escape.js';
import { MARK_STYLES, SERIES_STYLE } from './chart-marks.js';
import { MEASURE, POWERS, type ChartData, type MarkStyle } from './series.js';

const line = (color: string, dash: readonly number[]): string =>
  `<svg width="30" height="10" aria-hidden="true"><line x1="1" y1="5" x2="29" y2="5" stroke="${color}" ` +
  `stroke-width="2.5" stroke-dasharray="${dash.join(' ')}"/></svg>`;

const shape = (style: MarkStyle): string => {
  const { shape: kind, fill } = MARK_STYLES[style];
  const d = kind === 'diamond' ? 'M7 1 L13 7 L7 13 L1 7 Z' : 'M7 1 L13 13 L1 13 Z';
  return `<svg width="14" height="14" aria-hidden="true"><path d="${d}" fill="${fill}" stroke="#000" stroke-width="1.4"/></svg>`;
};

export function chartLegendHtml(data: ChartData): string {
  const powers = POWERS.filter((p) => data.points.some((point) => point.power === p)).map(
    (p) => `<li>${line(SERIES_STYLE[p].color, SERIES_STYLE[p].dash)} ${escapeHtml(`${p}: ${MEASURE[p]}`)}</li>`,
  );
  const styles = (Object.keys(MARK_STYLES) as MarkStyle[]).filter((k) => data.marks.some((m) => m.style === k));
  const decisions = styles.map((k) => `<li>${shape(k)} ${escapeHtml(MARK_STYLES[k].label)}</li>`);
  return `<ul class="legend">${[...powers, ...decisions].join('')}</ul>`;
}
