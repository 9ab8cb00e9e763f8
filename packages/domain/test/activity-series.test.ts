import { describe, expect, it } from 'vitest';
import { inferCadenceMs, MINUTE_MS, toRegularSeries, type ActivityPoint } from '../src/activity-series';

const at = (minutes: number, activity = 1): ActivityPoint => ({ time: minutes * MINUTE_MS, activity });

describe('inferCadenceMs', () => {
  it('counts every gap, not the longest stretch of one gap', () => {
    // One 20-minute stretch (3 gaps), then 10-minute readings between holes (4 gaps of 10, 3 of 30).
    const points = [0, 20, 40, 60, 70, 100, 110, 140, 150, 180, 190].map((minute) => at(minute));
    expect(inferCadenceMs(points)).toBe(10 * MINUTE_MS);
  });

  it('rounds each gap to the minute, however the seconds vary', () => {
    const seconds = [0, 610, 1185, 1803, 2390, 3012];
    expect(inferCadenceMs(seconds.map((second) => ({ time: second * 1000, activity: 1 })))).toBe(
      10 * MINUTE_MS,
    );
  });
});

describe('toRegularSeries', () => {
  it('keeps the earlier of two in-order readings that fall in one slot', () => {
    const series = toRegularSeries([at(0, 1), at(10, 2), at(10.5, 99), at(20, 3)], 10 * MINUTE_MS);
    expect(series?.values).toEqual([1, 2, 3]);
  });

  it('drops a bad reading among in-order ones, leaving a hole', () => {
    const series = toRegularSeries([at(0, 1), at(10, Number.NaN), at(20, 3), at(30, -1), at(40, 5)]);
    expect(series?.values).toEqual([1, Number.NaN, 3, Number.NaN, 5]);
  });

  it("leaves the caller's readings as they were", () => {
    const points = [at(20, 3), at(0, 1), at(10, 2)];
    const copy = points.map((point) => ({ ...point }));
    expect(toRegularSeries(points)?.values).toEqual([1, 2, 3]);
    expect(points).toEqual(copy);
  });
});
