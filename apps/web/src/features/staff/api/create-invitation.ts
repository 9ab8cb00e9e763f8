import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { staffQueryOptions } from './get-staff';

/** A new one-time code; the answer is the only time it is shown. */
export const createInvitation = () => call(api.staff.createInvitation, {});

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
  });
}
