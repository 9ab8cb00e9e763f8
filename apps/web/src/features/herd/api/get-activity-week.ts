import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { sensorChartBody, type SensorChartRequest } from '../../../components/charts/sensor-chart-request';

/** Activity summed per 6 hours over the 7 days ending with the chosen day (gpko/activitylinesix). */
export const getActivityWeek = (request: SensorChartRequest, signal?: AbortSignal) =>
  call(api.charts.activitySixHourly, { body: sensorChartBody(request), signal });

export const activityWeekQueryOptions = (request: SensorChartRequest) =>
  queryOptions({
    queryKey: [...sensorDataQueryPrefix, 'activitylinesix', request.sensor ?? null, request.day] as const,
    queryFn: ({ signal }) => getActivityWeek(request, signal),
  });

export const useActivityWeek = (request: SensorChartRequest) => useQuery(activityWeekQueryOptions(request));
