import { describe, expect, it } from 'vitest';
import {
  HOUR_MS,
  inferCadenceMs,
  MINUTE_MS,
  toClockBlocks,
  toRegularSeries,
  type ActivityPoint,
} from '../src/activity-series';

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

describe('toClockBlocks', () => {
  const tenMinutes = (minutes: readonly number[], activity = (minute: number) => minute) =>
    toRegularSeries(
      minutes.map((minute) => at(minute, activity(minute))),
      10 * MINUTE_MS,
    );
  const hours = (series: ReturnType<typeof tenMinutes>, hoursPerBlock = 1) =>
    toClockBlocks(series!, hoursPerBlock * HOUR_MS, 0.5);

  it("bins 10-minute readings into clock blocks, each the block's activity", () => {
    // From 00:20: the first hour has 4 of its 6 slots; the second all 6.
    const series = tenMinutes([20, 30, 40, 50, 60, 70, 80, 90, 100, 110], () => 2);
    expect(hours(series)).toEqual({
      start: 0,
      cadenceMs: HOUR_MS,
      values: [12, 12],
      completedAt: [50 * MINUTE_MS, 110 * MINUTE_MS],
      readingCadenceMs: 10 * MINUTE_MS,
    });
    expect(hours(series, 2)?.values).toEqual([24]);
  });

  it('scales a block with missing readings to the whole block, and has no value under half of them', () => {
    // Hour 0: 3 of 6 present (mean 4); hour 1: 2 of 6; hour 2: complete.
    const series = tenMinutes([0, 10, 20, 60, 70, 120, 130, 140, 150, 160, 170], () => 4);
    expect(hours(series)?.values).toEqual([24, Number.NaN, 24]);
  });

  it('leaves out the newest block until a reading completes it, which may come after its last slot', () => {
    expect(hours(tenMinutes([0, 10, 20, 30, 40, 50, 60, 70]))?.values).toHaveLength(1);
    // The 00:50 reading is missing: the hour is complete at the next reading, 01:00.
    expect(hours(tenMinutes([0, 10, 20, 30, 40, 60]))?.completedAt).toEqual([60 * MINUTE_MS]);
    expect(hours(tenMinutes([0, 10]))).toBeNull();
  });

  it('returns blocks as long as the clock blocks or longer as they are, each complete when it was read', () => {
    const series = toRegularSeries([0, 120, 240].map((minute) => at(minute, 5)));
    expect(toClockBlocks(series!, 2 * HOUR_MS, 0.5)).toEqual({
      start: 0,
      cadenceMs: 2 * HOUR_MS,
      values: [5, 5, 5],
      completedAt: [0, 120 * MINUTE_MS, 240 * MINUTE_MS],
      readingCadenceMs: 2 * HOUR_MS,
    });
  });
});
