import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { FarmRole } from '@cowcare/contract/schemas';
import { call } from '../../../lib/api-client';
import { staffQueryOptions } from './get-staff';

export const changeMemberRole = ({ id, role }: { id: number; role: FarmRole }) =>
  call(api.staff.changeMemberRole, { params: { id }, body: { role } });

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
  });
}
