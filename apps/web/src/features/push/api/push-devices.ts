import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { deviceLabel, rememberThisDevice, subscribeThisBrowser } from '../lib/browser-push';

export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: ['push', 'devices'],
    queryFn: ({ signal }) => call(api.push.listPushDevices, { signal }),
  });

export const usePushDevices = () => useQuery(pushDevicesQueryOptions());

/** Permission, subscription at the browser's push service, then registration with the server. */
export function useEnablePushHere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await call(api.push.pushKey, {});
      const subscription = await subscribeThisBrowser(publicKey);
      return call(api.push.addPushDevice, { body: { ...subscription, label: deviceLabel() } });
    },
    onSuccess: (device) => {
      rememberThisDevice(device.id);
      void queryClient.invalidateQueries({ queryKey: pushDevicesQueryOptions().queryKey });
    },
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) => call(api.push.removePushDevice, { params: { deviceId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pushDevicesQueryOptions().queryKey }),
  });
}
