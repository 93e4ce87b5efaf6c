// The chart as a Vega-Lite specification: the three series by turn, the zero line (a power's threshold in
// 55.11, 56.11 and 59.12), the offers and surrenders as marks of their own, each with a legend.
import type { TopLevelSpec } from 'vega-lite';
import { signed } from '../rules/lines.js';
import { MEASURE, POWERS, type ChartData, type MarkKind } from './series.js';

const COLORS = ['#1f5fa8', '#b3261e', '#2e7d32'];

/** How each kind of mark looks and is named in the legend. */
export const MARK_LEGEND: Readonly<
  Record<
    MarkKind,
    {
      readonly label: string;
      readonly shape: string;
      readonly fill: string;
      readonly yOffset: number;
      readonly textOffset: number;
    }
  >
> = {
  offer: {
    label: 'British offer (59.12, 59.87)',
    shape: 'triangle-down',
    fill: '#f2b705',
    yOffset: -16,
    textOffset: -32,
  },
  surrender: { label: 'Surrender (55.2, 56.2, 59.41)', shape: 'diamond', fill: '#111', yOffset: 0, textOffset: 22 },
};

/** A point's accessible name, which a reader (or a test) finds on its SVG element as aria-label. */
export const pointLabel = (p: { readonly power: string; readonly turn: string; readonly value: number }): string =>
  `${p.power}, ${p.turn}: ${signed(p.value)}`;
/** A mark's: its kind, power and turn, then the audit's headline. */
export const markLabel = (m: {
  readonly kind: MarkKind;
  readonly power: string;
  readonly turn: string;
  readonly rule: string;
  readonly text: string;
}): string => `${m.kind} ${m.power}, ${m.turn} (${m.rule}): ${m.text}`;

export function chartSpec(data: ChartData): TopLevelSpec {
  const x = {
    field: 'turn',
    type: 'ordinal' as const,
    sort: [...data.turns],
    scale: { domain: [...data.turns] },
    axis: { title: 'Game turn', labelAngle: -40, labelFontSize: 12, titleFontSize: 13 },
  };
  const y = {
    field: 'value',
    type: 'quantitative' as const,
    scale: { padding: 14 },
    axis: { title: 'Resistance level / DP total', labelFontSize: 12, titleFontSize: 13, grid: true },
  };
  const color = {
    field: 'measure',
    type: 'nominal' as const,
    scale: { domain: POWERS.map((p) => MEASURE[p]), range: COLORS },
    legend: {
      title: 'Per turn',
      orient: 'bottom' as const,
      direction: 'vertical' as const,
      labelFontSize: 12,
      titleFontSize: 12,
      labelLimit: 320,
    },
  };
  const points = data.points.map((p) => ({ ...p, measure: MEASURE[p.power], label: pointLabel(p) }));
  const kinds = Object.keys(MARK_LEGEND) as MarkKind[];
  const marks = data.marks.map((m) => ({
    ...m,
    legend: MARK_LEGEND[m.kind].label,
    label: markLabel(m),
    tag: `${m.power} ${m.rule}`,
  }));
  const labels = kinds.map((k) => MARK_LEGEND[k].label);
  // One legend for both channels: the same field and title.
  const legend = {
    field: 'legend',
    type: 'nominal' as const,
    legend: {
      title: 'Decisions',
      orient: 'bottom' as const,
      direction: 'vertical' as const,
      labelFontSize: 12,
      titleFontSize: 12,
      labelLimit: 320,
    },
  };
  return {
    width: Math.min(1100, Math.max(720, 80 * data.turns.length)),
    height: 320,
    background: 'white',
    config: { font: 'sans-serif', view: { stroke: '#ccc' } },
    layer: [
      {
        data: { values: [{ value: 0 }] },
        mark: { type: 'rule', color: '#222', strokeWidth: 1.5, strokeDash: [6, 4], aria: false },
        encoding: { y: { field: 'value', type: 'quantitative' } },
      },
      {
        data: { values: points },
        mark: { type: 'line', strokeWidth: 2.5, aria: false },
        encoding: { x, y, color, detail: { field: 'power' } },
      },
      {
        data: { values: points },
        mark: { type: 'point', filled: true, size: 70, opacity: 1 },
        encoding: { x, y, color, description: { field: 'label' } },
      },
      ...kinds.map((kind) => ({
        data: { values: marks.filter((m) => m.kind === kind) },
        mark: {
          type: 'point' as const,
          filled: true,
          size: 320,
          opacity: 1,
          stroke: '#000',
          strokeWidth: 1.5,
          yOffset: MARK_LEGEND[kind].yOffset,
        },
        encoding: {
          x,
          y,
          shape: { ...legend, scale: { domain: labels, range: kinds.map((k) => MARK_LEGEND[k].shape) } },
          fill: { ...legend, scale: { domain: labels, range: kinds.map((k) => MARK_LEGEND[k].fill) } },
          description: { field: 'label' },
        },
      })),
      // Each mark named by its power and rule beside it, so that a mark reads without the legend.
      ...kinds.map((kind) => ({
        data: { values: marks.filter((m) => m.kind === kind) },
        mark: {
          type: 'text' as const,
          fontSize: 11,
          fontWeight: 'bold' as const,
          dy: MARK_LEGEND[kind].textOffset,
          aria: false,
        },
        encoding: { x, y, text: { field: 'tag' } },
      })),
    ],
  };
}
