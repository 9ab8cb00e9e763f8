import type { api } from '@cowcare/contract/api';
import { SENSOR_READING_INTERVAL_MINUTES } from '@cowcare/domain/constants';
import type { RouteData } from '@cowcare/contract/route';
import type { Queryable } from '../../db/database';
import { DAY_MS, HOUR_MS, formatChartTime, type ChartDay } from './chart-day';

type HerdDay = RouteData<typeof api.charts.herdHourly>;

/** A sensor reports every 10 minutes (spec §4), each reading counting the activity of its 10 minutes. */
const READINGS_PER_HOUR = 60 / SENSOR_READING_INTERVAL_MINUTES;

interface HerdHourRow {
  hour: number;
  temp: number | null;
  activity: number | null;
  sensors: number;
  herdSensors: number;
  reportedSensors: number;
}

/**
 * Each sensor's hours first (mean temperature; activity as her mean reading times the readings an hour
 * holds), then their means per hour, so every cow weighs the same however many readings she sent and
 * activity stays "per cow" whatever the herd's size. Activity is not the hour's sum: the hour still running,
 * or an hour with readings lost, would then read as a fall in the herd's activity.
 * The readings are joined sensor by sensor on the unique (farm_id, sensor_id, measured_at) index, the way the
 * per-sensor charts read them. Hours are counted from the day's start in epoch seconds, so a client offset
 * such as +05:30 cuts the same hours the per-sensor charts cut; every hour comes back, empty ones with nulls.
 */
const HERD_HOURS_SQL = `
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
     GROUP BY r.sensor_id, hour
  )
  SELECT hours.hour,
         round(avg(sensor_hours.temp), 2)::float8 AS temp,
         round(avg(sensor_hours.activity), 2)::float8 AS activity,
         count(*) FILTER (WHERE sensor_hours.temp IS NOT NULL OR sensor_hours.activity IS NOT NULL)::int
           AS sensors,
         (SELECT count(*) FROM herd)::int AS "herdSensors",
         (SELECT count(DISTINCT sensor_id) FROM sensor_hours WHERE temp IS NOT NULL OR activity IS NOT NULL)::int
           AS "reportedSensors"
    FROM generate_series(0, 23) AS hours (hour)
    LEFT JOIN sensor_hours ON sensor_hours.hour = hours.hour
   GROUP BY hours.hour
   ORDER BY hours.hour`;

/** The farm's herd per hour of the day, from the measured readings of the sensors its active cows wear. */
export const herdHourly = async (db: Queryable, farmId: number, day: ChartDay): Promise<HerdDay> => {
  const rows = await db.query<HerdHourRow>(HERD_HOURS_SQL, [
    farmId,
    day.start / 1000,
    new Date(day.start).toISOString(),
    new Date(day.start + DAY_MS).toISOString(),
    READINGS_PER_HOUR,
  ]);
  return {
    sensors: rows[0]?.herdSensors ?? 0,
    reported: rows[0]?.reportedSensors ?? 0,
    hours: rows.map((row) => ({
      time: formatChartTime(day.start + row.hour * HOUR_MS, day.offsetMinutes),
      temp: row.temp,
      activity: row.activity,
      sensors: row.sensors,
    })),
  };
};
