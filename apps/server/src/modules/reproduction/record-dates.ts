import { daysBetween, latestTodayAnywhere } from '@cowcare/domain/calendar-date';
import { invalidField } from '../../http/app-error';

/** A reproduction date and whether a person set it (manual) or the server computed it. */
export interface Dated<D extends string | null = string | null> {
  date: D;
  manual: boolean;
}
export type DatedValue = Dated;

export const NO_DATE: DatedValue = { date: null, manual: false };

/**
 * The day an event counts for: the calendar day as the client wrote it with its offset, i.e. the farmer's
 * local day. The schema guarantees the `YYYY-MM-DD…` shape.
 */
export const dayOf = (eventTime: string): string => eventTime.slice(0, 10);

/** Minutes a device clock may run ahead of ours before an event counts as "in the future". */
const CLOCK_SKEW_MS = 10 * 60_000;

export const requireNotInFuture = (field: string, eventTime: string, now: Date): void => {
  if (Date.parse(eventTime) > now.getTime() + CLOCK_SKEW_MS) {
    throw invalidField(field, `${field} must not be in the future`, 'future');
  }
};

export const requireDayNotInFuture = (field: string, day: string, now: Date): void => {
  if (daysBetween(latestTodayAnywhere(now), day) > 0) {
    throw invalidField(field, `${field} must not be in the future`, 'future');
  }
};

/**
 * A planned insemination may be entered ahead of time, up to two heat cycles on; a plan further out is a
 * typing mistake (a year 9999 was once stored and made the cow's page unreadable).
 */
export const PLANNED_FERTILIZATION_MAX_DAYS_AHEAD = 42;

export const requirePlanWithinReach = (field: string, eventTime: string, now: Date): void => {
  const latest = now.getTime() + PLANNED_FERTILIZATION_MAX_DAYS_AHEAD * 86_400_000 + CLOCK_SKEW_MS;
  if (Date.parse(eventTime) > latest) {
    throw invalidField(
      field,
      `${field} must not be more than ${PLANNED_FERTILIZATION_MAX_DAYS_AHEAD} days ahead`,
      'tooFarAhead',
    );
  }
};

/** Nothing happens to a cow before she is born; a record dated earlier is a typing mistake. */
export const requireNotBeforeBirth = (field: string, day: string, birthday: string | null): void => {
  if (birthday !== null && daysBetween(birthday, day) < 0) {
    throw invalidField(
      field,
      `${field} must not be before the cow's birthday (${birthday})`,
      'beforeBirthday',
    );
  }
};

/**
 * A date expected after an event (the next heat, the pregnancy check, the calving) lies on or after the
 * event's day and within a year of it: the longest, an expected calving, is some 255 days after a
 * diagnosis.
 */
export const EXPECTED_DATE_MAX_DAYS = 366;

export const requireExpectedAfter = (field: string, expected: string, eventDay: string): void => {
  const days = daysBetween(eventDay, expected);
  if (days < 0 || days > EXPECTED_DATE_MAX_DAYS) {
    throw invalidField(
      field,
      `${field} must be on or after ${eventDay} and within ${EXPECTED_DATE_MAX_DAYS} days of it`,
      'expectedRange',
    );
  }
};

/**
 * The value of a date that is either set by hand or computed. `change`: a day sets it by hand; null
 * returns it to automatic; undefined (left out of an update) keeps a hand-set day and recomputes an
 * automatic one, so a day typed by the farmer survives every recomputation.
 */
export const resolveDate = async <D extends string | null>(
  current: Dated<D> | undefined,
  change: string | null | undefined,
  automatic: () => D | Promise<D>,
  expected: { field: string; after: string },
): Promise<Dated<D | string>> => {
  if (typeof change === 'string') {
    requireExpectedAfter(expected.field, change, expected.after);
    return { date: change, manual: true };
  }
  if (change === undefined && current?.manual) return current;
  // Computed only when needed: a hand-set day must not fail for want of what the computation reads.
  return { date: await automatic(), manual: false };
};

/** An event's moment and local day after an update: a new time brings its own day, else both stay. */
export const eventAfterChange = (
  changedTime: string | undefined,
  current: { at: string; day: string },
): { at: string; day: string } =>
  changedTime === undefined ? current : { at: changedTime, day: dayOf(changedTime) };
