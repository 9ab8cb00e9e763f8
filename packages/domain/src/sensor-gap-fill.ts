// Charts expect one reading per 10-minute slot; a sensor that missed transmissions leaves holes in the
// sequence numbers. Holes are filled with plausible values around the cow's average (spec §4) and marked
// `filled`, so nothing downstream (detection, exports) can mistake them for measurements.

import {
  DEFAULT_AVERAGE_ACTIVITY,
  DEFAULT_AVERAGE_TEMPERATURE_CELSIUS,
  SENSOR_READING_INTERVAL_MINUTES,
} from './constants';

/** A reading as the sensor-data calls return it. */
export interface SensorReading {
  readonly num: number;
  readonly temp: number;
  readonly activity: number;
  readonly timedate: string;
}

export interface GapFilledReading extends SensorReading {
  readonly filled: boolean;
}

/** Filled temperatures vary within average ± this (°C): wide enough to look like data, too narrow to look like fever. */
export const GAP_FILL_TEMPERATURE_SPREAD_CELSIUS = 0.2;
/** Filled activity varies within average × (1 ± this). */
export const GAP_FILL_ACTIVITY_SPREAD_RATIO = 0.1;
/** One day of 10-minute readings: a longer hole is a sensor outage or a sequence reset, and inventing a day of data would hide it. */
export const DEFAULT_MAX_FILLED_PER_GAP = 144;

export interface GapFillOptions {
  /** Uniform in [0, 1). Called twice per filled slot: temperature first, then activity. */
  readonly random?: () => number;
  /** The cow's known averages; without them the mean of the readings is used, then 38.9 °C and 10. */
  readonly averageTemperature?: number | null;
  readonly averageActivity?: number | null;
  readonly maxFilledPerGap?: number;
}

const TIMESTAMP_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})([T ])(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * Adds minutes to 'YYYY-MM-DD HH:mm[:ss]' or ISO-8601 text, keeping its layout and zone suffix. The wall
 * clock is shifted in UTC arithmetic, which is exact for a fixed offset or Z and never applies the device's
 * own daylight-saving rules.
 */
export function addMinutesToTimestamp(timestamp: string, minutes: number): string {
  const match = TIMESTAMP_PATTERN.exec(timestamp);
  if (!match) throw new RangeError(`Unrecognised sensor timestamp: ${JSON.stringify(timestamp)}`);
  const [, year, month, day, separator, hour, minute, second, fraction, zone] = match;
  const shifted = new Date(
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute) + minutes,
      Number(second ?? 0),
    ),
  );
  const date = `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
  const time = `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
  const seconds = second === undefined ? '' : `:${pad(shifted.getUTCSeconds())}${fraction ?? ''}`;
  return `${date}${separator}${time}${seconds}${zone ?? ''}`;
}

function averageOf(values: readonly number[], fallback: number): number {
  const finite = values.filter((value) => Number.isFinite(value));
  return finite.length === 0 ? fallback : finite.reduce((sum, value) => sum + value, 0) / finite.length;
}

function usableAverage(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

const roundTo2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * Returns the readings in sequence order (first of any duplicate sequence number kept) with each interior
 * hole filled; nothing is invented before the first or after the last reading. A filled slot's timestamp is
 * the preceding real reading's plus 10 minutes per step.
 */
export function fillSensorGaps(
  readings: readonly SensorReading[],
  options: GapFillOptions = {},
): GapFilledReading[] {
  const random = options.random ?? Math.random;
  const maxFilledPerGap = options.maxFilledPerGap ?? DEFAULT_MAX_FILLED_PER_GAP;
  // Stable sort, so of two readings with one sequence number the first received is kept.
  const ordered = [...readings].sort((a, b) => a.num - b.num);
  const unique = ordered.filter((reading, index) => index === 0 || reading.num !== ordered[index - 1]?.num);
  const temperatures = unique.map((reading) => reading.temp);
  const activities = unique.map((reading) => reading.activity);
  const temperatureAverage =
    usableAverage(options.averageTemperature) ?? averageOf(temperatures, DEFAULT_AVERAGE_TEMPERATURE_CELSIUS);
  const activityAverage =
    usableAverage(options.averageActivity) ?? averageOf(activities, DEFAULT_AVERAGE_ACTIVITY);

  const result: GapFilledReading[] = [];
  let previous: SensorReading | undefined;
  for (const reading of unique) {
    const missing = previous === undefined ? 0 : reading.num - previous.num - 1;
    if (previous !== undefined && Number.isInteger(missing) && missing > 0 && missing <= maxFilledPerGap) {
      for (let step = 1; step <= missing; step += 1) {
        const temp = temperatureAverage + (random() - 0.5) * 2 * GAP_FILL_TEMPERATURE_SPREAD_CELSIUS;
        const activity = activityAverage * (1 + (random() - 0.5) * 2 * GAP_FILL_ACTIVITY_SPREAD_RATIO);
        result.push({
          num: previous.num + step,
          temp: roundTo2(temp),
          activity: roundTo2(activity),
          timedate: addMinutesToTimestamp(previous.timedate, step * SENSOR_READING_INTERVAL_MINUTES),
          filled: true,
        });
      }
    }
    result.push({ ...reading, filled: false });
    previous = reading;
  }
  return result;
}
