// Calving expected within 24 h (notice 501), from the pre-calving fall in body temperature.
//
// Progesterone keeps a pregnant cow's temperature up; when it falls in the last day or two before calving,
// body temperature falls with it, by about 0.3-0.5 °C. Compared hour by hour with the same hours of the day
// before (which cancels the daily rhythm), a fall of >= 0.3 °C predicted calving within 24 h with 62-71 %
// sensitivity and 81-87 % specificity from vaginal loggers (Burfeind et al. 2011); rumen boluses see a
// smaller fall through the rumen's own heat (Se/Sp about 68 %), hence 0.2 °C for them; in Hanwoo, capsule
// sensors show −0.5 °C from 24 h before calving (architecture §9's research summary).
//
// Only cows in late pregnancy are watched: from day 270 of gestation, or within 10 days of the expected
// calving date, until 14 days after it (a cow may calve late). Bolus readings are drink-filtered first.
// Evaluated once per clock hour, on the 24 completed hours before it, so the answer never depends on how
// the readings of the current hour were batched.

import { DAY_MS, HOUR_MS } from './activity-series';
import {
  cleanTemperatures,
  detectDrinkingEvents,
  withoutDrinking,
  type DrinkingEvent,
  type TemperaturePoint,
} from './drinking-detection';

export interface CalvingParameters {
  /** Watching starts this many days before the expected calving … */
  readonly daysBeforeExpected: number;
  /** … or on this day of gestation, whichever comes first (when the service date is known). */
  readonly fromGestationDay: number;
  /** Watching ends this many days after the expected calving. */
  readonly daysAfterExpected: number;
  /** The fall, hour by hour against the day before, that announces calving (neck or vaginal sensors). */
  readonly dropCelsius: number;
  /** The same for a rumen bolus. */
  readonly bolusDropCelsius: number;
  /** Hours compared, and how many of them need a reading both days. */
  readonly comparedHours: number;
  readonly minPairedHours: number;
  /** An episode ends when the fall is back under this share of the threshold. */
  readonly endShare: number;
}

export const DEFAULT_CALVING_PARAMETERS: CalvingParameters = {
  daysBeforeExpected: 10,
  fromGestationDay: 270,
  daysAfterExpected: 14,
  dropCelsius: 0.3,
  bolusDropCelsius: 0.2,
  comparedHours: 24,
  minPairedHours: 18,
  endShare: 0.5,
};

export interface CalvingOptions {
  /** The expected calving date as epoch ms (its midnight). */
  readonly expectedCalving: number;
  /** The effective service date as epoch ms, when known. */
  readonly serviceDate?: number | null;
  /** Rumen bolus: drink-filter first, and use the bolus threshold. */
  readonly bolus?: boolean;
  /** A bolus's drinking events when already found, oldest first (`detectDrinkingEvents`); else found here. */
  readonly drinkingEvents?: readonly DrinkingEvent[];
  readonly parameters?: Partial<CalvingParameters>;
}

export interface CalvingAlert {
  readonly code: 501;
  /** The first reading of the hour at which the fall first held: when the notice is raised. */
  readonly at: number;
  /** Names the episode, with the cow. */
  readonly episodeStart: number;
  /** Mean fall over the compared hours, °C (positive). */
  readonly drop: number;
  readonly pairedHours: number;
  /** Days from `at` to the expected calving date (negative when overdue). */
  readonly daysToExpected: number;
}

const EPSILON = 1e-6;

/** The watched period of a pregnancy: [from, to). */
export function calvingWatchPeriod(options: CalvingOptions): { from: number; to: number } {
  const p = { ...DEFAULT_CALVING_PARAMETERS, ...options.parameters };
  const byExpected = options.expectedCalving - p.daysBeforeExpected * DAY_MS;
  const byGestation =
    typeof options.serviceDate === 'number' ? options.serviceDate + p.fromGestationDay * DAY_MS : Infinity;
  return {
    from: Math.min(byExpected, byGestation),
    to: options.expectedCalving + (p.daysAfterExpected + 1) * DAY_MS,
  };
}

/** The clock hours a sorted series has readings in, ascending, with their mean and first reading. */
interface HourlyMeans {
  readonly hours: number[];
  readonly means: number[];
  readonly firstTimes: number[];
}

function hourlyMeans(readings: readonly TemperaturePoint[]): HourlyMeans {
  const hourMs = HOUR_MS;
  const hours: number[] = [];
  const means: number[] = [];
  const firstTimes: number[] = [];
  let currentHour = Number.NaN;
  let sum = 0;
  let count = 0;
  for (const reading of readings) {
    const hour = Math.floor(reading.time / hourMs);
    if (hour !== currentHour) {
      if (count > 0) means.push(sum / count);
      currentHour = hour;
      hours.push(hour);
      firstTimes.push(reading.time);
      sum = 0;
      count = 0;
    }
    sum += reading.temperature;
    count += 1;
  }
  if (count > 0) means.push(sum / count);
  return { hours, means, firstTimes };
}

/** Per hour of `hourly`: its mean less the mean of the same hour the day before; NaN when that hour has none. */
function changesSinceDayBefore({ hours, means }: HourlyMeans): Float64Array {
  const changes = new Float64Array(hours.length).fill(Number.NaN);
  let dayBefore = 0;
  hours.forEach((hour, index) => {
    while ((hours[dayBefore] ?? Infinity) < hour - 24) dayBefore += 1;
    if (hours[dayBefore] === hour - 24) changes[index] = (means[index] ?? 0) - (means[dayBefore] ?? 0);
  });
  return changes;
}

/**
 * The change against the day before summed over the `comparedHours` hours before the hour at `index`, and how
 * many of them had readings both days. Summed most recent hour first, the order the rule was first written in,
 * so a fall exactly on the threshold is judged the same to the last bit.
 */
function changeOverHoursBefore(
  hours: readonly number[],
  changes: Float64Array,
  index: number,
  comparedHours: number,
): { total: number; paired: number } {
  const earliest = (hours[index] ?? 0) - comparedHours;
  let total = 0;
  let paired = 0;
  for (let before = index - 1; before >= 0 && (hours[before] ?? -Infinity) >= earliest; before -= 1) {
    const change = changes[before] ?? Number.NaN;
    if (Number.isNaN(change)) continue;
    total += change;
    paired += 1;
  }
  return { total, paired };
}

/** Every pre-calving fall of one pregnant cow's series inside the watched period, oldest first. */
export function detectCalvingAlerts(
  points: readonly TemperaturePoint[],
  options: CalvingOptions,
): CalvingAlert[] {
  const p = { ...DEFAULT_CALVING_PARAMETERS, ...options.parameters };
  const cleaned = cleanTemperatures(points);
  const readings = options.bolus
    ? withoutDrinking(cleaned, options.drinkingEvents ?? detectDrinkingEvents(cleaned))
    : cleaned;
  const threshold = options.bolus ? p.bolusDropCelsius : p.dropCelsius;
  const period = calvingWatchPeriod(options);
  const hourly = hourlyMeans(readings);
  const changes = changesSinceDayBefore(hourly);

  const alerts: CalvingAlert[] = [];
  let state: boolean | undefined;
  hourly.firstTimes.forEach((at, index) => {
    const { total, paired } = changeOverHoursBefore(hourly.hours, changes, index, p.comparedHours);
    if (paired < p.minPairedHours) return;
    const drop = -total / paired;
    const falling = drop >= threshold - EPSILON;
    if (falling && state === false && at >= period.from && at < period.to) {
      alerts.push({
        code: 501,
        at,
        episodeStart: at,
        drop: Math.round(drop * 100) / 100,
        pairedHours: paired,
        daysToExpected: Math.round(((options.expectedCalving - at) / DAY_MS) * 10) / 10,
      });
    }
    if (falling) state = true;
    else if (state === undefined || drop < threshold * p.endShare) state = false;
  });
  return alerts;
}
