// The herd's reproduction KPIs for a period [from, to], for the whole herd or one cow type (issue 40).
// Definitions, formulas and sources: docs/kpis.md. Every KPI is numerator / denominator with the cows behind
// both, and null when there is nothing to judge.

import { addDays, daysBetween, daysInMonth, formatCalendarDate, parseCalendarDate } from './calendar-date';
import { eligibleCycles, type EligibleCycle } from './reproduction-cycles';
import { DEFAULT_CALVING_TO_ESTRUS_DAYS, DEFAULT_GESTATION_DAYS } from './reproduction-dates';
import {
  breedingHerd,
  cowHistory,
  isBetween,
  type CowHistory,
  type HerdCow,
  type JudgedService,
} from './reproduction-herd';
import { kpiResult, meanDaysResult, shareResult, type KpiResult } from './reproduction-kpi-result';

/** Days after calving before a cow is meant to be bred again; the farm's calving-to-estrus setting. */
export const DEFAULT_VOLUNTARY_WAITING_DAYS = DEFAULT_CALVING_TO_ESTRUS_DAYS;

const DAYS_PER_YEAR = 365;

export interface KpiOptions {
  /** The day the KPIs are computed on: 21-day cycles that have not ended by then are not judged. */
  readonly today: string;
  readonly voluntaryWaitingDays?: number;
  readonly gestationDays?: number;
  /** Heifers enter the cycle-based KPIs at this age; left out of them when null (the default). */
  readonly heiferBreedingAgeDays?: number | null;
  /** One cow type only; the whole herd when left out. */
  readonly cowTypeId?: number;
}

export interface ReproductionKpis {
  readonly heatDetectionRate: KpiResult;
  readonly firstServiceConceptionRate: KpiResult;
  readonly conceptionRate: KpiResult;
  readonly pregnancyRate: KpiResult;
  readonly servicesPerConception: KpiResult;
  readonly daysOpen: KpiResult;
  readonly calvingInterval: KpiResult;
  readonly daysToFirstService: KpiResult;
  readonly ageAtFirstCalving: KpiResult;
  readonly abortionRate: KpiResult;
  readonly cullingRate: KpiResult;
}

export interface Period {
  readonly from: string;
  readonly to: string;
}

type ServiceOf = JudgedService & { readonly cowId: number };

function servicesIn(histories: readonly CowHistory[], { from, to }: Period): ServiceOf[] {
  return histories.flatMap((history) =>
    history.services
      .filter((service) => isBetween(service.date, from, to))
      .map((service) => ({ ...service, cowId: history.cow.id })),
  );
}

export function conceptionRate(services: readonly ServiceOf[]): KpiResult {
  return shareResult(
    services.filter((service) => service.outcome !== 'pending'),
    (service) => service.outcome === 'pregnant',
  );
}

export function servicesPerConception(services: readonly ServiceOf[]): KpiResult {
  const judged = services.filter((service) => service.outcome !== 'pending');
  const conceptions = judged.filter((service) => service.outcome === 'pregnant');
  // Services over conceptions: the numerator is the service count, so its cows are every cow served.
  return kpiResult(
    judged.length,
    conceptions.length,
    judged.map((service) => service.cowId),
    conceptions.map((service) => service.cowId),
  );
}

export function heatDetectionRate(cycles: readonly EligibleCycle[]): KpiResult {
  return shareResult(cycles, (cycle) => cycle.heatSeen);
}

export function pregnancyRate(cycles: readonly EligibleCycle[]): KpiResult {
  return shareResult(
    cycles.filter((cycle) => cycle.conceived !== null),
    (cycle) => cycle.conceived === true,
  );
}

export function daysToFirstService(histories: readonly CowHistory[], period: Period): KpiResult {
  return meanDaysResult(
    servicesIn(histories, period)
      .filter((service) => service.isFirstService && service.calvingBefore !== null)
      .map((service) => ({
        cowId: service.cowId,
        days: daysBetween(service.calvingBefore ?? '', service.date),
      })),
  );
}

/** Calving to the service of a pregnancy she kept, for conceptions in the period. */
export function daysOpen(histories: readonly CowHistory[], period: Period): KpiResult {
  return meanDaysResult(
    servicesIn(histories, period)
      .filter((service) => service.outcome === 'pregnant' && service.lossDate === null)
      .filter((service) => service.calvingBefore !== null)
      .map((service) => ({
        cowId: service.cowId,
        days: daysBetween(service.calvingBefore ?? '', service.date),
      })),
  );
}

export function calvingInterval(histories: readonly CowHistory[], { from, to }: Period): KpiResult {
  return meanDaysResult(
    histories.flatMap(({ cow, calvings }) =>
      calvings.flatMap((calving, index) => {
        const previous = calvings[index - 1];
        return previous !== undefined && isBetween(calving, from, to)
          ? [{ cowId: cow.id, days: daysBetween(previous, calving) }]
          : [];
      }),
    ),
  );
}

export function ageAtFirstCalving(histories: readonly CowHistory[], { from, to }: Period): KpiResult {
  return meanDaysResult(
    histories.flatMap(({ cow, calvings }) => {
      const first = calvings[0];
      const isFirstCalving = (cow.parityAtEntry ?? 0) === 0 && first !== undefined;
      return isFirstCalving && cow.birthDate !== null && isBetween(first, from, to)
        ? [{ cowId: cow.id, days: daysBetween(cow.birthDate, first) }]
        : [];
    }),
  );
}

/** Of the pregnancies first seen in the period (a positive check, or an abortion or calving), those lost. */
export function abortionRate(histories: readonly CowHistory[], { from, to }: Period): KpiResult {
  const pregnancies = histories.flatMap((history) =>
    history.services
      .filter((service) => service.pregnancyEvidenceDate !== null)
      .filter((service) => isBetween(service.pregnancyEvidenceDate ?? '', from, to))
      .map((service) => ({ ...service, cowId: history.cow.id })),
  );
  return shareResult(pregnancies, (service) => service.lossDate !== null);
}

/** The day a female became a cow (her first calving; her entry when she came in calved). */
function cowFrom({ cow, calvings }: CowHistory): string | null {
  if ((cow.parityAtEntry ?? 0) > 0) return cow.entryDate;
  const first = calvings[0];
  return first === undefined ? null : first > cow.entryDate ? first : cow.entryDate;
}

/**
 * Cows that left in the period per cow-year in the herd (cow-days / 365): an annual rate over any period, so a
 * month, a quarter and the yearly target read on one scale (over a whole year it is exits / average cows).
 */
export function cullingRate(histories: readonly CowHistory[], { from, to }: Period): KpiResult {
  const present = histories.flatMap((history) => {
    const start = cowFrom(history);
    if (start === null) return [];
    const first = start > from ? start : from;
    const exitDay = history.cow.exitDate;
    const endExclusive = exitDay !== null && exitDay <= to ? exitDay : addDays(to, 1);
    const days = daysBetween(first, endExclusive);
    return days > 0 ? [{ cowId: history.cow.id, days, leftInPeriod: exitDay !== null && exitDay <= to }] : [];
  });
  const cowDays = present.reduce((sum, cow) => sum + cow.days, 0);
  const left = present.filter((cow) => cow.leftInPeriod);
  return kpiResult(
    left.length,
    cowDays / DAYS_PER_YEAR,
    left.map((cow) => cow.cowId),
    present.map((cow) => cow.cowId),
  );
}

export function reproductionKpis(
  cows: readonly HerdCow[],
  period: Period,
  options: KpiOptions,
): ReproductionKpis {
  return kpisOfHistories(herdHistories(cows, options), period, options);
}

/** Each breeding cow's history, judged once for every period asked of it. */
function herdHistories(cows: readonly HerdCow[], options: KpiOptions): CowHistory[] {
  const gestationDays = options.gestationDays ?? DEFAULT_GESTATION_DAYS;
  return breedingHerd(cows, options.cowTypeId).map((cow) => cowHistory(cow, { gestationDays }));
}

function kpisOfHistories(
  histories: readonly CowHistory[],
  period: Period,
  options: KpiOptions,
): ReproductionKpis {
  const cycles = histories.flatMap((history) =>
    eligibleCycles(history, {
      ...period,
      today: options.today,
      voluntaryWaitingDays: options.voluntaryWaitingDays ?? DEFAULT_VOLUNTARY_WAITING_DAYS,
      heiferBreedingAgeDays: options.heiferBreedingAgeDays ?? null,
    }),
  );
  const services = servicesIn(histories, period);
  return {
    heatDetectionRate: heatDetectionRate(cycles),
    firstServiceConceptionRate: conceptionRate(services.filter((service) => service.isFirstService)),
    conceptionRate: conceptionRate(services),
    pregnancyRate: pregnancyRate(cycles),
    servicesPerConception: servicesPerConception(services),
    daysOpen: daysOpen(histories, period),
    calvingInterval: calvingInterval(histories, period),
    daysToFirstService: daysToFirstService(histories, period),
    ageAtFirstCalving: ageAtFirstCalving(histories, period),
    abortionRate: abortionRate(histories, period),
    cullingRate: cullingRate(histories, period),
  };
}

/** The calendar months touching [from, to], each cut to the range: the points of a monthly trend chart. */
export function monthlyPeriods({ from, to }: Period): (Period & { readonly month: string })[] {
  const months: (Period & { month: string })[] = [];
  const start = parseCalendarDate(from);
  if (!start || from > to) return months;
  for (let year = start.year, month = start.month; ;) {
    const first = formatCalendarDate({ year, month, day: 1 });
    if (first > to) break;
    const last = formatCalendarDate({ year, month, day: daysInMonth(year, month) });
    months.push({ month: first.slice(0, 7), from: first < from ? from : first, to: last > to ? to : last });
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

export interface MonthlyReproductionKpis {
  readonly month: string;
  readonly period: Period;
  readonly kpis: ReproductionKpis;
}

export function monthlyReproductionKpis(
  cows: readonly HerdCow[],
  period: Period,
  options: KpiOptions,
): MonthlyReproductionKpis[] {
  return monthsOf(herdHistories(cows, options), period, options);
}

/** The period's KPIs and each of its months', every cow's history judged once for all of them. */
export function reproductionKpiReport(
  cows: readonly HerdCow[],
  period: Period,
  options: KpiOptions,
): { readonly kpis: ReproductionKpis; readonly months: MonthlyReproductionKpis[] } {
  const histories = herdHistories(cows, options);
  return { kpis: kpisOfHistories(histories, period, options), months: monthsOf(histories, period, options) };
}

function monthsOf(
  histories: readonly CowHistory[],
  period: Period,
  options: KpiOptions,
): MonthlyReproductionKpis[] {
  return monthlyPeriods(period).map(({ month, from, to }) => ({
    month,
    period: { from, to },
    kpis: kpisOfHistories(histories, { from, to }, options),
  }));
}
