/**
 * A cow's averages as the cow list shows them (spec §5: the fever deviation is judged against the temperature
 * average, the activity percentage against the activity average).
 *
 * They are the mean of the whole UTC days before her newest reading's day — 10 for temperature (architecture
 * §9's fever baseline), 7 for activity — so today's values, a fever included, never pull their own baseline up,
 * and the averages change once a day. A cow with no reading on an earlier day (a new cow, a new sensor) takes
 * the mean of her first readings, kept until a day ends: an average that moved with every reading would not be
 * a baseline.
 */

const DAY_MS = 86_400_000;
export const TEMPERATURE_AVERAGE_DAYS = 10;
export const ACTIVITY_AVERAGE_DAYS = 7;

export interface AveragedReading {
  /** Epoch ms. */
  time: number;
  temperature: number | null;
  activity: number | null;
}

export interface DailyAverages {
  /** °C, two decimals; null without a temperature reading in the window. */
  temperature: number | null;
  /** Counts per reading, two decimals; null without an activity reading in the window. */
  activity: number | null;
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

/**
 * The averages for the day of `newest` (epoch ms) from readings in any order (later ones are ignored), given
 * the ones `stored` so far.
 */
export const dailyAverages = (
  readings: readonly AveragedReading[],
  newest: number,
  stored: DailyAverages,
): DailyAverages => {
  const dayStart = Math.floor(newest / DAY_MS) * DAY_MS;
  const temperatureFrom = dayStart - TEMPERATURE_AVERAGE_DAYS * DAY_MS;
  const activityFrom = dayStart - ACTIVITY_AVERAGE_DAYS * DAY_MS;
  const dayEnd = dayStart + DAY_MS;
  const earlier = { temperature: new Mean(), activity: new Mean() };
  const today = { temperature: new Mean(), activity: new Mean() };
  for (const { time, temperature, activity } of readings) {
    if (time >= dayEnd) continue;
    const days = time >= dayStart ? today : earlier;
    if (temperature !== null && time >= temperatureFrom) days.temperature.add(temperature);
    if (activity !== null && time >= activityFrom) days.activity.add(activity);
  }
  return {
    temperature: earlier.temperature.value ?? stored.temperature ?? today.temperature.value,
    activity: earlier.activity.value ?? stored.activity ?? today.activity.value,
  };
};
