import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { PushChoicesBody } from '@cowcare/contract/routes/push';
import { call } from '../../../lib/api-client';

export const pushChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['push', 'choices'],
    queryFn: ({ signal }) => call(api.push.getPushChoices, { signal }),
  });

export const usePushChoices = () => useQuery(pushChoicesQueryOptions());

export function useSavePushChoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: PushChoicesBody) => call(api.push.setPushChoices, { body: choices }),
    onSuccess: (saved) => queryClient.setQueryData(pushChoicesQueryOptions().queryKey, saved),
  });
}
