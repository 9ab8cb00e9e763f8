import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { ChartRequest } from '@cowcare/contract/routes/charts';
import { call } from '../api-client';
import { sensorDataQueryPrefix } from '../farm-queries';
import { sensorChartBody, type SensorChartRequest } from '../../components/charts/sensor-chart-request';

type ChartCall<T> = (body: Required<ChartRequest>, signal: AbortSignal) => Promise<T>;

/**
 * One sensor-data call of one day as a query, cached under the sensor-data prefix (the 30-minute refresh
 * reloads it) by the call's name, the sensor and the day.
 */
const sensorChartQueryOptions = <T>(
  name: string,
  chartCall: ChartCall<T>,
  request: SensorChartRequest,
  options: { retry?: false } = {},
) =>
  queryOptions({
    queryKey: [...sensorDataQueryPrefix, name, request.sensor ?? null, request.day] as const,
    queryFn: ({ signal }) => chartCall(sensorChartBody(request), signal),
    ...options,
  });

/** The 10-minute readings of one day, gap-filled (gpko/line): temperature, activity and drinking. */
export const useReadingsOfDay = (request: SensorChartRequest) =>
  useQuery(
    sensorChartQueryOptions(
      'line',
      (body, signal) => call(api.charts.readingsOfDay, { body, signal }),
      request,
      { retry: false },
    ),
  );

/** Readings of the chosen day (news/news/gpko/num): expected, received, gap-filled, missing, and the newest one's time. */
export const useReadingCounts = (request: SensorChartRequest) =>
  useQuery(
    sensorChartQueryOptions(
      'num',
      (body, signal) => call(api.charts.readingCounts, { body, signal }),
      request,
    ),
  );

/** Hourly temperature of the chosen day beside the cow's 10-day average and the spec's deviation (gpko/hotdataynew). */
export const useTemperatureDeviation = (request: SensorChartRequest) =>
  useQuery(
    sensorChartQueryOptions(
      'hotdataynew',
      (body, signal) => call(api.charts.temperatureDeviation, { body, signal }),
      request,
    ),
  );

/** Two-hourly temperature over the 7 days ending with the chosen day, with her 10-day average and fever line (gpko/templinepynew). */
export const useTemperatureWeek = (request: SensorChartRequest) =>
  useQuery(
    sensorChartQueryOptions(
      'templinepynew',
      (body, signal) => call(api.charts.temperatureWithAverage, { body, signal }),
      request,
    ),
  );

/** Activity summed per 6 hours over the 7 days ending with the chosen day (gpko/activitylinesix). */
export const useActivityWeek = (request: SensorChartRequest) =>
  useQuery(
    sensorChartQueryOptions(
      'activitylinesix',
      (body, signal) => call(api.charts.activitySixHourly, { body, signal }),
      request,
    ),
  );

/** Daily mean, lowest and highest temperature over the 30 days ending with the chosen day (gpko/templinerds). */
export const useTemperatureMonth = (request: SensorChartRequest) =>
  useQuery(
    sensorChartQueryOptions(
      'templinerds',
      (body, signal) => call(api.charts.temperatureDaily, { body, signal }),
      request,
    ),
  );

/** Activity summed per day over the 30 days ending with the chosen day (gpko/activitylinerds). */
export const useActivityMonth = (request: SensorChartRequest) =>
  useQuery(
    sensorChartQueryOptions(
      'activitylinerds',
      (body, signal) => call(api.charts.activityDaily, { body, signal }),
      request,
    ),
  );
