import type { CowInfoSocketData } from '@cowcare/contract/socket-messages';
import { TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS, temperatureDeviation } from '@cowcare/domain/cow-filter';
import { sensorKind } from '@cowcare/domain/sensor';
import type { Queryable } from '../db/database';
import { presentSensorValues } from '../modules/cows/cow-presenter';
import { activityAverageAtNewestReading, lockCowRowsInOrder } from '../modules/cows/cows-repository';
import type { StoredReading } from './stored-reading';
import { isRecentReading } from './sensor-state';

/** What one batch says about one cow: her newest time and values. */
interface CowBatchSummary {
  cowId: number;
  latestAt: number;
  temperature: number | null;
  activity: number | null;
  /**
   * A rumen bolus's newest reading may lie in a drink's dent: her `temp_current` is left to the detection
   * stage, which knows her drinks (`bolusTemperature`).
   */
  bolus: boolean;
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
  /**
   * Cows whose newest temperature of the batch is in the cow list's fever bands against their stored average
   * and offset (spec §5): detection takes them first. A bolus's drinks only ever lower a reading, so her raw
   * reading serves.
   */
  feverish: Set<number>;
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
        bolus: sensorKind(reading.sensorId) === 'pill',
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
  return [...summaries.values()];
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
 * sensor state was. The averages are not touched here: they change once a day, and the detection stage,
 * which holds each cow's days in memory, writes them after the commit (`daily-averages.ts`), so a cow's
 * first batch of a day costs the ingest no read of her history.
 */
const UPDATE_COWS = `
  WITH batch AS (
    SELECT * FROM unnest($2::int[], $3::timestamptz[], $4::numeric[], $5::numeric[], $6::boolean[])
      AS b(cow_id, latest_at, temperature, activity, recent)
  ), previous AS (
    SELECT id, sensor_online AS was_online, last_reading_at AS previous_reading_at
      FROM cows WHERE farm_id = $1 AND id = ANY($2::int[])
  ), updated AS (
    UPDATE cows c
       SET current_temperature = coalesce(x.temperature, c.current_temperature),
           -- Once the detection stage has judged her last two hours (usual_activity), it writes her activity.
           current_activity = CASE WHEN c.usual_activity IS NULL THEN coalesce(x.activity, c.current_activity)
                                   ELSE c.current_activity END,
           last_reading_at = x.latest_at,
           sensor_online = c.sensor_online OR x.recent,
           updated_at = now()
      FROM batch x JOIN previous p ON p.id = x.cow_id
     WHERE c.farm_id = $1 AND c.id = x.cow_id
       AND (c.last_reading_at IS NULL OR x.latest_at >= c.last_reading_at)
    RETURNING c.id, c.sensor_id, c.current_temperature, c.average_temperature, c.current_activity,
              ${activityAverageAtNewestReading('c')} AS average_activity, c.temperature_offset,
              c.last_reading_at, c.sensor_online, p.was_online, p.previous_reading_at
  )
  -- One JSON document of arrays back instead of a row per cow (row decoding is the slow part on PGlite).
  SELECT coalesce(json_agg(json_build_array(
           id, sensor_id, current_temperature, average_temperature, current_activity, average_activity,
           temperature_offset, (extract(epoch FROM last_reading_at) * 1000)::bigint, sensor_online,
           was_online, (extract(epoch FROM previous_reading_at) * 1000)::bigint)), '[]')::text AS rows
    FROM updated`;

/** The changed fields by their wire names, derived the way the cow presenter derives them. */
const cowInfoOf = (row: UpdatedCowRow): CowInfoSocketData => ({
  id: row.id,
  ...presentSensorValues(row),
  lastReadingAt: row.lastReadingAt,
  sensorzt: row.sensorOnline ? 1 : 0,
});

/**
 * Step 5: each cow's current values, last reading time and sensor state, once per batch per cow
 * (a per-reading "last seen" update is the known bottleneck of IoT platforms). Runs after the readings are
 * inserted.
 */
export const updateCowState = async (
  tx: Queryable,
  farmId: number,
  stored: readonly StoredReading[],
  now: Date,
): Promise<CowStateChanges> => {
  const summaries = summarise(stored);
  if (summaries.length === 0) return { cowInfo: [], cameOnline: [], feverish: new Set() };
  await lockCowRowsInOrder(
    tx,
    farmId,
    summaries.map((summary) => summary.cowId),
  );
  const [result] = await tx.query<{ rows: string }>(UPDATE_COWS, [
    farmId,
    summaries.map((summary) => summary.cowId),
    summaries.map((summary) => new Date(summary.latestAt).toISOString()),
    summaries.map((summary) => (summary.bolus ? null : summary.temperature)),
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
  const newestTemperature = new Map(summaries.map((summary) => [summary.cowId, summary.temperature]));
  const feverish = new Set(
    rows.flatMap((row) => {
      const deviation = temperatureDeviation(
        newestTemperature.get(row.id),
        row.averageTemperature,
        row.temperatureOffset,
      );
      return (deviation ?? -Infinity) >= TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.slight ? [row.id] : [];
    }),
  );
  return { cowInfo: rows.map(cowInfoOf), cameOnline, feverish };
};
