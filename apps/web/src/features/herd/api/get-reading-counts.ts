import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { sensorChartBody, type SensorChartRequest } from '../../../components/charts/sensor-chart-request';

/** Readings of the chosen day (news/news/gpko/num): slots expected, received, gap-filled, missing, and the newest reading's time. */
export const getReadingCounts = (request: SensorChartRequest, signal?: AbortSignal) =>
  call(api.charts.readingCounts, { body: sensorChartBody(request), signal });

export const readingCountsQueryOptions = (request: SensorChartRequest) =>
  queryOptions({
    queryKey: [...sensorDataQueryPrefix, 'num', request.sensor ?? null, request.day] as const,
    queryFn: ({ signal }) => getReadingCounts(request, signal),
  });

export const useReadingCounts = (request: SensorChartRequest) => useQuery(readingCountsQueryOptions(request));
