import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../api-client';

/** The alert lines the user set for a sensor's charts: uplow with empty `datas` only reads them. */
export const getSensorBounds = (sensor: number, signal?: AbortSignal) =>
  call(api.charts.saveSensorBounds, { params: { id: sensor }, body: { datas: {} }, signal, silent: true });

/** Kept apart from the sensor-data cache: the 30-minute refresh clears readings, not the user's own lines. */
export const sensorBoundsQueryKey = (sensor: number) => ['sensor-bounds', sensor] as const;

export const sensorBoundsQueryOptions = (sensor: number) =>
  queryOptions({
    queryKey: sensorBoundsQueryKey(sensor),
    queryFn: ({ signal }) => getSensorBounds(sensor, signal),
    staleTime: Infinity,
  });

/** Null until a sensor is known; a failed read leaves the charts without lines rather than failing them. */
export function useSensorBounds(sensor: number | null | undefined) {
  return useQuery({ ...sensorBoundsQueryOptions(sensor ?? 0), enabled: Boolean(sensor) });
}
