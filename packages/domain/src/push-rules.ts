// Which notices wake a user's phone (architecture §15, issue 39): the codes each user chose, quiet hours in
// the user's own time zone, and the severe notices that may break them and are escalated when nobody reads them.

/**
 * The codes pushed until a user chooses: estrus and the insemination window, moderate and severe fever,
 * calving, sensor offline. The rest (a slight fever, reminders, payments…) wait on the notice tab.
 */
export const DEFAULT_PUSH_CODES: readonly number[] = [101, 102, 202, 203, 501, 502, 701];

/**
 * Severe fever and calving: a cow that may die or calve tonight. They may break quiet hours, and when no user
 * of the farm has read one within the escalation time it is pushed once more to every user of the farm.
 */
export const SEVERE_PUSH_CODES: readonly number[] = [203, 501, 502];

export const isSeverePushCode = (code: number): boolean => SEVERE_PUSH_CODES.includes(code);

/** A daily window, both ends `HH:MM` in the user's time zone; start after end spans midnight (22:00–06:00). */
export interface QuietHours {
  start: string;
  end: string;
}

export interface PushChoices {
  codes: readonly number[];
  quietHours: QuietHours | null;
  /** Severe notices (SEVERE_PUSH_CODES) are pushed during quiet hours too. */
  severeDuringQuietHours: boolean;
  /** IANA zone of the user's device, e.g. `Asia/Seoul`: quiet hours are the user's night, not UTC's. */
  timeZone: string;
}

export const DEFAULT_PUSH_CHOICES: PushChoices = {
  codes: DEFAULT_PUSH_CODES,
  quietHours: null,
  severeDuringQuietHours: true,
  timeZone: 'UTC',
};

const minutesOf = (clock: string): number => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Minutes since midnight at `instant` in `timeZone`. */
export const minuteOfDayIn = (instant: Date, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const value = (type: 'hour' | 'minute'): number => Number(parts.find((part) => part.type === type)?.value);
  return value('hour') * 60 + value('minute');
};

/** The window includes its start and excludes its end; equal ends mean no quiet hours. */
export const isWithinQuietHours = (
  instant: Date,
  quietHours: QuietHours | null,
  timeZone: string,
): boolean => {
  if (quietHours === null) return false;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  if (start === end) return false;
  const now = minuteOfDayIn(instant, timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
};

/** Whether a notice of `code`, raised at `instant`, is pushed to a user with these choices. */
export const shouldPushNotice = (choices: PushChoices, code: number, instant: Date): boolean => {
  if (!choices.codes.includes(code)) return false;
  if (!isWithinQuietHours(instant, choices.quietHours, choices.timeZone)) return true;
  return choices.severeDuringQuietHours && isSeverePushCode(code);
};

/** A time zone the runtime knows (what the server accepts from a device). */
export const isKnownTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};
