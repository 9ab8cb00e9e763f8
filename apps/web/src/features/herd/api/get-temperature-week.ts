import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { sensorChartBody, type SensorChartRequest } from '../../../components/charts/sensor-chart-request';

/** Two-hourly temperature over the 7 days ending with the chosen day, with her 10-day average and fever line (gpko/templinepynew). */
export const getTemperatureWeek = (request: SensorChartRequest, signal?: AbortSignal) =>
  call(api.charts.temperatureWithAverage, { body: sensorChartBody(request), signal });

export const temperatureWeekQueryOptions = (request: SensorChartRequest) =>
  queryOptions({
    queryKey: [...sensorDataQueryPrefix, 'templinepynew', request.sensor ?? null, request.day] as const,
    queryFn: ({ signal }) => getTemperatureWeek(request, signal),
  });

export const useTemperatureWeek = (request: SensorChartRequest) =>
  useQuery(temperatureWeekQueryOptions(request));
