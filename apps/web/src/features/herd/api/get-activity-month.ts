import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { sensorChartBody, type SensorChartRequest } from '../../../components/charts/sensor-chart-request';

/** Activity summed per day over the 30 days ending with the chosen day (gpko/activitylinerds). */
export const getActivityMonth = (request: SensorChartRequest, signal?: AbortSignal) =>
  call(api.charts.activityDaily, { body: sensorChartBody(request), signal });

export const activityMonthQueryOptions = (request: SensorChartRequest) =>
  queryOptions({
    queryKey: [...sensorDataQueryPrefix, 'activitylinerds', request.sensor ?? null, request.day] as const,
    queryFn: ({ signal }) => getActivityMonth(request, signal),
  });

export const useActivityMonth = (request: SensorChartRequest) => useQuery(activityMonthQueryOptions(request));
