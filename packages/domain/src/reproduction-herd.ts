// The plain herd model the reproduction KPIs and action lists read (docs/kpis.md), and each cow's services
// judged against what followed them. The server maps its records onto this; nothing here reads storage.

import { addDays, daysBetween } from './calendar-date';
import type { CowStatus, PregnancyResult } from './cow-status';
import { DEFAULT_GESTATION_DAYS, type MatingMethod } from './reproduction-dates';

/** Why a cow left the herd; a cow converted to fattening leaves the breeding herd too. */
export type HerdExitReason = 'culled' | 'sold' | 'died' | 'fattening';

export type ReproductionEvent =
  | { readonly kind: 'heat'; readonly date: string; readonly source: 'detected' | 'observed' }
  /** `date` is the effective service date (fertilization day + mating add-days). */
  | {
      readonly kind: 'service';
      readonly date: string;
      readonly method: MatingMethod;
      readonly pregnancyCheckDate?: string | null;
    }
  | { readonly kind: 'pregnancyCheck'; readonly date: string; readonly result: PregnancyResult }
  /** A live or stillborn calf at term; a calving record whose result is "abort" is mapped to an abortion. */
  | { readonly kind: 'calving'; readonly date: string }
  | { readonly kind: 'abortion'; readonly date: string };

export interface HerdCow {
  readonly id: number;
  readonly birthDate: string | null;
  readonly sex: 'female' | 'male';
  readonly cowTypeId: number | null;
  /** First day in the herd (birth on the farm or purchase). */
  readonly entryDate: string;
  /** She is in the herd up to the day before this date. */
  readonly exitDate: string | null;
  readonly exitReason: HerdExitReason | null;
  readonly status: CowStatus;
  /** Calvings before her records begin (a cow bought in calved); 0 when left out. */
  readonly parityAtEntry?: number;
  readonly events: readonly ReproductionEvent[];
}

export type ServiceOutcome = 'pregnant' | 'open' | 'pending';

export interface JudgedService {
  readonly date: string;
  readonly method: MatingMethod;
  readonly pregnancyCheckDate: string | null;
  readonly outcome: ServiceOutcome;
  /** The first record that showed the pregnancy (check, abortion or calving); null unless pregnant. */
  readonly pregnancyEvidenceDate: string | null;
  /** The abortion that ended this pregnancy; null when none (or not pregnant). */
  readonly lossDate: string | null;
  /** The calving before this service; null for a heifer or a cow whose calving predates her records. */
  readonly calvingBefore: string | null;
  /** The first service after a calving, or a heifer's first service. */
  readonly isFirstService: boolean;
}

export interface CowHistory {
  readonly cow: HerdCow;
  readonly heats: readonly string[];
  readonly calvings: readonly string[];
  readonly abortions: readonly string[];
  readonly services: readonly JudgedService[];
}

/** A calving confirms a service only when it comes this close to service + gestation (premature or late). */
export const CALVING_MATCH_TOLERANCE_DAYS = 30;

export interface JudgeOptions {
  readonly gestationDays?: number;
}

const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
const datesOf = (events: readonly ReproductionEvent[], kind: ReproductionEvent['kind']) =>
  events.filter((event) => event.kind === kind).map((event) => event.date);

export function isBetween(date: string, from: string, to: string): boolean {
  return date >= from && date <= to;
}

/** The latest date in `dates` strictly before `day`. */
export function latestBefore(dates: readonly string[], day: string): string | null {
  return dates.filter((date) => date < day).reduce<string | null>((a, b) => (a && a > b ? a : b), null);
}

export function isInHerdOn(cow: HerdCow, day: string): boolean {
  return cow.entryDate <= day && (cow.exitDate === null || day < cow.exitDate);
}

export function cowHistory(cow: HerdCow, options: JudgeOptions = {}): CowHistory {
  const events = [...cow.events].sort(byDate);
  const calvings = datesOf(events, 'calving');
  const heats = datesOf(events, 'heat');
  const checkAborts = events.filter((event) => event.kind === 'pregnancyCheck' && event.result === 'abort');
  const abortions = [...datesOf(events, 'abortion'), ...checkAborts.map((event) => event.date)].sort();
  const serviceEvents = events.filter((event) => event.kind === 'service');
  const services = serviceEvents.map((service, index) =>
    judgeService(cow, events, service, serviceEvents[index + 1]?.date ?? null, serviceEvents, options),
  );
  return { cow, heats, calvings, abortions: [...new Set(abortions)], services };
}

type ServiceEvent = Extract<ReproductionEvent, { kind: 'service' }>;

function judgeService(
  cow: HerdCow,
  events: readonly ReproductionEvent[],
  service: ServiceEvent,
  nextServiceDate: string | null,
  allServices: readonly ServiceEvent[],
  { gestationDays = DEFAULT_GESTATION_DAYS }: JudgeOptions,
): JudgedService {
  const after = events.filter(
    (event) => event.date > service.date && (nextServiceDate === null || event.date < nextServiceDate),
  );
  const calvingDue = addDays(service.date, gestationDays);
  const calving = after.find(
    (event) =>
      event.kind === 'calving' &&
      Math.abs(daysBetween(calvingDue, event.date)) <= CALVING_MATCH_TOLERANCE_DAYS,
  );
  const untilCalving = calving ? after.filter((event) => event.date <= calving.date) : after;
  const loss = untilCalving.find(
    (event) => event.kind === 'abortion' || (event.kind === 'pregnancyCheck' && event.result === 'abort'),
  );
  const checks = untilCalving.filter((event) => event.kind === 'pregnancyCheck');
  const lastCheck = checks[checks.length - 1];
  const outcome: ServiceOutcome =
    calving || loss || lastCheck?.result === 'pregnant'
      ? 'pregnant'
      : lastCheck || nextServiceDate !== null
        ? 'open'
        : 'pending';
  const evidence = untilCalving.find(
    (event) =>
      event === calving || event === loss || (event.kind === 'pregnancyCheck' && event.result === 'pregnant'),
  );
  const calvingBefore = latestBefore(datesOf(events, 'calving'), service.date);
  const previousService = latestBefore(
    allServices.map((other) => other.date),
    service.date,
  );
  const isFirstService =
    calvingBefore !== null
      ? previousService === null || previousService < calvingBefore
      : (cow.parityAtEntry ?? 0) === 0 && previousService === null;
  return {
    date: service.date,
    method: service.method,
    pregnancyCheckDate: service.pregnancyCheckDate ?? null,
    outcome,
    pregnancyEvidenceDate: outcome === 'pregnant' ? (evidence?.date ?? null) : null,
    lossDate: outcome === 'pregnant' ? (loss?.date ?? null) : null,
    calvingBefore,
    isFirstService,
  };
}

/** Females of the chosen cow type (all types when none is chosen): the KPIs' herd. */
export function breedingHerd(cows: readonly HerdCow[], cowTypeId?: number): HerdCow[] {
  return cows.filter(
    (cow) => cow.sex === 'female' && (cowTypeId === undefined || cow.cowTypeId === cowTypeId),
  );
}
