import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { sensorChartBody, type SensorChartRequest } from '../../../components/charts/sensor-chart-request';

/** Hourly temperature of the chosen day beside the cow's 10-day average and the spec's deviation (gpko/hotdataynew). */
export const getTemperatureDeviation = (request: SensorChartRequest, signal?: AbortSignal) =>
  call(api.charts.temperatureDeviation, { body: sensorChartBody(request), signal });

export const temperatureDeviationQueryOptions = (request: SensorChartRequest) =>
  queryOptions({
    queryKey: [...sensorDataQueryPrefix, 'hotdataynew', request.sensor ?? null, request.day] as const,
    queryFn: ({ signal }) => getTemperatureDeviation(request, signal),
  });

export const useTemperatureDeviation = (request: SensorChartRequest) =>
  useQuery(temperatureDeviationQueryOptions(request));
