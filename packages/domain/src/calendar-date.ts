// Calendar dates are 'YYYY-MM-DD' strings (architecture §3). All arithmetic is on UTC day numbers so the
// result never depends on the runtime's time zone or its daylight-saving changes.

export interface CalendarDateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const MS_PER_DAY = 86_400_000;
const CALENDAR_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Parses a real calendar date: the pattern alone would accept 2023-02-29 or 2024-13-01. */
export function parseCalendarDate(value: string): CalendarDateParts | undefined {
  const match = CALENDAR_DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isCalendarDate(value: string): boolean {
  return parseCalendarDate(value) !== undefined;
}

export function formatCalendarDate({ year, month, day }: CalendarDateParts): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function toUtcDayNumber({ year, month, day }: CalendarDateParts): number {
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() / MS_PER_DAY;
}

function fromUtcDayNumber(dayNumber: number): CalendarDateParts {
  const date = new Date(dayNumber * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function requireCalendarDate(value: string): CalendarDateParts {
  const parts = parseCalendarDate(value);
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${JSON.stringify(value)}`);
  return parts;
}

/**
 * Day numbers of the dates seen, both ways. A herd's records name a few thousand distinct days, and the
 * reproduction KPIs of a 10,000-cow herd do date arithmetic millions of times: parsing each time was most of
 * their cost. Cleared when large, so a long-running server holds at most this many.
 */
const MEMO_LIMIT = 20_000;
const dayNumbers = new Map<string, number>();
const datesOfDayNumbers = new Map<number, string>();

function dayNumberOf(date: string): number {
  let dayNumber = dayNumbers.get(date);
  if (dayNumber === undefined) {
    dayNumber = toUtcDayNumber(requireCalendarDate(date));
    if (dayNumbers.size >= MEMO_LIMIT) dayNumbers.clear();
    dayNumbers.set(date, dayNumber);
  }
  return dayNumber;
}

function dateOfDayNumber(dayNumber: number): string {
  let date = datesOfDayNumbers.get(dayNumber);
  if (date === undefined) {
    date = formatCalendarDate(fromUtcDayNumber(dayNumber));
    if (datesOfDayNumbers.size >= MEMO_LIMIT) datesOfDayNumbers.clear();
    datesOfDayNumbers.set(dayNumber, date);
  }
  return date;
}

/** Throws RangeError on a malformed date or a non-integer day count: both are caller bugs. */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be an integer: ${days}`);
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumberOf(to) - dayNumberOf(from);
}

/**
 * Today in UTC+14, the first time zone to reach a new day: no farm anywhere has a later "today". The server
 * does not know a farm's zone, so "not in the future" is measured against this day.
 */
export function latestTodayAnywhere(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The days a farm's records may name (decision 0012). No cow in a herd's books was born before 1990; nothing
 * is expected beyond 2099. Every date derived from one (+ 285 days to calving, + 21 to the next heat) stays
 * inside what PostgreSQL and JavaScript both read back, so a stored record can always be shown again. Each
 * field narrows this further on the server (not in the future, not before the cow's birth).
 */
export const EARLIEST_RECORD_DAY = '1990-01-01';
export const LATEST_RECORD_DAY = '2099-12-31';
