import type { CowInfoSocketData } from '@cowcare/contract/socket-messages';
import { activityDeviationPercent, temperatureDeviation } from '@cowcare/domain/cow-filter';
import type { Queryable } from '../db/database';
import type { StoredReading } from './stored-reading';
import { isRecentReading } from './sensor-state';

/** What one batch says about one cow: her newest time and values. */
interface CowBatchSummary {
  cowId: number;
  latestAt: number;
  temperature: number | null;
  activity: number | null;
}

export interface SensorCameOnline {
  cowId: number;
  sensorId: number;
  /** Her newest reading before this batch: names the offline period that ended. */
  previousReadingAt: number | null;
  at: number;
}

export interface CowStateChanges {
  cowInfo: CowInfoSocketData[];
  cameOnline: SensorCameOnline[];
}

const summarise = (readings: readonly StoredReading[]): CowBatchSummary[] => {
  const summaries = new Map<number, CowBatchSummary>();
  for (const reading of readings) {
    if (reading.cowId === null) continue;
    const at = Date.parse(reading.measuredAt);
    const summary = summaries.get(reading.cowId);
    if (!summary) {
      summaries.set(reading.cowId, {
        cowId: reading.cowId,
        latestAt: at,
        temperature: reading.temperature,
        activity: reading.activity,
      });
      continue;
    }
    // The newest value of each kind wins; a reading without it leaves the older one.
    if (at >= summary.latestAt) {
      summary.latestAt = at;
      summary.temperature = reading.temperature ?? summary.temperature;
      summary.activity = reading.activity ?? summary.activity;
    }
  }
  // Sorted by cow, so concurrent batches take the row locks in the same order.
  return [...summaries.values()].sort((a, b) => a.cowId - b.cowId);
};

/** The columns of one updated cow, in the order the statement lists them; numerics are JSON numbers. */
type UpdatedCowTuple = [
  number,
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number,
  boolean,
  boolean,
  number | null,
];

const updatedCowOf = ([
  id,
  sensorId,
  currentTemperature,
  averageTemperature,
  currentActivity,
  averageActivity,
  temperatureOffset,
  lastReadingAtMs,
  sensorOnline,
  wasOnline,
  previousReadingAtMs,
]: UpdatedCowTuple): UpdatedCowRow => ({
  id,
  sensorId,
  currentTemperature,
  averageTemperature,
  currentActivity,
  averageActivity,
  temperatureOffset,
  // Whole seconds, as the cow presenter shows it.
  lastReadingAt: `${new Date(lastReadingAtMs).toISOString().slice(0, 19)}Z`,
  lastReadingAtMs,
  sensorOnline,
  wasOnline,
  previousReadingAtMs,
});

interface UpdatedCowRow {
  id: number;
  sensorId: number;
  currentTemperature: number | null;
  averageTemperature: number | null;
  currentActivity: number | null;
  averageActivity: number | null;
  temperatureOffset: number | null;
  lastReadingAt: string;
  lastReadingAtMs: number;
  sensorOnline: boolean;
  wasOnline: boolean;
  previousReadingAtMs: number | null;
}

/**
 * One UPDATE for every cow of the batch. A batch older than the cow's newest reading (a late backlog)
 * changes nothing on her: the condition is checked on the locked row, so two batches of one cow at once
 * cannot move her back in time. `previous` is the statement's snapshot, from before this batch: what the
 * sensor state was.
 *
 * Averages change only when a day ends: they are the mean of the days before the newest reading's day
 * (10 for temperature, 7 for activity), so today's values, a fever included, do not pull their own baseline
 * up. The lateral subquery reads her readings (this batch's included: they are inserted) only on her
 * first batch of a UTC day or while she has none; otherwise its first condition, which names no reading,
 * is a one-time filter and nothing is read. A cow with no earlier day takes the mean of her readings so far.
 */
const UPDATE_COWS = `
  WITH batch AS (
    SELECT * FROM unnest($2::int[], $3::timestamptz[], $4::numeric[], $5::numeric[], $6::boolean[])
      AS b(cow_id, latest_at, temperature, activity, recent)
  ), previous AS (
    SELECT id, sensor_online, last_reading_at, average_temperature, average_activity
      FROM cows WHERE farm_id = $1 AND id = ANY($2::int[])
  ), computed AS (
    SELECT x.*, p.sensor_online AS was_online, p.last_reading_at AS previous_reading_at,
           a.temperature AS average_temperature, a.activity AS average_activity
      FROM batch x
      JOIN previous p ON p.id = x.cow_id
      CROSS JOIN LATERAL (
        SELECT coalesce(avg(r.temperature) FILTER (WHERE r.measured_at < d.day_start),
                        avg(r.temperature)) AS temperature,
               coalesce(avg(r.activity) FILTER (WHERE r.measured_at < d.day_start
                                                  AND r.measured_at >= d.day_start - interval '7 days'),
                        avg(r.activity) FILTER (WHERE r.measured_at >= d.day_start)) AS activity
          FROM (SELECT date_trunc('day', x.latest_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day_start) d
          JOIN sensor_readings r ON r.cow_id = x.cow_id AND r.farm_id = $1
                                AND r.measured_at >= d.day_start - interval '10 days'
                                AND r.measured_at < d.day_start + interval '1 day'
         WHERE (p.average_temperature IS NULL OR p.average_activity IS NULL OR p.last_reading_at IS NULL
                OR date_trunc('day', p.last_reading_at AT TIME ZONE 'UTC')
                   <> date_trunc('day', x.latest_at AT TIME ZONE 'UTC'))
      ) a
  ), updated AS (
    UPDATE cows c
       SET current_temperature = coalesce(x.temperature, c.current_temperature),
           current_activity = coalesce(x.activity, c.current_activity),
           average_temperature = coalesce(x.average_temperature, c.average_temperature),
           average_activity = coalesce(x.average_activity, c.average_activity),
           last_reading_at = x.latest_at,
           sensor_online = c.sensor_online OR x.recent,
           updated_at = now()
      FROM computed x
     WHERE c.farm_id = $1 AND c.id = x.cow_id
       AND (c.last_reading_at IS NULL OR x.latest_at >= c.last_reading_at)
    RETURNING c.id, c.sensor_id, c.current_temperature, c.average_temperature, c.current_activity,
              c.average_activity, c.temperature_offset, c.last_reading_at, c.sensor_online,
              x.was_online, x.previous_reading_at
  )
  -- One JSON document of arrays back instead of a row per cow (row decoding is the slow part on PGlite).
  SELECT coalesce(json_agg(json_build_array(
           id, sensor_id, current_temperature, average_temperature, current_activity, average_activity,
           temperature_offset, (extract(epoch FROM last_reading_at) * 1000)::bigint, sensor_online,
           was_online, (extract(epoch FROM previous_reading_at) * 1000)::bigint)), '[]')::text AS rows
    FROM updated`;

const rounded = (value: number | undefined, digits: number): number | null =>
  value === undefined ? null : Number(value.toFixed(digits));

/** The changed fields by their wire names, derived the way the cow presenter derives them. */
const cowInfoOf = (row: UpdatedCowRow): CowInfoSocketData => ({
  id: row.id,
  temp_current: row.currentTemperature,
  temp_avg: row.averageTemperature,
  fever: rounded(
    temperatureDeviation(row.currentTemperature, row.averageTemperature, row.temperatureOffset),
    2,
  ),
  activity_current: row.currentActivity,
  activity_avg: row.averageActivity,
  activity: rounded(activityDeviationPercent(row.currentActivity, row.averageActivity), 1),
  lastReadingAt: row.lastReadingAt,
  sensorzt: row.sensorOnline ? 1 : 0,
});

/**
 * Step 5: each cow's current values, averages, last reading time and sensor state, once per batch per cow
 * (a per-reading "last seen" update is the known bottleneck of IoT platforms). Runs after the readings are
 * inserted, so the averages see them.
 */
export const updateCowState = async (
  tx: Queryable,
  farmId: number,
  stored: readonly StoredReading[],
  now: Date,
): Promise<CowStateChanges> => {
  const summaries = summarise(stored);
  if (summaries.length === 0) return { cowInfo: [], cameOnline: [] };
  const [result] = await tx.query<{ rows: string }>(UPDATE_COWS, [
    farmId,
    summaries.map((summary) => summary.cowId),
    summaries.map((summary) => new Date(summary.latestAt).toISOString()),
    summaries.map((summary) => summary.temperature),
    summaries.map((summary) => summary.activity),
    summaries.map((summary) => isRecentReading(summary.latestAt, now)),
  ]);
  const rows = (JSON.parse(result?.rows ?? '[]') as UpdatedCowTuple[]).map(updatedCowOf);
  const cameOnline = rows
    .filter((row) => row.sensorOnline && !row.wasOnline)
    .map((row) => ({
      cowId: row.id,
      sensorId: row.sensorId,
      previousReadingAt: row.previousReadingAtMs,
      at: row.lastReadingAtMs,
    }));
  return { cowInfo: rows.map(cowInfoOf), cameOnline };
};
