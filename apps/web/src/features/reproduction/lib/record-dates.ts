import { addDays, isCalendarDate } from '@cowcare/domain/calendar-date';
import {
  effectiveServiceDate,
  expectedEstrusAfterCalving,
  nextExpectedEstrusDate,
  pregnancyCheckDate,
  type DiagnosisDaysSettings,
} from '@cowcare/domain/reproduction-dates';
import { diagnosisMethodOf, matingMethodOf, type DictionaryItem } from '../../../lib/dictionary';

/**
 * The dates a record form fills in when a method is chosen (spec §4 "Automatic dates"), from the domain
 * rules the server uses as well. Undefined while an input is missing.
 */

/** Service (scheduled) date: the fertilization day + the mating method's add-days (AI 1, natural 0, ET 7). */
export function scheduledServiceDate(day: string, method: DictionaryItem | undefined): string | undefined {
  if (!method || !isCalendarDate(day)) return undefined;
  const known = matingMethodOf(method.code);
  if (known) return effectiveServiceDate(day, known);
  // A mating method the domain does not name: the dictionary's own add-days.
  return method.addDays === undefined ? undefined : addDays(day, method.addDays);
}

/** Appraisal (pregnancy-check) date: the service date + the farm's days for the diagnosis method. */
export function appraisalDate(
  serviceDate: string | undefined,
  method: DictionaryItem | undefined,
  farmDays: DiagnosisDaysSettings | undefined,
): string | undefined {
  if (!serviceDate || !method) return undefined;
  const known = diagnosisMethodOf(method.code);
  if (known && farmDays) return pregnancyCheckDate(serviceDate, known, farmDays);
  return method.addDays === undefined ? undefined : addDays(serviceDate, method.addDays);
}

export function nextEstrusAfter(day: string): string | undefined {
  return isCalendarDate(day) ? nextExpectedEstrusDate(day) : undefined;
}

export function estrusAfterCalving(day: string): string | undefined {
  return isCalendarDate(day) ? expectedEstrusAfterCalving(day) : undefined;
}
