// The chart as a Vega-Lite specification: the three series by turn, the zero line (a power's threshold in
// 55.11, 56.11 and 59.12), the offers and surrenders as marks of their own, each with a legend. Drawn twice, for
// a desktop and for a phone (./chart.ts): the page shows the one that fits.
import type { TopLevelSpec } from 'vega-lite';
import { nameOffsets, tagDx, tagDy, yFrame } from './chart-layout.js';
import { MARK_STYLES, MEASURES, markLabel, markTag, pointLabel, SERIES_STYLE } from './chart-marks.js';
import { MEASURE, POWERS, type ChartData, type ChartPoint, type MarkStyle } from './series.js';

export type ChartLayout = 'wide' | 'narrow';

const LAYOUT = {
  wide: { height: 320, labelAngle: -40, font: 12, legendLimit: 360 },
  narrow: { height: 260, labelAngle: -60, font: 10, legendLimit: 250 },
} as const;

/** The y axis' ticks: whole steps (1, 2, 5, 10 ...) covering every value and 0, one below 0 when any value is. */
export function yTicks(values: readonly number[]): number[] {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const raw = Math.max(1, (hi - lo) / 6);
  const base = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * base).find((s) => s >= raw) ?? 10 * base;
  const ticks: number[] = [];
  for (let t = Math.floor(lo / step) * step; t <= Math.ceil(hi / step) * step; t += step) ticks.push(t);
  return ticks;
}

const lastPoints = (points: readonly ChartPoint[]): ChartPoint[] =>
  POWERS.flatMap((power) => points.filter((p) => p.power === power).slice(-1));

export function chartSpec(data: ChartData, layout: ChartLayout = 'wide'): TopLevelSpec {
  const look = LAYOUT[layout];
  const ticks = yTicks([...data.points.map((p) => p.value), ...data.marks.map((m) => m.value)]);
  // A surrender's words go below its turn's offer and the offer's words when there is one, else below its point.
  const offered = new Set(data.marks.filter((m) => m.kind === 'offer').map((m) => `${m.power} ${m.turn}`));
  const below = (m: ChartData['marks'][number]): boolean =>
    m.kind === 'surrender' && offered.has(`${m.power} ${m.turn}`);
  const frame = yFrame(
    ticks,
    data.marks.map((mark) => ({ mark, belowOffer: below(mark) })),
    look.height,
    look.font - 1,
  );
  const names = nameOffsets(lastPoints(data.points), data.marks, frame, look.font);
  const x = {
    field: 'turn',
    type: 'ordinal' as const,
    sort: [...data.turns],
    scale: { domain: [...data.turns] },
    axis: { title: 'Game turn', labelAngle: look.labelAngle, labelFontSize: look.font, titleFontSize: look.font + 1 },
  };
  const y = {
    field: 'value',
    type: 'quantitative' as const,
    // Room below the lowest tick for the decisions' marks and their words (./chart-layout.ts).
    scale: { domain: [...frame.domain], nice: false, zero: false },
    axis: {
      title: 'Resistance level / DP total',
      values: ticks,
      labelExpr: "datum.value > 0 ? '+' + datum.value : '' + datum.value",
      labelFontSize: look.font,
      titleFontSize: look.font + 1,
      grid: true,
    },
  };
  // On a phone the legends are the page's own list below the chart (./chart-legend.ts), which wraps.
  const legendOf = (title: string) =>
    layout === 'narrow'
      ? null
      : {
          title,
          orient: 'bottom' as const,
          direction: 'vertical' as const,
          labelFontSize: look.font,
          titleFontSize: look.font,
          labelLimit: look.legendLimit,
          symbolStrokeWidth: 2.5,
        };
  const styles = POWERS.map((p) => SERIES_STYLE[p]);
  const series = {
    color: {
      field: 'measure',
      type: 'nominal' as const,
      scale: { domain: MEASURES, range: styles.map((s) => s.color) },
    },
    strokeDash: {
      field: 'measure',
      type: 'nominal' as const,
      scale: { domain: MEASURES, range: styles.map((s) => [...s.dash]) },
      legend: legendOf('Per turn'),
    },
  };
  const points = data.points.map((p) => ({ ...p, measure: MEASURE[p.power], label: pointLabel(p) }));
  const present = (Object.keys(MARK_STYLES) as MarkStyle[]).filter((k) => data.marks.some((m) => m.style === k));
  const width = layout === 'narrow' ? 250 : Math.min(1040, Math.max(660, 80 * data.turns.length));
  const marks = data.marks.map((m) => ({
    ...m,
    below: below(m),
    legend: MARK_STYLES[m.style].label,
    label: markLabel(m),
    tag: markTag(m),
    tagDx: tagDx(data.turns.indexOf(m.turn), data.turns.length, width, markTag(m), look.font - 1),
  }));
  const decisions = (channel: 'shape' | 'fill') => ({
    field: 'legend',
    type: 'nominal' as const,
    scale: { domain: present.map((k) => MARK_STYLES[k].label), range: present.map((k) => MARK_STYLES[k][channel]) },
    legend: legendOf('Decisions'),
  });
  return {
    width,
    height: look.height,
    padding: { left: 4, top: 8, bottom: 4, right: layout === 'narrow' ? 50 : 72 },
    background: 'white',
    // No accessible name of Vega's own for a legend, which names its encoding channels: its words are its text.
    config: { font: 'sans-serif', view: { stroke: '#ccc' }, legend: { aria: false } },
    layer: [
      {
        // Named: the browser test finds it as .zero_marks.
        name: 'zero',
        data: { values: [{ value: 0 }] },
        mark: { type: 'rule', color: '#222', strokeWidth: 1.5, strokeDash: [6, 4], aria: false },
        encoding: { y: { field: 'value', type: 'quantitative' } },
      },
      {
        data: { values: points },
        mark: { type: 'line', strokeWidth: 2.5, aria: false },
        encoding: { x, y, ...series, detail: { field: 'power' } },
      },
      // Per power its points, in its colour and shape, and its name at the line's end: no scale, so no legend.
      ...POWERS.map((power) => ({
        data: { values: points.filter((p) => p.power === power) },
        mark: {
          type: 'point' as const,
          filled: true,
          size: 60,
          opacity: 1,
          color: SERIES_STYLE[power].color,
          shape: SERIES_STYLE[power].shape,
        },
        encoding: { x, y, description: { field: 'label' } },
      })),
      ...POWERS.map((power) => ({
        data: { values: lastPoints(points).filter((p) => p.power === power) },
        mark: {
          type: 'text' as const,
          align: 'left' as const,
          dx: names.get(power)?.dx ?? 0,
          dy: names.get(power)?.dy ?? 0,
          fontSize: look.font,
          fontWeight: 'bold' as const,
          color: SERIES_STYLE[power].color,
          aria: false,
        },
        encoding: { x, y, text: { field: 'power' } },
      })),
      ...present.map((style) => ({
        data: { values: marks.filter((m) => m.style === style) },
        mark: {
          type: 'point' as const,
          filled: true,
          opacity: 1,
          stroke: '#000',
          strokeWidth: 1.6,
          size: MARK_STYLES[style].size,
          yOffset: MARK_STYLES[style].yOffset,
        },
        encoding: { x, y, shape: decisions('shape'), fill: decisions('fill'), description: { field: 'label' } },
      })),
      // The decision in words below its mark, with the level it was made at; a surrender's below its turn's offer.
      ...present.flatMap((style) =>
        [false, true].map((underOffer) => ({
          data: { values: marks.filter((m) => m.style === style && m.below === underOffer) },
          mark: {
            type: 'text' as const,
            fontSize: look.font - 1,
            fontWeight: 'bold' as const,
            dy: tagDy({ style }, underOffer),
            // Per decision: moved in from the plot's edges (./chart-layout.ts).
            dx: { expr: 'datum.tagDx' },
            aria: false,
          },
          encoding: { x, y, text: { field: 'tag' } },
        })),
      ),
    ],
  };
}
