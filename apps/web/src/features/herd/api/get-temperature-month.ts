import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { sensorChartBody, type SensorChartRequest } from '../../../components/charts/sensor-chart-request';

/** Daily mean, lowest and highest temperature over the 30 days ending with the chosen day (gpko/templinerds). */
export const getTemperatureMonth = (request: SensorChartRequest, signal?: AbortSignal) =>
  call(api.charts.temperatureDaily, { body: sensorChartBody(request), signal });

export const temperatureMonthQueryOptions = (request: SensorChartRequest) =>
  queryOptions({
    queryKey: [...sensorDataQueryPrefix, 'templinerds', request.sensor ?? null, request.day] as const,
    queryFn: ({ signal }) => getTemperatureMonth(request, signal),
  });

export const useTemperatureMonth = (request: SensorChartRequest) =>
  useQuery(temperatureMonthQueryOptions(request));
