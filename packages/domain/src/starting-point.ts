// Where a cow stands when she joins a farm mid-season (onboarding a herd): her status and the days that put
// her there. The server writes the days as real records; the web checks the same rules before it sends.

import { daysBetween, isCalendarDate } from './calendar-date';
import type { CowStatus } from './cow-status';
import {
  DEFAULT_DIAGNOSIS_DAYS,
  effectiveServiceDate,
  expectedCalvingDate,
  expectedEstrusAfterCalving,
  pregnancyCheckDate,
  type DiagnosisDaysSettings,
  type DiagnosisMethod,
  type MatingMethod,
} from './reproduction-dates';

/** Every status but culled: a farm starts mid-season with cows in all of them. */
export const STARTING_STATUSES = [
  'waitingForSettings',
  'estrusDetection',
  'pregnancyConfirm',
  'pregnancy',
  'lactation',
  'fattening',
] as const satisfies readonly CowStatus[];
export type StartingStatus = (typeof STARTING_STATUSES)[number];

export function isStartingStatus(status: CowStatus): status is StartingStatus {
  return (STARTING_STATUSES as readonly CowStatus[]).includes(status);
}

/** The days a starting status needs; the others may not be given for it. */
export const STARTING_DAY_FIELDS = ['lastCalving', 'lastInsemination', 'pregnancyCheck'] as const;
export type StartingDayField = (typeof STARTING_DAY_FIELDS)[number];
export type StartingField = StartingDayField | 'inseminationMethod' | 'parity';

/** Which day a status needs (required) and which it may carry (allowed). */
const DAYS_OF_STATUS: Readonly<
  Record<StartingStatus, { required: readonly StartingDayField[]; allowed: readonly StartingDayField[] }>
> = {
  waitingForSettings: { required: [], allowed: ['lastCalving'] },
  estrusDetection: { required: [], allowed: ['lastCalving'] },
  fattening: { required: [], allowed: ['lastCalving'] },
  lactation: { required: ['lastCalving'], allowed: ['lastCalving'] },
  pregnancyConfirm: { required: ['lastInsemination'], allowed: ['lastCalving', 'lastInsemination'] },
  pregnancy: {
    required: ['lastInsemination', 'pregnancyCheck'],
    allowed: ['lastCalving', 'lastInsemination', 'pregnancyCheck'],
  },
};

export const requiredDaysOf = (status: StartingStatus): readonly StartingDayField[] =>
  DAYS_OF_STATUS[status].required;
export const allowedDaysOf = (status: StartingStatus): readonly StartingDayField[] =>
  DAYS_OF_STATUS[status].allowed;

/**
 * What is wrong with a field, as a stable code the server sends (details[].rule) and the web translates:
 * - required: the status needs this day (or the insemination its method);
 * - notForStatus: the status does not go with this day;
 * - notRealDate: not a YYYY-MM-DD day that exists;
 * - future: after today;
 * - beforeBirthday: before the cow was born;
 * - beforeCalving: an insemination before the last calving (it belongs to the cycle that calving ended);
 * - beforeInsemination: a pregnancy check before the insemination it checks;
 * - parityAfterCalving: a cow that calved has parity 1 or more.
 */
export const STARTING_RULES = [
  'required',
  'notForStatus',
  'notRealDate',
  'future',
  'beforeBirthday',
  'beforeCalving',
  'beforeInsemination',
  'parityAfterCalving',
] as const;
export type StartingRule = (typeof STARTING_RULES)[number];

export interface StartingProblem {
  field: StartingField;
  rule: StartingRule;
}

export interface StartingPoint {
  status: StartingStatus;
  birthday?: string | null;
  /** Undefined: not given (a cow that calved then counts 1). */
  parity?: number;
  lastCalving?: string;
  lastInsemination?: string;
  inseminationMethod?: string;
  pregnancyCheck?: string;
}

/**
 * The problems of a starting point, at most one per field, in field order. `today` is the latest day the
 * checker accepts (the server: the latest calendar day on Earth; the web: the device's day).
 */
export function startingPointProblems(point: StartingPoint, today: string): StartingProblem[] {
  const problems: StartingProblem[] = [];
  const { required, allowed } = DAYS_OF_STATUS[point.status];
  const birthday = point.birthday && isCalendarDate(point.birthday) ? point.birthday : null;
  const good: Partial<Record<StartingDayField, string>> = {};
  for (const field of STARTING_DAY_FIELDS) {
    const day = point[field];
    if (day === undefined || day === '') {
      if (required.includes(field)) problems.push({ field, rule: 'required' });
      continue;
    }
    if (!allowed.includes(field)) problems.push({ field, rule: 'notForStatus' });
    else if (!isCalendarDate(day)) problems.push({ field, rule: 'notRealDate' });
    else if (daysBetween(today, day) > 0) problems.push({ field, rule: 'future' });
    else if (birthday !== null && daysBetween(birthday, day) < 0) {
      problems.push({ field, rule: 'beforeBirthday' });
    } else if (field === 'lastInsemination' && good.lastCalving && daysBetween(good.lastCalving, day) < 0) {
      problems.push({ field, rule: 'beforeCalving' });
    } else if (
      field === 'pregnancyCheck' &&
      good.lastInsemination &&
      daysBetween(good.lastInsemination, day) < 0
    ) {
      problems.push({ field, rule: 'beforeInsemination' });
    } else {
      good[field] = day;
    }
  }
  const inseminated = point.lastInsemination !== undefined && point.lastInsemination !== '';
  if (inseminated && allowed.includes('lastInsemination') && !point.inseminationMethod) {
    problems.push({ field: 'inseminationMethod', rule: 'required' });
  }
  if (!inseminated && point.inseminationMethod) {
    problems.push({ field: 'inseminationMethod', rule: 'notForStatus' });
  }
  if (point.lastCalving && point.parity === 0) problems.push({ field: 'parity', rule: 'parityAfterCalving' });
  return problems;
}

/** Her parity as stored: a cow that calved and has no parity given has calved once. */
export const startingParity = (point: Pick<StartingPoint, 'parity' | 'lastCalving'>): number =>
  point.parity ?? (point.lastCalving ? 1 : 0);

/** The dates the records of a valid starting point give her (what an import preview shows). */
export interface StartingDates {
  pregnancyCheck?: string;
  expectedCalving?: string;
  expectedEstrus?: string;
}

/**
 * The automatic dates of a valid starting point, by the rules the records use: an insemination schedules
 * the pregnancy check (not once she is found pregnant), a pregnant check the calving, a calving with nothing
 * after it the next heat.
 */
export function startingDates(
  point: StartingPoint & { inseminationMethod?: MatingMethod },
  checkMethod: DiagnosisMethod = 'ultrasonic',
  farmDiagnosisDays: DiagnosisDaysSettings = DEFAULT_DIAGNOSIS_DAYS,
): StartingDates {
  const dates: StartingDates = {};
  if (point.lastInsemination && point.inseminationMethod) {
    const service = effectiveServiceDate(point.lastInsemination, point.inseminationMethod);
    if (point.status === 'pregnancy') dates.expectedCalving = expectedCalvingDate(service);
    else dates.pregnancyCheck = pregnancyCheckDate(service, checkMethod, farmDiagnosisDays);
  } else if (point.lastCalving) {
    dates.expectedEstrus = expectedEstrusAfterCalving(point.lastCalving);
  }
  return dates;
}
