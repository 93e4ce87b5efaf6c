// Where the chart's words go (src/report/chart-layout.ts): the y axis stretched until every decision's words
// clear the x axis, each power's name off the zero line (55.11, 56.11, 59.12) and off its surrender's diamond,
// and a decision's words kept within the plot.
import { describe, expect, it } from 'vitest';
import { nameOffsets, tagDx, yFrame } from '../../src/report/chart-layout.js';
import type { ChartMark, ChartPoint } from '../../src/report/series.js';

const mark = (over: Partial<ChartMark>): ChartMark => ({
  kind: 'offer',
  power: 'Britain',
  turn: 'Fall 1942',
  order: 10,
  value: -6,
  rule: '59.12',
  text: 'Britain offers to surrender at -6',
  seq: 1,
  style: 'offer-accepted',
  level: -6,
  ...over,
});
const point = (over: Partial<ChartPoint>): ChartPoint => ({
  power: 'Britain',
  turn: 'Fall 1942',
  order: 10,
  value: 5,
  seq: 1,
  ...over,
});
const TICKS = [-10, 0, 10, 20, 30];

describe('the chart layout', () => {
  it('59.41: a surrender under its turn offer stretches the y axis until its words end 10 px above the x axis', () => {
    const offer = mark({});
    const surrender = mark({ kind: 'surrender', style: 'surrender', rule: '59.41' });
    const frame = yFrame(
      TICKS,
      [
        { mark: offer, belowOffer: false },
        { mark: surrender, belowOffer: true },
      ],
      260,
      9,
    );
    expect(frame.pxPerUnit).toBeCloseTo(4.925, 3);
    expect(frame.domain[0]).toBeCloseTo(-19.949, 3);
    expect(frame.domain[1]).toBeCloseTo(32.843, 3);
    // The surrender's words: their baseline 56 px below the point at -6, their descent 2.7 px below that.
    expect((frame.domain[1] - -6) * frame.pxPerUnit + 56 + 2.7).toBeCloseTo(250, 6);
  });

  it('59.21: with no decision the ticks fill the plot, 14 px of room above the highest and 10 below the lowest', () => {
    const frame = yFrame(TICKS, [], 260, 9);
    expect(frame.pxPerUnit).toBeCloseTo(5.9, 6);
    expect((frame.domain[1] - 30) * frame.pxPerUnit).toBeCloseTo(14, 6);
    expect((-10 - frame.domain[0]) * frame.pxPerUnit).toBeCloseTo(10, 6);
  });

  it('55.11, 56.11: a name on the zero line moves wholly above it, or below it when its value is negative', () => {
    const frame = { domain: [-20, 30] as const, pxPerUnit: 5 };
    const names = nameOffsets(
      [
        point({ power: 'Germany', value: 0, turn: 'Spring 1945' }),
        point({ power: 'Italy', value: -1, turn: 'Summer 1945' }),
        point({ power: 'Britain', value: 20, turn: 'Summer 1945' }),
      ],
      [],
      frame,
      10,
    );
    // Half a 10-px name's box and its margin: 8.5 px from the line.
    expect(names.get('Germany')).toEqual({ dx: 9, dy: -8.5 });
    expect(names.get('Italy')).toEqual({ dx: 9, dy: 3.5 });
    expect(names.get('Britain')).toEqual({ dx: 9, dy: 0 });
  });

  it('55.2, 56.2: the name of a power that surrendered in its last turn starts right of the diamond', () => {
    const frame = { domain: [-20, 30] as const, pxPerUnit: 5 };
    const names = nameOffsets(
      [point({ power: 'Italy', value: 8, turn: 'Fall 1943' })],
      [mark({ kind: 'surrender', power: 'Italy', turn: 'Fall 1943', style: 'surrender', value: 8 })],
      frame,
      10,
    );
    expect(names.get('Italy')).toEqual({ dx: 16, dy: 0 });
  });

  it('59.21: names of the same turn a line apart, the lower pushed down', () => {
    const frame = { domain: [-20, 30] as const, pxPerUnit: 5 };
    const names = nameOffsets(
      [point({ power: 'Germany', value: 10 }), point({ power: 'Italy', value: 9 })],
      [],
      frame,
      10,
    );
    expect(names.get('Germany')).toEqual({ dx: 9, dy: 0 });
    // 5 px below Germany's, moved to 12.5 px below it.
    expect(names.get('Italy')).toEqual({ dx: 9, dy: 7.5 });
  });

  it('59.12: words under the first or last turn move in from the edge; words in the middle stay centred', () => {
    // 8 turns of a 250-px plot: the first at 15.625 px; 20 letters at 9 px are about 111.6 px wide.
    const text = 'Britain offers at -3';
    expect(tagDx(0, 8, 250, text, 9)).toBeCloseTo(43.175, 6);
    expect(tagDx(7, 8, 250, text, 9)).toBeCloseTo(-43.175, 6);
    expect(tagDx(4, 8, 250, text, 9)).toBe(0);
  });
});
