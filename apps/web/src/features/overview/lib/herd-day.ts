import type { Cow } from '@cowcare/contract/cow-schemas';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';

export interface SensorHour {
  time: string;
  temp: number | null;
  activity: number | null;
}

/** One hour of the herd: the mean over the sensors that measured in it, and how many did. */
export interface HerdHour {
  time: string;
  temp: number | null;
  activity: number | null;
  sensors: number;
}

/** The sensors the herd charts read: those worn by cows that are not culled, each once. */
export const herdSensors = (cows: readonly Cow[]): number[] => [
  ...new Set(
    cows
      .filter((cow) => cow.sensor !== null && !isCulledStoredValue(cow.status))
      .map((cow) => cow.sensor as number),
  ),
];

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The herd's hours from each sensor's hours (gpko/hotactivity answers): temperature means averaged over
 * the cows, and activity per cow (the mean of their hourly sums), so the line does not grow with the
 * herd. A sensor without a value in an hour is left out of that hour.
 */
export function herdHours(perSensor: readonly (readonly SensorHour[])[]): HerdHour[] {
  const byTime = new Map<string, { temps: number[]; activities: number[]; sensors: number }>();
  for (const hours of perSensor) {
    for (const { time, temp, activity } of hours) {
      const hour = byTime.get(time) ?? { temps: [], activities: [], sensors: 0 };
      if (temp !== null) hour.temps.push(temp);
      if (activity !== null) hour.activities.push(activity);
      if (temp !== null || activity !== null) hour.sensors += 1;
      byTime.set(time, hour);
    }
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => Date.parse(a) - Date.parse(b))
    .map(([time, hour]) => ({
      time,
      temp: mean(hour.temps),
      activity: mean(hour.activities),
      sensors: hour.sensors,
    }));
}
