import type { api } from '@cowcare/contract/api';
import type { RouteData } from '@cowcare/contract/route';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from '@cowcare/domain/constants';
import {
  TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS,
  temperatureDeviation as specDeviation,
} from '@cowcare/domain/cow-filter';
import { sensorKind } from '@cowcare/domain/sensor';
import type { Queryable } from '../../db/database';
import { DAY_MS, HOUR_MS, MINUTE_MS, formatChartDate, formatChartTime, type ChartDay } from './chart-day';
import { bucketize, chartReadings } from './chart-readings';
import type { ChartedSensor } from './chart-sensor';

/** What every chart is built from. */
export interface ChartContext {
  db: Queryable;
  farmId: number;
  sensor: ChartedSensor;
  day: ChartDay;
  now: number;
}

type Data<K extends keyof typeof api.charts> = RouteData<(typeof api.charts)[K]>;

const SLOT_MS = 10 * MINUTE_MS;
const round2 = (value: number) => Math.round(value * 100) / 100;

const readingsOf = (context: ChartContext, from: number, to: number) =>
  chartReadings(context.db, context.farmId, context.sensor, from, to);

/**
 * Buckets over the `days` days ending with the chosen one. A bolus's temperatures are her body's: a drink's
 * dent is in her readings (`line`), not in the means charted against her average and fever line.
 */
const bucketsEndingWithDay = async (context: ChartContext, days: number, size: number) => {
  const to = context.day.start + DAY_MS;
  const from = to - days * DAY_MS;
  const readings = await chartReadings(context.db, context.farmId, context.sensor, from, to, {
    drinksLeftOut: sensorKind(context.sensor.sensorId) === 'pill',
  });
  return bucketize(readings, from, size, (days * DAY_MS) / size);
};

const time = (context: ChartContext, at: number) => formatChartTime(at, context.day.offsetMinutes);
const date = (context: ChartContext, at: number) => formatChartDate(at, context.day.offsetMinutes);

export const readingCounts = async (context: ChartContext): Promise<Data<'readingCounts'>> => {
  const { start } = context.day;
  const readings = await readingsOf(context, start, start + DAY_MS);
  const end = Math.min(start + DAY_MS, Math.max(start, context.now));
  const expected = Math.ceil((end - start) / SLOT_MS);
  const received = readings.filter((reading) => !reading.filled);
  const last = received[received.length - 1];
  return {
    date: date(context, start),
    expected,
    received: received.length,
    filled: readings.length - received.length,
    missing: Math.max(0, expected - received.length),
    lastReadingAt: last ? time(context, last.time) : null,
  };
};

export const readingsOfDay = async (context: ChartContext): Promise<Data<'readingsOfDay'>> => {
  const { start } = context.day;
  const readings = await readingsOf(context, start, start + DAY_MS);
  return readings.map((reading) => ({
    num: reading.num,
    timedate: time(context, reading.time),
    temp: reading.temp,
    activity: reading.activity,
    drink: reading.drink,
    filled: reading.filled,
  }));
};

export const temperatureHourly = async (context: ChartContext): Promise<Data<'temperatureHourly'>> =>
  (await bucketsEndingWithDay(context, 1, HOUR_MS)).map((bucket) => ({
    time: time(context, bucket.start),
    temp: bucket.temp,
    count: bucket.count,
  }));

export const temperatureActivityHourly = async (
  context: ChartContext,
): Promise<Data<'temperatureActivityHourly'>> =>
  (await bucketsEndingWithDay(context, 1, HOUR_MS)).map((bucket) => ({
    time: time(context, bucket.start),
    temp: bucket.temp,
    activity: bucket.activity,
  }));

export const temperatureAgainstYesterday = async (
  context: ChartContext,
): Promise<Data<'temperatureAgainstYesterday'>> => {
  const buckets = await bucketsEndingWithDay(context, 2, HOUR_MS);
  return buckets.slice(24).map((bucket, hour) => ({
    time: time(context, bucket.start),
    temp: bucket.temp,
    tempYesterday: buckets[hour]?.temp ?? null,
  }));
};

export const temperatureDeviation = async (context: ChartContext): Promise<Data<'temperatureDeviation'>> => {
  const { averageTemperature, temperatureOffset } = context.sensor;
  return (await bucketsEndingWithDay(context, 1, HOUR_MS)).map((bucket) => {
    const deviation = specDeviation(bucket.temp, averageTemperature, temperatureOffset);
    return {
      time: time(context, bucket.start),
      temp: bucket.temp,
      average: averageTemperature,
      deviation: deviation === undefined ? null : round2(deviation),
    };
  });
};

export const activityLastSixHours = async (context: ChartContext): Promise<Data<'activityLastSixHours'>> => {
  // Ends at the slot boundary at or after the given moment, so the newest reading is in the window.
  const to =
    Math.ceil((context.day.hasTime ? context.day.at : Math.min(context.day.at, context.now)) / SLOT_MS) *
    SLOT_MS;
  const from = to - 6 * HOUR_MS;
  const buckets = bucketize(await readingsOf(context, from, to), from, SLOT_MS, 36);
  return buckets.map((bucket) => ({ time: time(context, bucket.start), activity: bucket.activity }));
};

export const activitySixHourly = async (context: ChartContext): Promise<Data<'activitySixHourly'>> =>
  (await bucketsEndingWithDay(context, 7, 6 * HOUR_MS)).map((bucket) => ({
    time: time(context, bucket.start),
    activity: bucket.activity,
    count: bucket.count,
  }));

export const activityDaily = async (context: ChartContext): Promise<Data<'activityDaily'>> =>
  (await bucketsEndingWithDay(context, 30, DAY_MS)).map((bucket) => ({
    date: date(context, bucket.start),
    activity: bucket.activity,
    count: bucket.count,
  }));

export const temperatureDaily = async (context: ChartContext): Promise<Data<'temperatureDaily'>> =>
  (await bucketsEndingWithDay(context, 30, DAY_MS)).map((bucket) => ({
    date: date(context, bucket.start),
    temp: bucket.temp,
    min: bucket.min,
    max: bucket.max,
  }));

export const temperatureWithAverage = async (
  context: ChartContext,
): Promise<Data<'temperatureWithAverage'>> => {
  const buckets = await bucketsEndingWithDay(context, 7, 2 * HOUR_MS);
  const { averageTemperature, temperatureOffset } = context.sensor;
  const tempadd = temperatureOffset ?? DEFAULT_TEMPERATURE_OFFSET_CELSIUS;
  return {
    data: buckets.map((bucket) => ({ time: time(context, bucket.start), temp: bucket.temp })),
    average: averageTemperature,
    tempadd,
    feverLine:
      averageTemperature === null
        ? null
        : round2(averageTemperature + tempadd + TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.slight),
  };
};
