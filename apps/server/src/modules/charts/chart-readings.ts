import { detectDrinkingEvents, withoutDrinking } from '@cowcare/domain/drinking-detection';
import { seededRandom } from '@cowcare/domain/seeded-random';
import { fillSensorGaps } from '@cowcare/domain/sensor-gap-fill';
import type { Queryable } from '../../db/database';
import type { ChartedSensor } from './chart-sensor';
import { DAY_MS } from './chart-day';

/** A reading of a chart: measured, or gap-filled (`filled`). */
export interface ChartReading {
  num: number;
  time: number;
  temp: number | null;
  activity: number | null;
  drink: number | null;
  filled: boolean;
}

interface StoredRow {
  num: number;
  time: number;
  temp: number | null;
  activity: number | null;
  drink: number | null;
}

const loadReadings = (db: Queryable, farmId: number, sensorId: number, from: number, to: number) =>
  db.query<StoredRow>(
    `SELECT sequence_number AS num, extract(epoch FROM measured_at)::float8 * 1000 AS time,
            temperature::float8 AS temp, activity::float8 AS activity, drink::float8 AS drink
       FROM sensor_readings
      WHERE farm_id = $1 AND sensor_id = $2 AND measured_at >= $3 AND measured_at < $4
      ORDER BY measured_at`,
    [farmId, sensorId, new Date(from).toISOString(), new Date(to).toISOString()],
  );

const orNull = (value: number) => (Number.isFinite(value) ? value : null);

/**
 * The readings with a bolus's drinking dents taken out of the temperature (null there): her body
 * temperature, which her average, the fever line and the cow list are of (docs/detection.md).
 */
const withDrinksLeftOut = <R extends { time: number; temp: number | null }>(readings: readonly R[]): R[] => {
  const temperatures = readings.flatMap(({ time, temp }) =>
    temp === null ? [] : [{ time, temperature: temp }],
  );
  const kept = new Set(
    withoutDrinking(temperatures, detectDrinkingEvents(temperatures)).map(({ time }) => time),
  );
  return readings.map((reading) =>
    reading.temp === null || kept.has(reading.time) ? reading : { ...reading, temp: null },
  );
};

/**
 * The sensor's readings in [from, to) with holes in the sequence numbers filled as spec §4 says: values
 * around the cow's averages (38.9 °C / 10 without them), timestamps at 10-minute steps. A day on either side
 * is read too, so a hole across the window's edge is filled like any other, and a drink at the window's
 * start is seen from the level before it. With `drinksLeftOut`, a temperature inside a bolus's drink is null.
 */
export const chartReadings = async (
  db: Queryable,
  farmId: number,
  sensor: ChartedSensor,
  from: number,
  to: number,
  { drinksLeftOut = false } = {},
): Promise<ChartReading[]> => {
  const rows = await loadReadings(db, farmId, sensor.sensorId, from - DAY_MS, to + DAY_MS);
  const drinkByNum = new Map(rows.map((row) => [row.num, row.drink]));
  const filled = fillSensorGaps(
    rows.map((row) => ({
      num: row.num,
      // A missing value stays missing (NaN through the filler, null on the wire); it is not a hole.
      temp: row.temp ?? Number.NaN,
      activity: row.activity ?? Number.NaN,
      timedate: new Date(row.time).toISOString(),
    })),
    {
      // Seeded by the sensor and the window, so the same request always fills the same values.
      random: seededRandom(sensor.sensorId * 7919 + Math.floor(from / 600_000)),
      averageTemperature: sensor.averageTemperature,
      averageActivity: sensor.averageActivity,
    },
  );
  const readings = filled
    .map((reading) => ({
      num: reading.num,
      time: Date.parse(reading.timedate),
      temp: orNull(reading.temp),
      activity: orNull(reading.activity),
      drink: reading.filled ? null : (drinkByNum.get(reading.num) ?? null),
      filled: reading.filled,
    }))
    .sort((a, b) => a.time - b.time);
  return (drinksLeftOut ? withDrinksLeftOut(readings) : readings).filter(
    (reading) => reading.time >= from && reading.time < to,
  );
};

export interface Bucket {
  start: number;
  /** Mean temperature, 2 decimals; null without a value. */
  temp: number | null;
  /** Summed activity, 2 decimals; null without a value. */
  activity: number | null;
  min: number | null;
  max: number | null;
  count: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** `count` buckets of `size` ms from `from`; every bucket is present, empty ones with nulls. */
export const bucketize = (
  readings: readonly ChartReading[],
  from: number,
  size: number,
  count: number,
): Bucket[] => {
  const sums = Array.from({ length: count }, () => ({
    temps: [] as number[],
    activity: [] as number[],
    count: 0,
  }));
  for (const reading of readings) {
    const index = Math.floor((reading.time - from) / size);
    const bucket = sums[index];
    if (!bucket) continue;
    bucket.count += 1;
    if (reading.temp !== null) bucket.temps.push(reading.temp);
    if (reading.activity !== null) bucket.activity.push(reading.activity);
  }
  return sums.map((bucket, index) => ({
    start: from + index * size,
    temp:
      bucket.temps.length === 0
        ? null
        : round2(bucket.temps.reduce((a, b) => a + b, 0) / bucket.temps.length),
    activity: bucket.activity.length === 0 ? null : round2(bucket.activity.reduce((a, b) => a + b, 0)),
    min: bucket.temps.length === 0 ? null : Math.min(...bucket.temps),
    max: bucket.temps.length === 0 ? null : Math.max(...bucket.temps),
    count: bucket.count,
  }));
};
