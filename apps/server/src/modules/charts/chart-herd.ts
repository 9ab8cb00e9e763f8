import type { api } from '@cowcare/contract/api';
import { SENSOR_READING_INTERVAL_MINUTES } from '@cowcare/domain/constants';
import { NECK_SENSOR_THRESHOLD } from '@cowcare/domain/sensor';
import type { RouteData } from '@cowcare/contract/route';
import type { Queryable } from '../../db/database';
import { DAY_MS, HOUR_MS, formatChartTime, type ChartDay } from './chart-day';
import { herdBolusHours } from './herd-bolus-hours';
import { addHourTotals, emptyHourTotals, herdHourMeans, type HerdHourTotals } from './herd-hour-totals';

type HerdDay = RouteData<typeof api.charts.herdHourly>;

/** A sensor reports every 10 minutes (spec §4), each reading counting the activity of its 10 minutes. */
const READINGS_PER_HOUR = 60 / SENSOR_READING_INTERVAL_MINUTES;

interface CollarHourRow extends HerdHourTotals {
  hour: number;
  herdSensors: number;
  reportedSensors: number;
}

/**
 * The neck collars' hours, summed: each sensor's hours first (mean temperature; activity as her mean reading
 * times the readings an hour holds), then their sums per hour, so every cow weighs the same however many
 * readings she sent and activity stays "per cow" whatever the herd's size. Activity is not the hour's sum:
 * the hour still running, or an hour with readings lost, would then read as a fall in the herd's activity.
 * The readings are joined sensor by sensor on the unique (farm_id, sensor_id, measured_at) index, the way the
 * per-sensor charts read them. Hours are counted from the day's start in epoch seconds, so a client offset
 * such as +05:30 cuts the same hours the per-sensor charts cut; every hour comes back, empty ones with zeros.
 */
const COLLAR_HOURS_SQL = `
  WITH herd AS (
    SELECT sensor_id FROM cows WHERE farm_id = $1 AND sensor_id IS NOT NULL AND culled_at IS NULL
  ),
  sensor_hours AS (
    SELECT r.sensor_id,
           floor((extract(epoch FROM r.measured_at)::float8 - $2::float8) / 3600)::int AS hour,
           avg(r.temperature) AS temp,
           avg(r.activity::numeric) * $5::int AS activity
      FROM herd
      JOIN sensor_readings r
        ON r.farm_id = $1 AND r.sensor_id = herd.sensor_id AND r.measured_at >= $3 AND r.measured_at < $4
     WHERE herd.sensor_id >= $6
     GROUP BY r.sensor_id, hour
  )
  SELECT hours.hour,
         coalesce(sum(sensor_hours.temp), 0)::float8 AS "temperatureSum",
         count(sensor_hours.temp)::int AS temperatures,
         coalesce(sum(sensor_hours.activity), 0)::float8 AS "activitySum",
         count(sensor_hours.activity)::int AS activities,
         count(*) FILTER (WHERE sensor_hours.temp IS NOT NULL OR sensor_hours.activity IS NOT NULL)::int
           AS sensors,
         (SELECT count(*) FROM herd)::int AS "herdSensors",
         (SELECT count(DISTINCT sensor_id) FROM sensor_hours WHERE temp IS NOT NULL OR activity IS NOT NULL)::int
           AS "reportedSensors"
    FROM generate_series(0, 23) AS hours (hour)
    LEFT JOIN sensor_hours ON sensor_hours.hour = hours.hour
   GROUP BY hours.hour
   ORDER BY hours.hour`;

/**
 * The farm's herd per hour of the day, from the measured readings of the sensors its active cows wear. The
 * collars are summed in SQL; the boluses are read in code, which leaves their drinks out (herd-bolus-hours).
 */
export const herdHourly = async (db: Queryable, farmId: number, day: ChartDay): Promise<HerdDay> => {
  const [collarHours, boluses] = await Promise.all([
    db.query<CollarHourRow>(COLLAR_HOURS_SQL, [
      farmId,
      day.start / 1000,
      new Date(day.start).toISOString(),
      new Date(day.start + DAY_MS).toISOString(),
      READINGS_PER_HOUR,
      NECK_SENSOR_THRESHOLD,
    ]),
    herdBolusHours(db, farmId, day, READINGS_PER_HOUR),
  ]);
  return {
    sensors: collarHours[0]?.herdSensors ?? 0,
    reported: (collarHours[0]?.reportedSensors ?? 0) + boluses.reported,
    hours: collarHours.map((collars) => ({
      time: formatChartTime(day.start + collars.hour * HOUR_MS, day.offsetMinutes),
      ...herdHourMeans(addHourTotals(collars, boluses.hours[collars.hour] ?? emptyHourTotals())),
    })),
  };
};
