// Automatic reproduction dates (spec §4, architecture §7). All dates are 'YYYY-MM-DD'; the day arithmetic
// lives in calendar-date so it is done in UTC and never drifts with the device's time zone.

import { addDays, daysBetween } from './calendar-date';

export const MATING_METHODS = ['artificialInsemination', 'natural', 'embryoTransfer'] as const;
export type MatingMethod = (typeof MATING_METHODS)[number];

/** Days from the fertilization date to the effective service date (spec §9). */
export const MATING_ADD_DAYS: Readonly<Record<MatingMethod, number>> = {
  artificialInsemination: 1,
  natural: 0,
  embryoTransfer: 7,
};

export const DIAGNOSIS_METHODS = ['ultrasonic', 'inspection', 'rectal', 'hormone', 'external'] as const;
export type DiagnosisMethod = (typeof DIAGNOSIS_METHODS)[number];

/** A farm's days from service to pregnancy check, per method (user settings). */
export type DiagnosisDaysSettings = Readonly<Record<DiagnosisMethod, number>>;

export const DEFAULT_DIAGNOSIS_DAYS: DiagnosisDaysSettings = {
  ultrasonic: 40,
  inspection: 60,
  rectal: 60,
  hormone: 51,
  external: 60,
};

export const MIN_DIAGNOSIS_DAYS = 1;
export const MAX_DIAGNOSIS_DAYS = 365;

/** Hanwoo gestation; a parameter because other breeds differ. */
export const DEFAULT_GESTATION_DAYS = 285;
export const ESTRUS_CYCLE_DAYS = 21;
export const DEFAULT_CALVING_TO_ESTRUS_DAYS = 60;

/**
 * A pregnancy diagnosis earlier than this many days after the insemination is unreliable (an embryo is not
 * reliably seen by ultrasound before day 28): the record form warns, it does not refuse.
 */
export const EARLIEST_RELIABLE_DIAGNOSIS_DAYS = 28;

/** True when a diagnosis on `diagnosisDay` comes too early after the insemination on `inseminationDay`. */
export function isEarlyDiagnosis(inseminationDay: string, diagnosisDay: string): boolean {
  const days = daysBetween(inseminationDay, diagnosisDay);
  return days >= 0 && days < EARLIEST_RELIABLE_DIAGNOSIS_DAYS;
}

export function isValidDiagnosisDays(days: unknown): boolean {
  return (
    typeof days === 'number' &&
    Number.isInteger(days) &&
    days >= MIN_DIAGNOSIS_DAYS &&
    days <= MAX_DIAGNOSIS_DAYS
  );
}

/** The methods whose configured days are not an integer 1..365, in method order; empty when all are valid. */
export function invalidDiagnosisDaysMethods(
  settings: Readonly<Record<DiagnosisMethod, unknown>>,
): DiagnosisMethod[] {
  return DIAGNOSIS_METHODS.filter((method) => !isValidDiagnosisDays(settings[method]));
}

export function effectiveServiceDate(fertilizationDate: string, method: MatingMethod): string {
  return addDays(fertilizationDate, MATING_ADD_DAYS[method]);
}

export function pregnancyCheckDate(
  serviceDate: string,
  method: DiagnosisMethod,
  farmDiagnosisDays: DiagnosisDaysSettings = DEFAULT_DIAGNOSIS_DAYS,
): string {
  const days = farmDiagnosisDays[method];
  if (!isValidDiagnosisDays(days)) {
    throw new RangeError(`Diagnosis days for ${method} must be an integer 1..365: ${days}`);
  }
  return addDays(serviceDate, days);
}

export function expectedCalvingDate(
  serviceDate: string,
  gestationDays: number = DEFAULT_GESTATION_DAYS,
): string {
  return addDays(serviceDate, gestationDays);
}

export function nextExpectedEstrusDate(estrusDate: string): string {
  return addDays(estrusDate, ESTRUS_CYCLE_DAYS);
}

export function expectedEstrusAfterCalving(
  calvingDate: string,
  calvingToEstrusDays: number = DEFAULT_CALVING_TO_ESTRUS_DAYS,
): string {
  return addDays(calvingDate, calvingToEstrusDays);
}
