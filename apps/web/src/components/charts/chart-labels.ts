import { dateTimeFormat, localToday } from '../../lib/format';

/**
 * Axis labels of the sensor charts, in the user's language. The server answers times at the offset the
 * request carried, which is the device's (see sensor-chart-request.ts), so the device's clock reads them as
 * the farmer's own hours. Days are written as the language writes a month and day ('11/5' in English,
 * '05/11' in Portuguese, '11. 5.' in Korean): 'MM-DD' read as day-first to half the languages.
 */

// The 24-hour clock on every axis: '08:10' is as short as a time gets, and ticks fall on round hours.
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const MONTH_DAY = { month: 'numeric', day: 'numeric' } as const;

const parsed = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The time of day on the device's clock ('08:10'; '08.10' in Indonesian). */
export function clockLabel(iso: string, bcp47: string): string {
  const date = parsed(iso);
  return date ? dateTimeFormat('chart-clock', bcp47, CLOCK).format(date) : iso;
}

/** Month, day and time ('11/5, 08:10'; '05/11, 08:10' in Portuguese), for series that span several days. */
export function dayClockLabel(iso: string, bcp47: string): string {
  const date = parsed(iso);
  return date ? dateTimeFormat('chart-day-clock', bcp47, { ...MONTH_DAY, ...CLOCK }).format(date) : iso;
}

/** Month and day of a 'YYYY-MM-DD' day ('11/5'; '05/11' in Portuguese; '11/5' in Japanese). */
export function dayLabel(day: string, bcp47: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const [year, month, date] = day.split('-').map(Number);
  const midnight = Date.UTC(year ?? 2000, (month ?? 1) - 1, date ?? 1);
  return dateTimeFormat('chart-day', bcp47, { ...MONTH_DAY, timeZone: 'UTC' }).format(midnight);
}

/** The device's midnight of a 'YYYY-MM-DD' day (the day the server cut at the device's offset), moved by whole days. */
export function localMidnight(day: string, by = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 2000, (month ?? 1) - 1, (date ?? 1) + by);
}

/** A 'YYYY-MM-DD' day moved by whole days on the device's calendar. */
export function shiftDay(day: string, by: number): string {
  return localToday(localMidnight(day, by));
}

/** The mean of the numbers among `values`; null when there are none. */
export function meanOf(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === 'number');
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
}
