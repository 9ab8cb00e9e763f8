import type { TFunction } from 'i18next';
import { relativeTime } from '@cowcare/domain/relative-time';
import { parseCalendarDate } from '@cowcare/domain/calendar-date';

/**
 * Formatting for display in the user's language (a BCP-47 tag): calendar dates, moments, money in minor
 * units and "how long ago". Wire values stay as they are; only what is shown is formatted.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const moneyFormats = new Map<string, Intl.NumberFormat>();
const decimalFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, key: string, create: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

/** A date format of the language, made once per language and kind; English for a tag Intl does not know. */
export function dateTimeFormat(
  kind: string,
  bcp47: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached(dateFormats, `${kind}:${bcp47}`, () => {
    try {
      return new Intl.DateTimeFormat(bcp47, options);
    } catch {
      return new Intl.DateTimeFormat('en', options);
    }
  });
}

/** A 'YYYY-MM-DD' day as the language writes it; the raw text when it is not a real date. */
export function formatDate(date: string | null | undefined, bcp47: string): string {
  if (!date) return '';
  const parts = parseCalendarDate(date);
  if (!parts) return date;
  const format = dateTimeFormat('d', bcp47, { dateStyle: 'medium', timeZone: 'UTC' });
  return format.format(Date.UTC(parts.year, parts.month - 1, parts.day));
}

/** An ISO-8601 moment in the device's time zone, date and time. */
export function formatDateTime(iso: string | null | undefined, bcp47: string): string {
  if (!iso) return '';
  const epoch = Date.parse(iso);
  if (Number.isNaN(epoch)) return iso;
  return dateTimeFormat('dt', bcp47, { dateStyle: 'medium', timeStyle: 'short' }).format(epoch);
}

/** The time of day of an ISO-8601 moment in the device's time zone ("3:10 AM"), for a line whose day is known. */
export function formatTime(iso: string | null | undefined, bcp47: string): string {
  if (!iso) return '';
  const epoch = Date.parse(iso);
  if (Number.isNaN(epoch)) return iso;
  return dateTimeFormat('t', bcp47, { timeStyle: 'short' }).format(epoch);
}

/** Two ISO-8601 moments as one span in the device's time zone ("Nov 26, 05:20 – 16:20"). */
export function formatDateTimeRange(startIso: string, endIso: string, bcp47: string): string {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (Number.isNaN(start) || Number.isNaN(end)) return `${startIso} – ${endIso}`;
  const options = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' } as const;
  return dateTimeFormat('range', bcp47, options).formatRange(start, Math.max(start, end));
}

/**
 * A number format of the language with `least` to `most` decimals, made once per language and kind; English
 * for a tag Intl does not know. Intl rounds, so a value is rounded once, as the reader sees it.
 */
function decimalFormat(
  bcp47: string,
  least: number,
  most: number,
  signDisplay: 'negative' | 'exceptZero',
): Intl.NumberFormat {
  const options = { minimumFractionDigits: least, maximumFractionDigits: most, signDisplay };
  return cached(decimalFormats, `${bcp47}:${least}:${most}:${signDisplay}`, () => {
    try {
      return new Intl.NumberFormat(bcp47, options);
    } catch {
      return new Intl.NumberFormat('en', options);
    }
  });
}

/**
 * A measurement as the language writes it, with exactly `digits` decimals ('39.17' in English, '39,17' in
 * Portuguese), so a screen never mixes decimal marks; a value that rounds to zero is never '−0.0'. `trim`
 * drops trailing zeros ('39', '38,5') where round values read better short, as on an axis.
 */
export function formatDecimal(value: number, digits: number, bcp47: string, trim = false): string {
  return decimalFormat(bcp47, trim ? 0 : digits, digits, 'negative').format(value);
}

const SIGNS = { plusSign: '+', minusSign: '−' } as const;

/**
 * A deviation from a usual value with its sign always shown: '+0.8', '−0.8' (a true minus, as wide as the
 * plus, whatever the language's own sign), and '±0.0' when it rounds to nothing, never '+0.0'.
 */
export function formatSignedDecimal(value: number, digits: number, bcp47: string): string {
  const parts = decimalFormat(bcp47, digits, digits, 'exceptZero').formatToParts(value);
  const signed = parts.some((part) => part.type === 'plusSign' || part.type === 'minusSign');
  const text = parts
    .map((part) => (part.type === 'plusSign' || part.type === 'minusSign' ? SIGNS[part.type] : part.value))
    .join('');
  return signed ? text : `±${text}`;
}

/** Money held in integer minor units (architecture §3), shown in the farm's currency. */
export function formatMoney(minor: number, currency: string, digits: number, bcp47: string): string {
  const major = minor / 10 ** digits;
  const format = cached(moneyFormats, `${bcp47}:${currency}:${digits}`, () => {
    try {
      return new Intl.NumberFormat(bcp47, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      return new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
  });
  return format.format(major);
}

/** "just now", "5 minutes ago", … (spec §9), or the date from 30 days on. */
export function formatRelative(
  iso: string | null | undefined,
  t: TFunction,
  bcp47: string,
  now = Date.now(),
) {
  if (!iso) return '';
  const epoch = Date.parse(iso);
  if (Number.isNaN(epoch)) return iso;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const relative = relativeTime(epoch, now, zone);
  switch (relative.unit) {
    case 'justNow':
      return t('time.justNow');
    case 'minutes':
      return t('time.minutesAgo', { count: relative.count });
    case 'hours':
      return t('time.hoursAgo', { count: relative.count });
    case 'days':
      return t('time.daysAgo', { count: relative.count });
    case 'date':
      return formatDate(relative.date, bcp47);
  }
}

/** Today on the device's calendar, 'YYYY-MM-DD'. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Now as a `datetime-local` input value ('YYYY-MM-DDTHH:mm', device time). */
export function localDateTimeInputValue(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${localToday(now)}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/**
 * A `datetime-local` value as ISO-8601 with the device's offset at that moment ('2025-03-01T06:30:00+09:00'):
 * the server reads the day as written, so an early-morning event keeps its local day. Null when malformed.
 */
export function withLocalOffset(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00'] = match;
  const local = new Date(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  if (Number.isNaN(local.getTime())) return null;
  const offsetMinutes = -local.getTimezoneOffset();
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`;
}

/** The calendar day of a `datetime-local` value (its first ten characters). */
export const dayOf = (dateTimeLocal: string): string => dateTimeLocal.slice(0, 10);
