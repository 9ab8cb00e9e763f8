// "How long ago" for notices and chat (spec §9). The result is structured, not text, so the UI can
// translate it into any of the nine languages.

export const JUST_NOW_LIMIT_SECONDS = 300;
/** From this age on a calendar date is shown instead of a day count. */
export const RELATIVE_DAYS_LIMIT_DAYS = 30;

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3_600;
const SECONDS_PER_DAY = 86_400;

export type RelativeTime =
  | { readonly unit: 'justNow' }
  | { readonly unit: 'minutes'; readonly count: number }
  | { readonly unit: 'hours'; readonly count: number }
  | { readonly unit: 'days'; readonly count: number }
  | { readonly unit: 'date'; readonly date: string };

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

// Creating a formatter is costly and a notice list formats many times, so one is kept per zone.
function calendarDateIn(timeZone: string, epochMs: number): string {
  let formatter = dateFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/**
 * Buckets count whole units elapsed (4 min 59 s is 4 minutes). Under 30 days a day count; from 30 days a
 * date, in `timeZone` (an IANA name; the web passes the user's zone, the default keeps tests and the server
 * deterministic). A time in the future, as happens with a slightly fast server clock, reads as just now.
 */
export function relativeTime(thenEpochMs: number, nowEpochMs: number, timeZone = 'UTC'): RelativeTime {
  const elapsedSeconds = Math.floor((nowEpochMs - thenEpochMs) / 1000);
  if (elapsedSeconds < JUST_NOW_LIMIT_SECONDS) {
    return { unit: 'justNow' };
  }
  if (elapsedSeconds < SECONDS_PER_HOUR) {
    return { unit: 'minutes', count: Math.floor(elapsedSeconds / SECONDS_PER_MINUTE) };
  }
  if (elapsedSeconds < SECONDS_PER_DAY) {
    return { unit: 'hours', count: Math.floor(elapsedSeconds / SECONDS_PER_HOUR) };
  }
  if (elapsedSeconds < RELATIVE_DAYS_LIMIT_DAYS * SECONDS_PER_DAY) {
    return { unit: 'days', count: Math.floor(elapsedSeconds / SECONDS_PER_DAY) };
  }
  return { unit: 'date', date: calendarDateIn(timeZone, thenEpochMs) };
}
