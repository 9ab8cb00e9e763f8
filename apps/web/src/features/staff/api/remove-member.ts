import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { staffQueryOptions } from './get-staff';

export const removeMember = (id: number) => call(api.staff.removeMember, { params: { id } });

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
  });
}
