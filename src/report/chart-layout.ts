// Where the chart's words go so that none covers another, a line or a mark, in pixels of the plot: the y axis
// stretched below its lowest tick until every decision's mark and words clear the x axis, and each power's name at
// its line's end moved off the zero line (the threshold of 55.11, 56.11 and 59.12), off its surrender's diamond
// and off the other powers' names that end in the same turn.
import { MARK_STYLES } from './chart-marks.js';
import type { ChartMark, ChartPoint, MarkStyle, Power } from './series.js';

/** Pixels below a surrender's point for its words under its turn's offer and the offer's words. */
export const SURRENDER_BELOW_OFFER = 56;
/** Room above the highest tick, for the points and the names at the lines' ends. */
const TOP_ROOM = 14;
/** Room between the lowest tick and the x axis, and between a decision's words and the x axis. */
const BOTTOM_ROOM = 10;
/** A power's name starts this far right of its last point, or of its surrender's diamond there. */
const NAME_DX = 9;
const NAME_DX_DIAMOND = 16;

/** The y scale: its domain, and pixels per unit. */
export interface YFrame {
  readonly domain: readonly [number, number];
  readonly pxPerUnit: number;
}

/** How far below its point a decision's words are drawn: a surrender's under its turn's offer when there is one. */
export const tagDy = (m: { readonly style: MarkStyle }, belowOffer: boolean): number =>
  belowOffer ? SURRENDER_BELOW_OFFER : MARK_STYLES[m.style].textOffset;

/** How far below its point a decision reaches: its words' baseline and their descent, or its shape's lower edge. */
function reach(m: ChartMark, belowOffer: boolean, tagFont: number): number {
  const style = MARK_STYLES[m.style];
  return Math.max(tagDy(m, belowOffer) + 0.3 * tagFont, style.yOffset + Math.sqrt(style.size) / 2);
}

/**
 * The y scale for a plot `height` pixels high showing `ticks` (lowest first): the highest tick TOP_ROOM below the
 * top, the lowest at least BOTTOM_ROOM above the x axis, and every decision's words BOTTOM_ROOM above it.
 */
export function yFrame(
  ticks: readonly number[],
  marks: readonly { readonly mark: ChartMark; readonly belowOffer: boolean }[],
  height: number,
  tagFont: number,
): YFrame {
  const lo = ticks[0] ?? 0;
  const hi = ticks.at(-1) ?? 0;
  const usable = height - TOP_ROOM - BOTTOM_ROOM;
  const scales = [
    hi > lo ? usable / (hi - lo) : Number.POSITIVE_INFINITY,
    ...marks.map(({ mark, belowOffer }) =>
      hi > mark.value ? (usable - reach(mark, belowOffer, tagFont)) / (hi - mark.value) : Number.POSITIVE_INFINITY,
    ),
  ];
  const finite = Math.min(...scales);
  const pxPerUnit = Number.isFinite(finite) && finite > 0 ? finite : height;
  const top = hi + TOP_ROOM / pxPerUnit;
  return { domain: [top - height / pxPerUnit, top], pxPerUnit };
}

/** Where a power's name is drawn from its line's last point, in pixels: right, and down (up when negative). */
export interface NameOffset {
  readonly dx: number;
  readonly dy: number;
}

/**
 * Each power's name beside its last point: right of its surrender's diamond when it surrendered that turn, wholly
 * above the zero line (below, when its value is negative) when the line would strike through it, and apart from
 * the names of the other powers ending in the same turn.
 */
export function nameOffsets(
  last: readonly ChartPoint[],
  marks: readonly ChartMark[],
  frame: YFrame,
  font: number,
): ReadonlyMap<Power, NameOffset> {
  const [, top] = frame.domain;
  const px = (v: number): number => (top - v) * frame.pxPerUnit;
  // Half the height of a name's box and a pixel and a half of the zero line's stroke and margin.
  const clear = 0.6 * font + 2.5;
  const zero = px(0);
  const placed = last.map((p) => {
    const y = px(p.value);
    const onZero = Math.abs(y - zero) < clear;
    const at = onZero ? (p.value >= 0 ? zero - clear : zero + clear) : y;
    const diamond = marks.some((m) => m.kind === 'surrender' && m.power === p.power && m.turn === p.turn);
    return { point: p, y, at, dx: diamond ? NAME_DX_DIAMOND : NAME_DX };
  });
  // Names of the same turn, top to bottom, at least a line apart.
  const line = 1.25 * font;
  for (const turn of new Set(placed.map((n) => n.point.turn))) {
    const same = placed.filter((n) => n.point.turn === turn).sort((a, b) => a.at - b.at);
    for (const [i, n] of same.entries()) {
      const above = same[i - 1];
      if (above !== undefined && n.at - above.at < line) n.at = above.at + line;
    }
  }
  return new Map(placed.map((n) => [n.point.power, { dx: n.dx, dy: n.at - n.y }]));
}

/** A bold label's width, estimated: the chart is drawn with no fonts to measure (./chart.ts). */
const textWidth = (text: string, font: number): number => 0.62 * font * text.length;

/**
 * How far right of its turn a decision's words, centred under it, are moved to stay within the plot's `width`
 * pixels (`turns` turns, the point scale's half-step padding on each side).
 */
export function tagDx(turn: number, turns: number, width: number, text: string, font: number): number {
  const step = width / Math.max(1, turns);
  const x = (turn + 0.5) * step;
  const half = textWidth(text, font) / 2 + 3;
  return Math.max(0, half - x) - Math.max(0, x + half - width);
}
