import type { Queryable } from '../db/database';
import type { StoredReading } from './stored-reading';
import type { ValidReading } from './validate-readings';

export interface PersistResult {
  stored: StoredReading[];
  /** The readings stored, by identity; every other valid reading was a duplicate. */
  storedReadings: Set<ValidReading>;
  /** Sensors of the batch that no active cow of the farm wears. */
  unassignedSensors: number[];
}

/** The same text the SQL below builds for a stored row, without its cow. */
const keyOf = (reading: ValidReading) =>
  `${reading.sensorId}:${reading.sequenceNumber}:${reading.measuredAt.getTime()}`;

/** The columns are numeric with two decimals; the stored value is the rounded one. */
const twoDecimals = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * Steps 3 and 4 in one statement: resolve each sensor to the active (not culled) cow of the farm wearing it
 * (none: the reading is stored with no cow), then one multi-row INSERT of the batch in payload order. A
 * reading seen before (same sensor and num, or same sensor and time, also within this batch) hits a unique
 * key and is skipped, so it changes nothing. The answer is two short texts, not a row per reading: decoding
 * rows costs more than the insert on PGlite.
 */
const RESOLVE_AND_INSERT = `
  WITH batch AS (
    SELECT * FROM unnest($2::int[], $3::int[], $4::timestamptz[], $5::numeric[], $6::numeric[], $7::numeric[])
      WITH ORDINALITY AS b(sensor_id, sequence_number, measured_at, temperature, activity, drink, position)
  ), resolved AS (
    SELECT b.*, c.id AS cow_id
      FROM batch b
      LEFT JOIN cows c ON c.farm_id = $1 AND c.sensor_id = b.sensor_id AND c.culled_at IS NULL
  ), inserted AS (
    INSERT INTO sensor_readings
           (farm_id, sensor_id, cow_id, sequence_number, measured_at, temperature, activity, drink)
    SELECT $1, sensor_id, cow_id, sequence_number, measured_at, temperature, activity, drink
      FROM resolved ORDER BY position
    ON CONFLICT DO NOTHING
    RETURNING sensor_id, sequence_number, measured_at, cow_id
  )
  SELECT (SELECT coalesce(string_agg(sensor_id || ':' || sequence_number || ':'
                                     || (extract(epoch FROM measured_at) * 1000)::bigint || ':'
                                     || coalesce(cow_id::text, ''), ','), '')
            FROM inserted) AS stored,
         (SELECT coalesce(string_agg(DISTINCT sensor_id::text, ','), '')
            FROM resolved WHERE cow_id IS NULL) AS unassigned`;

export const persistReadings = async (
  tx: Queryable,
  farmId: number,
  readings: readonly ValidReading[],
): Promise<PersistResult> => {
  const [result] = await tx.query<{ stored: string; unassigned: string }>(RESOLVE_AND_INSERT, [
    farmId,
    readings.map((reading) => reading.sensorId),
    readings.map((reading) => reading.sequenceNumber),
    readings.map((reading) => reading.measuredAt.toISOString()),
    readings.map((reading) => reading.temperature),
    readings.map((reading) => reading.activity),
    readings.map((reading) => reading.drink),
  ]);
  const cowOfStored = new Map<string, number | null>();
  for (const entry of result?.stored ? result.stored.split(',') : []) {
    const cut = entry.lastIndexOf(':');
    const cow = entry.slice(cut + 1);
    cowOfStored.set(entry.slice(0, cut), cow === '' ? null : Number(cow));
  }
  const storedReadings = new Set<ValidReading>();
  const stored: StoredReading[] = [];
  for (const reading of readings) {
    const key = keyOf(reading);
    const cowId = cowOfStored.get(key);
    // The first of two equal items in one batch is the stored one; the second is its duplicate.
    if (cowId === undefined) continue;
    cowOfStored.delete(key);
    storedReadings.add(reading);
    stored.push({
      sensorId: reading.sensorId,
      cowId,
      sequenceNumber: reading.sequenceNumber,
      measuredAt: reading.measuredAt.toISOString(),
      temperature: twoDecimals(reading.temperature),
      activity: twoDecimals(reading.activity),
      drink: twoDecimals(reading.drink),
      ...(reading.lat !== null && reading.lon !== null ? { lat: reading.lat, lon: reading.lon } : {}),
    });
  }
  const unassignedSensors = result?.unassigned ? result.unassigned.split(',').map(Number) : [];
  return { stored, storedReadings, unassignedSensors };
};
