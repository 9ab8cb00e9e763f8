import { drinkFilteredTemperatures } from '@cowcare/domain/drinking-detection';
import { NECK_SENSOR_THRESHOLD } from '@cowcare/domain/sensor';
import type { Queryable } from '../../db/database';
import { DAY_MS, HOUR_MS, type ChartDay } from './chart-day';
import { addHourTotals, emptyHourTotals, type HerdHourTotals } from './herd-hour-totals';

/**
 * How far before the day a bolus's temperatures are read: a drink lasts at most 2 hours and is told from the
 * hour before it (docs/detection.md), so a drink begun before midnight is still seen as one after it.
 */
const DRINK_LOOKBACK_MS = 3 * HOUR_MS;

/**
 * The readings of the boluses the herd's active cows wear, a row per bolus, in time order: seconds from the
 * day's start, hundredths of a degree and of an activity count (null where the reading had none). Integer
 * arrays, because a row per reading costs five times as much to read (bench/herd-day).
 */
const BOLUS_READINGS_SQL = `
  SELECT array_agg((extract(epoch FROM r.measured_at) - $5::float8)::int ORDER BY r.measured_at) AS seconds,
         array_agg((r.temperature * 100)::int ORDER BY r.measured_at) AS temperatures,
         array_agg((r.activity * 100)::int ORDER BY r.measured_at) AS activities
    FROM cows c
    JOIN sensor_readings r
      ON r.farm_id = $1 AND r.sensor_id = c.sensor_id AND r.measured_at >= $2 AND r.measured_at < $3
   WHERE c.farm_id = $1 AND c.sensor_id < $4 AND c.culled_at IS NULL
   GROUP BY r.sensor_id`;

interface BolusRow {
  seconds: number[];
  temperatures: (number | null)[];
  activities: (number | null)[];
}

const hourOf = (time: number) => Math.floor(time / HOUR_MS);

/** One bolus's hours: her mean body temperature (drinks left out), activity and whether she reported. */
const bolusHours = (row: BolusRow, readingsPerHour: number): HerdHourTotals[] => {
  const readings = row.seconds.map((second, index) => ({
    time: second * 1000,
    temperature: row.temperatures[index] ?? null,
    activity: row.activities[index] ?? null,
  }));
  const temperatures = new Array<{ sum: number; count: number }>(24);
  const activities = new Array<{ sum: number; count: number }>(24);
  const reported = new Array<boolean>(24).fill(false);
  const add = (sums: typeof temperatures, hour: number, value: number) => {
    const sum = (sums[hour] ??= { sum: 0, count: 0 });
    sum.sum += value;
    sum.count += 1;
  };
  for (const { time, temperature, activity } of readings) {
    const hour = hourOf(time);
    if (hour < 0 || hour >= 24 || (temperature === null && activity === null)) continue;
    reported[hour] = true;
    if (activity !== null) add(activities, hour, activity / 100);
  }
  const bodyTemperatures = drinkFilteredTemperatures(
    readings.flatMap(({ time, temperature }) =>
      temperature === null ? [] : [{ time, temperature: temperature / 100 }],
    ),
  ).readings;
  for (const { time, temperature } of bodyTemperatures) {
    const hour = hourOf(time);
    if (hour >= 0 && hour < 24) add(temperatures, hour, temperature);
  }
  return reported.map((sensor, hour) => {
    const temperature = temperatures[hour];
    const activity = activities[hour];
    return {
      temperatureSum: temperature ? temperature.sum / temperature.count : 0,
      temperatures: temperature ? 1 : 0,
      activitySum: activity ? (activity.sum / activity.count) * readingsPerHour : 0,
      activities: activity ? 1 : 0,
      sensors: sensor ? 1 : 0,
    };
  });
};

/**
 * The herd's boluses per hour of the day, summed, with how many of them reported in the day. A bolus's
 * temperature is her body temperature, her drinks left out as on her own charts: the cold-water dents would
 * otherwise pull the herd's mean down in the hours the cows drink.
 */
export const herdBolusHours = async (
  db: Queryable,
  farmId: number,
  day: ChartDay,
  readingsPerHour: number,
): Promise<{ hours: HerdHourTotals[]; reported: number }> => {
  const rows = await db.query<BolusRow>(BOLUS_READINGS_SQL, [
    farmId,
    new Date(day.start - DRINK_LOOKBACK_MS).toISOString(),
    new Date(day.start + DAY_MS).toISOString(),
    NECK_SENSOR_THRESHOLD,
    day.start / 1000,
  ]);
  let hours = Array.from({ length: 24 }, emptyHourTotals);
  let reported = 0;
  for (const row of rows) {
    const sensorHours = bolusHours(row, readingsPerHour);
    if (sensorHours.some(({ sensors }) => sensors > 0)) reported += 1;
    hours = hours.map((totals, hour) => addHourTotals(totals, sensorHours[hour] ?? emptyHourTotals()));
  }
  return { hours, reported };
};
