// Synthetic cows for the detector tests: exact, noise-free series, so expected alert times and values can be
// computed by hand and asserted exactly.
import type { ActivityPoint } from '../src/activity-series';
import type { TemperaturePoint } from '../src/drinking-detection';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** A midnight. */
export const START = Date.UTC(2024, 2, 1);

/** Nine drinks a day, at hh:05 of these hours: none between 21:05 and 00:05, so evenings are clean. */
export const DRINK_HOURS = [0, 3, 6, 8, 10, 12, 15, 18, 21] as const;

export interface BolusSpec {
  readonly days: number;
  readonly base?: number;
  readonly cadenceMinutes?: number;
  /** °C the rumen cools in a drink; the dent lasts `dentMinutes`, then the reading is back at the level. */
  readonly drinkDrop?: number;
  readonly dentMinutes?: number;
  /** No drinks from this time on. */
  readonly stopDrinkingAt?: number;
  /** Added to the body temperature at a time (fever, a fall). */
  readonly shift?: (time: number) => number;
  /** Amplitude of a daily sine rhythm (0: flat). */
  readonly rhythm?: number;
  readonly missing?: (time: number) => boolean;
}

/** Start of the last drink at or before `time`, if any today or yesterday. */
function lastDrinkStart(time: number, stopDrinkingAt: number): number | undefined {
  const day = Math.floor(time / DAY) * DAY;
  const starts = [day - DAY, day]
    .flatMap((midnight) => DRINK_HOURS.map((hour) => midnight + hour * HOUR + 5 * MINUTE))
    .filter((start) => start <= time && start < stopDrinkingAt);
  return starts[starts.length - 1];
}

export function bolusCow(spec: BolusSpec): TemperaturePoint[] {
  const {
    days,
    base = 38.9,
    cadenceMinutes = 10,
    drinkDrop = 1.5,
    dentMinutes = 40,
    stopDrinkingAt = Infinity,
    shift = () => 0,
    rhythm = 0,
    missing = () => false,
  } = spec;
  const points: TemperaturePoint[] = [];
  for (let time = START; time < START + days * DAY; time += cadenceMinutes * MINUTE) {
    if (missing(time)) continue;
    const drink = lastDrinkStart(time, stopDrinkingAt);
    const dent = drink !== undefined && time - drink < dentMinutes * MINUTE ? drinkDrop : 0;
    const daily = rhythm * Math.sin((2 * Math.PI * (time % DAY)) / DAY);
    points.push({ time, temperature: Math.round((base + daily + shift(time) - dent) * 100) / 100 });
  }
  return points;
}

/** A neck collar's temperature: no drinks. */
export function neckCow(
  spec: Omit<BolusSpec, 'drinkDrop' | 'dentMinutes' | 'stopDrinkingAt'>,
): TemperaturePoint[] {
  return bolusCow({ ...spec, drinkDrop: 0 });
}

/** A step: `amount` from `from` (inclusive) to `to` (exclusive). */
export const step =
  (from: number, to: number, amount: number) =>
  (time: number): number =>
    time >= from && time < to ? amount : 0;

export const sumOf =
  (...shifts: ((time: number) => number)[]) =>
  (time: number): number =>
    shifts.reduce((sum, shift) => sum + shift(time), 0);

export interface ActivitySpec {
  readonly days: number;
  readonly cadenceMinutes?: number;
  /** Activity per block before any change. */
  readonly level?: number;
  /** Multiplies the level at a time. */
  readonly factor?: (time: number) => number;
}

export function activityCow({
  days,
  cadenceMinutes = 10,
  level = 10,
  factor = () => 1,
}: ActivitySpec): ActivityPoint[] {
  const points: ActivityPoint[] = [];
  for (let time = START; time < START + days * DAY; time += cadenceMinutes * MINUTE) {
    points.push({ time, activity: level * factor(time) });
  }
  return points;
}

export const iso = (time: number): string => new Date(time).toISOString();
