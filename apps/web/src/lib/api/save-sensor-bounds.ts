import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../api-client';
import { sensorBoundsQueryKey } from './get-sensor-bounds';

export type SensorBoundChanges = RouteBody<typeof api.charts.saveSensorBounds>['datas'];

/** Save a sensor's alert lines (uplow): a field left out keeps its value, null clears it. */
export const saveSensorBounds = ({ sensor, datas }: { sensor: number; datas: SensorBoundChanges }) =>
  call(api.charts.saveSensorBounds, { params: { id: sensor }, body: { datas } });

/** The answer is the stored lines: they replace the cached ones, so every chart redraws with them. */
export function useSaveSensorBounds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSensorBounds,
    onSuccess: (bounds) => queryClient.setQueryData(sensorBoundsQueryKey(bounds.sensor), bounds),
  });
}
