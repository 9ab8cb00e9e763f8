import { describe, expect, it } from 'vitest';
import { activityDeviationPercent, activityLevelOf } from '../src/cow-filter';
import {
  dailyAverages,
  recentActivity,
  RECENT_ACTIVITY_MS,
  type AveragedSeries,
} from '../src/daily-averages';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
// 2026-11-24 09:30 UTC: her newest reading.
const newest = Date.UTC(2026, 10, 24, 9, 30);
const today = Date.UTC(2026, 10, 24);
const at = (days: number, hours = 12): number => today - days * DAY_MS + hours * HOUR_MS;
const NONE = { temperature: null, activity: null, activityByHour: null };
/** A profile of 24 hours, null but for the ones given. */
const byHour = (means: Record<number, number>): (number | null)[] =>
  Array.from({ length: 24 }, (_, hour) => means[hour] ?? null);
interface Reading {
  time: number;
  temperature: number | null;
  activity: number | null;
}
const reading = (time: number, temperature: number | null, activity: number | null): Reading => ({
  time,
  temperature,
  activity,
});
/** The readings split into the two series the averages take. */
const seriesOf = (readings: readonly Reading[]): AveragedSeries => ({
  temperatures: readings.flatMap(({ time, temperature }) =>
    temperature === null ? [] : [{ time, temperature }],
  ),
  activity: readings.flatMap(({ time, activity }) => (activity === null ? [] : [{ time, activity }])),
});

describe("a cow's daily averages", () => {
  it('are the mean of the 10 days (temperature) and 7 days (activity) before her newest reading’s day', () => {
    const readings = [
      reading(at(11), 30, 1000), // older than both windows
      reading(at(9), 38.0, 40), // in the temperature window only
      reading(at(2), 38.2, 10),
      reading(at(1, 0), 38.4, 20), // the first moment of yesterday
      reading(at(0, 0) - 1, 38.6, 30), // the last moment of yesterday
      reading(newest, 39.9, 26), // today: a fever does not lift its own baseline
    ];
    expect(dailyAverages(seriesOf(readings), newest, NONE)).toEqual({
      temperature: 38.3,
      activity: 20,
      activityByHour: byHour({ 0: 20, 12: 10, 23: 30 }),
    });
  });

  it('stay the same for every reading of one day', () => {
    const readings = [reading(at(3), 38.5, 12), reading(at(0, 1), 41, 90), reading(at(0, 23), 41, 90)];
    expect(dailyAverages(seriesOf(readings), at(0, 1), NONE)).toEqual(
      dailyAverages(seriesOf(readings), at(0, 23), NONE),
    );
    expect(dailyAverages(seriesOf(readings), at(0, 23), NONE)).toEqual({
      temperature: 38.5,
      activity: 12,
      activityByHour: byHour({ 12: 12 }),
    });
  });

  it("take her first readings' mean while she has no earlier day, and keep it until the day ends", () => {
    const readings = [
      reading(at(0, 1), 38.2, 8),
      reading(at(0, 2), 38.6, 12),
      reading(at(5), null, 30), // activity from an earlier day, no temperature
    ];
    const first = dailyAverages(seriesOf(readings), at(0, 2), NONE);
    expect(first).toEqual({ temperature: 38.4, activity: 30, activityByHour: byHour({ 12: 30 }) });
    const later = [...readings, reading(at(0, 3), 39.4, 50)];
    expect(dailyAverages(seriesOf(later), at(0, 3), first)).toEqual(first);
    // Tomorrow, today is an earlier day.
    expect(dailyAverages(seriesOf(later), at(-1, 1), first)).toEqual({
      temperature: 38.73,
      activity: 25,
      activityByHour: byHour({ 1: 8, 2: 12, 3: 50, 12: 30 }),
    });
  });

  it('follow the earlier days whatever was stored', () => {
    const readings = [reading(at(1), 38.5, 12), reading(at(0, 1), 39, 20)];
    const stored = { temperature: 37, activity: 99, activityByHour: byHour({ 12: 99 }) };
    expect(dailyAverages(seriesOf(readings), at(0, 1), stored)).toEqual({
      temperature: 38.5,
      activity: 12,
      activityByHour: byHour({ 12: 12 }),
    });
  });

  it('ignore readings after her newest day and missing values, and round to two decimals', () => {
    const readings = [
      reading(at(1), 38.111, null),
      reading(at(1, 13), 38.222, 7),
      reading(at(-1), 45, 500), // tomorrow
    ];
    expect(dailyAverages(seriesOf(readings), newest, NONE)).toEqual({
      temperature: 38.17,
      activity: 7,
      activityByHour: byHour({ 13: 7 }),
    });
  });

  it('are null without readings of a kind', () => {
    expect(dailyAverages(seriesOf([reading(at(1), null, 5)]), newest, NONE)).toEqual({
      temperature: null,
      activity: 5,
      activityByHour: byHour({ 12: 5 }),
    });
    expect(dailyAverages(seriesOf([]), newest, NONE)).toEqual(NONE);
  });
});

describe("a cow's activity by hour of the day", () => {
  // A week of a cow three times as active at the morning milking (06:00) as at night (02:00).
  const week = Array.from({ length: 7 }, (_, day) => [
    reading(at(day + 1, 2), 38.5, 4 + (day % 2)), // 4 or 5 at night
    reading(at(day + 1, 2) + 30 * 60_000, 38.5, 4),
    reading(at(day + 1, 6), 38.5, 15),
  ]).flat();
  const averages = dailyAverages(seriesOf(week), newest, NONE);

  it('is her mean in each hour on the 7 days before, beside her whole-day mean', () => {
    expect(averages.activity).toBe(7.81);
    expect(averages.activityByHour?.[2]).toBe(4.21);
    expect(averages.activityByHour?.[6]).toBe(15);
  });

  it('has no mean for an hour she has no reading in (a sensor that sends every 2 hours)', () => {
    expect(averages.activityByHour?.[3]).toBeNull();
    expect(averages.activityByHour?.filter((mean) => mean !== null)).toHaveLength(2);
  });
});

describe("a cow's recent activity (the list's current activity, decision 0013)", () => {
  const MINUTE_MS = 60_000;
  // 2026-11-24 06:50 UTC: her newest reading, at the end of the morning milking (06:00-07:00).
  const last = Date.UTC(2026, 10, 24, 6, 50);
  /** Her readings every 10 minutes from `from` up to `to`, counts given by the time. */
  const readings = (from: number, to: number, count: (time: number) => number) =>
    Array.from({ length: Math.floor((to - from) / (10 * MINUTE_MS)) + 1 }, (_, index) => {
      const time = from + index * 10 * MINUTE_MS;
      return { time, activity: count(time) };
    });
  const hourOf = (time: number) => new Date(time).getUTCHours();
  // Her usual: 5 counts a reading at 04:00 and 05:00, 15 at milking (06:00), 4 at night.
  const usual = Array.from({ length: 24 }, (_, hour) => (hour === 6 ? 15 : hour === 4 || hour === 5 ? 5 : 4));

  it('is her mean count over the two hours up to her newest reading, beside her usual at those hours', () => {
    expect(RECENT_ACTIVITY_MS).toBe(2 * HOUR_MS);
    // 04:50 is exactly two hours before: outside. 04:50-06:50 plus one reading after her newest: outside too.
    const series = [
      { time: last - 2 * HOUR_MS, activity: 1000 },
      ...readings(last - 2 * HOUR_MS + 10 * MINUTE_MS, last, () => 8),
      { time: last + 10 * MINUTE_MS, activity: 1000 },
    ];
    // Twelve readings: 05:00-05:50 (usual 5) and 06:00-06:50 (usual 15).
    expect(recentActivity(series, usual, last)).toEqual({ current: 8, usual: 10 });
  });

  it('holds each reading against her mean at its own hour: two hours straddling milking compare like with like', () => {
    // Her usual self: 5 before milking, 15 at it. Her newest reading alone against her mean at its hour
    // (15) or her whole-day mean would say nothing; against her usual at those hours it is exactly usual.
    const calm = readings(last - 2 * HOUR_MS + 10 * MINUTE_MS, last, (time) => (hourOf(time) === 6 ? 15 : 5));
    const recent = recentActivity(calm, usual, last);
    expect(recent).toEqual({ current: 10, usual: 10 });
    expect(activityLevelOf(activityDeviationPercent(recent?.current, recent?.usual) ?? Number.NaN)).toBe(
      'normal',
    );
    // She stays at 5 through milking: well under her usual at those hours, Low.
    const idle = recentActivity(
      readings(last - 2 * HOUR_MS + 10 * MINUTE_MS, last, () => 5),
      usual,
      last,
    );
    expect(idle).toEqual({ current: 5, usual: 10 });
    expect(activityLevelOf(activityDeviationPercent(idle?.current, idle?.usual) ?? Number.NaN)).toBe('low');
  });

  it('a single low 10-minute count in two calm hours is not Low', () => {
    const series = readings(last - 2 * HOUR_MS + 10 * MINUTE_MS, last, (time) =>
      time === last ? 3 : hourOf(time) === 6 ? 15 : 5,
    );
    const recent = recentActivity(series, usual, last);
    expect(recent).toEqual({ current: 9, usual: 10 });
    expect(activityLevelOf(activityDeviationPercent(recent?.current, recent?.usual) ?? Number.NaN)).toBe(
      'normal',
    );
    // The same count alone against her usual at its hour would read Low.
    expect(activityLevelOf(activityDeviationPercent(3, 15) ?? Number.NaN)).toBe('low');
  });

  it('leaves out readings at hours without a usual, and rounds to two decimals', () => {
    const gaps = usual.map((mean, hour) => (hour === 5 ? null : mean));
    const series = [
      { time: last - 90 * MINUTE_MS, activity: 100 }, // 05:20, no usual at 05:00
      { time: last - 20 * MINUTE_MS, activity: 10 },
      { time: last - 10 * MINUTE_MS, activity: 11 },
      { time: last, activity: 11 },
    ];
    expect(recentActivity(series, gaps, last)).toEqual({ current: 10.67, usual: 15 });
  });

  it('is undefined without a reading in the two hours, without her usual, or with a usual of 0', () => {
    const old = readings(last - 5 * HOUR_MS, last - 2 * HOUR_MS, () => 8);
    expect(recentActivity(old, usual, last)).toBeUndefined();
    expect(recentActivity([], usual, last)).toBeUndefined();
    const recent = readings(last - HOUR_MS, last, () => 8);
    expect(recentActivity(recent, null, last)).toBeUndefined();
    expect(
      recentActivity(
        recent,
        Array.from({ length: 24 }, () => null),
        last,
      ),
    ).toBeUndefined();
    expect(
      recentActivity(
        recent,
        Array.from({ length: 24 }, () => 0),
        last,
      ),
    ).toBeUndefined();
  });
});
