import { isCalendarDate } from '@cowcare/domain/calendar-date';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The day a chart request names, and the clock its answer speaks. */
export interface ChartDay {
  /** Midnight starting the day, epoch ms. */
  start: number;
  /** The offset the client's times are in (0 for UTC), in minutes. */
  offsetMinutes: number;
  /** The instant `timedate` named, or now; where "the last 6 hours" end. */
  at: number;
  /** Whether `timedate` gave a time rather than a date. */
  hasTime: boolean;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))$/;

const midnightOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * 'YYYY-MM-DD' is that UTC day; a time with an offset is the day it falls on at that offset (the date part
 * of the text is that local date); nothing is today in UTC. Undefined for anything else, including a time
 * without an offset, which would mean whatever the server's zone is.
 */
export const parseChartDay = (timedate: string | undefined, now: Date): ChartDay | undefined => {
  if (timedate === undefined || timedate === '') {
    return {
      start: Math.floor(now.getTime() / DAY_MS) * DAY_MS,
      offsetMinutes: 0,
      at: now.getTime(),
      hasTime: false,
    };
  }
  if (isCalendarDate(timedate)) {
    const start = midnightOf(timedate);
    return { start, offsetMinutes: 0, at: start + DAY_MS, hasTime: false };
  }
  const match = DATE_TIME.exec(timedate);
  if (!match) return undefined;
  const [, date = '', hours, minutes, seconds, zone, sign, zoneHours, zoneMinutes] = match;
  if (!isCalendarDate(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59) {
    return undefined;
  }
  const offsetMinutes =
    zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes));
  if (Math.abs(offsetMinutes) > 14 * 60) return undefined;
  const at = Date.parse(timedate.replace(' ', 'T'));
  if (Number.isNaN(at)) return undefined;
  return { start: midnightOf(date) - offsetMinutes * MINUTE_MS, offsetMinutes, at, hasTime: true };
};

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/** ISO-8601 in the request's offset: '2026-03-01T09:00:00+09:00', or '…Z' for UTC. */
export const formatChartTime = (time: number, offsetMinutes: number): string => {
  const local = new Date(time + offsetMinutes * MINUTE_MS).toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${local}Z`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
};

/** The local date of a time at the offset. */
export const formatChartDate = (time: number, offsetMinutes: number): string =>
  new Date(time + offsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
