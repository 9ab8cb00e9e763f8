// Calving overdue (notice 502): a pregnant cow still uncalved well past her expected calving date.
//
// Hanwoo carry a calf about 285 days (architecture §7), with a spread of about ±5 days (one standard
// deviation; Korean extension tables give 280-290 days). Ten days past the expected date is about two
// standard deviations: roughly 2 % of normal pregnancies are still going then, so the notice is rare for a
// healthy cow, yet it comes well before "prolonged gestation" (more than 3 SD over the breed mean, Merck
// Veterinary Manual), when the vet still has time to examine her and decide on induction. Often the cause is
// the record, not the cow: a calving nobody entered, a pregnancy lost, or a conception at a later service;
// the notice is the prompt to check either. Dates are 'YYYY-MM-DD', compared as whole UTC days.

import { addDays, daysBetween } from './calendar-date';
import type { CowStatus } from './cow-status';
import { DEFAULT_GESTATION_DAYS } from './reproduction-dates';

export const CALVING_OVERDUE_NOTICE = 502;

/** Days past the expected calving date before she counts as overdue (about 2 SD of Hanwoo gestation). */
export const DEFAULT_CALVING_OVERDUE_DAYS = 10;

export interface PregnancyState {
  readonly status: CowStatus;
  readonly expectedCalvingDate: string | null;
  /** The day of her latest fertilization (service), when recorded: the pregnancy began then. */
  readonly lastFertilizationDate: string | null;
  readonly lastCalvingDate: string | null;
}

export interface CalvingOverdueOptions {
  readonly overdueDays?: number;
  /** Used to date the start of the pregnancy when no fertilization is recorded. */
  readonly gestationDays?: number;
}

export interface CalvingOverdue {
  readonly code: typeof CALVING_OVERDUE_NOTICE;
  readonly expectedCalvingDate: string;
  /** Whole days from the expected date to today. */
  readonly daysOverdue: number;
}

/**
 * A calving on or after the day the pregnancy began ended it, whatever her status says (a status forced
 * back to pregnancy after a calving must not make her look overdue).
 */
function calvedThisPregnancy(
  pregnancy: PregnancyState,
  expectedCalvingDate: string,
  gestationDays: number,
): boolean {
  if (pregnancy.lastCalvingDate === null) return false;
  const start = pregnancy.lastFertilizationDate ?? addDays(expectedCalvingDate, -gestationDays);
  return pregnancy.lastCalvingDate >= start;
}

/**
 * Whether the cow is overdue today: pregnant (임신), with an expected calving date at least `overdueDays`
 * behind `today`, and no calving recorded for this pregnancy. The expected date names the episode, so a
 * corrected date makes a new one.
 */
export function calvingOverdue(
  pregnancy: PregnancyState,
  today: string,
  options: CalvingOverdueOptions = {},
): CalvingOverdue | undefined {
  const overdueDays = options.overdueDays ?? DEFAULT_CALVING_OVERDUE_DAYS;
  const gestationDays = options.gestationDays ?? DEFAULT_GESTATION_DAYS;
  const expected = pregnancy.expectedCalvingDate;
  if (pregnancy.status !== 'pregnancy' || expected === null) return undefined;
  const daysOverdue = daysBetween(expected, today);
  if (daysOverdue < overdueDays || calvedThisPregnancy(pregnancy, expected, gestationDays)) return undefined;
  return { code: CALVING_OVERDUE_NOTICE, expectedCalvingDate: expected, daysOverdue };
}
