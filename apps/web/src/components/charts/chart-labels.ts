import { localToday } from '../../lib/format';

/**
 * Axis labels of the sensor charts. The server answers times at the offset the request carried, which is
 * the device's (see sensor-chart-request.ts), so the device's clock reads them as the farmer's own hours.
 */

const pad = (value: number) => String(value).padStart(2, '0');

const parsed = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'HH:mm'. */
export function clockLabel(iso: string): string {
  const date = parsed(iso);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : iso;
}

/** 'MM-DD HH:mm', for series that span several days. */
export function dayClockLabel(iso: string): string {
  const date = parsed(iso);
  return date ? `${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${clockLabel(iso)}` : iso;
}

/** 'MM-DD' of a 'YYYY-MM-DD' day. */
export const dayLabel = (day: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.slice(5) : day);

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
