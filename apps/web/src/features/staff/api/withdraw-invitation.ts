import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { staffQueryOptions } from './get-staff';

export const withdrawInvitation = (id: number) => call(api.staff.withdrawInvitation, { params: { id } });

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
  });
}
