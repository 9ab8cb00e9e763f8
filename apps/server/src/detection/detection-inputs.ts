import type { AlertLineBounds } from '@cowcare/domain/alert-line-crossings';
import type { DailyAverages } from '@cowcare/domain/daily-averages';
import type { Queryable } from '../db/database';

/** What the detectors need to know about a cow besides her readings. */
export interface DetectionCow {
  id: number;
  sensorId: number;
  /** Stored (Korean) status. */
  status: string;
  sex: 'female' | 'male';
  temperatureOffset: number | null;
  /** YYYY-MM-DD. */
  expectedCalvingDate: string | null;
  /** The latest effective service date, YYYY-MM-DD. */
  serviceDate: string | null;
  lastCalvingDate: string | null;
  currentDrink: number | null;
  averageDrink: number | null;
  /** As stored: the ingest's newest reading for a collar, the stage's for a bolus (`bolusTemperature`). */
  currentTemperature: number | null;
  /** As stored: the stage writes them again when her readings give other values (`daily-averages.ts`). */
  averageTemperature: number | null;
  averageActivity: number | null;
  /** As stored: her last two hours' mean and her usual at those hours (`recentActivity`), null until judged. */
  currentActivity: number | null;
  usualActivity: number | null;
  activityByHour: (number | null)[] | null;
  /** The farm's alert lines for her sensor (`uplow`), all null when none are drawn. */
  alertLines: AlertLineBounds;
}

/** Her averages as stored, which the stage writes again when her readings give other values. */
export const storedAveragesOf = (cow: DetectionCow): DailyAverages => ({
  temperature: cow.averageTemperature,
  activity: cow.averageActivity,
  activityByHour: cow.activityByHour,
});

/** One reading as the detectors take it: epoch ms, values possibly missing. */
export interface DetectionReading {
  time: number;
  temperature: number | null;
  activity: number | null;
}

const day = (column: string, alias: string) => `to_char(${column}, 'YYYY-MM-DD') AS "${alias}"`;

type DetectionCowRow = Omit<DetectionCow, 'alertLines'> & AlertLineBounds;

/**
 * The farm's active cows among `cowIds` that wear a sensor; other ids (another farm's) are simply absent. The
 * alert lines are the ones this farm drew for the sensor: lines are kept per farm, and a sensor number worn on
 * another farm is another device.
 */
export const loadDetectionCows = async (
  db: Queryable,
  farmId: number,
  cowIds: readonly number[],
): Promise<DetectionCow[]> => {
  const rows = await db.query<DetectionCowRow>(
    `SELECT c.id, c.sensor_id AS "sensorId", c.status, c.sex, c.temperature_offset::float8 AS "temperatureOffset",
            ${day('c.expected_calving_date', 'expectedCalvingDate')},
            ${day('(SELECT max(f.effective_service_date) FROM fertilization_records f WHERE f.cow_id = c.id)', 'serviceDate')},
            ${day('c.last_calving_date', 'lastCalvingDate')},
            c.current_drink::float8 AS "currentDrink", c.average_drink::float8 AS "averageDrink",
            c.current_temperature::float8 AS "currentTemperature",
            c.average_temperature::float8 AS "averageTemperature", c.average_activity::float8 AS "averageActivity",
            c.current_activity::float8 AS "currentActivity", c.usual_activity::float8 AS "usualActivity",
            c.activity_by_hour::float8[] AS "activityByHour",
            b.temperature_upper::float8 AS "tempUp", b.temperature_lower::float8 AS "tempLow",
            b.activity_upper::float8 AS "activityUp", b.activity_lower::float8 AS "activityLow"
       FROM cows c
       LEFT JOIN sensor_alert_bounds b ON b.farm_id = c.farm_id AND b.sensor_id = c.sensor_id
      WHERE c.farm_id = $1 AND c.id = ANY($2::int[]) AND c.culled_at IS NULL AND c.sensor_id IS NOT NULL`,
    [farmId, cowIds],
  );
  return rows.map(({ tempUp, tempLow, activityUp, activityLow, ...cow }) => ({
    ...cow,
    alertLines: { tempUp, tempLow, activityUp, activityLow },
  }));
};

/** Rows of one JSON array of `[epoch ms, temperature, activity]` per cow, which decodes much faster than a row each. */
const parseReadingRows = (rows: readonly { cowId: number; readings: string }[]) =>
  new Map(
    rows.map(({ cowId, readings }) => [
      cowId,
      (JSON.parse(readings) as [number | string, number | null, number | null][]).map(
        ([time, temperature, activity]): DetectionReading => ({ time: Number(time), temperature, activity }),
      ),
    ]),
  );

/**
 * Each cow's readings from her current sensor over the `hours` before her newest one, oldest first. A new
 * sensor starts a new history: another device's readings are not her baseline.
 */
export const loadRecentReadings = async (
  db: Queryable,
  farmId: number,
  cowIds: readonly number[],
  hours: number,
): Promise<Map<number, DetectionReading[]>> => {
  const rows = await db.query<{ cowId: number; readings: string }>(
    `SELECT c.id AS "cowId",
            json_agg(json_build_array((extract(epoch FROM r.measured_at) * 1000)::bigint, r.temperature, r.activity)
                     ORDER BY r.measured_at)::text AS readings
       FROM cows c
       JOIN LATERAL (SELECT max(x.measured_at) AS newest FROM sensor_readings x
                      WHERE x.cow_id = c.id AND x.sensor_id = c.sensor_id) n ON true
       JOIN sensor_readings r ON r.cow_id = c.id AND r.sensor_id = c.sensor_id AND r.farm_id = c.farm_id
                             AND r.measured_at > n.newest - make_interval(hours => $3)
      WHERE c.farm_id = $1 AND c.id = ANY($2::int[])
      GROUP BY c.id`,
    [farmId, cowIds, hours],
  );
  return parseReadingRows(rows);
};

/**
 * Each cow's readings from her current sensor measured after her own `since` (epoch ms), oldest first: what
 * reached the database since her history was last read, this instance's batches and other instances' alike.
 */
export const loadReadingsSince = async (
  db: Queryable,
  farmId: number,
  since: ReadonlyMap<number, number>,
): Promise<Map<number, DetectionReading[]>> => {
  const cowIds = [...since.keys()];
  const rows = await db.query<{ cowId: number; readings: string }>(
    `SELECT c.id AS "cowId",
            json_agg(json_build_array((extract(epoch FROM r.measured_at) * 1000)::bigint, r.temperature, r.activity)
                     ORDER BY r.measured_at)::text AS readings
       FROM unnest($2::int[], $3::float8[]) AS s(cow_id, since_ms)
       JOIN cows c ON c.id = s.cow_id AND c.farm_id = $1
       JOIN sensor_readings r ON r.cow_id = c.id AND r.sensor_id = c.sensor_id AND r.farm_id = c.farm_id
                             AND r.measured_at > to_timestamp(s.since_ms / 1000.0)
      GROUP BY c.id`,
    [farmId, cowIds, cowIds.map((cowId) => since.get(cowId))],
  );
  return parseReadingRows(rows);
};
