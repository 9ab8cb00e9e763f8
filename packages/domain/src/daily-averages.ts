/**
 * A cow's averages as the cow list shows them (spec §5: the fever deviation is judged against the temperature
 * average, the activity percentage against the activity average).
 *
 * They are the mean of the whole UTC days before her newest reading's day — 10 for temperature (architecture
 * §9's fever baseline), 7 for activity — so today's values, a fever included, never pull their own baseline up,
 * and the averages change once a day. A cow with no reading on an earlier day (a new cow, a new sensor) takes
 * the mean of her first readings, kept until a day ends: an average that moved with every reading would not be
 * a baseline.
 *
 * Activity also has a mean for each hour of the day over the same 7 days (`activityByHour`). A cow is three or
 * four times as active at milking as at night, so a reading held against her whole-day mean said "low" for the
 * whole herd every night and "high" at every milking; held against her own mean at that hour of the day
 * (architecture §9: a cow against her recent past, aligned to the time of day) it says how she differs from
 * her usual self. The hours are UTC hours: a fixed offset from the farm's clock aligns the days just as well.
 *
 * The temperature average is of her body temperature: a rumen bolus's series comes without its drinking dents
 * (`withoutDrinking`), as the fever detector judges it, so the list's bands and the fever notices agree.
 */

const DAY_MS = 86_400_000;
export const TEMPERATURE_AVERAGE_DAYS = 10;
export const ACTIVITY_AVERAGE_DAYS = 7;
const HOUR_MS = 3_600_000;
const HOURS_PER_DAY = 24;

/** Her readings by kind, times in epoch ms, in any order. */
export interface AveragedSeries {
  /** °C of her body: a bolus's readings inside a drink left out. */
  readonly temperatures: readonly { readonly time: number; readonly temperature: number }[];
  readonly activity: readonly { readonly time: number; readonly activity: number }[];
}

export interface DailyAverages {
  /** °C, two decimals; null without a temperature reading in the window. */
  temperature: number | null;
  /** Counts per reading, two decimals; null without an activity reading in the window. */
  activity: number | null;
  /**
   * Counts per reading in each UTC hour of the day (index 0-23), two decimals; an hour without a reading in
   * the window is null (a sensor sending every 2 hours). Null without an activity reading in the window.
   */
  activityByHour: readonly (number | null)[] | null;
}

/** Two decimals, as the cows table stores them, so an unchanged average compares equal. */
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

class Mean {
  private sum = 0;
  private count = 0;

  add(value: number): void {
    this.sum += value;
    this.count += 1;
  }

  get value(): number | null {
    return this.count === 0 ? null : twoDecimals(this.sum / this.count);
  }
}

class HourlyMeans {
  private readonly hours = Array.from({ length: HOURS_PER_DAY }, () => new Mean());
  private empty = true;

  add(time: number, value: number): void {
    this.hours[Math.floor(time / HOUR_MS) % HOURS_PER_DAY]!.add(value);
    this.empty = false;
  }

  get value(): (number | null)[] | null {
    return this.empty ? null : this.hours.map((hour) => hour.value);
  }
}

/**
 * The averages for the day of `newest` (epoch ms) from her series (later readings are ignored), given the
 * ones `stored` so far.
 */
export const dailyAverages = (
  { temperatures, activity }: AveragedSeries,
  newest: number,
  stored: DailyAverages,
): DailyAverages => {
  const dayStart = Math.floor(newest / DAY_MS) * DAY_MS;
  const temperatureFrom = dayStart - TEMPERATURE_AVERAGE_DAYS * DAY_MS;
  const activityFrom = dayStart - ACTIVITY_AVERAGE_DAYS * DAY_MS;
  const dayEnd = dayStart + DAY_MS;
  const earlier = { temperature: new Mean(), activity: new Mean(), activityByHour: new HourlyMeans() };
  const today = { temperature: new Mean(), activity: new Mean(), activityByHour: new HourlyMeans() };
  const daysOf = (time: number) => (time >= dayStart ? today : earlier);
  for (const { time, temperature } of temperatures) {
    if (time >= temperatureFrom && time < dayEnd) daysOf(time).temperature.add(temperature);
  }
  for (const { time, activity: count } of activity) {
    if (time < activityFrom || time >= dayEnd) continue;
    const days = daysOf(time);
    days.activity.add(count);
    days.activityByHour.add(time, count);
  }
  return {
    temperature: earlier.temperature.value ?? stored.temperature ?? today.temperature.value,
    activity: earlier.activity.value ?? stored.activity ?? today.activity.value,
    activityByHour: earlier.activityByHour.value ?? stored.activityByHour ?? today.activityByHour.value,
  };
};

/** The readings of this last stretch make her "current" activity: one 10-minute count is mostly chance. */
export const RECENT_ACTIVITY_MS = 2 * HOUR_MS;

export interface RecentActivity {
  /** Her mean count per reading over the last two hours (`RECENT_ACTIVITY_MS`), two decimals. */
  current: number;
  /** Her usual over the same readings: the mean of her hourly means at each reading's hour, two decimals. */
  usual: number;
}

/**
 * Her activity over the two hours up to `newest` against her usual at those hours. A single 10-minute count
 * swings by a quarter either way on a calm cow, so the list's bands (Low below −20 %, High from +10 %) judged
 * one count would call a third of a healthy herd High and a tenth Low at any moment; two hours' twelve readings
 * cut that spread by more than half (bench/bands). Each reading is held against her mean at its own hour, so
 * an hour that straddles milking (a cow is three times as active then) compares like with like. Undefined
 * without a reading in the two hours or without her usual at their hours.
 */
export const recentActivity = (
  activity: readonly { readonly time: number; readonly activity: number }[],
  activityByHour: readonly (number | null)[] | null,
  newest: number,
): RecentActivity | undefined => {
  if (activityByHour === null) return undefined;
  let sum = 0;
  let usual = 0;
  let count = 0;
  for (const { time, activity: value } of activity) {
    if (time <= newest - RECENT_ACTIVITY_MS || time > newest) continue;
    const mean = activityByHour[Math.floor(time / HOUR_MS) % HOURS_PER_DAY];
    if (mean === null || mean === undefined) continue;
    sum += value;
    usual += mean;
    count += 1;
  }
  if (count === 0 || usual <= 0) return undefined;
  return { current: twoDecimals(sum / count), usual: twoDecimals(usual / count) };
};
