import { ERROR_CODES } from '@cowcare/contract/errors';
import { daysBetween } from '@cowcare/domain/calendar-date';
import { badRequest } from '../../http/app-error';

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
    throw badRequest(ERROR_CODES.validation, `${field} must not be in the future`);
  }
};

/** Today in UTC+14, the first time zone to reach a new day: no farm anywhere has a later "today". */
const latestTodayAnywhere = (now: Date): string =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

export const requireDayNotInFuture = (field: string, day: string, now: Date): void => {
  if (daysBetween(latestTodayAnywhere(now), day) > 0) {
    throw badRequest(ERROR_CODES.validation, `${field} must not be in the future`);
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
): Promise<Dated<D | string>> => {
  if (typeof change === 'string') return { date: change, manual: true };
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
