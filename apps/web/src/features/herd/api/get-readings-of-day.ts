import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { sensorChartBody, type SensorChartRequest } from '../../../components/charts/sensor-chart-request';

/** The 10-minute readings of one day, gap-filled (gpko/line): temperature, activity and drinking. */
export const getReadingsOfDay = (request: SensorChartRequest, signal?: AbortSignal) =>
  call(api.charts.readingsOfDay, { body: sensorChartBody(request), signal });

export const readingsOfDayQueryOptions = (request: SensorChartRequest) =>
  queryOptions({
    queryKey: [...sensorDataQueryPrefix, 'line', request.sensor ?? null, request.day] as const,
    queryFn: ({ signal }) => getReadingsOfDay(request, signal),
    retry: false,
  });

export const useReadingsOfDay = (request: SensorChartRequest) => useQuery(readingsOfDayQueryOptions(request));
