// How the chart tells its series and its decisions apart without colour alone: each power a colour of a palette
// that colour-blind readers tell apart (Okabe and Ito), a dash pattern, a point shape and its name at the line's
// end; each decision a shape and fill of its own, its level printed beside it, and every mark an accessible name.
import { signed } from '../rules/lines.js';
import { MEASURE, type MarkKind, type MarkStyle, type Power } from './series.js';

/** Per power: colour, dash pattern and point shape. */
export const SERIES_STYLE: Readonly<
  Record<Power, { readonly color: string; readonly dash: readonly number[]; readonly shape: string }>
> = {
  Britain: { color: '#0072b2', dash: [1, 0], shape: 'circle' },
  Germany: { color: '#d55e00', dash: [9, 4], shape: 'square' },
  Italy: { color: '#009e73', dash: [2, 3], shape: 'triangle-up' },
};

export const MEASURES = (Object.keys(SERIES_STYLE) as Power[]).map((p) => MEASURE[p]);

/** Per kind of mark: its legend, shape, fill and where it sits and is labelled, in pixels from its point. */
export const MARK_STYLES: Readonly<
  Record<
    MarkStyle,
    {
      readonly label: string;
      readonly shape: string;
      readonly fill: string;
      readonly size: number;
      readonly yOffset: number;
      readonly textOffset: number;
    }
  >
> = {
  // Offers are made at 0 or below (59.12): drawn below their point, away from the zero line.
  'offer-accepted': {
    label: 'British offer, accepted (59.23)',
    shape: 'triangle-up',
    fill: '#f2b705',
    size: 260,
    yOffset: 23,
    textOffset: 42,
  },
  'offer-rejected': {
    label: 'British offer, rejected (59.31)',
    shape: 'triangle-up',
    fill: '#ffffff',
    size: 260,
    yOffset: 23,
    textOffset: 42,
  },
  'offer-forced': {
    label: 'British offer, forced (59.23)',
    shape: 'triangle-up',
    fill: '#000000',
    size: 260,
    yOffset: 23,
    textOffset: 42,
  },
  'offer-open': {
    label: 'British offer, not yet answered (59.23)',
    shape: 'triangle-up',
    fill: '#c7c7c7',
    size: 260,
    yOffset: 23,
    textOffset: 42,
  },
  // A hollow diamond around its point, so that the point and its value stay seen.
  surrender: {
    label: 'Surrender (55.2, 56.2, 59.41)',
    shape: 'diamond',
    fill: 'transparent',
    size: 520,
    yOffset: 0,
    textOffset: 24,
  },
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

/** What is printed beside a mark: `offer at -3`, `surrenders at -10`, `surrenders`. */
export function markTag(m: { readonly kind: MarkKind; readonly power: string; readonly level: number | null }): string {
  const at = m.level === null ? '' : ` at ${signed(m.level)}`;
  return m.kind === 'offer' ? `${m.power} offers${at}` : `${m.power} surrenders${at}`;
}
