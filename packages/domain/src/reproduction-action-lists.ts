// The lists a herd manager works from each morning (issue 40): which cows to check, which will calve, which
// show no heat, which keep returning. Pure functions of the herd and today; docs/kpis.md says why each rule.

import { addDays, daysBetween } from './calendar-date';
import {
  DEFAULT_DIAGNOSIS_DAYS,
  DEFAULT_GESTATION_DAYS,
  pregnancyCheckDate,
  type DiagnosisDaysSettings,
  type DiagnosisMethod,
} from './reproduction-dates';
import { DEFAULT_VOLUNTARY_WAITING_DAYS } from './reproduction-kpis';
import { breedingHerd, cowHistory, isInHerdOn, type CowHistory, type HerdCow } from './reproduction-herd';

export interface ActionListOptions {
  readonly today: string;
  readonly cowTypeId?: number;
  readonly gestationDays?: number;
  readonly voluntaryWaitingDays?: number;
  /** For services whose record carries no check date: the farm's days for this method. */
  readonly checkMethod?: DiagnosisMethod;
  readonly diagnosisDays?: DiagnosisDaysSettings;
  /** Cows due to calve: expected within this many days from today. */
  readonly calvingWithinDays?: number;
  /** A due cow stays on the calving list this many days past her date (the overdue alert takes over). */
  readonly calvingOverdueDays?: number;
  /** Repeated services: this many services since calving without a pregnancy. */
  readonly repeatServiceCount?: number;
}

export const DEFAULT_CALVING_WITHIN_DAYS = 30;
export const DEFAULT_CALVING_OVERDUE_LIST_DAYS = 30;
export const REPEAT_BREEDER_SERVICES = 3;
const WEEK_DAYS = 7;

function herdToday(cows: readonly HerdCow[], options: ActionListOptions): CowHistory[] {
  const gestationDays = options.gestationDays ?? DEFAULT_GESTATION_DAYS;
  return (
    breedingHerd(cows, options.cowTypeId)
      .filter((cow) => isInHerdOn(cow, options.today))
      // Judged on what was known this morning, so a list for an earlier day reads like it did then.
      .map((cow) => ({ ...cow, events: cow.events.filter((event) => event.date <= options.today) }))
      .map((cow) => cowHistory(cow, { gestationDays }))
  );
}

const byDay =
  <K extends string>(key: K) =>
  (a: Record<K, string | number>, b: Record<K, string | number>) =>
    a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;

export interface PregnancyCheckDue {
  readonly cowId: number;
  readonly serviceDate: string;
  readonly checkDate: string;
  /** The check day has passed with no result recorded. */
  readonly overdue: boolean;
}

/** Cows whose last service awaits its result and whose check day is before the end of this week. */
export function pregnancyChecksDue(
  cows: readonly HerdCow[],
  options: ActionListOptions,
): PregnancyCheckDue[] {
  const weekEnd = addDays(options.today, WEEK_DAYS - 1);
  return herdToday(cows, options)
    .flatMap(({ cow, services }) => {
      const last = services[services.length - 1];
      if (!last || last.outcome !== 'pending') return [];
      const checkDate =
        last.pregnancyCheckDate ??
        pregnancyCheckDate(
          last.date,
          options.checkMethod ?? 'ultrasonic',
          options.diagnosisDays ?? DEFAULT_DIAGNOSIS_DAYS,
        );
      return checkDate <= weekEnd
        ? [{ cowId: cow.id, serviceDate: last.date, checkDate, overdue: checkDate < options.today }]
        : [];
    })
    .sort(byDay('checkDate'));
}

export interface CalvingDue {
  readonly cowId: number;
  readonly serviceDate: string;
  readonly expectedCalvingDate: string;
  /** Negative once the expected day has passed. */
  readonly daysToCalving: number;
}

/** Pregnant cows (confirmed, not lost, not calved) expected to calve within the coming days. */
export function cowsDueToCalve(cows: readonly HerdCow[], options: ActionListOptions): CalvingDue[] {
  const gestationDays = options.gestationDays ?? DEFAULT_GESTATION_DAYS;
  const within = options.calvingWithinDays ?? DEFAULT_CALVING_WITHIN_DAYS;
  const overdueDays = options.calvingOverdueDays ?? DEFAULT_CALVING_OVERDUE_LIST_DAYS;
  return herdToday(cows, options)
    .flatMap(({ cow, services, calvings }) => {
      const last = services[services.length - 1];
      if (!last || last.outcome !== 'pregnant' || last.lossDate !== null) return [];
      if (calvings.some((calving) => calving > last.date)) return [];
      const expectedCalvingDate = addDays(last.date, gestationDays);
      const daysToCalving = daysBetween(options.today, expectedCalvingDate);
      return daysToCalving <= within && daysToCalving >= -overdueDays
        ? [{ cowId: cow.id, serviceDate: last.date, expectedCalvingDate, daysToCalving }]
        : [];
    })
    .sort(byDay('expectedCalvingDate'));
}

export interface OpenWithoutHeat {
  readonly cowId: number;
  readonly calvingDate: string;
  readonly daysSinceCalving: number;
}

/** Cows past the voluntary waiting period after their last calving with no heat and no service since it. */
export function openPastWaitingWithoutHeat(
  cows: readonly HerdCow[],
  options: ActionListOptions,
): OpenWithoutHeat[] {
  const waiting = options.voluntaryWaitingDays ?? DEFAULT_VOLUNTARY_WAITING_DAYS;
  return herdToday(cows, options)
    .flatMap(({ cow, calvings, heats, services, abortions }) => {
      const calvingDate = calvings[calvings.length - 1];
      if (calvingDate === undefined) return [];
      const daysSinceCalving = daysBetween(calvingDate, options.today);
      const since = (date: string) => date > calvingDate && date <= options.today;
      const active =
        heats.some(since) || services.some((service) => since(service.date)) || abortions.some(since);
      return daysSinceCalving >= waiting && !active ? [{ cowId: cow.id, calvingDate, daysSinceCalving }] : [];
    })
    .sort(byDay('calvingDate'));
}

export interface RepeatedServices {
  readonly cowId: number;
  readonly services: number;
  readonly lastServiceDate: string;
}

/** Cows served this many times since their last calving or lost pregnancy without conceiving. */
export function repeatedServices(cows: readonly HerdCow[], options: ActionListOptions): RepeatedServices[] {
  const threshold = options.repeatServiceCount ?? REPEAT_BREEDER_SERVICES;
  return herdToday(cows, options)
    .flatMap(({ cow, services, calvings }) => {
      const lastCalving = calvings[calvings.length - 1] ?? '';
      const lastPregnancy = services.filter((service) => service.outcome === 'pregnant').pop()?.date ?? '';
      const since = lastCalving > lastPregnancy ? lastCalving : lastPregnancy;
      const current = services.filter((service) => service.date > since);
      const last = current[current.length - 1];
      return last && current.length >= threshold
        ? [{ cowId: cow.id, services: current.length, lastServiceDate: last.date }]
        : [];
    })
    .sort(byDay('lastServiceDate'));
}
