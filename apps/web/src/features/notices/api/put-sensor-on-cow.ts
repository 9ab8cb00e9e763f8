import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { sensorInventoryQueryPrefix } from '../../../lib/api/gateways';
import { cowQueryKey, cowsQueryPrefix } from '../../../lib/farm-queries';

/**
 * Put a sensor on a cow from its 703 notice: the same call as the cow's edit form (news/news/update/cows), so
 * the server's checks hold (a sensor another cow wears, or another farm registered, is refused with 409).
 */
export function usePutSensorOnCow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cowId, sensor }: { cowId: number; sensor: number }) =>
      call(api.cows.updateCow, { params: { id: cowId }, body: { sensor } }),
    onSuccess: async (cow) => {
      queryClient.setQueryData(cowQueryKey(cow.id), cow);
      // The cow list shows her sensor, the notice reads the wearer from it, the inventory names her.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cowsQueryPrefix }),
        queryClient.invalidateQueries({ queryKey: sensorInventoryQueryPrefix }),
      ]);
    },
  });
}
